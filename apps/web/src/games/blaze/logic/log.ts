/** The game log in words, from the server's structured log entries. */

import type { CardId } from '@blaze/rules';
import { type ClientTable, en, type Lang, type LogLine, type MessageKey, nameOf, t, tn } from '../../../shell/host.js';
import { cardsWords, cardWords } from './cards.js';

const KNOWN = new Set([
  'opened',
  'extended',
  'rejected',
  'passed',
  'stood',
  'tookBack',
  'windowClosed',
  'discarded',
  'took',
  'drew',
  'phaseTwo',
  'betPlaced',
  'betsRevealed',
  'feather',
  'roundOver',
  'roundStarted',
  'gameOver',
  'joined',
  'left',
  'started',
  'botTookOver',
  'returned',
  'restored',
  'kicked',
  'timedOut',
]);

export function logWords(e: LogLine, table: ClientTable, l?: Lang): string {
  const who = (s: number) => (s >= 0 ? nameOf(table, s) : e.text || '?');
  const params = {
    name: who(e.seat),
    other: who(e.other),
    // A rejection's cards come in pairs (challenge, card, ...): each said as what beat what.
    cards: e.kind === 'rejected' ? pairWords(e.cards, l) : cardsWords(e.cards, l),
    n: e.value >= 0 ? e.value : e.cards.length,
    round: e.value >= 0 ? e.value : (table.view?.round ?? 1),
    text: e.text,
  };
  const person = addressed(e, table);
  if (e.kind === 'took') return tn(person === 'me' ? 'log.took.you' : 'log.took', params.n, params, l);
  if (e.kind === 'discarded') return tn('log.discarded', e.cards.length, params, l);
  if (e.kind === 'timedOut') return t(spoken(timedOutKey(e), person), params, l);
  if (KNOWN.has(e.kind)) return t(spoken(`log.${e.kind}` as MessageKey, person), params, l);
  return t('log.other', { text: e.text || e.kind }, l);
}

/** "blue 9 with yellow 3, red 5 with red 9": each challenge card with the card that rejected it. */
function pairWords(cards: readonly CardId[], l?: Lang): string {
  const pairs: string[] = [];
  for (let k = 0; k + 1 < cards.length; k += 2)
    pairs.push(
      t('log.pair', { challenge: cardWords(cards[k] as CardId, l), card: cardWords(cards[k + 1] as CardId, l) }, l),
    );
  return pairs.join(t('list.glue', {}, l));
}

/**
 * Whom the line is about, seen from this page: the reader's own seat ('me'), the reader as the one
 * challenged or bet on ('other'), or someone else. A spectator has no seat, so every line is 'none'.
 */
type Person = 'me' | 'other' | 'none';
function addressed(e: LogLine, table: ClientTable): Person {
  const me = table.mySeat;
  if (me < 0) return 'none';
  if (e.seat === me) return 'me';
  if (e.other === me) return 'other';
  return 'none';
}

/**
 * The second-person form of a line about the reader (the person's default name is "You", and
 * "You is done" reads wrong). Kinds without such a form (the seat is not named) keep their words.
 */
function spoken(key: MessageKey, person: Person): MessageKey {
  const variant = person === 'me' ? `${key}.you` : person === 'other' ? `${key}.toYou` : null;
  return variant !== null && variant in en ? (variant as MessageKey) : key;
}

/** Which clock ran out and what it did for the seat (the server's text is the clock's kind). */
function timedOutKey(e: LogLine): MessageKey {
  if (e.text === 'target') return 'log.timedOut.target';
  if (e.text === 'bet') return 'log.timedOut.bet';
  if (e.text === 'attacker') return e.value === 1 ? 'log.timedOut.opener' : 'log.timedOut.attacker';
  return 'log.timedOut';
}

/**
 * The log as it is told: a clock's line already says the stand or the pass it made for the seat
 * ("Ben's time ran out: Ben passes"), so the rules' own line for that move, right after it, is left
 * out; without this every timeout read twice ("…Ben passes", "Ben passes"). An opening made by the
 * bot stays: the clock's line says who chose, the opening's line which cards.
 */
export function toldLines(log: readonly LogLine[]): LogLine[] {
  return log.filter((l, k) => !restatesClock(log[k - 1], l));
}

function restatesClock(prev: LogLine | undefined, l: LogLine): boolean {
  if (prev?.kind !== 'timedOut' || prev.seat !== l.seat) return false;
  if (prev.text === 'target') return l.kind === 'passed';
  if (prev.text === 'attacker') return prev.value !== 1 && l.kind === 'stood';
  return false;
}
