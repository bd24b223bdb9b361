/** The game log in words, from the server's structured log entries. */
import { type Lang, t, tn } from '../i18n/index.js';
import { type ClientTable, type LogLine, nameOf } from '../store/snapshot.js';
import { cardsWords } from './cards.js';

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
    cards: cardsWords(e.cards, l),
    n: e.value >= 0 ? e.value : e.cards.length,
    round: e.value >= 0 ? e.value : (table.view?.round ?? 1),
    text: e.text,
  };
  if (e.kind === 'took' || e.kind === 'drew') params.n = e.value >= 0 ? e.value : e.cards.length;
  if (e.kind === 'took') return tn('log.took', params.n, params, l);
  if (e.kind === 'discarded') return tn('log.discarded', e.cards.length, params, l);
  if (e.kind === 'timedOut') return t(timedOutKey(e), params, l);
  if (KNOWN.has(e.kind)) return t(`log.${e.kind}` as Parameters<typeof t>[0], params, l);
  return t('log.other', { text: e.text || e.kind }, l);
}

/** Which clock ran out and what it did for the seat (the server's text is the clock's kind). */
function timedOutKey(e: LogLine): Parameters<typeof t>[0] {
  if (e.text === 'target') return 'log.timedOut.target';
  if (e.text === 'bet') return 'log.timedOut.bet';
  if (e.text === 'attacker') return e.value === 1 ? 'log.timedOut.opener' : 'log.timedOut.attacker';
  return 'log.timedOut';
}
