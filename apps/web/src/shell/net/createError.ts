/**
 * Why making a new table failed, as a reason the home page words in the reader's language. The
 * server answers `{ code, message }` (apps/server/src/app.ts); its message is English for
 * developers, so only the code is read.
 */

/**
 * `busy`: too many new tables from this address in a short time; `held`: this address already holds
 * as many tables nobody has joined yet as it may; `full`: the server holds all it can; `unavailable`:
 * the server cannot save a table now (its store is down), so it makes none.
 */
export type CreateFailure = 'busy' | 'held' | 'full' | 'unavailable' | 'failed';

/** The words of each reason (keys of the home page's dictionary). */
export const CREATE_FAILURE_WORDS = {
  busy: 'home.createBusy',
  held: 'home.createHeld',
  full: 'home.createFull',
  unavailable: 'home.createUnavailable',
  failed: 'home.createFailed',
} as const satisfies Record<CreateFailure, string>;

/** The reason of a refused POST /api/tables, from its status and body (anything, even not JSON). */
export function createFailure(status: number, body: unknown): CreateFailure {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  if (code === 'TOO_MANY_TABLES') return 'held';
  if (status === 429 || code === 'RATE_LIMITED') return 'busy';
  if (code === 'FULL') return 'full';
  if (code === 'STORE_UNAVAILABLE') return 'unavailable';
  return 'failed';
}
