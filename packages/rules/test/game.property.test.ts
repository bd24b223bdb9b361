/** Properties over random legal play from random seeds (fast-check picks seeds and player counts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, type CardId, featherStackFor } from '../src/cards.js';
import { applyAction } from '../src/engine.js';
import { legalActions } from '../src/legal.js';
import { replay, replaySteps } from '../src/replay.js';
import { winnerOf } from '../src/resolve.js';
import { randomStream } from '../src/rng.js';
import { createGame } from '../src/setup.js';
import type { Action, GameState, PlayerCount, Seat } from '../src/types.js';
import { viewFor } from '../src/view.js';
import { allPlaces, deepFreeze, ok } from './helpers.js';
import { allLegal } from './random-play.js';

const MAX_STEPS = 20_000;
const SORTED = [...ALL_CARDS].sort();
const players = fc.constantFrom<PlayerCount>(3, 4, 5);
/** A seed that cannot occur by chance in a view's JSON. */
const seed = fc.nat({ max: 1e9 }).map((n) => `SEED#${n}#`);

/** Plays one random game, calling `check` on every state (frozen: any mutation of an input throws). */
function playOut(
  p: PlayerCount,
  gameSeed: string,
  choiceSeed: number,
  check: (s: GameState, rnd: () => number) => void,
) {
  const rnd = randomStream(`choices-${choiceSeed}`);
  let s = deepFreeze(createGame({ players: p, seed: gameSeed }));
  let steps = 0;
  check(s, rnd);
  while (!s.over && steps < MAX_STEPS) {
    const all = allLegal(s);
    expect(all.length).toBeGreaterThan(0);
    const a = all[Math.floor(rnd() * all.length)] as Action;
    s = deepFreeze(ok(s, a).state);
    steps++;
    check(s, rnd);
  }
  return { state: s, steps };
}

/** R9.2 and R10.3 recomputed from feathers, bets and round losers. */
function expectedScores(s: GameState): number[] {
  const scores = new Array<number>(s.players).fill(0);
  for (const f of s.feathers) scores[f.seat] = (scores[f.seat] as number) + f.value;
  for (const b of s.bets) {
    if (b.value === 0) continue;
    const loser = s.roundLosers[b.round - 1];
    const to = b.on === loser ? b.by : b.on;
    scores[to] = (scores[to] as number) + 1;
  }
  return scores;
}

describe('random legal play', () => {
  it('always ends a whole game, for 3, 4 and 5 players, with R9/R10 scoring', () => {
    const seen = new Set<number>();
    fc.assert(
      fc.property(players, seed, fc.nat(), (p, gs, cs) => {
        seen.add(p);
        const { state, steps } = playOut(p, gs, cs, () => {});
        expect(steps).toBeLessThan(MAX_STEPS);
        expect(state.over).toBe(true);
        expect(state.round).toBe(2);
        expect(state.roundLosers).toHaveLength(2);
        for (const round of [1, 2] as const) {
          const fs = state.feathers.filter((f) => f.round === round);
          expect(fs.map((f) => f.value)).toEqual(featherStackFor(p, round));
          const holders = new Set(fs.map((f) => f.seat));
          expect(holders.size).toBe(p - 1);
          expect(holders.has(state.roundLosers[round - 1] as Seat)).toBe(false);
          expect(state.bets.filter((b) => b.round === round)).toHaveLength(p);
        }
        expect(state.bets.every((b) => b.by !== b.on)).toBe(true);
        expect(state.scores).toEqual(expectedScores(state));
        expect(state.winner).toBe(winnerOf(state));
        for (let seat = 0; seat < p; seat++) {
          const spent = state.bets.filter((b) => b.by === seat && b.value === 1).length;
          expect(state.betCards[seat]).toHaveLength(3 - spent);
        }
      }),
      { numRuns: 36 },
    );
    expect([...seen].sort()).toEqual([3, 4, 5]);
  }, 60_000);

  it('keeps every card in exactly one place after every action (60 in all; 3 players: the ones in the box)', () => {
    fc.assert(
      fc.property(players, seed, fc.nat(), (p, gs, cs) => {
        playOut(p, gs, cs, (s) => {
          const places = allPlaces(s);
          expect(places.length).toBe(60);
          expect(places.sort()).toEqual(SORTED);
          if (p === 3) {
            const ones = s.box.filter((c) => c[1] === '1');
            expect(ones).toHaveLength(6);
          }
          expect(s.hands).toHaveLength(p);
          if (s.phase === 2) expect(s.deck).toEqual([]);
        });
      }),
      { numRuns: 18 },
    );
  }, 60_000);

  it('viewFor, for every seat and a spectator, holds nothing R11.3 forbids', () => {
    fc.assert(
      fc.property(players, seed, fc.nat(), (p, gs, cs) => {
        playOut(p, gs, cs, (s) => {
          const hidden = new Set<CardId>([...s.deck, ...s.deck2]);
          hidden.delete(s.trump);
          for (const viewer of [null, ...Array.from({ length: p }, (_, i) => i)]) {
            const v = viewFor(s, viewer);
            const json = JSON.stringify(v);
            // Plain checks first, one expect per view: thousands of views per game.
            const leaks: string[] = [];
            if (json.includes(s.seed)) leaks.push('seed');
            if (json.includes(String(s.rng[1]))) leaks.push('rng');
            for (const c of hidden) if (json.includes(c)) leaks.push(`deck card ${c}`);
            for (let seat = 0; seat < p; seat++) {
              if (seat === viewer) continue;
              for (const c of s.hands[seat] ?? []) if (c !== s.trump && json.includes(c)) leaks.push(`hand card ${c}`);
            }
            for (const b of v.bets) {
              const revealed = b.round <= s.roundLosers.length || b.by === viewer;
              if (!revealed && b.value !== null) leaks.push(`bet of ${b.by}`);
            }
            expect(leaks).toEqual([]);
            expect(v.hand).toEqual(viewer === null ? [] : s.hands[viewer]);
          }
        });
      }),
      { numRuns: 9 },
    );
  }, 60_000);
});

