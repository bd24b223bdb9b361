/**
 * Issue 8, must show 1: the started product (src/main.ts in its own process, production defaults)
 * attacked from outside on loopback. Every one of these got through before the edge existed:
 * 1,000 tables from the matchmaker's create, 100 MB bodies buffered, a log line per bad frame,
 * unlimited sockets per address.
 */
import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bigBody,
  frameFlood,
  leave,
  makeTable,
  type Product,
  post,
  sleep,
  socketFlood,
  startProduct,
  tableCount,
  tableFlood,
} from './attack.js';
import { join, type Player, until } from './helpers.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
let p: Product;

// Tables refill slowly here (one a minute after a burst of 20), so each test says how many it uses.
beforeAll(async () => {
  p = await startProduct(serverDir, {
    TABLES_BURST_PER_ADDRESS: '20',
    TABLES_PER_MINUTE_PER_ADDRESS: '1',
    TABLES_HELD_PER_ADDRESS: '20',
    TABLE_MAX_SPECTATORS: '2',
  });
});
afterAll(async () => {
  await p?.stop();
});

describe('the edge, attacked from outside', () => {
  it('a 21st socket from one address and an over-the-cap spectator are refused with a clear reason', async () => {
    // Seven connections fit a table here (five seats, two spectators): three tables.
    const flood = await socketFlood(p, 21, 7);
    expect(flood.errors.join('\n')).toMatch(/Too many connections from your address/);
    expect(flood.joined).toBe(20);
    for (const r of flood.rooms) await leave(r);
    await sleep(300);

    const table = await makeTable(p.base);
    const watchers = [];
    for (const name of ['W1', 'W2']) watchers.push(await join(p.endpoint, table, { name, spectate: true }));
    await expect(new Client(p.endpoint).joinById(table, { name: 'W3', spectate: true })).rejects.toThrow(
      /already has 2 spectators/,
    );
    // A spectator's token is no way past the cap (it was: 29 spectators at a cap of 20).
    const w1 = watchers[0] as Player;
    await until(() => w1.token !== '', 5_000, "W1's token");
    await expect(
      new Client(p.endpoint).joinById(table, { name: 'W1', seatToken: w1.token, spectate: true }),
    ).rejects.toThrow(/already has 2 spectators/);
    // A seat's owner passes the cap, in up to three tabs; a fourth is refused.
    const sam = await join(p.endpoint, table, { name: 'Sam' });
    await until(() => sam.seat === 0, 5_000, 'Sam seated');
    const tabs = [sam.room];
    for (let i = 0; i < 2; i++)
      tabs.push(await new Client(p.endpoint).joinById(table, { name: 'Sam', seatToken: sam.token }));
    await expect(new Client(p.endpoint).joinById(table, { name: 'Sam', seatToken: sam.token })).rejects.toThrow(
      /open in 3 tabs/,
    );
    for (const r of [...watchers.map((w) => w.room), ...tabs]) await leave(r);
  });

  it('5,000 malformed frames produce a handful of log lines, and their senders are dropped', async () => {
    const table = await makeTable(p.base);
    const lines = await frameFlood(p, table, 5_000, 5);
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThanOrEqual(12);
    // No stack traces.
    expect(p.lines().filter((l) => /^\s+at /.test(l))).toEqual([]);
  });

  it('a 20 MB body to any route is refused within 2 s and memory stays flat', async () => {
    await sleep(300);
    const before = p.rssMb();
    const routes = ['/matchmake/joinById/abcdefghijkl', '/matchmake/create/blaze', '/api/tables', '/healthz', '/t/x'];
    for (const path of routes) {
      const r = await bigBody(p.base, path, 20);
      // Refused before reading: a 413, or the connection cut while the client was still sending.
      expect(['413', 'ECONNRESET', 'EPIPE'], `${path}: ${r.outcome}`).toContain(r.outcome);
      expect(r.ms, path).toBeLessThan(2_000);
    }
    const five = await Promise.all(routes.map((path) => bigBody(p.base, path, 20)));
    for (const r of five) expect(r.ms).toBeLessThan(2_000);
    await sleep(300);
    expect(p.rssMb() - before).toBeLessThan(30);
  });

  it('joins that never connect: five at once per address, then a clear refusal; a refused join holds none', async () => {
    const table = await makeTable(p.base);
    const joinOnly = (id: string) => post(p.base, `/matchmake/joinById/${id}`, '{"name":"Lurker"}');
    // Joins the matchmaker refuses (no such table) hold no place: any number of them.
    for (let i = 0; i < 8; i++) expect((await joinOnly('NoSuchTable0'))?.status).not.toBe(429);
    // Each answered join holds a place for 15 s until its websocket comes; five may wait at once.
    for (let i = 0; i < 5; i++) expect((await joinOnly(table))?.status, `join ${i + 1}`).toBe(200);
    const sixth = await joinOnly(table);
    expect(sixth?.status).toBe(429);
    expect(await sixth?.json()).toMatchObject({ code: 'TOO_MANY_JOINS', error: expect.stringMatching(/at once/) });
    await expect(new Client(p.endpoint).joinById(table, { name: 'Late' })).rejects.toThrow(/Too many joins/);
  });

  it('tables: cross-site text/plain makes none; the matchmaker makes none; /api/tables only its burst', async () => {
    const start = await tableCount(p.base);
    const plain = await post(p.base, '/api/tables', '{}', 'text/plain');
    expect(plain?.status).toBe(415);
    const form = await post(p.base, '/api/tables', 'a=1', 'application/x-www-form-urlencoded');
    expect(form?.status).toBe(415);
    expect(await tableCount(p.base)).toBe(start);

    const flood = await tableFlood(p.base, 300);
    expect(flood.matchmaker).toBe(0);
    // The burst of 20 less the 6 tables made above, and perhaps one refilled meanwhile.
    expect(flood.api).toBeGreaterThanOrEqual(14);
    expect(flood.api).toBeLessThanOrEqual(15);
    const refused = await post(p.base, '/matchmake/create/blaze', '{}');
    expect(refused?.status).toBe(404);
    expect(((await refused?.json()) as { error?: string } | undefined)?.error).toMatch(/api\/tables/);
    // colyseus.js' own create/joinOrCreate fail with that reason.
    await expect(new Client(p.endpoint).create('blaze', { name: 'x' })).rejects.toThrow(/api\/tables/);
    await expect(new Client(p.endpoint).joinOrCreate('blaze', { name: 'x' })).rejects.toThrow(/api\/tables/);
  });
});
