/**
 * What a bot may know, read from a PlayerView only (R11): its own hand, the table, public counts.
 * Legality always comes from the rules' own predicates, so a bot's answer is what the server accepts.
 */
import {
  type Action,
  allRejected,
  type BetValue,
  type CardId,
  challengeValue,
  checkPass,
  checkStand,
  isFirebird,
  isStanding,
  type PlayerView,
  playableCards,
  rejectionValue,
  rejectOptions,
  roomFor,
  type Seat,
  suitOf,
} from '@blaze/rules';

/** A pure, seeded decision: the action this seat sends now, or null when it has nothing to do. */
export interface Strategy {
  readonly name: string;
  decide(view: PlayerView, rnd: () => number): Action | null;
}

export const isTrump = (card: CardId, trump: CardId): boolean => suitOf(card) === suitOf(trump);

/** Whether this viewer still has to place its bet this round (R9.1). */
export function mustBet(view: PlayerView): boolean {
  if (view.viewer === null || view.over || !view.betting) return false;
  const me = view.viewer;
  if (view.betHand.length === 0) return false;
  for (const b of view.bets) if (b.round === view.round && b.by === me) return false;
  return true;
}

/** Seats another player may be bet on: everyone but the viewer (R9.1). */
export function betTargets(view: PlayerView): Seat[] {
  const out: Seat[] = [];
  for (let s = 0; s < view.players; s++) if (s !== view.viewer) out.push(s);
  return out;
}

export function distinctBetValues(view: PlayerView): BetValue[] {
  return [...new Set(view.betHand)].sort((a, b) => a - b);
}

/** Unrejected challenge cards on the table, in play order. */
export function unrejected(view: PlayerView): CardId[] {
  const out: CardId[] = [];
  for (const e of view.table) if (e.rejection === null) out.push(e.challenge);
  return out;
}

/** The target still owes an answer (R5.2): something is unrejected and it has not passed. */
export function targetOwes(view: PlayerView): boolean {
  return (
    view.viewer === view.target &&
    !view.betting &&
    !view.over &&
    view.table.length > 0 &&
    !view.targetPassed &&
    !allRejected(view)
  );
}

/** Explicitly or implicitly standing (R4.6), judged from the view with the rules' predicate. */
export function standingNow(view: PlayerView): boolean {
  if (view.viewer === null) return true;
  return isStanding(view, view.viewer, view.hand, view.standing);
}

export function canStand(view: PlayerView): boolean {
  return view.viewer !== null && checkStand(view, view.viewer, view.standing) === null;
}

export function canPass(view: PlayerView): boolean {
  return view.viewer !== null && checkPass(view, view.viewer) === null;
}

export { challengeValue, isFirebird, playableCards, rejectionValue, rejectOptions, roomFor };
