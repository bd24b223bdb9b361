/**
 * Legality from what a player sees. The engine judges every action with these same functions,
 * and the web client imports them to light up cards, so a highlight is exactly what the server accepts.
 */
import { type CardId, challengeValue, rejectionValue } from './cards.js';
import type { ErrorParams, RuleError, Seat, TableEntry, TakeBackWindow } from './types.js';

/** The part of a game a seated player can see that legality depends on (GameState and PlayerView both fit). */
export interface Situation {
  trump: CardId;
  table: readonly TableEntry[];
  limit: number;
  active: Seat;
  target: Seat;
  supporter: Seat | null;
  targetPassed: boolean;
  window: TakeBackWindow | null;
  betting: boolean;
  over: boolean;
}

export const err = (code: RuleError['code'], message: string, params?: ErrorParams): RuleError =>
  params ? { code, message, params } : { code, message };

const F = 70; // 'F'
const ZERO = 48; // '0'

/** R4.2 with R1.2. Char codes rather than substrings: this runs for every card pair a target weighs. */
export function canBeat(challenge: CardId, card: CardId, trump: CardId): boolean {
  const t = trump.charCodeAt(0);
  const cs = challenge.charCodeAt(0);
  const ks = card.charCodeAt(0);
  const cr = challenge.charCodeAt(1);
  const kr = card.charCodeAt(1);
  const cv = cr === F ? 10 : cr - ZERO;
  const kv = kr === F ? 0 : kr - ZERO;
  if (cs === t) return ks === t && kv >= cv;
  if (ks === t) return true;
  return ks === cs && kv >= cv;
}
/** R4.3: values on the table in this challenge, challenge cards at 10 for a Firebird, rejections at 0. */
export function tableValues(table: readonly TableEntry[]): Set<number> {
  const v = new Set<number>();
  for (const e of table) {
    v.add(challengeValue(e.challenge));
    if (e.rejection !== null) v.add(rejectionValue(e.rejection));
  }
  return v;
}

/** tableValues as a bit mask (bit v set for value v): the hot-path form, no allocation. */
export function tableValueMask(table: readonly TableEntry[]): number {
  let m = 0;
  for (const e of table) {
    m |= 1 << challengeValue(e.challenge);
    if (e.rejection !== null) m |= 1 << rejectionValue(e.rejection);
  }
  return m;
}

const onTable = (mask: number, card: CardId): boolean => (mask & (1 << challengeValue(card))) !== 0;

export function isAttacker(s: Situation, seat: Seat): boolean {
  return seat === s.active || (s.supporter !== null && seat === s.supporter);
}

export function challengeOpen(s: Situation): boolean {
  return s.table.length > 0;
}

export function allRejected(s: Situation): boolean {
  for (const e of s.table) if (e.rejection === null) return false;
  return true;
}

/** Window cards still on the table unrejected, in play order (R5.3: only these can go back). */
export function takeBackable(s: Situation): CardId[] {
  if (s.window === null) return [];
  const out: CardId[] = [];
  for (const c of s.window.cards) {
    const e = entryOf(s.table, c);
    if (e && e.rejection === null) out.push(c);
  }
  return out;
}

/** takeBackable(s).length without the list: roomFor asks this at every step of a playout. */
export function takeBackableCount(s: Situation): number {
  if (s.window === null) return 0;
  let n = 0;
  for (const c of s.window.cards) {
    const e = entryOf(s.table, c);
    if (e && e.rejection === null) n++;
  }
  return n;
}

/** How many more challenge cards `seat` may add now: R4.4, plus R5.3's take-back room for the active player. */
export function roomFor(s: Situation, seat: Seat): number {
  const free = s.limit - s.table.length;
  if (seat === s.active && s.window !== null) return free + takeBackableCount(s);
  return free;
}

/** R4.1: an opening is one value, any suits. */
export function isOpening(cards: readonly CardId[]): boolean {
  const first = cards[0];
  if (first === undefined) return false;
  const v = challengeValue(first);
  return cards.every((c) => challengeValue(c) === v);
}

