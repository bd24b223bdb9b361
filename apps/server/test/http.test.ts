/** The HTTP side of the server: table creation is validated and rate limited per address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlazeServer } from '../src/app.js';
import { startServer } from './helpers.js';

describe('POST /api/tables', () => {
  let server: BlazeServer;
  let base: string;
  beforeAll(async () => {
    const started = await startServer({ tableCreation: { capacity: 3, refillPerSecond: 0.001 } });
    server = started.server;
    base = started.endpoint.replace('ws', 'http');
  });
  afterAll(() => server.close());

  const post = (body: string) =>
    fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers an unknown /api route with a JSON 404, not an HTML page', async () => {
    for (const path of ['/api/nothing', '/api/tables/x/y', '/api/games']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(((await res.json()) as { code: string }).code, path).toBe('NOT_FOUND');
    }
  });

  it('answers any other route or method with a JSON 404 (no static client here), not HTML', async () => {
    for (const [method, path] of [
      ['POST', '/t/abcdefghijkl'],
      ['DELETE', '/api/tables'],
      ['GET', '/nothing'],
      ['PUT', '/healthz'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/application\/json/);
      expect(((await res.json()) as { code: string }).code, `${method} ${path}`).toBe('NOT_FOUND');
    }
  });

  it('refuses bad settings with MALFORMED and creates nothing', async () => {
    const res = await post(JSON.stringify({ settings: { windowMs: 1 } }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('MALFORMED');
  });

  it('answers unguessable ids, then RATE_LIMITED once an address has made its burst', async () => {
    // The refused request above took a token too: two more fit in the burst of three.
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await post('{}');
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(new Set(ids).size).toBe(2);
    const limited = await post('{}');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED');
  });
});

// The default limits: what a deployment gets.
describe('a server at its default limits', () => {
  let started: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(() => started.server.close());

  it('refuses JSON in another charset as JSON_ONLY (a 415, as for any other type)', async () => {
    const res = await fetch(`${started.endpoint.replace('ws', 'http')}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ code: 'JSON_ONLY', message: 'Send application/json in UTF-8.' });
  });

  it('answers an address that asks as fast as it can with RATE_LIMITED after its burst, as table creation does', async () => {
    const base = started.endpoint.replace('ws', 'http');
    const statuses: number[] = [];
    let body: unknown;
    for (let i = 0; i < 300; i++) {
      const res = await fetch(`${base}/api/tables/${i % 2 ? 'nonexistent1/lookup' : 'nonexistent1'}`);
      statuses.push(res.status);
      if (res.status === 429) body = await res.json();
      else await res.arrayBuffer();
    }
    // The burst (30) covers a join page's polling (every 3 s) many times over; the flood is refused.
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(250);
    expect(body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
