/** R4: one challenge, from opening to its end. Blue is trump throughout (turned card b9b). */
import { describe, expect, it } from 'vitest';
import { canBeat } from '../src/predicates.js';
import { game, ok, pass, play, position, refused, reject, run, stand } from './helpers.js';

const T = 'b9b';

describe('R4.1 opening', () => {
  it('R4.1 the active player opens with cards of one value, any suits', () => {
    const s = game(4, [['r5a', 'y5a', 'b5a', 'r2a', 'y3a']], T);
    const { state, events } = ok(s, play(0, 'r5a', 'y5a', 'b5a'));
    expect(state.table.map((e) => e.challenge)).toEqual(['r5a', 'y5a', 'b5a']);
    expect(state.hands[0]).toEqual(['r2a', 'y3a']);
    expect(events[0]).toEqual({ type: 'opened', seat: 0, target: 1, cards: ['r5a', 'y5a', 'b5a'] });
  });

  it('R4.1 an opening of mixed values is refused', () => {
    const s = game(4, [['r5a', 'y5a', 'b5a', 'r2a', 'y3a']], T);
    refused(s, play(0, 'r5a', 'r2a'), 'MIXED_VALUES');
  });

  it('R4.1 two Firebirds may open together, as value 10', () => {
    const s = game(4, [['rFa', 'yFa', 'r2a', 'y3a', 'y4a']], T);
    const { state } = ok(s, play(0, 'rFa', 'yFa'));
    expect(state.table).toHaveLength(2);
    // A Firebird and a natural card never share a value.
    refused(game(4, [['rFa', 'r9a', 'r2a', 'y3a', 'y4a']], T), play(0, 'rFa', 'r9a'), 'MIXED_VALUES');
  });

  it('R4.1 only the active player opens', () => {
    const s = game(4, [[], ['r5a']], T);
    refused(s, play(1, 'r5a'), 'NOT_YOUR_ROLE');
    refused(s, { type: 'reject', seat: 1, pairs: [{ challenge: 'r2a', card: 'r5a' }] }, 'NO_CHALLENGE');
    refused(s, pass(1), 'NO_CHALLENGE');
    refused(s, stand(0), 'NO_CHALLENGE');
  });

  it('R4.1 the active player may only play cards they hold, each once', () => {
    const s = game(4, [['r5a', 'y5a', 'b5a', 'r2a', 'y3a']], T);
    refused(s, play(0, 'r5b'), 'CARD_NOT_IN_HAND');
    refused(s, play(0, 'r5a', 'r5a'), 'DUPLICATE_CARD');
    refused(s, play(0), 'EMPTY_PLAY');
  });
});

