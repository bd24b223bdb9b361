/**
 * A sensible Blaze player that sees only its own PlayerView.
 *
 * - Target: rejects with the cheapest sufficient cards (non-trumps before trumps, the trump Firebird
 *   last), preferring rejection values already on the table so the attackers gain no new values; passes
 *   at once when something cannot be rejected, and in phase 1 when rejecting would spend strong cards
 *   while taking is cheap (few, low or paired cards).
 * - Active player: opens with its weakest non-trump value, every copy together.
 * - Attackers: extend to unload weak cards (any card in phase 2, where emptying the hand is the game),
 *   never feed strong cards needlessly in phase 1, and stand when nothing good is left. The active
 *   player claims its priority (R5.3) simply by extending: the rules count an open window's cards as room.
 * - Bets (R9): a 1 on the likely loser (most cards), the 0 when it expects to lose itself.
 */
import { type Action, type CardId, canBeat, type PlayerView, type Seat, tableValueMask } from '@blaze/rules';
import {
  canStand,
  challengeValue,
  isFirebird,
  isTrump,
  mustBet,
  playableCards,
  rejectionValue,
  roomFor,
  type Strategy,
  standingNow,
  targetOwes,
} from './view.js';

/** How much a card is worth keeping (higher = stronger): non-trumps by value, trumps above all of them. */
export function strength(card: CardId, trump: CardId): number {
  // Char codes (suit, then rank) rather than substrings: playouts ask this for every card they weigh.
  const t = card.charCodeAt(0) === trump.charCodeAt(0);
  const r = card.charCodeAt(1);
  if (r === 70) return t ? 30 : 10; // 'F': the trump Firebird is an unrejectable attack and a universal answer
  return t ? r - 38 : r - 48; // 10 + value for a trump, the value otherwise
}

/**
 * Sorts `cards` in place by strength, weakest first (strongest first with `desc`), keeping the order of
 * equals: the same result as a stable Array.sort by strength, without a comparator closure per call.
 * Hands are short, so insertion sort on the precomputed strengths is the cheap way.
 */
function sortByStrength(cards: CardId[], trump: CardId, desc = false): CardId[] {
  const n = cards.length;
  const k: number[] = new Array(n);
  for (let i = 0; i < n; i++) k[i] = strength(cards[i] as CardId, trump);
  for (let i = 1; i < n; i++) {
    const c = cards[i] as CardId;
    const v = k[i] as number;
    let j = i - 1;
    while (j >= 0 && (desc ? (k[j] as number) < v : (k[j] as number) > v)) {
      cards[j + 1] = cards[j] as CardId;
      k[j + 1] = k[j] as number;
      j--;
    }
    cards[j + 1] = c;
    k[j + 1] = v;
  }
  return cards;
}

/** Penalty for a rejection whose value is new on the table: the attackers could extend with it (R4.3). */
const NEW_VALUE_PENALTY = 1.5;

/**
 * A cheap full answer to the unrejected challenge cards, or null when some card cannot be covered.
 * Hardest challenges first, each with the cheapest card that beats it.
 */
export function planRejection(view: PlayerView): { challenge: CardId; card: CardId }[] | null {
  const { trump, hand } = view;
  const open: CardId[] = [];
  for (const e of view.table) if (e.rejection === null) open.push(e.challenge);
  sortByStrength(open, trump, true);
  // Bit v set: value v is on the table (R4.3), the rejections of this plan included as they are chosen.
  let values = tableValueMask(view.table);
  const pairs: { challenge: CardId; card: CardId }[] = [];
  for (const challenge of open) {
    let best: CardId | null = null;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const card of hand) {
      if (!canBeat(challenge, card, trump) || usedIn(pairs, card)) continue;
      const v = rejectionValue(card);
      const cost = strength(card, trump) + ((values >> v) & 1 ? 0 : NEW_VALUE_PENALTY);
      if (cost < bestCost) {
        best = card;
        bestCost = cost;
      }
    }
    if (best === null) return null;
    values |= 1 << rejectionValue(best);
    pairs.push({ challenge, card: best });
  }
  return pairs;
}

