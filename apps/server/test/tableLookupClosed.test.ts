/**
 * GET /api/tables/:id/lookup tells a table that closed (its record is in the store) from an id no
 * table ever had, so the join page words them differently (issue #40, finding 8).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { tableLookup } from '@blaze/protocol';
import { matchMaker } from '@colyseus/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setStore } from '../src/store/current.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { TableStore } from '../src/store/types.js';
import { createTable, FAST_ROOM, join, sleep, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM });
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-lookup-closed-'));
let store: TableStore | null = null;
beforeAll(() => {
  store = openSqliteStore(joinPath(dir, 'tables.sqlite'));
  setStore(store);
});
afterAll(async () => {
  setStore(null);
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function lookup(id: string) {
  const res = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables/${id}/lookup`);
  expect(res.status).toBe(200);
  return tableLookup.parse(await res.json());
}

it('answers closed for a table whose last person left, not for an id that never was', async () => {
  expect(await lookup('AAAAAAAAAAAA')).toEqual({ exists: false, closed: false });
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0 });
  const host = await join(srv.endpoint, id, { name: 'Hanna' });
  await until(() => host.seat === 0);
  expect((await lookup(id)).exists).toBe(true);
  await host.room.leave();
  await until(() => matchMaker.getLocalRoomById(id) === undefined, 20_000, 'the table to close');
  // The listing drops the table with the room; a few tries at most (a bounded wait, not a timing claim).
  for (let k = 0; k < 100 && (await lookup(id)).exists; k++) await sleep(100);
  expect(await lookup(id)).toEqual({ exists: false, closed: true });
  expect(await lookup('AAAAAAAAAAAA')).toEqual({ exists: false, closed: false });
});
