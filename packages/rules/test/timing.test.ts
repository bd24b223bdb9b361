/** R5: the concurrent part. Seat 0 is active, 1 the target, 2 the supporter; blue is trump. */
import { describe, expect, it } from 'vitest';
import { createGame } from '../src/setup.js';
import type { Action, GameState } from '../src/types.js';
import { closeWindow, game, ok, pass, play, refused, reject, run, stand } from './helpers.js';
import { allLegal, randomChooser } from './random-play.js';

const T = 'b9b';

/** r5a rejected by r8a (values 5 and 8 on the table), then the supporter plays y5a+y8a, then b8a+r5b. */
function supporterFilled(): GameState {
  const s = game(
    4,
    [
      ['r5a', 'r8b', 'y8b', 'b5b', 'r2a'],
      ['r8a', 'y6a', 'y9a', 'b6a', 'r4a'],
      ['y5a', 'y8a', 'b8a', 'r5b', 'y2a'],
    ],
    T,
  );
  return run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r8a']), play(2, 'y5a', 'y8a'), play(2, 'b8a', 'r5b')]).state;
}

const challenges = (s: GameState) => s.table.map((e) => e.challenge);

describe('R5.1 stale actions', () => {
  it('R5.1 a supporter play that arrives after the active player filled the limit is refused, nothing changes', () => {
    const s = game(
      4,
      [
        ['r5a', 'r8b', 'y8b', 'b5b', 'r2a'],
        ['r8a', 'y6a', 'y9a', 'b6a', 'r4a'],
        ['y5a', 'y8a', 'b8a', 'r5b', 'y2a'],
      ],
      T,
    );
    const full = run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r8a']), play(2, 'y5a', 'y8a'), play(0, 'r8b', 'y8b')]);
    expect(full.state.table).toHaveLength(5);
    refused(full.state, play(2, 'b8a'), 'LIMIT_REACHED');
  });

  it('R5.1 a rejection of a card the active player took back is refused', () => {
    const s = ok(supporterFilled(), play(0, 'r8b')).state;
    expect(challenges(s)).not.toContain('r5b');
    refused(s, reject(1, ['r5b', 'b6a']), 'NOT_ON_TABLE');
  });

  it('R5.1 actions meant for a challenge that already ended are refused', () => {
    const s = game(4, [['r5a', 'r2a'], ['r6a'], ['y2a']], T);
    const after = run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r6a'])]).state;
    expect(after.table).toEqual([]);
    refused(after, stand(0), 'NOT_YOUR_ROLE');
    refused(after, pass(1), 'NOT_YOUR_ROLE');
    refused(after, stand(2), 'NOT_YOUR_ROLE');
    refused(after, stand(3), 'NO_CHALLENGE');
  });
});

describe('R5.2 nobody waits for the target', () => {
  it('R5.2 attackers extend while a card is unrejected; the target still has to reject or pass', () => {
    const s = game(4, [['r5a', 'y5b'], ['r6a'], ['y5a']], T);
    const t = run(s, [play(0, 'r5a'), play(2, 'y5a'), play(0, 'y5b'), stand(0), stand(2)]).state;
    expect(challenges(t)).toEqual(['r5a', 'y5a', 'y5b']);
    expect(t.table).toHaveLength(3);
    const target = allLegal(t).filter((a) => 'seat' in a && a.seat === 1);
    expect(target).toContainEqual(pass(1));
    expect(target).toContainEqual(reject(1, ['r5a', 'r6a']));
  });
});

