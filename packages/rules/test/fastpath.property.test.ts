/**
 * The fast forms equal the plain definitions they replaced: subsets by an odometer instead of a
 * recursive walk; legalActions straight from the state instead of through lists of subsets and
 * rejection maps; views sharing frozen public copies instead of copying everything per viewer.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type CardId, challengeValue } from '../src/cards.js';
import { applyAction } from '../src/engine.js';
import { hasLegalAction, legalActions, subsetsUpTo } from '../src/legal.js';
import { mayPass, mayStand, playableCards, rejectOptions, roomFor } from '../src/predicates.js';
import { createGame } from '../src/setup.js';
import type { Action, BetValue, GameState, PlayerCount, PlayerView, Seat } from '../src/types.js';
import { viewFor } from '../src/view.js';

/** The definition before: a recursive walk, smallest subsets first. */
function subsetsReference<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const walk = (from: number, size: number) => {
    if (pick.length === size) {
      out.push(pick.slice());
      return;
    }
    for (let i = from; i <= items.length - (size - pick.length); i++) {
      pick.push(items[i] as T);
      walk(i + 1, size);
      pick.pop();
    }
  };
  for (let size = 1; size <= Math.min(max, items.length); size++) walk(0, size);
  return out;
}

it('subsetsUpTo lists exactly the reference subsets, in the same order', () => {
  fc.assert(
    fc.property(fc.array(fc.integer(), { maxLength: 9 }), fc.integer({ min: -1, max: 10 }), (items, max) => {
      expect(subsetsUpTo(items, max)).toEqual(subsetsReference(items, max));
    }),
  );
});

it('viewFor copies what the spread copy did, and shares no array or entry with the state', () => {
  fc.assert(
    fc.property(fc.constantFrom<PlayerCount>(3, 4, 5), fc.string(), fc.nat(400), (players, seed, steps) => {
      let s: GameState = createGame({ players, seed });
      let k = 0;
      for (let i = 0; i < steps && !s.over; i++) {
        const seat = (k++ % players) as number;
        const a = legalActions(s, seat)[0];
        if (!a) continue;
        const r = applyAction(s, a);
        if (r.ok) s = r.state;
      }
      for (const viewer of [null, ...Array.from({ length: players }, (_, i) => i)]) {
        const v = viewFor(s, viewer);
        expect(v.table).toEqual(s.table.map((e) => ({ ...e })));
        expect(v.feathers).toEqual(s.feathers.map((f) => ({ ...f })));
        for (let i = 0; i < s.table.length; i++) expect(v.table[i]).not.toBe(s.table[i]);
        for (let i = 0; i < s.feathers.length; i++) expect(v.feathers[i]).not.toBe(s.feathers[i]);
      }
    }),
    { numRuns: 40 },
  );
});

/** legalActions as first written: every subset of the playable cards, rejections from rejectOptions. */
function legalActionsReference(s: GameState, seat: Seat): Action[] {
  if (s.over || !Number.isInteger(seat) || seat < 0 || seat >= s.players) return [];
  const out: Action[] = [];
  if (s.betting) {
    if (s.bets.some((b) => b.round === s.round && b.by === seat)) return out;
    const values = [...new Set(s.betCards[seat] ?? [])] as BetValue[];
    for (let on = 0; on < s.players; on++) {
      if (on === seat) continue;
      for (const value of values) out.push({ type: 'bet', seat, on, value });
    }
    return out;
  }
  const hand = s.hands[seat] ?? [];
  const playable = playableCards(s, seat, hand);
  if (playable.length > 0) {
    if (s.table.length === 0) {
      const byValue = new Map<number, CardId[]>();
      for (const c of playable) {
        const v = challengeValue(c);
        const group = byValue.get(v);
        if (group) group.push(c);
        else byValue.set(v, [c]);
      }
      for (const group of byValue.values()) {
        for (const cards of subsetsUpTo(group, s.limit)) out.push({ type: 'play', seat, cards });
      }
    } else {
      for (const cards of subsetsUpTo(playable, roomFor(s, seat))) out.push({ type: 'play', seat, cards });
    }
  }
  for (const [card, challenges] of rejectOptions(s, seat, hand)) {
    for (const challenge of challenges) out.push({ type: 'reject', seat, pairs: [{ challenge, card }] });
  }
  if (mayPass(s, seat)) out.push({ type: 'pass', seat });
  if (mayStand(s, seat, s.standing)) out.push({ type: 'stand', seat });
  return out;
}