function phaseError(s: Situation): RuleError | null {
  if (s.over) return err('GAME_OVER', 'The game is over.');
  if (s.betting) return err('WRONG_PHASE', 'Bets are being placed; play resumes once everyone has bet.');
  return null;
}

function cardsError(hand: readonly CardId[], cards: readonly CardId[]): RuleError | null {
  if (cards.length === 0) return err('EMPTY_PLAY', 'Choose at least one card.');
  // Pairwise rather than a Set: lists are a few cards long and this runs on every play and rejection.
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as CardId;
    for (let j = 0; j < i; j++) if (cards[j] === c) return err('DUPLICATE_CARD', `${c} is listed twice.`, { card: c });
    if (!hand.includes(c)) return err('CARD_NOT_IN_HAND', `${c} is not in your hand.`, { card: c });
  }
  return null;
}

/** Whether `seat` may play `cards` now, opening (R4.1) or extending (R4.3, R4.4, R5.3). */
export function checkPlay(
  s: Situation,
  seat: Seat,
  hand: readonly CardId[],
  cards: readonly CardId[],
): RuleError | null {
  const pe = phaseError(s);
  if (pe) return pe;
  if (!challengeOpen(s)) {
    if (seat !== s.active) return err('NOT_YOUR_ROLE', 'Only the active player may open a challenge.');
    const ce = cardsError(hand, cards);
    if (ce) return ce;
    if (!isOpening(cards)) return err('MIXED_VALUES', 'An opening must be cards of one value.');
    if (cards.length > s.limit)
      return err('LIMIT_REACHED', `At most ${s.limit} cards may be played in this challenge.`, {
        limit: s.limit,
        room: s.limit,
      });
    return null;
  }
  if (!isAttacker(s, seat)) return err('NOT_YOUR_ROLE', 'Only the active player and the supporter may extend.');
  const ce = cardsError(hand, cards);
  if (ce) return ce;
  const values = tableValueMask(s.table);
  for (const c of cards) {
    if (!onTable(values, c)) return err('VALUE_NOT_ON_TABLE', `${c}'s value is not on the table yet.`, { card: c });
  }
  const room = roomFor(s, seat);
  if (cards.length > room) {
    return err(
      'LIMIT_REACHED',
      room <= 0
        ? 'The challenge limit is reached.'
        : `Only ${room} more card${room === 1 ? '' : 's'} fit under the limit.`,
      { limit: s.limit, room: Math.max(0, room) },
    );
  }
  return null;
}

/** Whether the target may make these rejections now (R4.2, R4.5). */
export function checkReject(
  s: Situation,
  seat: Seat,
  hand: readonly CardId[],
  pairs: readonly { challenge: CardId; card: CardId }[],
): RuleError | null {
  const pe = phaseError(s);
  if (pe) return pe;
  if (seat !== s.target) return err('NOT_YOUR_ROLE', 'Only the target may reject.');
  if (!challengeOpen(s)) return err('NO_CHALLENGE', 'There is no challenge to reject.');
  if (s.targetPassed) return err('TARGET_PASSED', 'You have passed; you take the cards at the end.');
  if (pairs.length === 0) return err('EMPTY_PLAY', 'Choose a card to reject with.');
  // cardsError over the pairs' cards, without a list of them (the target's every answer comes here).
  for (let i = 0; i < pairs.length; i++) {
    const c = (pairs[i] as { card: CardId }).card;
    for (let j = 0; j < i; j++) {
      if ((pairs[j] as { card: CardId }).card === c) return err('DUPLICATE_CARD', `${c} is listed twice.`, { card: c });
    }
    if (!hand.includes(c)) return err('CARD_NOT_IN_HAND', `${c} is not in your hand.`, { card: c });
  }
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i] as { challenge: CardId; card: CardId };
    const e = entryOf(s.table, p.challenge);
    if (!e)
      return err('NOT_ON_TABLE', `${p.challenge} is not a challenge card on the table.`, { challenge: p.challenge });
    // An earlier pair naming the same challenge has covered it (it got this far, so it was accepted).
    if (e.rejection !== null || namedBefore(pairs, i)) {
      return err('ALREADY_REJECTED', `${p.challenge} is already rejected.`, { challenge: p.challenge });
    }
    if (!canBeat(p.challenge, p.card, s.trump)) {
      return err('CANNOT_BEAT', `${p.card} cannot reject ${p.challenge}.`, {
        card: p.card,
        challenge: p.challenge,
        trump: s.trump,
      });
    }
  }
  return null;
}

