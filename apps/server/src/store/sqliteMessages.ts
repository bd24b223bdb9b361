/** What the event loop asks of the record writer's thread, and its answers (sqliteThread.ts, sqliteWorker.ts). */
import type { GameRecord, TableEntry } from './types.js';

export type WriterRequest = { id: number } & (
  | { op: 'append'; table: string; entries: readonly TableEntry[]; at: number }
  | { op: 'load'; table: string }
  | { op: 'openTables' }
  | { op: 'closeTable'; table: string }
  | { op: 'saveGame'; record: GameRecord }
  | { op: 'getGame'; game: string }
  | { op: 'savedGames'; games: readonly string[] }
  | { op: 'prune'; before: number; limit: number }
  | { op: 'probe' }
  | { op: 'close' }
);

/** `code`: a failure's stable code (a RecordConflict's), so the event loop can tell it from a failing file. */
export type WriterReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: string; code?: string });

/** The worker's first word: the file is open (or why it is not). */
export type WriterHello = { hello: true; error: string | null };

export interface WriterData {
  file: string;
}