describe('R5.3 the active player has priority', () => {
  it('R5.3 the most recent supporter play goes back first, its last listed card first', () => {
    const { state, events } = ok(supporterFilled(), play(0, 'r8b', 'y8b'));
    expect(events[0]).toEqual({ type: 'tookBack', seat: 2, cards: ['r5b', 'b8a'] });
    expect(challenges(state)).toEqual(['r5a', 'y5a', 'y8a', 'r8b', 'y8b']);
    expect(state.hands[2]).toEqual(expect.arrayContaining(['b8a', 'r5b', 'y2a']));
    expect(state.hands[2]).toHaveLength(3);
  });

  it('R5.3 take-back reaches into earlier supporter plays covered by the restarted window', () => {
    const { events } = ok(supporterFilled(), play(0, 'r8b', 'y8b', 'b5b'));
    expect(events[0]).toEqual({ type: 'tookBack', seat: 2, cards: ['r5b', 'b8a', 'y8a'] });
  });

  it('R5.3 only unrejected cards go back', () => {
    const s = ok(supporterFilled(), reject(1, ['r5b', 'b6a'])).state;
    const { state, events } = ok(s, play(0, 'r8b'));
    expect(events[0]).toEqual({ type: 'tookBack', seat: 2, cards: ['b8a'] });
    expect(state.table.find((e) => e.challenge === 'r5b')?.rejection).toBe('b6a');
  });

  it('R5.3 if every covered card is still too little room, the play is refused and nothing changes', () => {
    const s = run(supporterFilled(), [reject(1, ['y5a', 'y6a']), reject(1, ['y8a', 'y9a'])]).state;
    expect(s.window?.cards).toEqual(['y5a', 'y8a', 'b8a', 'r5b']);
    refused(s, play(0, 'r8b', 'y8b', 'b5b'), 'LIMIT_REACHED');
    expect(ok(s, play(0, 'r8b', 'y8b')).events[0]).toEqual({ type: 'tookBack', seat: 2, cards: ['r5b', 'b8a'] });
  });

  it('R5.3 outside a window the limit simply holds, for the active player too', () => {
    const s = ok(supporterFilled(), closeWindow).state;
    refused(s, play(0, 'r8b'), 'LIMIT_REACHED');
  });

  it('R5.3 the supporter has no priority', () => {
    const s = game(4, [['r5a', 'y5a', 'b5a', 'r5b', 'y5b'], [], ['b5b', 'r2a']], T);
    const full = ok(s, play(0, 'r5a', 'y5a', 'b5a', 'r5b', 'y5b')).state;
    refused(full, play(2, 'b5b'), 'LIMIT_REACHED');
  });
});

