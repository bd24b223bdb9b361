/** Log lines in words for the live region: the game log's words, with the limit on an opening. */
import { lt } from '../i18n/learn.js';
import { cardsWords } from '../logic/cards.js';
import { logWords } from '../logic/log.js';
import type { ClientTable, LogLine } from '../store/snapshot.js';

/** The lines of `next` newer than `lastSeq`, in words, for the person at this table. */
export function announcements(next: ClientTable, lastSeq: number): { lines: string[]; seq: number } {
  const fresh = next.log.filter((l) => l.seq > lastSeq);
  const lines = fresh.map((l) => lineWords(l, next));
  return { lines, seq: fresh.length ? (fresh[fresh.length - 1] as LogLine).seq : lastSeq };
}

function lineWords(l: LogLine, tb: ClientTable): string {
  const words = logWords(l, tb);
  if (l.kind === 'opened' && tb.view) return `${words}; ${lt('a11y.limit', { n: tb.view.limit })}`;
  // Which cards were taken is public, and worth knowing without sight.
  if (l.kind === 'took' && l.cards.length > 0) return `${words}: ${cardsWords(l.cards)}`;
  return words;
}
