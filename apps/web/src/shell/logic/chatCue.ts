/**
 * Which chat lines are news to this person (issue #40, finding 4): lines said by someone else since
 * the last look. The backlog a page finds when it arrives is not news; nor is one's own line.
 */
import type { ChatEntry, ClientTable } from '../store/snapshot.js';

export interface ChatNews {
  /** Lines from others, oldest first. */
  lines: ChatEntry[];
  /** The newest seq seen: the next call's `lastSeq`. */
  seq: number;
}

/**
 * `lastSeq`: null on the first sight of the table (its backlog is history). `myName`: the name this
 * page joined with, which tells a watcher's own lines (seat -1) from another watcher's.
 */
export function chatNews(tb: ClientTable, lastSeq: number | null, myName: string | null): ChatNews {
  const newest = tb.chat.at(-1)?.seq ?? 0;
  if (lastSeq === null) return { lines: [], seq: newest };
  const mine = (c: ChatEntry) => (tb.mySeat >= 0 ? c.seat === tb.mySeat : c.seat < 0 && c.name === myName);
  return { lines: tb.chat.filter((c) => c.seq > lastSeq && !mine(c)), seq: Math.max(lastSeq, newest) };
}
