/**
 * Time and count limits on plain HTTP connections, before any request is read. Node's defaults let a
 * stranger hold sockets for minutes (issue 39: idle sockets open after 520 s, slow bodies after
 * 200 s), and nothing capped the sockets of one address: 1,100 idle ones from one address used up
 * the process' files and every other client was refused.
 *
 * - headersTimeout / requestTimeout (Node's, checked every connectionsCheckingInterval): a request's
 *   headers (on a new connection, its first byte too), and the whole request with its body, must
 *   arrive in time, or Node answers 408 and closes.
 * - keepAliveTimeout: a kept-alive connection waits that long for its next request.
 * - At most `perAddress` open connections per client address (websockets included); more are
 *   closed at once. Off behind our proxy (TRUST_PROXY), where every connection is the proxy's and
 *   the proxy caps per client (deploy/nginx.conf, limit_conn).
 *
 * A websocket leaves Node's HTTP timeouts once upgraded (ws clears them); the heartbeat and the join
 * deadline (room/joinDeadline.ts) watch it from then on.
 */
import type { Server as HttpServer, ServerOptions as HttpServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './edge.js';
import * as metrics from './metrics.js';

export interface ConnectionLimits {
  /** Open connections per client address; 0 turns the cap off (behind a proxy). */
  perAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  perAddress: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/**
 * Options for http.createServer. Node refuses a headers timeout longer than the request timeout, so
 * the request timeout is at least the headers'. Expired requests are looked for four times per
 * headers timeout (Node's default is every 30 s, so a 60 s timeout cut at up to 90 s).
 */
export function httpServerOptions(limits: ConnectionLimits): HttpServerOptions {
  const requestTimeout = Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs);
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** Caps the open connections of each address on `server` (the timeouts are httpServerOptions'). */
export function guardConnections(server: HttpServer, limits: ConnectionLimits): void {
  if (limits.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? '?');
    const n = open.get(address) ?? 0;
    if (n >= limits.perAddress) {
      metrics.httpRefused.inc({ reason: 'TOO_MANY_SOCKETS' });
      socket.destroy();
      return;
    }
    open.set(address, n + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
