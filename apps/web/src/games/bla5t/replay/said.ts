/**
 * A replay step in words: its public log lines as the table's log words them (logWords.ts), or,
 * when the log tells nothing of it (a look, a turn ended without Blast, a Helmut window let be), what
 * kind of move it was; the game's last step adds the verdict, as the results said it (X10.1).
 */
import { gameLineWords } from '../logWords.js';
import { bt } from '../words.js';
import type { Frame } from './frames.js';
import { rw } from './words.js';

export function frameWords(f: Frame, names: readonly string[]): string {
  const nameAt = (p: number) => names[p] || `#${p + 1}`;
  const parts: string[] = [];
  if (f.end === 'round' || f.end === 'game') parts.push(rw('replay.roundEnd', { n: f.view.round }));
  const told = f.lines.map((l) => gameLineWords(l, nameAt));
  if (told.length) parts.push(...told);
  else if (f.action === null) parts.push(rw('replay.start'));
  else parts.push(moveWords(f, nameAt));
  if (f.end === 'game') parts.push(bt('res.winners', { names: f.view.winners.map(nameAt).join(', ') }));
  return parts.join(' ');
}

function moveWords(f: Frame, nameAt: (p: number) => string): string {
  const a = f.action;
  if (!a || !('seat' in a) || a.seat === undefined) return bt('log.timedOut');
  const name = nameAt(a.seat);
  switch (a.type) {
    case 'look':
      return rw('replay.look', { name });
    case 'endTurn':
      return rw('replay.endTurn', { name });
    case 'claim':
      return rw('replay.noClaim', { name });
    case 'swap':
      return rw('replay.noSwap', { name });
    default:
      return rw('replay.choice', { name });
  }
}
