/**
 * Bla5t's log lines in words for the side panel's log (X1.5: what everyone may know). The lines come
 * from the table's log ring, as the server's bla5t module's logFields write them; a seat on a line
 * is a player (the module turns seats back into players on the way out).
 */
import { type ClientTable, type LogLine, type MessageKey, nameOf, t } from '../../shell/host.js';
import { type Bla5tKey, bt, cardName } from './words.js';

/** The game's own lines worth telling (looks and draws say nothing anyone else may know, X1.6). */
const GAME: Readonly<Record<string, Bla5tKey>> = {
  roundStarted: 'log.round',
  drew: 'log.drew',
  drewTwo: 'log.drew',
  discarded: 'log.discarded',
  placed: 'log.placed',
  took: 'log.took',
  matched: 'log.matched',
  penalty: 'log.penalty',
  flipped: 'log.flipped',
  swapped: 'log.swapped',
  shuffled: 'log.shuffled',
  powerUsed: 'log.power',
  powerSkipped: 'log.powerSkipped',
  helmutWindow: 'log.helmutWindow',
  claimed: 'log.claimed',
  reshuffled: 'log.reshuffled',
  extraTurn: 'log.extraTurn',
  blast: 'log.blast',
  seated: 'log.seated',
  timedOut: 'log.timedOut',
  scored: 'log.scored',
  gameOver: 'log.gameOver',
};
/** The table's lines about people, in the shell's words (a lobby's option changes are not told). */
const TABLE = new Set(['joined', 'started', 'botTookOver', 'returned', 'kicked', 'restored', 'left']);

export function toldLines(log: readonly LogLine[]): LogLine[] {
  // A Helmut window let pass (no card shown) tells nothing.
  return log.filter((e) => (e.kind in GAME && !(e.kind === 'claimed' && e.cards.length === 0)) || TABLE.has(e.kind));
}

export function logWords(e: LogLine, tb: ClientTable): string {
  if (TABLE.has(e.kind))
    return t(`log.${e.kind}` as MessageKey, {
      name: nameOf(tb, e.seat),
      other: nameOf(tb, e.other),
      text: e.text,
      n: e.value,
    });
  return gameLineWords(e, (seat) => nameOf(tb, seat));
}

/** A game line (not a table's line about people) in words, naming seats by `nameAt` (a replay has no table). */
export function gameLineWords(e: LogLine, nameAt: (seat: number) => string): string {
  const name = nameAt(e.seat);
  const key = GAME[e.kind];
  if (!key) return e.kind;
  const card = e.cards[0] ? cardName(e.cards[0]) : '';
  if (e.kind === 'matched' && e.text !== 'ok') return bt('log.matchWrong', { name, card, slot: e.value });
  return bt(key, {
    name,
    card,
    out: e.cards[1] ? cardName(e.cards[1]) : '',
    slot: e.value,
    other: nameAt(e.other),
    n: e.value,
    scores: e.text
      .split(' ')
      .map((x, p) => `${nameAt(p)} ${Number(x) >= 0 ? '+' : ''}${x}`)
      .join(' · '),
  });
}

/** The rules tab: our own short wording of the rules (/work/shared/BLA5T.md). */
export const rulesWords = (): string[] => bt('rules.body').split('\n');
