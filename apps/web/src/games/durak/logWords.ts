/**
 * Durak's log lines in words for the side panel's log (D1.5: every card played, every end of an
 * attack, a retreat with the cards taken, how many cards each player drew). The lines come from the
 * table's log ring (the server's durak module's logFields, short texts per @blaze/durak/wire).
 */
import { durakLogText } from '@blaze/durak/wire';
import { type ClientTable, type LogLine, nameOf } from '../../shell/host.js';
import { cardName, dt } from './words.js';

/** Lines that say nothing a reader needs: the token's move is said by the next attack. */
const UNTOLD = new Set(['token', 'gameOver']);

export function toldLines(log: readonly LogLine[]): LogLine[] {
  return log.filter((e) => !UNTOLD.has(e.kind));
}

export function logWords(e: LogLine, tb: ClientTable): string {
  const name = nameOf(tb, e.seat);
  const card = e.cards[0] ? cardName(e.cards[0]) : '';
  const text = durakLogText(e.kind, e.text);
  switch (e.kind) {
    case 'attacked':
      return dt(text === 'ambush' ? 'log.ambush' : text === 'continue' ? 'log.continue' : 'log.open', { name, card });
    case 'defended':
      return dt('log.defended', { name, card });
    case 'retreated':
      return dt('log.retreated', { name, cards: e.cards.map(cardName).join(', ') });
    case 'ended':
      return dt('log.ended', { name });
    case 'passed':
      return dt('log.passed', { name });
    case 'battleOver':
      return text === 'retreat' ? dt('log.battleRetreat') : dt('log.battleDefended', { n: Math.max(0, e.value) });
    case 'drew':
      return card ? dt('log.drawTrump', { name, card }) : dt('log.drew', { name, n: Math.max(0, e.value) });
    case 'deckDepleted':
      return dt('log.deckDepleted');
    case 'left':
      return dt('log.left', {
        names: e.text
          .split(',')
          .filter((s) => s !== '')
          .map((s) => nameOf(tb, Number(s)))
          .join(', '),
        n: e.value,
      });
    default:
      return e.kind;
  }
}

/** The rules tab: our own short wording of the rules (/work/shared/BATTLE_OF_DURAK.md). */
export const rulesWords = (): string[] => dt('rules.body').split('\n');