describe('R5.4 the take-back window', () => {
  it('R5.4 a supporter play opens the window, a further one restarts it and adds its cards', () => {
    const s = game(
      4,
      [
        ['r5a', 'r8b', 'y8b', 'b5b', 'r2a'],
        ['r8a', 'y6a', 'y9a', 'b6a', 'r4a'],
        ['y5a', 'y8a', 'b8a', 'r5b', 'y2a'],
      ],
      T,
    );
    const one = run(s, [play(0, 'r5a'), reject(1, ['r5a', 'r8a']), play(2, 'y5a', 'y8a')]).state;
    expect(one.window).toEqual({ seat: 2, cards: ['y5a', 'y8a'] });
    expect(ok(one, play(2, 'b8a')).state.window).toEqual({ seat: 2, cards: ['y5a', 'y8a', 'b8a'] });
  });

  it('R5.4 (a) closes when its time elapses (closeWindow); then nothing is left to close', () => {
    const { state, events } = ok(supporterFilled(), closeWindow);
    expect(state.window).toBeNull();
    expect(events).toEqual([{ type: 'windowClosed' }]);
    refused(state, closeWindow, 'NO_WINDOW');
  });

  it('R5.4 (b) closes when the active player plays, even with room to spare', () => {
    const s = game(4, [['r5a', 'y5b'], ['r6a'], ['y5a', 'b5a']], T);
    const w = run(s, [play(0, 'r5a'), play(2, 'y5a')]).state;
    expect(w.window).not.toBeNull();
    const { state } = ok(w, play(0, 'y5b'));
    expect(state.window).toBeNull();
    expect(challenges(state)).toEqual(['r5a', 'y5a', 'y5b']);
  });

  it('R5.4 (b) closes when the active player stands, not when the supporter stands', () => {
    const s = game(4, [['r5a', 'y5b'], ['r6a'], ['y5a', 'b5a']], T);
    const w = run(s, [play(0, 'r5a'), play(2, 'y5a')]).state;
    expect(ok(w, stand(2)).state.window).not.toBeNull();
    expect(ok(w, stand(0)).state.window).toBeNull();
  });

  it('R5.4 (c) closes when none of its cards is left unrejected', () => {
    const s = game(
      4,
      [
        ['r5a', 'y5b'],
        ['r6a', 'y6a', 'y7a'],
        ['y5a', 'b5a'],
      ],
      T,
    );
    const w = run(s, [play(0, 'r5a'), play(2, 'y5a')]).state;
    expect(ok(w, reject(1, ['r5a', 'r6a'])).state.window).not.toBeNull();
    const { state, events } = ok(w, reject(1, ['y5a', 'y6a']));
    expect(state.window).toBeNull();
    expect(events).toContainEqual({ type: 'windowClosed' });
  });

  it('R5.4 after it closed, the next supporter play opens a fresh window with only its own cards', () => {
    const s = game(4, [['r5a', 'y5b'], ['r6a'], ['y5a', 'b5a']], T);
    const w = run(s, [play(0, 'r5a'), play(2, 'y5a'), closeWindow, play(2, 'b5a')]).state;
    expect(w.window).toEqual({ seat: 2, cards: ['b5a'] });
  });

  it('R5.4 with R4.6: an open window gives the active player room, so the challenge waits for it', () => {
    const s = game(
      4,
      [
        ['r5a', 'r5b'],
        ['r6a', 'r7a', 'r8a', 'r9a'],
        ['y5a', 'b5a', 'y5b', 'b5b'],
      ],
      T,
    );
    const w = run(s, [play(0, 'r5a'), play(2, 'y5a', 'b5a', 'y5b', 'b5b'), pass(1), stand(2)]).state;
    // The table is full and the target passed, yet the active player (holding r5b) is not standing.
    expect(w.table).toHaveLength(5);
    expect(ok(w, play(0, 'r5b')).events[0]).toEqual({ type: 'tookBack', seat: 2, cards: ['b5b'] });
    const { state, events } = ok(w, closeWindow);
    expect(state.table).toEqual([]);
    expect(events).toContainEqual({ type: 'took', seat: 1, cards: ['r5a', 'y5a', 'b5a', 'y5b', 'b5b'] });
  });
});

/** What the table clocks do when someone idles (R5.5): close the window, make the target pass, make attackers stand. */
function timeout(s: GameState): Action {
  if (s.window !== null) return closeWindow;
  if (!s.targetPassed && s.table.some((e) => e.rejection === null)) return pass(s.target);
  if (!s.standing.includes(s.active)) return stand(s.active);
  return stand(s.supporter as number);
}

describe('R5.5 timers keep a table from stalling', () => {
  it('R5.5 from any moment of any challenge, clock actions alone end it within four steps', () => {
    let checked = 0;
    for (let g = 0; g < 12; g++) {
      const players = ([3, 4, 5] as const)[g % 3] as 3 | 4 | 5;
      let s = createGame({ players, seed: `timers-${g}` });
      const choose = randomChooser(`timers-choice-${g}`);
      for (let step = 0; step < 3000 && !s.over; step++) {
        if (s.table.length > 0) {
          let t = s;
          for (let i = 0; i < 4 && t.table.length > 0; i++) t = ok(t, timeout(t)).state;
          expect(t.table).toEqual([]);
          checked++;
        }
        const a = choose(s);
        if (a === null) break;
        s = ok(s, a).state;
      }
      expect(s.over).toBe(true);
    }
    expect(checked).toBeGreaterThan(100);
  });
});
