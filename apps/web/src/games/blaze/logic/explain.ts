/**
 * What a thing on the table is and what it means now, in the player's language, citing the rule it
 * follows: the words a hover (mouse) or a long press (touch) shows. Judged from the client's table
 * with the same rule functions the server uses, so a card said to be playable is one the server
 * accepts. Card ids never reach the words.
 */
import { type CardId, canBeat, challengeValue, checkPlay, isFirebird, type Seat, suitOf } from '@blaze/rules';
import type { ClientTable } from '../../../shell/host.js';
import { format, type Lang, lang, type Params, t } from '../../../shell/host.js';
import { COACH } from '../i18n/coach.js';
import { EXPLAIN, type ExplainKey } from '../i18n/explain.js';
import { cardsWords, cardWords } from './cards.js';
import { coachWords, whyNot } from './coach.js';
import { roleOf } from './highlights.js';

/** Something a person may point at on the table. */
export type Explainable =
  | { kind: 'hand'; card: CardId }
  /** The k-th challenge card on the table, with its rejection if any. */
  | { kind: 'pair'; index: number }
  | { kind: 'seat'; seat: Seat }
  /** The bets placed on this seat. */
  | { kind: 'bets'; seat: Seat }
  | { kind: 'deck' }
  | { kind: 'discard' }
  | { kind: 'feathers' }
  | { kind: 'limit' }
  | { kind: 'trump' }
  /** The round and phase badge. */
  | { kind: 'round' }
  /** The seconds left in the banner. */
  | { kind: 'clock' };

