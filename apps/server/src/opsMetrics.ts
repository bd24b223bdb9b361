/**
 * Metrics about the process itself and its HTTP answers: what build is running
 * (`blaze_build_info`) and how long requests take (`http_request_duration_seconds`). Labels are
 * fixed sets (a method, a route pattern, a status class): never a raw path, which would carry table
 * ids and grow the series without bound.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Gauge, Histogram } from 'prom-client';
import pkg from '../package.json' with { type: 'json' };
import { registry } from './metrics.js';

/** Set by the build (build.ts, from BLAZE_COMMIT or git); absent when the sources run under tsx. */
declare const __BLAZE_COMMIT__: string | undefined;

export const BUILD = {
  version: pkg.version,
  commit: typeof __BLAZE_COMMIT__ === 'string' && __BLAZE_COMMIT__ !== '' ? __BLAZE_COMMIT__ : 'unknown',
  node: process.version,
};

new Gauge({
  name: 'blaze_build_info',
  help: 'Always 1; its labels say which build runs: package version, git commit (unknown when not built from git), Node version',
  labelNames: ['version', 'commit', 'node'] as const,
  registers: [registry],
}).set(BUILD, 1);

const requestSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests from arrival to the last byte of the answer, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route a request was answered by, as a pattern: express' matched route, or one fixed word. */
function routeOf(req: IncomingMessage): string {
  const r = req as IncomingMessage & { baseUrl?: string; route?: { path?: unknown } };
  if (typeof r.route?.path === 'string') return `${r.baseUrl ?? ''}${r.route.path}`;
  // Colyseus answers these before express: /matchmake/<method>/<room>.
  if (req.url?.startsWith('/matchmake/')) return '/matchmake/:method/:room';
  // The client's files, the SPA fallback, the JSON 404, and requests the edge refused.
  return 'other';
}

/** Times one request; call as it arrives, before anything answers it. */
export function timeRequest(req: IncomingMessage, res: ServerResponse): void {
  const end = requestSeconds.startTimer();
  res.once('finish', () => {
    end({
      method: METHODS.has(req.method ?? '') ? (req.method as string) : 'other',
      route: routeOf(req),
      status: `${Math.floor(res.statusCode / 100)}xx`,
    });
  });
}
