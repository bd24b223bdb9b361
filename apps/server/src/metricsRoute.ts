/**
 * Where /metrics is served. Never openly on the game's public port: on a listener of its own
 * (METRICS_HOST:METRICS_PORT, loopback by default), and on the game port only behind a bearer token
 * (METRICS_TOKEN). Series hold counts and timings only, but they still tell an outsider how busy a
 * server is and how it is built.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger.js';
import { registry } from './metrics.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function authorized(req: IncomingMessage, token: string): boolean {
  const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
  return m !== null && timingSafeEqual(digest(m[1] as string), digest(token));
}

/** Answers one /metrics request: 401 without the token when one is set, else the registry's text. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token?: string): Promise<void> {
  if (token !== undefined && !authorized(req, token)) {
    res.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Send the metrics token.' }));
    return;
  }
  const text = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType });
  res.end(req.method === 'HEAD' ? undefined : text);
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics listener: GET /metrics and nothing else. A port it cannot take is logged, not fatal:
 * the tables matter more than their counters.
 */
export function listenMetrics(
  options: { port: number; host: string; token?: string | undefined },
  log: Logger,
): Promise<MetricsListener | null> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Only GET /metrics here.' }));
      return;
    }
    serveMetrics(req, res, options.token).catch((e) => {
      log.error({ err: e instanceof Error ? e.message : String(e) }, 'metrics failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // Scrapers keep no connection open for long; a stalled one must not hold a socket.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  return new Promise((resolve) => {
    server.once('error', (e) => {
      log.error(
        { err: e.message, host: options.host, port: options.port },
        'metrics listener failed: /metrics is not served (set METRICS_PORT to a free port)',
      );
      resolve(null);
    });
    server.listen(options.port, options.host, () => {
      const port = (server.address() as AddressInfo).port;
      log.info({ host: options.host, port }, `metrics on http://${options.host}:${port}/metrics`);
      resolve({
        port,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
