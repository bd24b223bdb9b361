/** DT5 / issue 37: the strong bot searches over the cards it cannot see, legally, and beats normal. */
import { randomStream } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { wilson } from '../bench/league.js';
import { decide } from '../src/bots/index.js';
import { playMatch } from '../src/bots/match.js';
import { determinize, search, strongBot } from '../src/bots/strong.js';
import { FULL_DECK } from '../src/cards.js';
import { applyAction, awaitedSeat, createGame, legalActions, type State, type View, viewFor } from '../src/index.js';
import { durakPrivacy } from '../src/privacy.js';

const cardsOf = (s: State) => [
  ...s.deck,
  ...s.hands.flat(),
  ...s.table.flatMap((p) => (p.defence === null ? [p.attack] : [p.attack, p.defence])),
  ...s.graveyard,
];

/** Seeded games by normal bots at 2, 3 and 4 players (ambush at 3, ambush and teams at 4). */
function* positions(games: number): Generator<{ s: State; seat: number }> {
  for (const players of [2, 3, 4] as const) {
    for (let g = 0; g < games; g++) {
      let s = createGame({ players, seed: `strong-pos-${players}-${g}`, ambush: players > 2, team: players === 4 });
      const rnd = randomStream(`strong-pos-${g}`);
      for (let n = 0; n < 2000 && !s.over; n++) {
        const seat = awaitedSeat(s) as number;
        yield { s, seat };
        const r = applyAction(s, decide(n % 3 === 0 ? 'easy' : 'normal', viewFor(s, seat), rnd) as never);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
    }
  }
}

describe('strong bot', () => {
  it('D1.5 D1.7 D6.3 a sample fits the view: every card once, sizes, known retreat cards and the trump card where the view says', () => {
    let checked = 0;
    for (const { s, seat } of positions(2)) {
      const d = determinize(viewFor(s, seat), randomStream(`d${checked}`));
      const all = cardsOf(d);
      expect(all.length).toBe(FULL_DECK.length);
      expect(new Set(all).size).toBe(FULL_DECK.length);
      expect(d.hands[seat]).toEqual(s.hands[seat]);
      expect(d.table).toEqual(s.table);
      expect(d.graveyard.length).toBe(s.graveyard.length);
      expect(d.deck.length).toBe(s.deck.length);
      if (d.deck.length > 0) expect(d.deck.at(-1)).toBe(s.trump);
      expect(d.ambushers).toEqual(s.ambushers);
      for (let o = 0; o < s.players; o++) {
        expect(d.hands[o]?.length).toBe(s.hands[o]?.length);
        for (const c of s.known[o] ?? []) expect(d.hands[o]).toContain(c);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('D1.7 the search reads the view only: a state redealt where the viewer cannot see gives the same samples and move', () => {
    let n = 0;
    for (const { s, seat } of positions(1)) {
      if (n++ % 7 !== 0) continue;
      const other = durakPrivacy.resample?.(s, seat, randomStream(`r${n}`)) as State;
      expect(determinize(viewFor(other, seat), randomStream(`x${n}`))).toEqual(
        determinize(viewFor(s, seat), randomStream(`x${n}`)),
      );
      const budget = { iterations: 24, margin: 1 };
      expect(search(viewFor(other, seat), randomStream(`y${n}`), budget).action).toEqual(
        search(viewFor(s, seat), randomStream(`y${n}`), budget).action,
      );
    }
  });

  it('DT5 every strong decision is one of the legal actions, and others are not asked', () => {
    let n = 0;
    for (const { s, seat } of positions(1)) {
      if (n++ % 3 !== 0) continue;
      const a = search(viewFor(s, seat), randomStream(`l${n}`), { iterations: 36, margin: 1 }).action;
      expect(legalActions(s, seat)).toContainEqual(a);
      const idle = (seat + 1) % s.players;
      expect(decide('strong', viewFor(s, idle), randomStream('idle'))).toBeNull();
    }
  });

  it('DT5 strong beats normal clearly: one strong among normal bots at 2 players is rarely the durak', async () => {
    // A smaller search than the league's (320 playouts, bench/league.ts measures about 90%): seeded and
    // without a time cap, so each game is the same on any machine, at 128 playouts 15 of these 16.
    const budget = { iterations: 128, margin: 1 };
    const strong = strongBot(budget);
    const bot = (strength: string, view: View, rnd: () => number) =>
      strength === 'strong' ? strong(view, rnd) : decide(strength, view, rnd);
    const games = 16;
    let wins = 0;
    for (let g = 0; g < games; g++) {
      const seat = g % 2;
      const strengths = seat === 0 ? ['strong', 'normal'] : ['normal', 'strong'];
      const r = playMatch(strengths, { seed: `strong-test-${g}`, dealer: (g >> 1) % 2 }, 5000, bot);
      if (!r.losers.includes(seat)) wins++;
      // Each game is a second or more of CPU: let the test worker answer its runner between games.
      await new Promise((resolve) => setImmediate(resolve));
    }
    console.log(`strong among normal, 2p, ${budget.iterations} playouts: not durak in ${wins}/${games}`);
    // Conservative: the 95% Wilson interval must lie above the fair share (one half); 12 of 16 is the
    // least that passes.
    expect(wilson(wins, games)[0]).toBeGreaterThan(0.5);
    // Whole searched games: slow on a loaded machine, and no timing is asserted.
  }, 300_000);
});