/** viewFor as first written: a fresh copy of everything per viewer. */
function viewReference(s: GameState, viewer: Seat | null): PlayerView {
  const seated = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.players;
  const me = seated ? viewer : null;
  const revealedRounds = s.roundLosers.length;
  return {
    ...s,
    viewer: me,
    deckCount: s.deck.length,
    deck2Count: s.deck2.length,
    hand: me === null ? [] : (s.hands[me] ?? []).slice(),
    handCounts: s.hands.map((h) => h.length),
    betHand: me === null ? [] : (s.betCards[me] ?? []).slice(),
    table: s.table.map((e) => ({ ...e })),
    standing: s.standing.slice(),
    window: s.window === null ? null : { seat: s.window.seat, cards: s.window.cards.slice() },
    discard: s.discard.slice(),
    featherStack: s.featherStack.slice(),
    feathers: s.feathers.map((f) => ({ ...f })),
    bets: s.bets.map((b) => ({ ...b, value: b.by === me || b.round <= revealedRounds ? b.value : null })),
    out: s.out.slice(),
    scores: s.scores.slice(),
    roundLosers: s.roundLosers.slice(),
  };
}

/** Only the fields a PlayerView has (the reference spreads the state, secrets included). */
function viewFields(v: PlayerView, like: PlayerView): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(like)) o[k] = (v as unknown as Record<string, unknown>)[k];
  return o;
}

it('legalActions and viewFor equal their reference definitions for every seat at every step of random games', () => {
  fc.assert(
    fc.property(
      fc.constantFrom<PlayerCount>(3, 4, 5),
      fc.string(),
      fc.array(fc.nat(), { minLength: 50, maxLength: 700 }),
      (players, seed, choices) => {
        let s: GameState = createGame({ players, seed });
        for (const choice of choices) {
          if (s.over) break;
          const options: Action[] = [];
          for (const viewer of [null, ...Array.from({ length: players }, (_, i) => i)]) {
            const fast = viewFor(s, viewer);
            expect(fast).toEqual(viewFields(viewReference(s, viewer), fast));
          }
          for (let seat = 0; seat < players; seat++) {
            const fast = legalActions(s, seat);
            expect(fast).toEqual(legalActionsReference(s, seat));
            expect(hasLegalAction(s, seat)).toBe(fast.length > 0);
            options.push(...fast);
          }
          if (s.window !== null) options.push({ type: 'closeWindow' });
          const a = options[choice % Math.max(1, options.length)];
          if (!a) break;
          const r = applyAction(s, a);
          expect(r.ok).toBe(true);
          if (r.ok) s = r.state;
        }
      },
    ),
    { numRuns: 25 },
  );
}, 60_000);

it("views are immutable: public parts are frozen, own hand and betting cards are the viewer's to change", () => {
  let s: GameState = createGame({ players: 4, seed: 'frozen' });
  for (let i = 0; i < 40; i++) {
    const a = legalActions(s, s.active)[0] ?? legalActions(s, s.target)[0];
    if (!a) break;
    const r = applyAction(s, a);
    if (r.ok) s = r.state;
  }
  const v = viewFor(s, 0);
  for (const part of [v.table, v.discard, v.handCounts, v.scores, v.feathers, v.bets, v.standing, v.out]) {
    expect(Object.isFrozen(part)).toBe(true);
  }
  for (const e of v.table) expect(Object.isFrozen(e)).toBe(true);
  expect(() => (v.scores as number[]).push(1)).toThrow(TypeError);
  v.hand.sort();
  v.hand.push('r1a');
  expect(viewFor(s, 0).hand).toEqual(s.hands[0]);
});

it('a view follows a state changed in place by appending (the engine never does; tests building positions may)', () => {
  const s: GameState = createGame({ players: 3, seed: 'in-place' });
  expect(viewFor(s, null).discard).toEqual([]);
  s.discard.push('r5a');
  expect(viewFor(s, null).discard).toEqual(['r5a']);
});
