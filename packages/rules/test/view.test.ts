/** R11: what each person may see. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/types.js';
import { redactEvent, viewFor } from '../src/view.js';
import { bet, game, ok, pass, play, position, run } from './helpers.js';

const T = 'b9b';

describe('R11 views', () => {
  it('R11.1 public: hand sizes, table, trump, deck counts, discard, feathers, who bet on whom, scores', () => {
    const s = position({
      players: 4,
      trump: T,
      phase: 2,
      active: 0,
      featherStack: [2, 1],
      feathers: [{ seat: 3, value: 3, round: 1 }],
      out: [3],
      scores: [0, 0, 0, 3],
      bets: [{ by: 1, on: 0, round: 1, value: 1 }],
      hands: [['r5a', 'r2a'], ['r6a', 'y2a', 'y3a'], ['b2a'], []],
    });
    const t = ok(s, play(0, 'r5a')).state;
    for (const viewer of [null, 0, 1, 2, 3]) {
      const v = viewFor(t, viewer);
      expect(v.handCounts).toEqual([1, 3, 1, 0]);
      expect(v.table).toEqual([{ challenge: 'r5a', by: 0, rejection: null }]);
      expect([v.trump, v.deckCount, v.deck2Count]).toEqual([T, 0, t.deck2.length]);
      expect(v.discard).toEqual(t.discard);
      expect([v.featherStack, v.feathers, v.out, v.scores]).toEqual([[2, 1], t.feathers, [3], [0, 0, 0, 3]]);
      expect(v.bets.map((b) => [b.by, b.on])).toEqual([[1, 0]]);
      expect([v.active, v.target, v.supporter, v.limit, v.phase, v.round]).toEqual([0, 1, 2, 3, 2, 1]);
    }
  });

  it('R11.2 private: a seat sees its own hand, its own bet values and the cards it drew', () => {
    const s = game(4, [['r5a', 'y5a'], ['r2a']], T, { draws: ['r7a', 'r7b'] });
    expect(viewFor(s, 0).hand).toEqual(s.hands[0]);
    expect(viewFor(s, 0).betHand).toEqual([0, 1, 1]);
    const { events } = run(s, [play(0, 'r5a', 'y5a'), pass(1)]);
    const drew = events.find((e) => e.type === 'drew') as GameEvent;
    expect(redactEvent(drew, 0)).toEqual({ type: 'drew', seat: 0, count: 2, cards: ['r7a', 'r7b'] });
    for (const viewer of [null, 1, 2, 3]) {
      expect(redactEvent(drew, viewer)).toEqual({ type: 'drew', seat: 0, count: 2, cards: null });
    }
    const b = redactEvent({ type: 'betPlaced', by: 2, on: 0, value: 0 }, 2);
    expect(b).toEqual({ type: 'betPlaced', by: 2, on: 0, value: 0 });
    expect(redactEvent({ type: 'betPlaced', by: 2, on: 0, value: 0 }, 1)).toEqual({
      type: 'betPlaced',
      by: 2,
      on: 0,
      value: null,
    });
  });

  it('R11.3 nobody sees other hands, deck order, deck 2, hidden bets of others or the seed', () => {
    const s0 = position({
      players: 4,
      trump: T,
      phase: 2,
      active: 0,
      featherStack: [3, 2, 1],
      hands: [['r5a'], ['r6a'], ['r7a'], ['r8a']],
    });
    s0.betting = true;
    s0.seed = 'very-secret-seed';
    const s = run(s0, [bet(0, 1, 0), bet(1, 2, 1)]).state;
    for (const viewer of [null, 0, 1, 2, 3, 7, -1]) {
      const v = viewFor(s, viewer);
      const json = JSON.stringify(v);
      const me = v.viewer;
      expect(json).not.toContain('very-secret-seed');
      expect(json).not.toContain(String(s.rng[0]));
      for (let seat = 0; seat < 4; seat++) {
        for (const c of s.hands[seat] ?? []) expect(json.includes(c)).toBe(seat === me);
      }
      expect(v.hand).toEqual(me === null ? [] : s.hands[me]);
      expect(v.bets).toEqual([
        { by: 0, on: 1, round: 1, value: me === 0 ? 0 : null },
        { by: 1, on: 2, round: 1, value: me === 1 ? 1 : null },
      ]);
      if (me === null) expect(v.betHand).toEqual([]);
    }
    const fresh = game(4, [], T);
    for (const viewer of [null, 0]) {
      const json = JSON.stringify(viewFor(fresh, viewer));
      for (const c of [...fresh.deck.slice(0, -1), ...fresh.deck2]) expect(json).not.toContain(c);
      expect(json).not.toContain('"seed"');
    }
  });
});
