/**
 * Issue 39: deadlines and readiness. A table's claim in Redis goes to exactly one process however
 * many ask at once; a deadline answers in time whatever the work does; /readyz fails (and /healthz
 * with it) until the restore is over and when a check fails, while /livez answers all along.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startRedis } from '../../../tests/support/processes.js';
import { CLAIM_PREFIX, releaseClaim, takeClaim } from '../src/cluster/adopt.js';
import { parseConfig } from '../src/config.js';
import { BACKEND_TIMEOUT, DeadlineExceeded, withDeadline } from '../src/deadline.js';
import { setStore } from '../src/store/current.js';
import type { TableStore } from '../src/store/types.js';
import { sleep, useServer } from './helpers.js';

describe('a table claim (cluster/adopt.ts) on a real redis-server', () => {
  let redis: Proc & { url: string };
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    for (let i = 0; i < 4; i++) clients.push(new Redis(redis.url));
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  it('goes to one of many processes asking at once, and to another only once given back or lapsed', async () => {
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) => takeClaim(clients[i % 4] as Redis, 'T1', `p${i}`, 60_000)),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
    const owner = `p${tries.indexOf(true)}`;
    const [c0, c1] = clients as [Redis, Redis];
    // Another process cannot give it back for the owner.
    await releaseClaim(c1, 'T1', 'someone-else');
    expect(await takeClaim(c1, 'T1', 'late', 60_000)).toBe(false);
    await releaseClaim(c0, 'T1', owner);
    expect(await takeClaim(c1, 'T1', 'late', 60_000)).toBe(true);
    // A claim whose process died lapses by itself.
    expect(await takeClaim(c0, 'T2', 'dies', 200)).toBe(true);
    expect(await takeClaim(c1, 'T2', 'next', 60_000)).toBe(false);
    await sleep(400);
    expect(await takeClaim(c1, 'T2', 'next', 60_000)).toBe(true);
    expect(await c0.get(`${CLAIM_PREFIX}T2`)).toBe('next');
  });
});

describe('deadlines', () => {
  it('a stalled call is answered with BACKEND_TIMEOUT in time; a prompt one passes through', async () => {
    const never = new Promise<string>(() => {});
    const t = Date.now();
    const late = await withDeadline(never, 50, 'matchmaking').catch((e: unknown) => e);
    expect(late).toBeInstanceOf(DeadlineExceeded);
    expect(late).toMatchObject({ code: BACKEND_TIMEOUT, backend: 'matchmaking' });
    expect(Date.now() - t).toBeLessThan(5_000);
    expect(await withDeadline(Promise.resolve('ok'), 50, 'store')).toBe('ok');
    await expect(withDeadline(Promise.reject(new Error('boom')), 50, 'store')).rejects.toThrow('boom');
  });

  it('BACKEND_TIMEOUT_MS is validated', () => {
    const defaults = parseConfig({});
    expect(defaults.ok && defaults.config.BACKEND_TIMEOUT_MS).toBe(2_500);
    expect(parseConfig({ BACKEND_TIMEOUT_MS: '0' }).ok).toBe(false);
    expect(parseConfig({ BACKEND_TIMEOUT_MS: '2s' }).ok).toBe(false);
  });
});

describe('/livez, /readyz and /healthz', () => {
  const srv = useServer({ backendTimeoutMs: 300 });
  const get = async (path: string) => {
    const res = await fetch(`${srv.endpoint.replace(/^ws/, 'http')}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('not ready until the restore is over, nor while a check fails or hangs; alive all along', async () => {
    srv.server.readiness.restoreStarted();
    for (const path of ['/readyz', '/healthz']) {
      expect(await get(path)).toMatchObject({ status: 503, body: { ok: false, failed: ['restore'] } });
    }
    expect(await get('/livez')).toEqual({ status: 200, body: { ok: true } });
    srv.server.readiness.restoreFinished();
    expect(await get('/readyz')).toMatchObject({ status: 200, body: { ok: true } });

    // A check that never answers fails by the deadline, named, with the others still run.
    srv.server.readiness.add('stalled', () => new Promise<null>(() => {}));
    const t = Date.now();
    const stalled = await get('/readyz');
    expect(Date.now() - t).toBeLessThan(5_000);
    expect(stalled).toMatchObject({
      status: 503,
      body: { failed: ['stalled'], stalled: expect.stringMatching(/300 ms/) },
    });
    expect(await get('/livez')).toMatchObject({ status: 200 });
    srv.server.readiness.add('stalled', () => null);
    expect(await get('/healthz')).toMatchObject({ status: 200, body: { ok: true } });

    // A store whose own probe says it cannot write (a full disk).
    let writable = false;
    setStore({ kind: 'sqlite', writable: () => writable } as unknown as TableStore);
    try {
      expect(await get('/readyz')).toMatchObject({ status: 503, body: { failed: ['store'], store: /cannot write/ } });
      writable = true;
      expect(await get('/readyz')).toMatchObject({ status: 200 });
    } finally {
      setStore(null);
    }
  });
});