function usedIn(pairs: readonly { card: CardId }[], card: CardId): boolean {
  for (const p of pairs) if (p.card === card) return true;
  return false;
}

const MAX_HAND_AFTER_TAKING = 7;

/** Phase 1 only: is taking these cards cheaper than spending strong cards on them? */
function takingIsCheap(view: PlayerView, plan: { challenge: CardId; card: CardId }[]): boolean {
  const { trump, table, hand } = view;
  let strongSpent = 0;
  for (const p of plan) if (isTrump(p.card, trump)) strongSpent += isFirebird(p.card) ? 2 : 1;
  if (strongSpent === 0) return false;
  const late = view.deckCount <= view.players; // phase 2 is near: keep the hand small
  if (late) return false;
  if (table.length > 3) return false;
  for (const e of table) if (isTrump(e.challenge, trump) || isFirebird(e.challenge)) return false;
  // A big hand draws nothing, so taking again would only pass the same cards around the table.
  if (hand.length + table.length > MAX_HAND_AFTER_TAKING) return false;
  let low = true;
  // How many cards of each value (1..10) the target would hold after taking.
  const counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const e of table) {
    const v = challengeValue(e.challenge);
    if (v > 5) low = false;
    counts[v] = (counts[v] as number) + 1;
  }
  for (const c of hand) {
    const v = challengeValue(c);
    counts[v] = (counts[v] as number) + 1;
  }
  let pairedCount = 0;
  for (const e of table) if ((counts[challengeValue(e.challenge)] as number) >= 2) pairedCount++;
  const paired = pairedCount * 2 >= table.length;
  return strongSpent >= 2 || low || paired;
}

function answerAsTarget(view: PlayerView): Action | null {
  const seat = view.viewer as Seat;
  const plan = planRejection(view);
  if (plan === null) return { type: 'pass', seat };
  if (view.phase === 1 && takingIsCheap(view, plan)) return { type: 'pass', seat };
  return { type: 'reject', seat, pairs: plan };
}

const VARY_OPENING = 0.3;
const VARY_OPENING_PHASE_2 = 0.15;

/** R4.1: the weakest non-trump value, every copy of it (within the limit); trumps only when nothing else is left. */
export function chooseOpening(view: PlayerView, rnd?: () => number): CardId[] {
  const { trump, hand } = view;
  // Strengths run from 1 to 30: bit k set when some card of the hand has strength k.
  let keys = 0;
  for (const c of hand) keys |= 1 << strength(c, trump);
  // Phase 2: one group that empties the hand goes out at once.
  if (view.phase === 2 && hand.length > 0 && hand.length <= view.limit) {
    const v = challengeValue(hand[0] as CardId);
    let one = true;
    for (const c of hand) if (challengeValue(c) !== v) one = false;
    if (one) return hand.slice();
  }
  if (keys === 0 || view.limit <= 0) return [];
  let weakest = lowestBit(keys);
  // Vary the opening now and then: in phase 1 a big hand draws nothing, and in phase 2 nobody draws, so
  // the same unbeatable cards could otherwise go round the table for ever (each target takes them and
  // opens with them in turn).
  const vary = view.phase === 2 ? VARY_OPENING_PHASE_2 : hand.length > 5 ? VARY_OPENING : 0;
  if (rnd && vary > 0 && rnd() < vary) {
    const plain = keys & PLAIN_STRENGTHS;
    const pool = plain !== 0 ? plain : keys;
    weakest = nthBit(pool, Math.min(bitCount(pool) - 1, Math.floor(rnd() * bitCount(pool))));
  }
  const out: CardId[] = [];
  for (const c of hand) {
    if (out.length >= view.limit) break;
    if (strength(c, trump) === weakest) out.push(c);
  }
  return out;
}

