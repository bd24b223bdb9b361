/** legalActions: every action a seat may take now (one reject pair per action). */
import { type CardId, challengeValue } from './cards.js';
import { mayPass, mayStand, playableCards, rejectOptions, roomFor } from './predicates.js';
import type { Action, BetValue, GameState, Seat } from './types.js';

/** Every non-empty subset of `items` with at most `max` members, smallest first. */
export function subsetsUpTo<T>(items: readonly T[], max: number): T[][] {
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
