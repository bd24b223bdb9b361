/** Specific heuristic behaviours, each in a game built from a chosen deal and judged by the engine. */
import { type Action, applyAction, type GameState, type PlayerView, randomStream, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { chooseBet, chooseFallback, heuristicBot } from '../src/index.js';
import { scenario, sorted } from './helpers.js';

const rnd = () => randomStream('heuristic-test');

function apply(s: GameState, a: Action | null): GameState {
  if (a === null) throw new Error('expected an action');
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.code}`);
  return r.state;
}

const decide = (s: GameState, seat: number) => heuristicBot.decide(viewFor(s, seat), rnd());

// Four players, seat 0 active, 1 target, 2 supporter. Blue is trump (the turned b9b).
const HANDS = [
  ['r2a', 'r2b', 'r4b', 'y9a', 'y8a'], // active
  ['r4a', 'y6a', 'y6b', 'r7a', 'r7b'], // target
  ['y2a', 'y2b', 'y4a', 'y5a', 'y5b'], // supporter
  ['r6a', 'r6b', 'r8a', 'r8b', 'y7a'],
];

// Filler for seats 2 and 3 where only the active player and the target matter.
const FILL = [
  ['y2a', 'y2b', 'y1b', 'r1b', 'b1b'],
  ['b2b', 'b3b', 'b4b', 'b6b', 'yFa'],
];
const deal = (active: string[], target: string[]) => [active, target, ...FILL];

describe('opening (R4.1)', () => {
  it('opens with the weakest non-trump value, every copy together, not with a lower trump', () => {
    const s = scenario(4, deal(['r7a', 'y3a', 'r3b', 'b1a', 'y9a'], ['r4a', 'r5b', 'y5b', 'r7b', 'y4b']), 'b9b');
    const a = decide(s, 0);
    expect(a?.type).toBe('play');
    expect(sorted((a as { cards: string[] }).cards)).toEqual(['r3b', 'y3a']);
    apply(s, a);
  });

  it('opens with its lowest trump when it holds nothing else', () => {
    const s = scenario(4, deal(['b7a', 'b3a', 'bFa', 'b8a', 'b5a'], ['r4a', 'r5b', 'y5b', 'r7b', 'y4b']), 'b9b');
    expect(decide(s, 0)).toEqual({ type: 'play', seat: 0, cards: ['b3a'] });
  });

  it('is the fallback opening when a person lets the clock run out', () => {
    const s = scenario(4, HANDS, 'b9b');
    const a = chooseFallback(viewFor(s, 0), rnd());
    expect(a?.type).toBe('play');
    expect(sorted((a as { cards: string[] }).cards)).toEqual(['r2a', 'r2b']);
  });
});

describe('rejecting (R4.2)', () => {
  it('rejects with the cheapest sufficient card, keeping higher cards and trumps', () => {
    const s0 = scenario(4, deal(['r3a', 'y8a', 'y8b', 'r9a', 'y9a'], ['r5a', 'r9b', 'b2a', 'y4a', 'r7a']), 'b9b');
    const s1 = apply(s0, decide(s0, 0)); // opens r3a
    expect(s1.table.map((e) => e.challenge)).toEqual(['r3a']);
    const a = decide(s1, 1);
    expect(a).toEqual({ type: 'reject', seat: 1, pairs: [{ challenge: 'r3a', card: 'r5a' }] });
    apply(s1, a);
  });

  it('answers several challenge cards in one action, each with its cheapest card', () => {
    const s0 = scenario(4, deal(['r3a', 'y3a', 'y8b', 'r9a', 'y9a'], ['r4a', 'r9b', 'y5a', 'y4a', 'b6a']), 'b9b');
    const s1 = apply(s0, decide(s0, 0));
    const a = decide(s1, 1) as Extract<Action, { type: 'reject' }>;
    expect(a.type).toBe('reject');
    const byChallenge = Object.fromEntries(a.pairs.map((p) => [p.challenge, p.card]));
    expect(byChallenge).toEqual({ r3a: 'r4a', y3a: 'y4a' });
    apply(s1, a);
  });

  it('prefers a rejection value already on the table to a slightly lower new value', () => {
    const s0 = scenario(4, deal(['r3a', 'y3a', 'y8b', 'r9a', 'y9a'], ['r5a', 'y4b', 'y5a', 'r9b', 'y9b']), 'b9b');
    const s1 = apply(s0, decide(s0, 0)); // r3a + y3a
    const s2 = apply(s1, { type: 'reject', seat: 1, pairs: [{ challenge: 'r3a', card: 'r5a' }] }); // 5 on the table
    expect(decide(s2, 1)).toEqual({ type: 'reject', seat: 1, pairs: [{ challenge: 'y3a', card: 'y5a' }] });
  });

  it('passes at once when a challenge card cannot be rejected', () => {
    const s0 = scenario(4, deal(['r6a', 'y8a', 'y8b', 'r9a', 'y9a'], ['r5a', 'y4b', 'y5a', 'r2b', 'y9b']), 'b9b');
    const s1 = apply(s0, decide(s0, 0));
    expect(decide(s1, 1)).toEqual({ type: 'pass', seat: 1 });
  });

  it('in phase 1 passes rather than spend a trump on one low card; in phase 2 it spends it', () => {
    const s0 = scenario(4, deal(['r2a', 'y8a', 'y8b', 'r9a', 'y9a'], ['b7a', 'y3a', 'y9b', 'r1a', 'y1a']), 'b9b');
    const s1 = apply(s0, decide(s0, 0)); // r2a
    const view = viewFor(s1, 1);
    expect(heuristicBot.decide(view, rnd())).toEqual({ type: 'pass', seat: 1 });
    const phase2: PlayerView = { ...view, phase: 2, deckCount: 0 };
    expect(heuristicBot.decide(phase2, rnd())).toEqual({
      type: 'reject',
      seat: 1,
      pairs: [{ challenge: 'r2a', card: 'b7a' }],
    });
    // Near the end of phase 1 (deck almost gone) a big hand is not cheap to take either.
    expect(heuristicBot.decide({ ...view, deckCount: 2 }, rnd())?.type).toBe('reject');
  });
});

describe('extending (R4.3) and priority (R5.3)', () => {
  it('claims priority: extends although the supporter filled the limit while the window is open', () => {
    const s0 = scenario(4, HANDS, 'b9b');
    const s1 = apply(s0, decide(s0, 0)); // r2a r2b
    expect(sorted(s1.table.map((e) => e.challenge))).toEqual(['r2a', 'r2b']);
    const s2 = apply(s1, { type: 'reject', seat: 1, pairs: [{ challenge: 'r2a', card: 'r4a' }] });
    const s3 = apply(s2, { type: 'play', seat: 2, cards: ['y2a', 'y2b', 'y4a'] });
    expect(s3.table).toHaveLength(s3.limit);
    expect(s3.window?.cards).toEqual(['y2a', 'y2b', 'y4a']);
    const a = decide(s3, 0);
    expect(a).toEqual({ type: 'play', seat: 0, cards: ['r4b'] });
    const r = applyAction(s3, a as Action);
    expect(r.ok && r.events.find((e) => e.type === 'tookBack')).toEqual({ type: 'tookBack', seat: 2, cards: ['y4a'] });
    // Once the window has closed the limit simply holds: no extension, nothing to send.
    const closed = apply(s3, { type: 'closeWindow' });
    expect(decide(closed, 0)).toBeNull();
  });

  it('unloads weak table values but does not feed a target trumps in phase 1', () => {
    const s0 = scenario(4, deal(['r5a', 'r5b', 'b5a', 'y9a', 'y8a'], ['r4a', 'y6a', 'y6b', 'r7a', 'r7b']), 'b9b');
    const s1 = apply(s0, { type: 'play', seat: 0, cards: ['r5a'] });
    const s2 = apply(s1, { type: 'pass', seat: 1 });
    expect(decide(s2, 0)).toEqual({ type: 'play', seat: 0, cards: ['r5b'] });
    const s3 = apply(s2, decide(s2, 0));
    // Only the trump 5 is left to add: the active player stands instead.
    expect(decide(s3, 0)).toEqual({ type: 'stand', seat: 0 });
    // In phase 2 emptying the hand is the game: everything playable goes to a target who passed.
    const v = viewFor(s2, 0);
    const a = heuristicBot.decide({ ...v, phase: 2, deckCount: 0 }, rnd());
    expect(sorted((a as { cards: string[] }).cards)).toEqual(['b5a', 'r5b']);
  });

  it('stands when it has nothing good, and sends nothing while it stands', () => {
    const s0 = scenario(4, HANDS, 'b9b');
    const s1 = apply(s0, decide(s0, 0));
    // The supporter holds y2a/y2b (weak 2s): it extends. Seat 3 has no role: nothing.
    expect(decide(s1, 2)?.type).toBe('play');
    expect(decide(s1, 3)).toBeNull();
    const s2 = apply(s1, { type: 'stand', seat: 0 });
    expect(decide(s2, 0)).toBeNull();
  });
});

describe('bets (R9)', () => {
  function bettingView(viewer: number, handCounts: number[]): PlayerView {
    const v = viewFor(scenario(4, HANDS, 'b9b'), viewer);
    return { ...v, phase: 2, betting: true, deckCount: 0, handCounts, bets: [], betHand: [0, 1, 1] };
  }

  it('bets a 1 on the seat with the most cards', () => {
    expect(chooseBet(bettingView(0, [3, 8, 2, 5]), rnd())).toEqual({ type: 'bet', seat: 0, on: 1, value: 1 });
    expect(chooseBet(bettingView(2, [3, 8, 2, 5]), rnd())).toEqual({ type: 'bet', seat: 2, on: 1, value: 1 });
  });

  it('uses its 0 when it expects to lose itself, and never bets on itself', () => {
    expect(chooseBet(bettingView(1, [3, 8, 2, 5]), rnd())).toEqual({ type: 'bet', seat: 1, on: 3, value: 0 });
    for (let viewer = 0; viewer < 4; viewer++) {
      for (const counts of [
        [5, 5, 5, 5],
        [0, 0, 0, 9],
        [9, 0, 0, 0],
        [1, 2, 3, 4],
      ]) {
        const a = chooseBet(bettingView(viewer, counts), randomStream(`b${viewer}`));
        expect(a?.type).toBe('bet');
        expect((a as { on: number }).on).not.toBe(viewer);
      }
    }
  });

  it('places nothing once its bet is down, and only cards it holds', () => {
    const v = bettingView(0, [3, 8, 2, 5]);
    expect(chooseBet({ ...v, bets: [{ by: 0, on: 1, round: 1, value: 1 }] }, rnd())).toBeNull();
    expect(chooseBet({ ...v, betHand: [0] }, rnd())).toEqual({ type: 'bet', seat: 0, on: 1, value: 0 });
  });
});
