/**
 * Issue 39, finding 8: /metrics is not served openly on the game port (a listener of its own on
 * loopback, or the game port behind a bearer token); the build-info gauge and the HTTP timing
 * histogram scrape with route patterns, never raw paths; error lines can be rate-limited per key;
 * BOT_WORKERS goes through the validated config.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { freePort, listeningPort, type Proc, spawnMain, track } from '../../../tests/support/processes.js';
import pkg from '../package.json' with { type: 'json' };
import { configureBotPool, sharedBotPool } from '../src/botPool/pool.js';
import { parseConfig } from '../src/config.js';
import { createLogger, logRateLimited } from '../src/logger.js';
import { listenMetrics } from '../src/metricsRoute.js';
import { createTable, useServer } from './helpers.js';

const TOKEN = 'test-metrics-token-0123456789';
const srv = useServer({ metrics: { token: TOKEN } });
const base = () => srv.endpoint.replace('ws', 'http');
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** Every line of a logger, parsed. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, log: createLogger({ level: 'debug', destination }) };
}

describe('/metrics on the game port', () => {
  it('asks for the bearer token when one is set: 401 without it or with another, 200 with it', async () => {
    const none = await fetch(`${base()}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.text()).not.toContain('blaze_');
    expect((await fetch(`${base()}/metrics`, bearer(`${TOKEN}x`))).status).toBe(401);
    expect((await fetch(`${base()}/metrics`, bearer(TOKEN.slice(1)))).status).toBe(401);
    const ok = await fetch(`${base()}/metrics`, bearer(TOKEN));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^# HELP blaze_tables /m);
  });

  it('times requests by route pattern and status class: no table id ever becomes a label', async () => {
    const id = await createTable(srv.endpoint);
    // A route under the /api router (as main.ts' /api/games/:id is): its pattern carries the mount path.
    srv.server.api.get('/probe/:id', (_req, res) => {
      res.status(404).json({ code: 'NOT_FOUND' });
    });
    expect((await fetch(`${base()}/api/tables/${id}`)).status).toBe(200);
    expect((await fetch(`${base()}/api/tables/${id}/lookup`)).status).toBeLessThan(500);
    expect((await fetch(`${base()}/api/tables/zzzzzzzzzzzz`)).status).toBe(404);
    expect((await fetch(`${base()}/api/probe/${id}`)).status).toBe(404);
    expect((await fetch(`${base()}/no/such/${id}`)).status).toBe(404);
    const text = await (await fetch(`${base()}/metrics`, bearer(TOKEN))).text();
    const series = text.split('\n').filter((l) => l.startsWith('http_request_duration_seconds_count{'));
    const labels = series.map((l) => /\{(.*)\}/.exec(l)?.[1] ?? '');
    expect(labels).toContain('method="POST",route="/api/tables",status="2xx"');
    expect(labels).toContain('method="GET",route="/api/tables/:id",status="2xx"');
    expect(labels).toContain('method="GET",route="/api/tables/:id",status="4xx"');
    expect(labels).toContain('method="GET",route="/api/probe/:id",status="4xx"');
    expect(labels).toContain('method="GET",route="other",status="4xx"');
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/api\/tables"/m);
    // Neither the table id nor the token nor a raw path reach any series.
    expect(text).not.toContain(id);
    expect(text).not.toContain('zzzzzzzzzzzz');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('/no/such');
  });

  it('says which build runs: blaze_build_info{version,commit,node} 1', async () => {
    const text = await (await fetch(`${base()}/metrics`, bearer(TOKEN))).text();
    expect(text).toMatch(/^# TYPE blaze_build_info gauge$/m);
    const line = text.split('\n').find((l) => l.startsWith('blaze_build_info{'));
    // Under tsx there is no build, so no commit: the build's own value is checked by tests/image.test.ts.
    expect(line).toBe(`blaze_build_info{version="${pkg.version}",commit="unknown",node="${process.version}"} 1`);
  });
});

describe('metrics settings', () => {
  it('default to loopback port 9464 without a token; bad values are refused by name, never echoed', () => {
    const d = parseConfig({});
    expect(d.ok && [d.config.METRICS_HOST, d.config.METRICS_PORT, d.config.METRICS_TOKEN]).toEqual([
      '127.0.0.1',
      9464,
      undefined,
    ]);
    const r = parseConfig({ METRICS_TOKEN: 'short-secret', METRICS_PORT: '70000' });
    expect(r.ok ? [] : r.errors.map((e) => e.split(':')[0]).sort()).toEqual(['METRICS_PORT', 'METRICS_TOKEN']);
    expect(r.ok ? '' : r.errors.join('\n')).not.toContain('short-secret');
    expect(parseConfig({ METRICS_TOKEN: 'has a space in it, sixteen+' }).ok).toBe(false);
  });
});

describe('the metrics listener', () => {
  it('serves GET /metrics only, with the token when one is set; a port it cannot take is logged, not thrown', async () => {
    const { lines, log } = capture();
    const open = await listenMetrics({ port: 0, host: '127.0.0.1' }, log);
    expect(open).not.toBeNull();
    const at = `http://127.0.0.1:${open?.port}`;
    expect((await fetch(`${at}/metrics`)).status).toBe(200);
    expect((await fetch(`${at}/`)).status).toBe(404);
    expect((await fetch(`${at}/metrics`, { method: 'POST' })).status).toBe(404);
    expect(lines.some((l) => l.msg === `metrics on ${at}/metrics`)).toBe(true);

    const taken = await listenMetrics({ port: open?.port ?? 0, host: '127.0.0.1' }, log);
    expect(taken).toBeNull();
    expect(lines.find((l) => String(l.msg).startsWith('metrics listener failed'))?.level).toBe(50);
    await open?.close();

    const guarded = await listenMetrics({ port: 0, host: '127.0.0.1', token: TOKEN }, log);
    const g = `http://127.0.0.1:${guarded?.port}/metrics`;
    expect((await fetch(g)).status).toBe(401);
    expect((await fetch(g, bearer(TOKEN))).status).toBe(200);
    await guarded?.close();
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});

describe('main.ts', () => {
  const procs: Proc[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const p of procs) await p.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('by default: no /metrics on the game port (404); it is on METRICS_PORT, on loopback', async () => {
    const metricsPort = await freePort();
    // With a client to serve: its page fallback must not answer /metrics either.
    const web = mkdtempSync(join(tmpdir(), 'blaze-web-'));
    dirs.push(web);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Blaze Online</title>');
    const main = spawnMain({ METRICS_PORT: String(metricsPort), STATIC_DIR: web });
    procs.push(main);
    const port = await listeningPort(main);
    const game = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(game.status).toBe(404);
    expect(await game.text()).not.toMatch(/blaze_|Blaze Online/);
    expect((await fetch(`http://127.0.0.1:${port}/t/abcdefghijkl`)).status).toBe(200);
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^blaze_build_info\{/m);
    // Every line of the start is a JSON line, the "listening" one too.
    const out = main.output().trim().split('\n');
    for (const l of out) expect(() => JSON.parse(l), l).not.toThrow();
    expect(out.some((l) => JSON.parse(l).msg === `metrics on http://127.0.0.1:${metricsPort}/metrics`)).toBe(true);
  });

  it('with METRICS_TOKEN the game port serves /metrics to the token only', async () => {
    const main = spawnMain({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    procs.push(main);
    const port = await listeningPort(main);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, bearer(TOKEN))).status).toBe(200);
    expect(main.output()).not.toContain(TOKEN);
  });
});

describe('a crash', () => {
  it('is one fatal JSON line, then exit 1 (not a plain-text trace)', async () => {
    // Throws on a signal, once the server is up: after main.ts installed its handlers.
    const dir = mkdtempSync(join(tmpdir(), 'blaze-crash-'));
    const preload = join(dir, 'throw-on-signal.mjs');
    writeFileSync(
      preload,
      "process.on('SIGUSR2', () => setImmediate(() => { throw new Error('boom from the test'); }));\n",
    );
    const proc = track(
      spawn(process.execPath, ['--import', 'tsx', '--import', preload, 'src/main.ts'], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: {
          ...process.env,
          TSX_TSCONFIG_PATH: 'tsconfig.run.json',
          PORT: '0',
          HOST: '127.0.0.1',
          REDIS_URL: '',
          METRICS_PORT: '0',
          DATA_DIR: dir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await listeningPort(proc);
    const exited = new Promise<number | null>((r) => proc.child.once('exit', (c) => r(c)));
    proc.child.kill('SIGUSR2');
    expect(await exited).toBe(1);
    const lines = proc.output().trim().split('\n');
    for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
    const last = JSON.parse(lines.at(-1) as string) as { level: number; msg: string; stack: string };
    expect([last.level, last.msg]).toEqual([60, 'uncaught exception: boom from the test']);
    expect(last.stack).toContain('throw-on-signal.mjs');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('logRateLimited', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes one line per key per interval, and the next one says how many it held back', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { lines, log } = capture();
    const write = (key: string, n: number) => logRateLimited(log, key, 'error', { n }, 'disk full', 60_000);
    expect(write('test.disk', 1)).toBe(true);
    for (let n = 2; n <= 50; n++) expect(write('test.disk', n)).toBe(false);
    // Another key has a budget of its own.
    expect(write('test.redis', 1)).toBe(true);
    vi.advanceTimersByTime(59_999);
    expect(write('test.disk', 51)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(write('test.disk', 52)).toBe(true);
    expect(write('test.disk', 53)).toBe(false);
    expect(lines.map((l) => [l.key, l.n, l.suppressed, l.level, l.msg])).toEqual([
      ['test.disk', 1, undefined, 50, 'disk full'],
      ['test.redis', 1, undefined, 50, 'disk full'],
      ['test.disk', 52, 50, 50, 'disk full'],
    ]);
  });

  it('keeps a bounded number of keys', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const { lines, log } = capture();
    for (let i = 0; i < 5_000; i++) logRateLimited(log, `test.many.${i}`, 'warn', {}, 'x');
    expect(lines.length).toBe(5_000);
    // The earliest keys were forgotten, so the first one writes again at once.
    expect(logRateLimited(log, 'test.many.0', 'warn', {}, 'x')).toBe(true);
    expect(logRateLimited(log, 'test.many.4999', 'warn', {}, 'x')).toBe(false);
  });
});

describe('BOT_WORKERS', () => {
  it('is a validated setting: a whole number from 1 to 64, unset for the default; others are refused by name', () => {
    const unset = parseConfig({});
    expect(unset.ok && unset.config.BOT_WORKERS).toBeUndefined();
    const three = parseConfig({ BOT_WORKERS: '3' });
    expect(three.ok && three.config.BOT_WORKERS).toBe(3);
    for (const bad of ['0', '65', '-1', '1.5', 'two', '0x2']) {
      const r = parseConfig({ BOT_WORKERS: bad });
      expect(r.ok ? `${bad} accepted` : r.errors).toEqual([expect.stringMatching(/^BOT_WORKERS: /)]);
    }
  });

  it('sizes the shared pool from the config, not from process.env', async () => {
    const before = process.env.BOT_WORKERS;
    process.env.BOT_WORKERS = '1';
    try {
      configureBotPool(2);
      const pool = sharedBotPool();
      expect(pool.options.size).toBe(2);
      await pool.close();
    } finally {
      if (before === undefined) delete process.env.BOT_WORKERS;
      else process.env.BOT_WORKERS = before;
    }
  });
});