describe('R4.2 rejecting', () => {
  it("R4.2 the rulebook's example: with blue trump, a blue 2 rejects a red 4", () => {
    const s = game(4, [['r4a'], ['b2a']], T);
    const { state } = run(s, [play(0, 'r4a'), reject(1, ['r4a', 'b2a'])]);
    expect(state.discard).toEqual(['r4a', 'b2a']);
    expect(canBeat('r4a', 'b2a', 'b9b')).toBe(true);
  });

  it('R4.2 a non-trump card is rejected by the same suit with value >= v, not lower, not another plain suit', () => {
    const s = ok(game(4, [['r4a'], ['r4b', 'r7a', 'r3a', 'y9a']], T), play(0, 'r4a')).state;
    refused(s, reject(1, ['r4a', 'r3a']), 'CANNOT_BEAT');
    refused(s, reject(1, ['r4a', 'y9a']), 'CANNOT_BEAT');
    expect(ok(s, reject(1, ['r4a', 'r4b'])).state.discard).toEqual(['r4a', 'r4b']);
    expect(ok(s, reject(1, ['r4a', 'r7a'])).state.discard).toEqual(['r4a', 'r7a']);
  });

  it('R4.2 a trump challenge is rejected only by a higher or equal trump', () => {
    const s = ok(game(4, [['b5a'], ['b5b', 'b6a', 'b4a', 'rFa', 'r9a']], T), play(0, 'b5a')).state;
    refused(s, reject(1, ['b5a', 'b4a']), 'CANNOT_BEAT');
    refused(s, reject(1, ['b5a', 'r9a']), 'CANNOT_BEAT');
    refused(s, reject(1, ['b5a', 'rFa']), 'CANNOT_BEAT');
    expect(ok(s, reject(1, ['b5a', 'b5b'])).state.table).toEqual([]);
    expect(ok(s, reject(1, ['b5a', 'b6a'])).state.table).toEqual([]);
  });

  it('R4.2 with R1.2: a Firebird rejects by suit at value 0 only, but any trump Firebird rejects a plain card', () => {
    const s = ok(game(4, [['r4a'], ['rFa', 'bFa', 'yFa']], T), play(0, 'r4a')).state;
    refused(s, reject(1, ['r4a', 'rFa']), 'CANNOT_BEAT');
    refused(s, reject(1, ['r4a', 'yFa']), 'CANNOT_BEAT');
    expect(ok(s, reject(1, ['r4a', 'bFa'])).state.discard).toEqual(['r4a', 'bFa']);
    // A trump Firebird is worth 0 as a rejection: it cannot reject even the lowest trump.
    expect(canBeat('b2a', 'bFa', T)).toBe(false);
  });

  it('R4.2 a non-trump Firebird challenge (10) is rejected only by a trump, even the lowest', () => {
    const s = ok(game(4, [['yFa'], ['y9a', 'yFb', 'b2a', 'r9a']], T), play(0, 'yFa')).state;
    refused(s, reject(1, ['yFa', 'y9a']), 'CANNOT_BEAT');
    refused(s, reject(1, ['yFa', 'yFb']), 'CANNOT_BEAT');
    refused(s, reject(1, ['yFa', 'r9a']), 'CANNOT_BEAT');
    expect(ok(s, reject(1, ['yFa', 'b2a'])).state.discard).toEqual(['yFa', 'b2a']);
  });

  it('R4.2 a trump Firebird challenge can never be rejected: the target can only pass', () => {
    const s = ok(game(4, [['bFa'], ['bFb', 'b8a', 'b7a', 'rFa', 'yFa']], T), play(0, 'bFa')).state;
    for (const card of s.hands[1] ?? []) refused(s, reject(1, ['bFa', card]), 'CANNOT_BEAT');
    expect(ok(s, pass(1)).state.hands[1]).toContain('bFa');
  });

  it('R4.2 the target rejects several cards in one action and chooses the pairing', () => {
    const s = ok(
      game(
        4,
        [
          ['r5a', 'y5a'],
          ['y6a', 'r6a'],
        ],
        T,
      ),
      play(0, 'r5a', 'y5a'),
    ).state;
    // r6a could only cover r5a, y6a only y5a: a crossed pairing is refused as a whole.
    refused(s, reject(1, ['r5a', 'y6a'], ['y5a', 'r6a']), 'CANNOT_BEAT');
    const { state, events } = ok(s, reject(1, ['y5a', 'y6a'], ['r5a', 'r6a']));
    expect(events[0]).toEqual({
      type: 'rejected',
      seat: 1,
      pairs: [
        { challenge: 'y5a', card: 'y6a' },
        { challenge: 'r5a', card: 'r6a' },
      ],
    });
    expect(state.discard).toEqual(['r5a', 'r6a', 'y5a', 'y6a']);
  });

  it('R4.2 a pairing never changes: a rejected card cannot be covered again', () => {
    const s = run(
      game(
        4,
        [
          ['r5a', 'y5a'],
          ['r6a', 'r7a', 'y6a'],
        ],
        T,
      ),
      [play(0, 'r5a', 'y5a'), reject(1, ['r5a', 'r6a'])],
    ).state;
    refused(s, reject(1, ['r5a', 'r7a']), 'ALREADY_REJECTED');
    refused(s, reject(1, ['y5a', 'y6a'], ['y5a', 'r7a']), 'ALREADY_REJECTED');
    refused(s, reject(1, ['r9a', 'r7a']), 'NOT_ON_TABLE');
    expect(s.table[0]).toEqual({ challenge: 'r5a', by: 0, rejection: 'r6a' });
  });

  it('R4.2 only the target rejects', () => {
    const s = ok(game(4, [['r5a'], [], ['r6a'], ['r7a']], T), play(0, 'r5a')).state;
    refused(s, reject(2, ['r5a', 'r6a']), 'NOT_YOUR_ROLE');
    refused(s, reject(3, ['r5a', 'r7a']), 'NOT_YOUR_ROLE');
  });
});

