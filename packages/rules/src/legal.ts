/** legalActions: every action a seat may take now (one reject pair per action). */
import { type CardId, challengeValue } from './cards.js';
import { mayPass, mayStand, playableCards, rejectOptions, roomFor } from './predicates.js';
import type { Action, BetValue, GameState, Seat } from './types.js';

/**
 * Every non-empty subset of `items` with at most `max` members, smallest first, each size in
 * lexicographic order of positions. Iterative (an index array stepped like an odometer) rather
 * than a recursive walk: bots and the client list every seat's actions at every step.
 */
export function subsetsUpTo<T>(items: readonly T[], max: number): T[][] {
  const n = items.length;
  const top = Math.min(max, n);
  const out: T[][] = [];
  const idx: number[] = [];
  for (let size = 1; size <= top; size++) {
    idx.length = 0;
    for (let i = 0; i < size; i++) idx.push(i);
    for (;;) {
      const pick: T[] = [];
      for (let i = 0; i < size; i++) pick.push(items[idx[i] as number] as T);
      out.push(pick);
      let i = size - 1;
      while (i >= 0 && idx[i] === n - size + i) i--;
      if (i < 0) break;
      idx[i] = (idx[i] as number) + 1;
      for (let j = i + 1; j < size; j++) idx[j] = (idx[j - 1] as number) + 1;
    }
  }
  return out;
}

export function legalActions(s: GameState, seat: Seat): Action[] {
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