/** A candidate action near the legal ones: a seat's own cards, sometimes one more, any role. */
function candidate(s: GameState, rnd: () => number): Action {
  const seat = Math.floor(rnd() * s.players);
  const hand = s.hands[seat] ?? [];
  const pickCard = (): CardId =>
    rnd() < 0.8 && hand.length > 0
      ? (hand[Math.floor(rnd() * hand.length)] as CardId)
      : (ALL_CARDS[Math.floor(rnd() * 60)] as CardId);
  const kind = Math.floor(rnd() * 5);
  if (kind === 0) {
    const cards = Array.from({ length: 1 + Math.floor(rnd() * 3) }, pickCard);
    return { type: 'play', seat, cards };
  }
  if (kind === 1) {
    const onTable = s.table.length > 0 && rnd() < 0.8;
    const challenge = onTable ? (s.table[Math.floor(rnd() * s.table.length)]?.challenge as CardId) : pickCard();
    return { type: 'reject', seat, pairs: [{ challenge, card: pickCard() }] };
  }
  if (kind === 2) return { type: 'pass', seat };
  if (kind === 3) return { type: 'stand', seat };
  return { type: 'bet', seat, on: Math.floor(rnd() * s.players), value: rnd() < 0.5 ? 0 : 1 };
}

const sameAction = (a: Action, b: Action): boolean => {
  if (a.type === 'play' && b.type === 'play') {
    return a.seat === b.seat && a.cards.length === b.cards.length && a.cards.every((c) => b.cards.includes(c));
  }
  return JSON.stringify(a) === JSON.stringify(b);
};

describe('refusals', () => {
  it('leave the state identical, and an action is accepted exactly when legalActions lists it', () => {
    let refused = 0;
    let accepted = 0;
    fc.assert(
      fc.property(players, seed, fc.nat(), (p, gs, cs) => {
        playOut(p, gs, cs, (s, rnd) => {
          for (let k = 0; k < 3; k++) {
            const a = deepFreeze(candidate(s, rnd));
            const before = structuredClone(s);
            const r = applyAction(s, a);
            const listed = 'seat' in a && legalActions(s, a.seat).some((l) => sameAction(l, a));
            expect(r.ok).toBe(listed);
            if (r.ok) accepted++;
            else {
              refused++;
              expect(r.error.code).not.toBe('INTERNAL');
            }
            expect(s).toEqual(before);
          }
        });
      }),
      { numRuns: 12 },
    );
    expect(refused).toBeGreaterThan(1000);
    expect(accepted).toBeGreaterThan(100);
  }, 60_000);
});

describe('replay', () => {
  it('rebuilds a random game from its seed and its action list', () => {
    fc.assert(
      fc.property(players, seed, fc.nat(), (p, gs, cs) => {
        const rnd = randomStream(`replay-${cs}`);
        const options = { players: p, seed: gs };
        let s = createGame(options);
        const actions: Action[] = [];
        while (!s.over) {
          const all = allLegal(s);
          const a = all[Math.floor(rnd() * all.length)] as Action;
          actions.push(a);
          s = ok(s, a).state;
        }
        const r = replay(options, actions);
        expect(r.ok).toBe(true);
        expect(r.state).toEqual(s);
        // Step by step: one state per action, the last one the game's end.
        const steps = replaySteps(options, actions);
        expect(Array.isArray(steps) && steps.length).toBe(actions.length + 1);
        if (Array.isArray(steps)) expect(steps.at(-1)?.state).toEqual(s);
        // A stale list (one action dropped) is refused at a clear index, not thrown.
        const broken = replay(options, [...actions.slice(0, 3), ...actions.slice(4)]);
        if (!broken.ok) expect(broken.index).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 6 },
    );
  });
});