describe('R4.3 extending', () => {
  it('R4.3 attackers extend with values of challenge or rejection cards on the table, nothing else', () => {
    const s = run(game(4, [['r5a', 'y7a', 'y8a'], ['r7a'], ['y5b']], T), [
      play(0, 'r5a'),
      reject(1, ['r5a', 'r7a']),
    ]).state;
    refused(s, play(0, 'y8a'), 'VALUE_NOT_ON_TABLE');
    const a = ok(s, play(0, 'y7a')).state;
    expect(a.table.map((e) => e.challenge)).toEqual(['r5a', 'y7a']);
    const b = ok(s, play(2, 'y5b')).state;
    expect(b.table.map((e) => e.challenge)).toEqual(['r5a', 'y5b']);
  });

  it('R4.3 the target and the fourth player may not extend', () => {
    const s = ok(game(4, [['r5a'], ['y5a'], [], ['b5a']], T), play(0, 'r5a')).state;
    refused(s, play(1, 'y5a'), 'NOT_YOUR_ROLE');
    refused(s, play(3, 'b5a'), 'NOT_YOUR_ROLE');
  });

  it('R4.3 a Firebird rejection puts 0 on the table: it lets no Firebird extend', () => {
    const s = run(game(4, [['r5a', 'y5a', 'yFa'], ['bFa'], ['rFa']], T), [
      play(0, 'r5a'),
      reject(1, ['r5a', 'bFa']),
    ]).state;
    refused(s, play(0, 'yFa'), 'VALUE_NOT_ON_TABLE');
    refused(s, play(2, 'rFa'), 'VALUE_NOT_ON_TABLE');
  });

  it('R4.3 a Firebird extends once a Firebird was played as a challenge card', () => {
    const s = run(game(4, [['rFa', 'yFa'], ['b3a'], ['bFb']], T), [play(0, 'rFa'), reject(1, ['rFa', 'b3a'])]).state;
    expect(ok(s, play(0, 'yFa')).state.table).toHaveLength(2);
    expect(ok(s, play(2, 'bFb')).state.table).toHaveLength(2);
  });
});