/** One key per thing pointed at: the same key means the same thing, so a hover need not restart. */
export function explainKey(e: Explainable): string {
  switch (e.kind) {
    case 'hand':
      return `hand:${e.card}`;
    case 'pair':
      return `pair:${e.index}`;
    case 'seat':
    case 'bets':
      return `${e.kind}:${e.seat}`;
    case 'deck':
    case 'discard':
    case 'feathers':
    case 'limit':
    case 'trump':
    case 'round':
    case 'clock':
      return e.kind;
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** The words for `e` on this table, or null when it is not there (any more). */
export function explain(tb: ClientTable, e: Explainable, l: Lang = lang()): string | null {
  const v = tb.view;
  const w = (key: ExplainKey, params: Params = {}) => format(EXPLAIN[l][key], params);
  const rule = (id: string) => format(COACH[l].rule, { rule: id });
  const name = (s: Seat) => tb.seats[s]?.name || '?';
  const join = (parts: (string | false | null | undefined)[]) => capitalise(parts.filter(Boolean).join(SEP[l]));
  switch (e.kind) {
    case 'hand': {
      // Not (or no longer) in this hand: played, or someone else's.
      if (!v) return null;
      if (!v.hand.includes(e.card)) return null;
      return join([cardLine(v.trump, e.card, l, w), handLine(tb, e.card, l, w)]);
    }
    case 'pair': {
      const entry = v?.table[e.index];
      if (!v || !entry) return null;
      const card = cardWords(entry.challenge, l);
      const by = name(entry.by);
      if (entry.rejection) {
        return join([w('pair.rejected', { card, name: by, rejection: cardWords(entry.rejection, l) }), rule('R4.2')]);
      }
      if (v.targetPassed) return join([w('pair.taking', { card, name: by }), rule('R4.5')]);
      const trumpSuit = suitOf(v.trump);
      const target = name(v.target);
      // Said to the target in the second person ("you reject it", not "You rejects it").
      const toMe = v.target === tb.mySeat;
      if (suitOf(entry.challenge) === trumpSuit && isFirebird(entry.challenge)) {
        return join([w(toMe ? 'pair.never.you' : 'pair.never', { card, name: by, target }), rule('R4.2')]);
      }
      const value = challengeValue(entry.challenge);
      const need =
        suitOf(entry.challenge) === trumpSuit
          ? w('need.trump', { value })
          : isFirebird(entry.challenge)
            ? w('need.anyTrump')
            : w('need.suit', { suit: t(`suit.${suitOf(entry.challenge)}`, undefined, l), value });
      return join([w(toMe ? 'pair.open.you' : 'pair.open', { card, name: by, target, need }), rule('R4.2')]);
    }
    case 'seat': {
      const info = tb.seats[e.seat];
      if (!info?.occupied) return null;
      const mine = e.seat === tb.mySeat;
      const you = mine ? w('seat.you') : '';
      if (!v || tb.status === 'lobby') return join([w('seat.lobby', { name: info.name }), you]);
      const out = v.out.includes(e.seat);
      const role = out ? 'out' : roleOf(tb, e.seat);
      const state =
        e.seat === v.target && v.targetPassed
          ? w('seat.passed')
          : v.standing.includes(e.seat) && (role === 'active' || role === 'supporter')
            ? w('seat.done')
            : '';
      const feathers = v.feathers.filter((f) => f.seat === e.seat).map((f) => f.value);
      const bet = v.bets.find((b) => b.by === e.seat && b.round === v.round);
      return join([
        // Your own seat in the second person ("You are the target", not "You is the target").
        mine ? w(`seat.${role}.you`) : w(`seat.${role}`, { name: info.name }),
        state,
        w('seat.cards', { n: v.handCounts[e.seat] ?? 0 }),
        feathers.length > 0 && w('seat.feathers', { list: feathers.join(t('list.glue', undefined, l)) }),
        bet && (bet.on === tb.mySeat ? w('seat.bet.you') : w('seat.bet', { on: name(bet.on) })),
        !info.connected && !info.bot && w(info.standIn ? 'seat.standIn' : 'seat.offline'),
        rule(out ? 'R8.2' : 'R3.3'),
      ]);
    }
    case 'bets': {
      const on = v?.bets.filter((b) => b.on === e.seat && b.round === v.round) ?? [];
      if (!v || on.length === 0) return null;
      const mine = on.find((b) => b.by === tb.mySeat);
      const value = mine ? (mine.value ?? (tb.myBet >= 0 ? tb.myBet : null)) : null;
      const from = on
        .map((b) => (b.by === tb.mySeat ? w('bets.byYou') : name(b.by)))
        .join(t('list.glue', undefined, l));
      return join([
        e.seat === tb.mySeat ? w('bets.you', { from }) : w('bets', { name: name(e.seat), from }),
        value !== null && w('bets.mine', { value }),
        rule('R9.2'),
      ]);
    }
    case 'deck': {
      if (!v) return null;
      const deck2 = v.round === 1 && v.deck2Count > 0 ? w('deck2', { n: v.deck2Count }) : '';
      if (v.deckCount === 0) return join([w('deck.empty'), deck2, rule('R6.2')]);
      return join([w('deck', { n: v.deckCount, trump: cardWords(v.trump, l) }), deck2, rule('R6.1')]);
    }
    case 'discard':
      if (!v) return null;
      return join([w('discard', { n: v.discard.length }), rule('R4.8')]);
    case 'feathers':
      if (!v || v.featherStack.length === 0) return null;
      return join([w('feathers', { list: v.featherStack.join(t('list.glue', undefined, l)) }), rule('R8.1')]);
    case 'limit': {
      if (!v || v.table.length === 0) return null;
      return join([w('limit', { limit: v.limit, room: Math.max(0, v.limit - v.table.length) }), rule('R4.4')]);
    }
    case 'trump':
      if (!v) return null;
      return join([w('trump', { suit: t(`suit.${suitOf(v.trump)}`, undefined, l) }), rule('R4.2')]);
    case 'round':
      if (!v) return null;
      return join([w(`round.${v.phase}`, { round: v.round }), rule(v.phase === 1 ? 'R6.1' : 'R7.1')]);
    case 'clock':
      if (!v) return null;
      return join([w('clock'), rule('R5.5')]);
    default: {
      const never: never = e;
      return never;
    }
  }
}

type Words = (key: ExplainKey, params?: Params) => string;

/** Between sentences: Japanese sets them one after the other, without a space. */
const SEP: Record<Lang, string> = { en: ' ', de: ' ', ja: '' };

function cardLine(trump: CardId, card: CardId, l: Lang, w: Words): string {
  const words = cardWords(card, l);
  const first = suitOf(card) === suitOf(trump) ? w('card.trump', { card: words }) : w('card', { card: words });
  return isFirebird(card) ? `${first}${SEP[l]}${w('firebird')}` : first;
}

/** What this hand card can do now, or why not (the coach's words, with the rule). */
function handLine(tb: ClientTable, card: CardId, l: Lang, w: Words): string {
  const v = tb.view;
  if (!v || tb.mySeat < 0 || v.viewer === null) return w('hand.watch');
  const me = tb.mySeat;
  const role = roleOf(tb, me);
  const why = whyNot(tb, card);
  if (role === 'target' && v.table.length > 0 && !v.targetPassed) {
    const beats = v.table.filter((en) => en.rejection === null && canBeat(en.challenge, card, v.trump));
    if (beats.length > 0) {
      const challenges = cardsWords(
        beats.map((b) => b.challenge),
        l,
      );
      return `${w('hand.reject', { challenges })}${SEP[l]}${format(COACH[l].rule, { rule: 'R4.2' })}`;
    }
  }
  if ((role === 'active' || role === 'supporter') && checkPlay(v, me, v.hand, [card]) === null) {
    const opening = v.table.length === 0;
    const text = opening ? w('hand.open') : w('hand.extend');
    return `${text}${SEP[l]}${format(COACH[l].rule, { rule: opening ? 'R4.1' : 'R4.3' })}`;
  }
  return why ? coachWords(why, l) : w('hand.wait');
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
