/** legalActions: every action a seat may take now (one reject pair per action). */
import { type CardId, challengeValue } from './cards.js';
import { canBeat, isAttacker, roomFor, tableValueMask } from './predicates.js';
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

/**
 * Push a play action for every non-empty subset of `items[0..n)` with at most `max` cards, in
 * subsetsUpTo's order, building each action's card list directly (no list of subsets in between).
 */
function pushPlays(out: Action[], seat: Seat, items: readonly CardId[], n: number, max: number): void {
  const top = Math.min(max, n);
  const idx = scratch;
  for (let size = 1; size <= top; size++) {
    for (let i = 0; i < size; i++) idx[i] = i;
    for (;;) {
      const cards: CardId[] = new Array(size);
      for (let i = 0; i < size; i++) cards[i] = items[idx[i] as number] as CardId;
      out.push({ type: 'play', seat, cards });
      let i = size - 1;
      while (i >= 0 && idx[i] === n - size + i) i--;
      if (i < 0) break;
      idx[i] = (idx[i] as number) + 1;
      for (let j = i + 1; j < size; j++) idx[j] = (idx[j - 1] as number) + 1;
    }
  }
}
/** Odometer positions for pushPlays (a hand never nears 64 cards; reused so no call allocates it). */
const scratch = new Int32Array(64);
/** Cards of one value, gathered for an opening; reused between calls. */
const group: CardId[] = [];

/**
 * Every action `seat` may take now, in a fixed order: plays (openings per value in order of first
 * appearance in the hand, then by size; extensions by size), rejections (hand order, then table
 * order), pass, stand. Straight from the state, without intermediate lists: bots, the client's
 * highlights and any search call this for every seat at every step. The test keeps the plain
 * definition (legalActionsReference) and checks the two agree.
 */
export function legalActions(s: GameState, seat: Seat): Action[] {
  if (s.over || !Number.isInteger(seat) || seat < 0 || seat >= s.players) return [];
  const out: Action[] = [];
  if (s.betting) {
    for (const b of s.bets) if (b.round === s.round && b.by === seat) return out;
    const held = s.betCards[seat] ?? [];
    // Distinct values in order of first appearance, as a Set would list them.
    const first = held[0];
    let second: BetValue | undefined;
    for (const v of held)
      if (v !== first) {
        second = v;
        break;
      }
    for (let on = 0; on < s.players; on++) {
      if (on === seat) continue;
      if (first !== undefined) out.push({ type: 'bet', seat, on, value: first });
      if (second !== undefined) out.push({ type: 'bet', seat, on, value: second });
    }
    return out;
  }
  const attacker = isAttacker(s, seat);
  const target = seat === s.target;
  // Bystanders may do nothing outside betting: the common case, answered before touching the hand.
  if (!attacker && !target) return out;
  const hand = s.hands[seat] ?? [];
  const table = s.table;
  if (table.length === 0) {
    if (seat === s.active && s.limit > 0) {
      // R4.1: one value per opening; values in order of first appearance in the hand.
      let done = 0; // bit v set once value v has been listed
      for (let i = 0; i < hand.length; i++) {
        const v = challengeValue(hand[i] as CardId);
        if (done & (1 << v)) continue;
        done |= 1 << v;
        group.length = 0;
        for (let j = i; j < hand.length; j++)
          if (challengeValue(hand[j] as CardId) === v) group.push(hand[j] as CardId);
        pushPlays(out, seat, group, group.length, s.limit);
      }
      group.length = 0;
    }
  } else {
    if (attacker) {
      const room = roomFor(s, seat);
      if (room > 0) {
        const values = tableValueMask(table);
        group.length = 0;
        for (const c of hand) if (values & (1 << challengeValue(c))) group.push(c);
        if (group.length > 0) pushPlays(out, seat, group, group.length, room);
        group.length = 0;
      }
    }
    if (target && !s.targetPassed) {
      for (const card of hand) {
        for (const e of table) {
          if (e.rejection === null && canBeat(e.challenge, card, s.trump)) {
            out.push({ type: 'reject', seat, pairs: [{ challenge: e.challenge, card }] });
          }
        }
      }
      out.push({ type: 'pass', seat });
    }
    if (attacker && !s.standing.includes(seat)) out.push({ type: 'stand', seat });
  }
  return out;
}

/**
 * legalActions(s, seat).length > 0, without building a list: the server asks it for every seat it
 * plays after every change, and decides a seat's move only once the seat can act and its move is due.
 */
export function hasLegalAction(s: GameState, seat: Seat): boolean {
  if (s.over || !Number.isInteger(seat) || seat < 0 || seat >= s.players) return false;
  if (s.betting) {
    for (const b of s.bets) if (b.round === s.round && b.by === seat) return false;
    return (s.betCards[seat] ?? []).length > 0 && s.players > 1;
  }
  const attacker = isAttacker(s, seat);
  const target = seat === s.target;
  if (!attacker && !target) return false;
  const hand = s.hands[seat] ?? [];
  if (s.table.length === 0) return seat === s.active && s.limit > 0 && hand.length > 0;
  if (target && !s.targetPassed) return true; // a pass, at least
  if (!attacker) return false;
  if (!s.standing.includes(seat)) return true; // a stand, at least
  if (roomFor(s, seat) <= 0) return false;
  const values = tableValueMask(s.table);
  for (const c of hand) if (values & (1 << challengeValue(c))) return true;
  return false;
}
