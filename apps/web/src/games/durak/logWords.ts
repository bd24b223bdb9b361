/**
 * Durak's log lines in words for the side panel's log (D1.5: every card played, every end of an
 * attack, a retreat with the cards taken, how many cards each player drew). The lines come from the
 * table's log ring (the server's durak module's logFields, short texts per @blaze/durak/wire).
 */
import { durakLogText } from '@blaze/durak/wire';
import { type ClientTable, type LogLine, type MessageKey, nameOf, t } from '../../shell/host.js';
import { cardName, dt } from './words.js';

/** The game's own lines (the token's move is said by the next attack, the end by the results). */
const GAME = new Set(['attacked', 'defended', 'retreated', 'ended', 'passed', 'battleOver', 'drew', 'deckDepleted']);
/** The table's lines about people, in the shell's words (a lobby's option changes are not told). */
const TABLE = new Set(['joined', 'started', 'botTookOver', 'returned', 'kicked', 'restored']);

/** Durak's `left` names the seats that left the battlefield (no seat of its own); the table's, a person. */
const leftBattle = (e: LogLine) => e.kind === 'left' && e.seat < 0;

export function toldLines(log: readonly LogLine[]): LogLine[] {
  return log.filter((e) => GAME.has(e.kind) || TABLE.has(e.kind) || e.kind === 'left');
}

export function logWords(e: LogLine, tb: ClientTable): string {
  const name = nameOf(tb, e.seat);
  const card = e.cards[0] ? cardName(e.cards[0]) : '';
  const text = durakLogText(e.kind, e.text);
  if (TABLE.has(e.kind) || (e.kind === 'left' && !leftBattle(e)))
    return t(`log.${e.kind}` as MessageKey, { name, other: nameOf(tb, e.other), text: e.text, n: e.value });
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