/** Strengths 0..10: the non-trump cards. */
const PLAIN_STRENGTHS = (1 << 11) - 1;

function lowestBit(m: number): number {
  return 31 - Math.clz32(m & -m);
}

function bitCount(m: number): number {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
}

/** The position of the i-th set bit of m (0: the lowest). */
function nthBit(m: number, i: number): number {
  let x = m;
  for (let k = 0; k < i; k++) x &= x - 1;
  return lowestBit(x);
}

/** Which of the playable cards this attacker is glad to add now, weakest first. */
function extensionCards(view: PlayerView): CardId[] {
  const seat = view.viewer as Seat;
  const { trump } = view;
  const playable = playableCards(view, seat, view.hand);
  if (playable.length === 0) return [];
  const room = roomFor(view, seat);
  sortByStrength(playable, trump);
  const good: CardId[] = [];
  if (view.phase === 2) {
    // Unload fast. Trumps only when they go out with the rest, or the target has passed and takes them.
    const goesOut = view.hand.length <= room && playable.length === view.hand.length;
    const all = goesOut || view.targetPassed;
    for (const c of playable) {
      if (good.length >= room) break;
      if (all || !isTrump(c, trump) || isFirebird(c)) good.push(c);
    }
  } else {
    // Phase 1: unload weak cards; never feed a target trumps or Firebirds.
    const cap = view.targetPassed ? 7 : 6;
    for (const c of playable) {
      if (good.length >= room) break;
      if (!isTrump(c, trump) && !isFirebird(c) && challengeValue(c) <= cap) good.push(c);
    }
  }
  // playableCards is empty without room, so room > 0 here and `good` holds at most `room` cards.
  return good;
}

function actAsAttacker(view: PlayerView, rnd: () => number): Action | null {
  const seat = view.viewer as Seat;
  if (view.table.length === 0) {
    if (seat !== view.active) return null;
    const cards = chooseOpening(view, rnd);
    return cards.length > 0 ? { type: 'play', seat, cards } : null;
  }
  const cards = extensionCards(view);
  if (cards.length > 0) return { type: 'play', seat, cards };
  if (standingNow(view) || !canStand(view)) return null;
  return { type: 'stand', seat };
}

/** R9: a 1 on the seat most likely to lose (most cards); the 0 when this seat expects to lose itself. */
export function chooseBet(view: PlayerView, rnd: () => number): Action | null {
  if (!mustBet(view)) return null;
  const me = view.viewer as Seat;
  const counts = view.handCounts;
  // Every other seat may be bet on (R9.1): the likely losers are those with the most cards.
  let most = -1;
  let likely = 0;
  for (let s = 0; s < view.players; s++) {
    if (s === me) continue;
    const n = counts[s] ?? 0;
    if (n > most) {
      most = n;
      likely = 0;
    }
    if (n === most) likely++;
  }
  let k = Math.min(likely - 1, Math.floor(rnd() * likely));
  let on = 0;
  for (let s = 0; s < view.players; s++) {
    if (s === me || (counts[s] ?? 0) !== most) continue;
    if (k-- === 0) {
      on = s;
      break;
    }
  }
  const expectLoss = (counts[me] ?? 0) >= most;
  const hasZero = view.betHand.includes(0);
  const hasOne = view.betHand.includes(1);
  const value: 0 | 1 = (expectLoss && hasZero) || !hasOne ? 0 : 1;
  return { type: 'bet', seat: me, on, value };
}

function decideHeuristic(view: PlayerView, rnd: () => number): Action | null {
  const seat = view.viewer;
  if (seat === null || view.over) return null;
  if (view.betting) return chooseBet(view, rnd);
  if (targetOwes(view)) return answerAsTarget(view);
  if (seat === view.active || seat === view.supporter) return actAsAttacker(view, rnd);
  return null;
}

export const heuristicBot: Strategy = { name: 'heuristic', decide: decideHeuristic };
