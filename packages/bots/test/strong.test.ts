/** Issue 12: the strong bot decides from its own PlayerView only, and sends moves the rules accept. */
import { type Action, applyAction, type GameState, legalActions, type PlayerView, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import {
  candidateActions,
  determinize,
  heuristicBot,
  search,
  seededStream,
  simulateGame,
  unseenCards,
} from '../src/index.js';
import { scenario } from './helpers.js';

/** Swap the hidden cards of `s` as seen by `seat`: other hands and decks get another deal of the same cards. */
function reshuffleHidden(s: GameState, seat: number, seed: string): GameState {
  const rnd = seededStream(seed);
  const again = determinize(viewFor(s, seat), rnd);
  return { ...again, seed: s.seed, rng: s.rng, bets: s.bets, betCards: s.betCards };
}

/** States met in a game of normal bots, every `every` actions. */
function statesOf(seed: string, every: number): GameState[] {
  const out: GameState[] = [];
  let n = 0;
  simulateGame({
    players: 4,
    seed,
    strategies: [heuristicBot, heuristicBot, heuristicBot, heuristicBot],
    onStep: (s) => {
      if (n++ % every === 0) out.push(s);
    },
  });
  return out;
}

const BUDGET = { iterations: 40 };

describe('strong bot', () => {
  it('cannot tell apart games that differ only in cards it cannot see', () => {
    let compared = 0;
    let differingHidden = 0;
    let searched = 0;
    for (const s of statesOf('pv-only', 9)) {
      for (const seat of [s.active, s.target]) {
        const other = reshuffleHidden(s, seat, `hidden-${compared}`);
        const a: PlayerView = viewFor(s, seat);
        const b: PlayerView = viewFor(other, seat);
        expect(b).toEqual(a); // same view...
        if (JSON.stringify(other.hands) !== JSON.stringify(s.hands) || other.deck.join() !== s.deck.join()) {
          differingHidden++; // ...of a different game
        }
        const ra = search(a, seededStream('same-seed'), BUDGET);
        const rb = search(b, seededStream('same-seed'), BUDGET);
        expect(rb).toEqual(ra);
        if (ra.iterations > 0) searched++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(differingHidden).toBeGreaterThan(compared / 2);
    expect(searched, 'decisions that ran playouts').toBeGreaterThan(3);
  }, 120_000);

  it('samples only hidden states consistent with the view', () => {
    for (const s of statesOf('consistent', 17)) {
      const view = viewFor(s, s.target);
      const sample = determinize(view, seededStream('d'));
      expect(viewFor(sample, s.target)).toEqual(view);
      expect(unseenCards(view).length).toBe(
        s.hands.reduce((n, h, seat) => n + (seat === s.target ? 0 : h.length), 0) +
          Math.max(0, s.deck.length - 1) +
          s.deck2.length +
          (s.round === 2 ? s.box.length - (s.players === 3 ? 6 : 0) : 0),
      );
    }
  });

  it('sends only moves the rules accept at the moment it is asked', () => {
    for (const s of statesOf('legal', 13)) {
      for (let seat = 0; seat < s.players; seat++) {
        const a: Action | null = search(viewFor(s, seat), seededStream(`l${seat}`), BUDGET).action;
        if (a === null) continue;
        const r = applyAction(s, a);
        expect(r.ok, JSON.stringify(a)).toBe(true);
        expect(legalActions(s, seat).length).toBeGreaterThan(0);
      }
    }
  }, 120_000);
});

describe('strong bot and the active player priority (R5.3)', () => {
  it('weighs a take-back while the window is open, and its choice is accepted', () => {
    // Active 0 opens with a 3, the supporter fills the limit with four more 3s: a window covers them.
    let s = scenario(
      4,
      [
        ['r3a', 'y3a', 'r9a', 'y9a', 'b9a'],
        ['r2a', 'y2a', 'b2a', 'r4a', 'y4a'],
        ['b3a', 'b3b', 'r3b', 'y3b', 'r5a'],
        ['r6a', 'y6a', 'b6a', 'r7a', 'y7a'],
      ],
      'bFa',
    );
    for (const a of [
      { type: 'play', seat: 0, cards: ['r3a'] },
      { type: 'play', seat: 2, cards: ['b3a', 'b3b', 'r3b', 'y3b'] },
    ] as Action[]) {
      const r = applyAction(s, a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(s.table.length).toBe(s.limit);
    expect(s.window?.cards.length).toBe(4);
    const view = viewFor(s, 0);
    const takeBack = candidateActions(view, seededStream('c')).find(
      (a) => a.type === 'play' && a.cards.includes('y3a'),
    );
    expect(takeBack, 'the over-the-limit extension is a candidate').toBeTruthy();
    const r = search(view, seededStream('p'), { iterations: 200 });
    expect(r.candidates).toBeGreaterThan(1);
    if (r.action) expect(applyAction(s, r.action).ok).toBe(true);
  });
});