describe('R4.4 the limit', () => {
  it('R4.4 L is 5 with a full hand and counts the opening and both attackers', () => {
    const s = game(4, [['r5a', 'y5a', 'b5a'], ['r2a'], ['r5b', 'y5b', 'b5b']], T);
    expect(s.limit).toBe(5);
    const full = run(s, [play(0, 'r5a', 'y5a', 'b5a'), play(2, 'r5b', 'y5b')]).state;
    expect(full.table).toHaveLength(5);
    refused(full, play(2, 'b5b'), 'LIMIT_REACHED');
    const three = ok(s, play(0, 'r5a', 'y5a', 'b5a')).state;
    refused(three, play(2, 'r5b', 'y5b', 'b5b'), 'LIMIT_REACHED');
  });

  it('R4.4 L is at most 5 even when the target holds more', () => {
    const s = position({
      players: 4,
      trump: T,
      active: 0,
      hands: [
        ['r5a', 'y5a', 'b5a', 'r5b', 'y5b', 'b5b'],
        ['r2a', 'r3a', 'r4a', 'r6a', 'r7a', 'r8a', 'y2a'],
        ['y3a', 'y4a', 'y6a', 'y7a', 'y8a'],
        ['b2a', 'b3a', 'b4a', 'b6a', 'b7a'],
      ],
      deck: ['r9a'],
    });
    expect(s.limit).toBe(5);
    refused(s, play(0, 'r5a', 'y5a', 'b5a', 'r5b', 'y5b', 'b5b'), 'LIMIT_REACHED');
    expect(ok(s, play(0, 'r5a', 'y5a', 'b5a', 'r5b', 'y5b')).state.table).toHaveLength(5);
  });

  it('R4.4 L is the target hand size when the challenge opens, fixed while the target rejects', () => {
    const s = position({
      players: 4,
      trump: T,
      phase: 2,
      active: 0,
      featherStack: [3, 2, 1],
      hands: [['r5a', 'y5a', 'b5a', 'r5b', 'r2a'], ['r6a', 'y6a', 'b6a'], ['y5b'], ['b2a']],
    });
    expect(s.limit).toBe(3);
    refused(s, play(0, 'r5a', 'y5a', 'b5a', 'r5b'), 'LIMIT_REACHED');
    // The target's hand falls to 2 after a rejection, but L stays 3 for this challenge.
    const t = run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r6a']), play(0, 'y5a')]).state;
    expect(t.hands[1]).toHaveLength(2);
    const full = ok(t, play(0, 'b5a')).state;
    expect(full.table).toHaveLength(3);
    refused(full, play(2, 'y5b'), 'LIMIT_REACHED');
  });
});

describe('R4.5 passing', () => {
  it('R4.5 the target may pass before rejecting; then rejects nothing more and takes every card', () => {
    const s = game(4, [['r5a', 'y5a', 'y9a'], ['r7a', 'y2a'], ['b5a']], T);
    const passed = run(s, [play(0, 'r5a', 'y5a'), pass(1)]).state;
    expect(passed.targetPassed).toBe(true);
    refused(passed, reject(1, ['r5a', 'r7a']), 'TARGET_PASSED');
    refused(passed, pass(1), 'TARGET_PASSED');
    // The attackers may still extend after the pass.
    const { state, events } = run(passed, [play(2, 'b5a')]);
    expect(events).toContainEqual({ type: 'took', seat: 1, cards: ['r5a', 'y5a', 'b5a'] });
    expect(state.hands[1]).toEqual(expect.arrayContaining(['r7a', 'y2a', 'r5a', 'y5a', 'b5a']));
  });

  it('R4.5 after rejecting some cards the target may pass and takes the rejection cards too', () => {
    const s = game(
      4,
      [
        ['r5a', 'y5a'],
        ['r7a', 'y2a'],
      ],
      T,
    );
    const { events } = run(s, [play(0, 'r5a', 'y5a'), reject(1, ['r5a', 'r7a']), pass(1)]);
    expect(events).toContainEqual({ type: 'took', seat: 1, cards: ['r5a', 'r7a', 'y5a'] });
  });
});

