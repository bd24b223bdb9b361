/**
 * Why making a new table failed, as a reason the home page words in the reader's language. The
 * server answers `{ code, message }` (apps/server/src/app.ts); its message is English for
 * developers, so only the code is read.
 */

/** `busy`: too many new tables from this address; `full`: the server holds all it can. */
export type CreateFailure = 'busy' | 'full' | 'failed';

/** The reason of a refused POST /api/tables, from its status and body (anything, even not JSON). */
export function createFailure(status: number, body: unknown): CreateFailure {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  if (status === 429 || code === 'RATE_LIMITED') return 'busy';
  if (code === 'FULL') return 'full';
  return 'failed';
}
