/**
 * Uniform random play from a PlayerView: every legal action of this seat (as `legalActions` lists them:
 * one reject pair per action, any non-empty play within the limit) is equally likely, without listing
 * them. Plays are counted with binomials and drawn by picking a size, then a random subset, so a seat
 * holding 30 cards costs no more than one holding 5.
 */
import { type Action, type CardId, canBeat, challengeValue, type PlayerView } from '@blaze/rules';
import {
  betTargets,
  canPass,
  canStand,
  distinctBetValues,
  mustBet,
  playableCards,
  roomFor,
  type Strategy,
} from './view.js';

const binomCache: number[][] = [];

/** n choose k, exact for the small numbers here (n <= 60). */
export function binom(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let row = binomCache[n];
  if (row === undefined) {
    row = [];
    binomCache[n] = row;
  }
  const hit = row[k];
  if (hit !== undefined) return hit;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  r = Math.round(r);
  row[k] = r;
  return r;
}

/** subsetCount for n <= 60 and max <= 5 (every limit and room in Blaze), precomputed: the simulator's hot path. */
const SMALL_MAX = 5;
const SMALL = new Float64Array(61 * (SMALL_MAX + 1));
for (let n = 0; n <= 60; n++) {
  for (let max = 0; max <= SMALL_MAX; max++) {
    let t = 0;
    for (let k = 1; k <= Math.min(n, max); k++) t += binom(n, k);
    SMALL[n * (SMALL_MAX + 1) + max] = t;
  }
}

/** How many non-empty subsets of n items have at most `max` members. */
export function subsetCount(n: number, max: number): number {
  if (n <= 60 && max >= 0 && max <= SMALL_MAX) return SMALL[n * (SMALL_MAX + 1) + max] as number;
  let t = 0;
  for (let k = 1; k <= Math.min(n, max); k++) t += binom(n, k);
  return t;
}

const pick = (rnd: () => number, n: number): number => Math.min(n - 1, Math.floor(rnd() * n));

/** A uniformly random non-empty subset of `items` with at most `max` members. */
export function randomSubset<T>(items: readonly T[], max: number, rnd: () => number): T[] {
  const n = items.length;
  let r = rnd() * subsetCount(n, max);
  let size = 1;
  for (; size < Math.min(n, max); size++) {
    r -= binom(n, size);
    if (r < 0) break;
  }
  const pool = items.slice();
  const out: T[] = [];
  for (let i = 0; i < size; i++) {
    const j = i + pick(rnd, n - i);
    const tmp = pool[i] as T;
    pool[i] = pool[j] as T;
    pool[j] = tmp;
    out.push(pool[i] as T);
  }
  return out;
}

function randomBet(view: PlayerView, rnd: () => number): Action | null {
  const seat = view.viewer as number;
  const on = betTargets(view);
  const values = distinctBetValues(view);
  const i = pick(rnd, on.length * values.length);
  return {
    type: 'bet',
    seat,
    on: on[Math.floor(i / values.length)] as number,
    value: values[i % values.length] as 0 | 1,
  };
}

function decideRandom(view: PlayerView, rnd: () => number): Action | null {
  const seat = view.viewer;
  if (seat === null || view.over) return null;
  if (view.betting) return mustBet(view) ? randomBet(view, rnd) : null;

  // Play groups: to open, one group per value (R4.1); to extend, every playable card together.
  const groups: { cards: CardId[]; max: number; count: number }[] = [];
  const playable = playableCards(view, seat, view.hand);
  if (playable.length > 0) {
    if (view.table.length === 0) {
      const byValue = new Map<number, CardId[]>();
      for (const c of playable) {
        const v = challengeValue(c);
        const g = byValue.get(v);
        if (g) g.push(c);
        else byValue.set(v, [c]);
      }
      for (const cards of byValue.values())
        groups.push({ cards, max: view.limit, count: subsetCount(cards.length, view.limit) });
    } else {
      const max = roomFor(view, seat);
      groups.push({ cards: playable, max, count: subsetCount(playable.length, max) });
    }
  }
  let total = 0;
  for (const g of groups) total += g.count;
  const rejects: { challenge: CardId; card: CardId }[] = [];
  // The same pairs rejectOptions lists, without building its Map: this loop is the simulator's hot path.
  if (seat === view.target && !view.targetPassed) {
    for (const card of view.hand) {
      for (const e of view.table) {
        if (e.rejection === null && canBeat(e.challenge, card, view.trump))
          rejects.push({ challenge: e.challenge, card });
      }
    }
  }
  total += rejects.length;
  const pass = canPass(view);
  const stand = canStand(view);
  total += (pass ? 1 : 0) + (stand ? 1 : 0);
  if (total === 0) return null;
  let r = pick(rnd, total);
  for (const g of groups) {
    if (r < g.count) return { type: 'play', seat, cards: randomSubset(g.cards, g.max, rnd) };
    r -= g.count;
  }
  if (r < rejects.length) return { type: 'reject', seat, pairs: [rejects[r] as { challenge: CardId; card: CardId }] };
  r -= rejects.length;
  if (pass && r === 0) return { type: 'pass', seat };
  return { type: 'stand', seat };
}

/** Uniform among this seat's legal options. */
export const randomBot: Strategy = { name: 'random', decide: decideRandom };
