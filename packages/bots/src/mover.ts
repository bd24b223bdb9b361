/**
 * The simulator's own random mover: uniform over `legalActions(state, seat)`, read straight from the
 * GameState (no view, no listing of subsets), so the rules bench measures the engine rather than the
 * bookkeeping of a bot. Not a player: it sees the whole state, so the server never uses it.
 */
import {
  type Action,
  type CardId,
  canBeat,
  challengeValue,
  checkPass,
  checkStand,
  type GameState,
  isAttacker,
  roomFor,
  type Seat,
  tableValueMask,
} from '@blaze/rules';
import { randomSubset, subsetCount } from './random.js';

const pick = (rnd: () => number, n: number): number => Math.min(n - 1, Math.floor(rnd() * n));
/** Cards per challenge value 1..10 while counting openings; reset before each use. */
const perValue = new Int32Array(11);

/** How many actions `legalActions(s, seat)` lists, by kind, without listing them. */
export function legalCounts(s: GameState, seat: Seat): { play: number; reject: number; pass: number; stand: number } {
  const out = { play: 0, reject: 0, pass: 0, stand: 0 };
  if (s.over || s.betting) return out;
  const hand = s.hands[seat] ?? [];
  if (s.table.length === 0) {
    if (seat === s.active && s.limit > 0) {
      perValue.fill(0);
      for (const c of hand) {
        const v = challengeValue(c);
        perValue[v] = (perValue[v] as number) + 1;
      }
      for (let v = 1; v <= 10; v++) out.play += subsetCount(perValue[v] as number, s.limit);
    }
  } else {
    if (isAttacker(s, seat)) {
      const room = roomFor(s, seat);
      if (room > 0) {
        const mask = tableValueMask(s.table);
        let n = 0;
        for (const c of hand) if (mask & (1 << challengeValue(c))) n++;
        out.play = subsetCount(n, room);
      }
    }
    if (seat === s.target && !s.targetPassed) {
      for (const c of hand)
        for (const e of s.table) if (e.rejection === null && canBeat(e.challenge, c, s.trump)) out.reject++;
    }
  }
  out.pass = checkPass(s, seat) === null ? 1 : 0;
  out.stand = checkStand(s, seat, s.standing) === null ? 1 : 0;
  return out;
}

function randomBet(s: GameState, seat: Seat, rnd: () => number): Action | null {
  if (s.bets.some((b) => b.round === s.round && b.by === seat)) return null;
  const held = s.betCards[seat] ?? [];
  const values = ([0, 1] as const).filter((v) => held.includes(v));
  if (values.length === 0) return null;
  const i = pick(rnd, (s.players - 1) * values.length);
  const k = Math.floor(i / values.length);
  return { type: 'bet', seat, on: k >= seat ? k + 1 : k, value: values[i % values.length] as 0 | 1 };
}

/** A uniformly random action among everything `seat` may do now, or null. */
export function randomLegalAction(s: GameState, seat: Seat, rnd: () => number): Action | null {
  if (s.over) return null;
  if (s.betting) return randomBet(s, seat, rnd);
  const n = legalCounts(s, seat);
  const total = n.play + n.reject + n.pass + n.stand;
  if (total === 0) return null;
  let r = pick(rnd, total);
  const hand = s.hands[seat] ?? [];
  if (r < n.play) {
    if (s.table.length === 0) {
      // Find the value group holding play number r (perValue still holds legalCounts' tally), then a
      // uniform subset of it.
      for (let v = 1; v <= 10; v++) {
        const count = subsetCount(perValue[v] as number, s.limit);
        if (r < count) {
          const group = hand.filter((c) => challengeValue(c) === v);
          return { type: 'play', seat, cards: randomSubset(group, s.limit, rnd) };
        }
        r -= count;
      }
      return null;
    }
    const mask = tableValueMask(s.table);
    const playable = hand.filter((c) => (mask & (1 << challengeValue(c))) !== 0);
    return { type: 'play', seat, cards: randomSubset(playable, roomFor(s, seat), rnd) };
  }
  r -= n.play;
  if (r < n.reject) {
    for (const card of hand) {
      for (const e of s.table) {
        if (e.rejection !== null || !canBeat(e.challenge, card, s.trump)) continue;
        if (r === 0) return { type: 'reject', seat, pairs: [{ challenge: e.challenge as CardId, card }] };
        r--;
      }
    }
    return null;
  }
  r -= n.reject;
  if (r < n.pass) return { type: 'pass', seat };
  return { type: 'stand', seat };
}