describe('R4.6 standing', () => {
  it('R4.6 a stand lapses when a card is added to the table (a rejection included)', () => {
    const s = game(4, [['r5a', 'y5a'], ['r6a', 'y6a'], ['b5a']], T);
    const st = run(s, [play(0, 'r5a', 'y5a'), stand(0), stand(2)]).state;
    expect(st.standing).toEqual([0, 2]);
    refused(st, stand(0), 'ALREADY_STANDING');
    const after = ok(st, reject(1, ['r5a', 'r6a'])).state;
    expect(after.standing).toEqual([]);
    // Both hold a 5, so the challenge goes on until they stand again.
    const end = ok(after, reject(1, ['y5a', 'y6a'])).state;
    expect(end.table).toHaveLength(2);
    expect(run(end, [stand(0), stand(2)]).state.table).toEqual([]);
  });

  it('R4.6 a stand lapses when cards are removed from the table (take-back)', () => {
    const s = game(4, [['r5a', 'y5a', 'b5a', 'r2a'], ['r2b'], ['r5b', 'y5b', 'b5b', 'y2a']], T);
    const st = run(s, [play(0, 'r5a', 'y5a'), play(2, 'r5b', 'y5b', 'b5b'), stand(2)]).state;
    expect(st.standing).toEqual([2]);
    const after = ok(st, play(0, 'b5a')).state;
    expect(after.standing).toEqual([]);
  });

  it('R4.6 an attacker with no card of a table value counts as standing', () => {
    const s = game(4, [['r5a', 'y2a'], ['r6a'], ['y3a']], T);
    const { state, events } = run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r6a'])]);
    expect(events).toContainEqual({ type: 'discarded', cards: ['r5a', 'r6a'] });
    expect(state.active).toBe(1);
  });

  it('R4.6 an attacker with no room under the limit counts as standing', () => {
    const s = position({
      players: 4,
      trump: T,
      phase: 2,
      active: 0,
      featherStack: [3, 2, 1],
      hands: [['r5a', 'y5a'], ['r6a', 'y6a'], ['b5a', 'b6a'], ['r2a']],
    });
    const { state } = run(s, [play(0, 'r5a', 'y5a'), reject(1, ['r5a', 'r6a'], ['y5a', 'y6a'])]);
    expect(state.table).toEqual([]);
    expect(state.discard.slice(-4)).toEqual(['r5a', 'r6a', 'y5a', 'y6a']);
  });

  it('R4.6 only attackers stand', () => {
    const s = ok(game(4, [['r5a']], T), play(0, 'r5a')).state;
    refused(s, stand(1), 'NOT_YOUR_ROLE');
    refused(s, stand(3), 'NOT_YOUR_ROLE');
  });
});

describe('R4.7 the end of a challenge', () => {
  it('R4.7 all rejected is not enough: both attackers must stand', () => {
    const s = game(4, [['r5a', 'y5a'], ['r6a'], ['b5a']], T);
    const t = run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r6a'])]).state;
    expect(t.table).toHaveLength(1);
    const one = ok(t, stand(0)).state;
    expect(one.table).toHaveLength(1);
    expect(ok(one, stand(2)).state.table).toEqual([]);
  });

  it('R4.7 both standing is not enough while a card is unrejected and the target has not passed', () => {
    const s = game(4, [['r5a', 'y5a'], ['r6a'], ['b5a']], T);
    const t = run(s, [play(0, 'r5a'), stand(0), stand(2)]).state;
    expect(t.table).toHaveLength(1);
    expect(ok(t, pass(1)).state.table).toEqual([]);
  });
});

describe('R4.8 / R4.9 what follows', () => {
  it('R4.8 all rejected: every card is discarded and the target becomes active', () => {
    const s = game(4, [['r5a', 'r2a'], ['r6a'], ['y2a']], T, { startSeat: 0 });
    const { state } = run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r6a'])]);
    expect(state.discard).toEqual(['r5a', 'r6a']);
    expect([state.active, state.target, state.supporter]).toEqual([1, 2, 3]);
  });

  it('R4.9 passed: the target takes the cards and skips their turn', () => {
    const t = game(4, [['r2b'], ['y2a'], ['y3a'], ['r5a', 'r2a']], T, { startSeat: 3 });
    expect([t.active, t.target, t.supporter]).toEqual([3, 0, 1]);
    const { state } = run(t, [play(3, 'r5a'), pass(0)]);
    expect(state.hands[0]).toContain('r5a');
    expect([state.active, state.target, state.supporter]).toEqual([1, 2, 3]);
  });
});
