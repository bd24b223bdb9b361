/**
 * What a round's end shows (issue #10): who lost, every bet of the round revealed with what it scored
 * (R9.2), the feathers of the round, and the new trump. Built from two snapshots, because the server
 * ends round 1 and deals round 2 within one patch.
 */
import type { BetValue, CardId, Seat } from '@blaze/rules';
import { type ClientTable, nameOf, t } from '../../../shell/host.js';

export type BetOutcome =
  /** A 0 goes back to its owner (R9.2). */
  | { kind: 'back' }
  /** A 1 on a player who did not lose scores for that player. */
  | { kind: 'scoresFor'; seat: Seat }
  /** A 1 on the loser scores for its owner. */
  | { kind: 'scoresForOwner' };

export interface SummaryBet {
  by: Seat;
  on: Seat;
  value: BetValue | null;
  outcome: BetOutcome | null;
}

export interface RoundSummary {
  round: 1 | 2;
  loser: Seat;
  bets: SummaryBet[];
  feathers: { seat: Seat; value: number }[];
  /** Round 2's trump once dealt; null after the last round. */
  newTrump: CardId | null;
  /**
   * Round 2's trump is of the suit round 1 had ("stays blue", not "new trump: blue"); null when this
   * page never saw round 1's trump (it arrived during the break).
   */
  sameTrump: boolean | null;
  gameOver: boolean;
}

export function outcomeOf(value: BetValue | null, on: Seat, loser: Seat): BetOutcome | null {
  if (value === null) return null;
  if (value === 0) return { kind: 'back' };
  return on === loser ? { kind: 'scoresForOwner' } : { kind: 'scoresFor', seat: on };
}

/** The summary of the round that ended between `prev` and `next`, or null if none did. */
export function roundEnded(prev: ClientTable | null, next: ClientTable): RoundSummary | null {
  const v = next.view;
  const before = prev?.view?.roundLosers.length ?? 0;
  if (!v || prev?.view === null || prev === null || v.roundLosers.length <= before) return null;
  return summaryOf(next, v.roundLosers.length === 2 ? 2 : 1, prev.view?.trump);
}

/**
 * Arriving (a reload, a spectator opening the link) while round 2 is dealt and nobody has played in
 * it yet: the summary of round 1 is what everyone else is looking at, and what the break is for.
 */
export function arrivedInBreak(tb: ClientTable): RoundSummary | null {
  const v = tb.view;
  if (!v || v.over || tb.status !== 'playing' || v.round !== 2 || v.roundLosers.length !== 1) return null;
  const untouched = v.table.length === 0 && v.discard.length === 0 && !v.feathers.some((f) => f.round === 2);
  return untouched ? summaryOf(tb, 1, null) : null;
}

/**
 * The summary of the last round played, read from a finished table: the final results fold it in,
 * so the game's end shows at once rather than behind the last round's overlay.
 */
export function lastRound(tb: ClientTable): RoundSummary | null {
  const n = tb.view?.roundLosers.length ?? 0;
  return n === 0 ? null : summaryOf(tb, n === 2 ? 2 : 1);
}

export function summaryOf(tb: ClientTable, round: 1 | 2, trumpBefore?: CardId | null): RoundSummary | null {
  const v = tb.view;
  const loser = v?.roundLosers[round - 1];
  if (!v || loser === undefined) return null;
  const newTrump = round === 1 && v.round === 2 ? v.trump : null;
  return {
    round,
    loser,
    bets: v.bets
      .filter((b) => b.round === round)
      .map((b) => ({ by: b.by, on: b.on, value: b.value, outcome: outcomeOf(b.value, b.on, loser) })),
    feathers: v.feathers.filter((f) => f.round === round).map((f) => ({ seat: f.seat, value: f.value })),
    newTrump,
    sameTrump: trumpBefore === null ? null : newTrump !== null && trumpBefore?.[0] === newTrump[0],
    gameOver: v.over || tb.status === 'finished',
  };
}

/** A revealed bet in words, and what it scored (R9.2): the summary's, the results' and the live region's. */
export function betWords(b: SummaryBet, tb: ClientTable): { bet: string; outcome: string } {
  const name = (seat: number) => nameOf(tb, seat);
  // The viewer's own seat reads as "you" in the sentence's own case (German: "auf dich", not "auf Du").
  const key = b.by === tb.mySeat ? 'summary.bet.you' : b.on === tb.mySeat ? 'summary.bet.onYou' : 'summary.bet';
  const bet = t(key, { name: name(b.by), other: name(b.on), value: b.value === null ? '?' : b.value });
  const o = b.outcome;
  if (!o) return { bet, outcome: '' };
  const to = o.kind === 'scoresFor' ? o.seat : b.by;
  if (o.kind === 'back')
    return { bet, outcome: b.by === tb.mySeat ? t('summary.back.you') : t('summary.back', { name: name(b.by) }) };
  return { bet, outcome: to === tb.mySeat ? t('summary.scores.you') : t('summary.scores', { name: name(to) }) };
}
