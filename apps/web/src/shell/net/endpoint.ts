/**
 * Where the server is. Production serves the client from the game server itself, so everything is
 * same-origin. The Vite dev server proxies /api, /healthz and /colyseus (websocket too) to it.
 */
export function colyseusEndpoint(loc: { origin: string }, dev: boolean): string {
  return dev ? `${loc.origin}/colyseus` : loc.origin;
}

export function apiUrl(path: string): string {
  return path;
}

/** A table id as the server makes them (apps/server/src/ids.ts): 12 characters of base64url. */
const TABLE_ID = /^[A-Za-z0-9_-]{12}$/;

/** Whether `id` could name a table: anything else was never one, so nobody need ask the server. */
export function isTableId(id: string): boolean {
  return TABLE_ID.test(id);
}

/**
 * Pulls a table id out of a pasted link or a bare id; null when it is neither. A word ("hello") is
 * not an id: going to /t/hello would only show a table that cannot exist.
 */
export function tableIdFrom(input: string): string | null {
  const s = input.trim();
  if (s === '') return null;
  const m = /\/t\/([^/?#\s]+)(?:[/?#]|$)/.exec(s);
  const id = m?.[1] ?? s;
  return isTableId(id) ? id : null;
}

export function inviteLink(origin: string, id: string): string {
  return `${origin}/t/${encodeURIComponent(id)}`;
}
