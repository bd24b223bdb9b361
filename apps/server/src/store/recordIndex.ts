/**
 * Appends are idempotent by position: each batch says at which entry it starts (the record's length
 * the table expects), so a write that landed but whose answer was lost (a Redis timeout or a dropped
 * connection, ioredis resending on reconnect, the writer thread's answer lost) is not written twice
 * when tried again. A repeated start or action would not replay, and the table would be lost.
 */

/** The stable code of a batch that neither fits at its index nor is already there. */
export const RECORD_CONFLICT = 'RECORD_CONFLICT';

/** What an append found: written now, or already there from an earlier try of the same batch. */
export type Appended = 'written' | 'already';

export class RecordConflict extends Error {
  readonly code = RECORD_CONFLICT;
  constructor(table: string, at: number, length: number, entries: number) {
    super(`${RECORD_CONFLICT}: table ${table} has ${length} entries; a batch of ${entries} at ${at} does not fit`);
  }
}

export function isRecordConflict(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === RECORD_CONFLICT;
}

/**
 * Where a batch of `count` entries asked at `at` goes in a record `length` long: appended, already
 * there (the same index and length: a retry), or a conflict (a gap, or a record gone on without it).
 */
export function placeBatch(length: number, at: number, count: number): 'append' | 'check' | 'conflict' {
  if (length === at) return 'append';
  if (length === at + count) return 'check';
  return 'conflict';
}
