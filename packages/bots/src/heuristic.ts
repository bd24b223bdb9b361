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
import { type Action, type CardId, canBeat, type PlayerView, type Seat, tableValues } from '@blaze/rules';
import {
  betTargets,
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
  const t = isTrump(card, trump);
  if (isFirebird(card)) return t ? 30 : 10; // trump Firebird: unrejectable attack and a universal answer
  return t ? 10 + challengeValue(card) : challengeValue(card);
}

/** Penalty for a rejection whose value is new on the table: the attackers could extend with it (R4.3). */
const NEW_VALUE_PENALTY = 1.5;

/**
 * A cheap full answer to the unrejected challenge cards, or null when some card cannot be covered.
 * Hardest challenges first, each with the cheapest card that beats it.
 */
export function planRejection(view: PlayerView): { challenge: CardId; card: CardId }[] | null {
  const { trump } = view;
  const open = view.table.filter((e) => e.rejection === null).map((e) => e.challenge);
  open.sort((a, b) => strength(b, trump) - strength(a, trump));
  const values = tableValues(view.table);
  const used = new Set<CardId>();
  const pairs: { challenge: CardId; card: CardId }[] = [];
  for (const challenge of open) {
    let best: CardId | null = null;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const card of view.hand) {
      if (used.has(card) || !canBeat(challenge, card, trump)) continue;
      const v = rejectionValue(card);
      const cost = strength(card, trump) + (values.has(v) ? 0 : NEW_VALUE_PENALTY);
      if (cost < bestCost) {
        best = card;
        bestCost = cost;
      }
    }
    if (best === null) return null;
    used.add(best);
    values.add(rejectionValue(best));
    pairs.push({ challenge, card: best });
  }
  return pairs;
}

const MAX_HAND_AFTER_TAKING = 7;

/** Phase 1 only: is taking these cards cheaper than spending strong cards on them? */
function takingIsCheap(view: PlayerView, plan: { challenge: CardId; card: CardId }[]): boolean {
  const { trump } = view;
  const strongSpent = plan.filter((p) => isTrump(p.card, trump)).reduce((n, p) => n + (isFirebird(p.card) ? 2 : 1), 0);
  if (strongSpent === 0) return false;
  const late = view.deckCount <= view.players; // phase 2 is near: keep the hand small
  if (late) return false;
  const taken = view.table.map((e) => e.challenge);
  if (taken.length > 3 || taken.some((c) => isTrump(c, trump) || isFirebird(c))) return false;
  // A big hand draws nothing, so taking again would only pass the same cards around the table.
  if (view.hand.length + taken.length > MAX_HAND_AFTER_TAKING) return false;
  const low = taken.every((c) => challengeValue(c) <= 5);
  const counts = new Map<number, number>();
  for (const c of [...taken, ...view.hand]) counts.set(challengeValue(c), (counts.get(challengeValue(c)) ?? 0) + 1);
  const paired = taken.filter((c) => (counts.get(challengeValue(c)) ?? 0) >= 2).length * 2 >= taken.length;
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
  const { trump } = view;
  const groups = new Map<number, CardId[]>();
  for (const c of view.hand) {
    const key = strength(c, trump);
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  const keys = [...groups.keys()].sort((a, b) => a - b);
  // Phase 2: one group that empties the hand goes out at once.
  if (view.phase === 2) {
    const values = new Set(view.hand.map(challengeValue));
    if (values.size === 1 && view.hand.length <= view.limit) return view.hand.slice();
  }
  let weakest = keys[0];
  if (weakest === undefined || view.limit <= 0) return [];
  // Vary the opening now and then: in phase 1 a big hand draws nothing, and in phase 2 nobody draws, so
  // the same unbeatable cards could otherwise go round the table for ever (each target takes them and
  // opens with them in turn).
  const vary = view.phase === 2 ? VARY_OPENING_PHASE_2 : view.hand.length > 5 ? VARY_OPENING : 0;
  if (rnd && vary > 0 && rnd() < vary) {
    const plain = keys.filter((k) => k <= 10);
    const pool = plain.length > 0 ? plain : keys;
    weakest = pool[Math.min(pool.length - 1, Math.floor(rnd() * pool.length))] as number;
  }
  return (groups.get(weakest) as CardId[]).slice(0, view.limit);
}

/** Which of the playable cards this attacker is glad to add now, weakest first. */
function extensionCards(view: PlayerView): CardId[] {
  const seat = view.viewer as Seat;
  const { trump } = view;
  const playable = playableCards(view, seat, view.hand);
  if (playable.length === 0) return [];
  const room = roomFor(view, seat);
  playable.sort((a, b) => strength(a, trump) - strength(b, trump));
  let good: CardId[];
  if (view.phase === 2) {
    // Unload fast. Trumps only when they go out with the rest, or the target has passed and takes them.
    const goesOut = view.hand.length <= room && playable.length === view.hand.length;
    good = goesOut || view.targetPassed ? playable : playable.filter((c) => !isTrump(c, trump) || isFirebird(c));
  } else {
    // Phase 1: unload weak cards; never feed a target trumps or Firebirds.
    const cap = view.targetPassed ? 7 : 6;
    good = playable.filter((c) => !isTrump(c, trump) && !isFirebird(c) && challengeValue(c) <= cap);
  }
  return good.slice(0, room);
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
  const others = betTargets(view);
  const cards = (s: Seat) => view.handCounts[s] ?? 0;
  let most = -1;
  for (const s of others) most = Math.max(most, cards(s));
  const likely = others.filter((s) => cards(s) === most);
  const on = likely[Math.min(likely.length - 1, Math.floor(rnd() * likely.length))] as Seat;
  const expectLoss = cards(me) >= most;
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
