/**
 * Why a join failed, as one of a few stable reasons the page words itself in the reader's language.
 * The server's and colyseus.js' error texts are English for developers ('room "x" not found'), so
 * only their numeric codes are read here, never their words.
 */

/** `gone`: no such table (any more); the rest say what the person can do about it. */
export type JoinFailure = 'gone' | 'noPlace' | 'refused' | 'busy' | 'badName' | 'failed';

/** colyseus' ErrorCode.MATCHMAKE_INVALID_ROOM_ID: the matchmaker knows no room by that id. */
const NO_SUCH_ROOM = 4212;
/** The edge's TABLE_FULL (apps/server/src/edge.ts): every place at the table is taken for now. */
const TABLE_FULL = 409;

/**
 * The reason of an error thrown by `client.joinById` / `reconnect`: a MatchMakeError or ServerError
 * carrying the matchmaker's code, the HTTP status of a refusal at the edge, or the status an onAuth
 * refusal was thrown with (apps/server/src/room/people.ts: 400 bad options, 403 too many tabs or
 * spectators). Anything else (no network, a timeout) is a plain failure worth trying again.
 */
export function joinFailure(e: unknown): JoinFailure {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  switch (code) {
    case NO_SUCH_ROOM:
      return 'gone';
    case TABLE_FULL:
      return 'noPlace';
    case 403:
      return 'refused';
    case 429:
      return 'busy';
    case 400:
      return 'badName';
    default:
      return 'failed';
  }
}