function entryOf(table: readonly TableEntry[], challenge: CardId): TableEntry | undefined {
  for (const e of table) if (e.challenge === challenge) return e;
  return undefined;
}

function namedBefore(pairs: readonly { challenge: CardId }[], i: number): boolean {
  const c = (pairs[i] as { challenge: CardId }).challenge;
  for (let j = 0; j < i; j++) if ((pairs[j] as { challenge: CardId }).challenge === c) return true;
  return false;
}

export function checkPass(s: Situation, seat: Seat): RuleError | null {
  const pe = phaseError(s);
  if (pe) return pe;
  if (seat !== s.target) return err('NOT_YOUR_ROLE', 'Only the target may pass.');
  if (!challengeOpen(s)) return err('NO_CHALLENGE', 'There is no challenge to pass on.');
  if (s.targetPassed) return err('TARGET_PASSED', 'You have already passed.');
  return null;
}

/** checkPass(s, seat) === null, without building the error: legalActions asks this for every seat. */
export function mayPass(s: Situation, seat: Seat): boolean {
  return !s.over && !s.betting && seat === s.target && s.table.length > 0 && !s.targetPassed;
}

/** checkStand(s, seat, standing) === null, without building the error. */
export function mayStand(s: Situation, seat: Seat, standing: readonly Seat[]): boolean {
  return !s.over && !s.betting && isAttacker(s, seat) && s.table.length > 0 && !standing.includes(seat);
}

export function checkStand(s: Situation, seat: Seat, standing: readonly Seat[]): RuleError | null {
  const pe = phaseError(s);
  if (pe) return pe;
  if (!isAttacker(s, seat)) return err('NOT_YOUR_ROLE', 'Only the active player and the supporter may stand.');
  if (!challengeOpen(s)) return err('NO_CHALLENGE', 'Open a challenge first.');
  if (standing.includes(seat)) return err('ALREADY_STANDING', 'You are already standing.');
  return null;
}

/** R4.6: can this attacker add at least one card now? */
export function hasLegalExtension(s: Situation, seat: Seat, hand: readonly CardId[]): boolean {
  if (!challengeOpen(s) || !isAttacker(s, seat)) return false;
  if (roomFor(s, seat) <= 0) return false;
  const values = tableValueMask(s.table);
  for (const c of hand) if (onTable(values, c)) return true;
  return false;
}

/** R4.6: explicitly standing, or standing because no extension is possible. */
export function isStanding(s: Situation, seat: Seat, hand: readonly CardId[], standing: readonly Seat[]): boolean {
  return standing.includes(seat) || !hasLegalExtension(s, seat, hand);
}

/** Cards of `hand` that can be part of some legal play by `seat` now (for highlighting). */
export function playableCards(s: Situation, seat: Seat, hand: readonly CardId[]): CardId[] {
  if (s.over || s.betting) return [];
  if (!challengeOpen(s)) return seat === s.active && s.limit > 0 ? hand.slice() : [];
  if (!isAttacker(s, seat) || roomFor(s, seat) <= 0) return [];
  const values = tableValueMask(s.table);
  return hand.filter((c) => onTable(values, c));
}

/** For the target: the unrejected challenge cards each hand card could reject now. */
export function rejectOptions(s: Situation, seat: Seat, hand: readonly CardId[]): Map<CardId, CardId[]> {
  const out = new Map<CardId, CardId[]>();
  if (s.over || s.betting || seat !== s.target || s.targetPassed) return out;
  for (const card of hand) {
    const beats = s.table
      .filter((e) => e.rejection === null && canBeat(e.challenge, card, s.trump))
      .map((e) => e.challenge);
    if (beats.length > 0) out.set(card, beats);
  }
  return out;
}
