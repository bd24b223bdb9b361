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

/** Pulls a table id out of a pasted link or a bare id; null when it is neither. */
export function tableIdFrom(input: string): string | null {
  const s = input.trim();
  if (s === '') return null;
  const m = /\/t\/([A-Za-z0-9_-]{3,64})(?:[/?#]|$)/.exec(s);
  if (m?.[1]) return m[1];
  return /^[A-Za-z0-9_-]{3,64}$/.test(s) ? s : null;
}

export function inviteLink(origin: string, id: string): string {
  return `${origin}/t/${encodeURIComponent(id)}`;
}
