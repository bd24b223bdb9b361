/**
 * Issue 39, finding 2: tables are held by people, not by sockets. Many loopback addresses (real
 * sockets bound to 127.0.0.x) each make tables with the longest reconnection grace, join once and
 * drop the socket. Before, every table stayed held for the whole grace (600 s) and everyone else got
 * 503 FULL; now an unstarted table closes within the unclaimed bound, and an address holds at most
 * its quota of open tables.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchMaker } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { startProduct, tableCount } from './attack.js';
import { createTableFrom, httpFrom, joinFrom } from './fromAddress.js';
import { FAST_ROOM, join, serverRoom, sleep, until, useServer } from './helpers.js';

const MAX_TABLES = 12;
const HELD = 3;
const UNCLAIMED_MS = 1_500;
const srv = useServer({
  room: FAST_ROOM,
  limits: { maxTables: MAX_TABLES, tablesHeldPerAddress: HELD, unclaimedMs: UNCLAIMED_MS },
});
const base = () => srv.endpoint.replace('ws', 'http');
const tables = () => matchMaker.stats.local.roomCount;

describe('held tables', () => {
  it('empty lobbies close within the unclaimed bound whatever grace was set; the quota counts what an address holds', async () => {
    // Four addresses, each at its quota: every table of the server, each joined once and dropped.
    for (let a = 1; a <= 4; a++) {
      const from = `127.0.0.${10 + a}`;
      for (let t = 0; t < HELD; t++) {
        const made = await createTableFrom(from, base(), { reconnectSeconds: 600 });
        expect(made.status).toBe(201);
        const socket = await joinFrom(from, base(), String(made.body.id), `Host${a}${t}`);
        await until(() => serverRoom(String(made.body.id)).clients.length === 1, 5_000, 'joined');
        socket.destroy();
      }
      // The address holds its quota: one more is refused for that, with its own code.
      const more = await createTableFrom(from, base());
      expect(more.status).toBe(429);
      expect(more.body.code).toBe('TOO_MANY_TABLES');
    }
    expect(tables()).toBe(MAX_TABLES);
    const fresh = '127.0.0.99';
    const refused = await createTableFrom(fresh, base());
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('FULL');

    // Every table frees within the unclaimed bound (their grace was 600 s), with room for a slow machine.
    const dropped = Date.now();
    await until(() => tables() === 0, UNCLAIMED_MS + 8_000, 'the empty lobbies closed');
    expect(Date.now() - dropped).toBeLessThan(UNCLAIMED_MS + 8_000);

    // A fresh address makes a table and joins it; a former holder may make tables again.
    const made = await createTableFrom(fresh, base());
    expect(made.status).toBe(201);
    const socket = await joinFrom(fresh, base(), String(made.body.id), 'Fresh');
    await until(() => serverRoom(String(made.body.id)).clients.length === 1, 5_000, 'fresh joined');
    expect((await createTableFrom('127.0.0.11', base())).status).toBe(201);
    socket.destroy();
    await until(() => tables() === 0, UNCLAIMED_MS + 8_000, 'closed again');
  });

  it('a table nobody joined closes after the unclaimed bound and frees its creator’s quota', async () => {
    const from = '127.0.0.21';
    for (let t = 0; t < HELD; t++) expect((await createTableFrom(from, base())).status).toBe(201);
    expect((await createTableFrom(from, base())).body.code).toBe('TOO_MANY_TABLES');
    await until(() => tables() === 0, UNCLAIMED_MS + 8_000, 'unjoined tables closed');
    expect((await createTableFrom(from, base())).status).toBe(201);
    await until(() => tables() === 0, UNCLAIMED_MS + 8_000, 'closed again');
  });

  it('once a game started, the host’s grace holds: the table waits for its people', async () => {
    const made = await createTableFrom('127.0.0.31', base(), { reconnectSeconds: 600, botDelayMs: 0 });
    const id = String(made.body.id);
    const ann = await join(srv.endpoint, id, { name: 'Ann' });
    const ben = await join(srv.endpoint, id, { name: 'Ben' });
    const cat = await join(srv.endpoint, id, { name: 'Cat' });
    const all = [ann, ben, cat];
    await until(() => all.every((p) => p.seat >= 0) && ann.host, 5_000, 'seated');
    ann.room.send('start', { firstSeat: 0 });
    await until(() => ann.room.state.status === 'playing', 5_000, 'started');
    // Every page drops without consent.
    for (const p of all) await p.room.leave(false);
    await until(() => serverRoom(id).clients.length === 0, 5_000, 'all gone');
    await sleep(UNCLAIMED_MS + 1_500);
    expect(matchMaker.getLocalRoomById(id)).toBeDefined();
    // The lobby's bound is not a table's whole life: the table is still listed for its people.
    expect((await httpFrom('127.0.0.32', base(), 'GET', `/api/tables/${id}`)).status).toBe(200);
    await serverRoom(id).disconnect();
  });

  it('a lobby restored after a restart (SIGTERM, the product) is held no longer than the unclaimed bound either', async () => {
    const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-held-'));
    const env = { DATA_DIR: dir, TABLE_UNCLAIMED_SECONDS: '5', LOG_LEVEL: 'info' };
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    let p = await startProduct(serverDir, env);
    try {
      const made = await createTableFrom('127.0.0.41', p.base, { reconnectSeconds: 600 });
      const socket = await joinFrom('127.0.0.41', p.base, String(made.body.id), 'Host');
      await sleep(500);
      // The host's page drops (their grace of 600 s runs), then the server restarts.
      socket.destroy();
      await sleep(500);
      await p.stop();
      p = await startProduct(serverDir, env);
      const restarted = Date.now();
      const again = p;
      await until(() => /"restored":1/.test(again.lines().join('\n')), 10_000, 'the table restored');
      // Nobody comes back: closed within the bound, not after the host's 600 s.
      let open = await tableCount(p.base);
      while (open > 0 && Date.now() - restarted < 5_000 + 8_000) {
        await sleep(200);
        open = await tableCount(p.base);
      }
      expect(open).toBe(0);
    } finally {
      await p.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
