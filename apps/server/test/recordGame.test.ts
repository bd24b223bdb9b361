/**
 * Records name their game: a new table's record says its game and rules version before anything else,
 * its card names the game, POST /api/tables takes one (an unknown one changes nothing). A record of a
 * game, rules version or entry this build does not know is refused at restore with a JSON log line
 * naming it, and kept on record as it was; the other tables still restore.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Writable } from 'node:stream';
import { DEFAULT_SETTINGS, type TableCard } from '@blaze/protocol';
import { matchMaker } from '@colyseus/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOM_NAME } from '../src/app.js';
import { createLogger } from '../src/logger.js';
import { recordedGames } from '../src/room/results.js';
import { setStore } from '../src/store/current.js';
import { storeFaults } from '../src/store/faults.js';
import { openStore, restoreTables } from '../src/store/open.js';
import type { TableEntry, TableStore } from '../src/store/types.js';
import { FAST_ROOM, rebuilt, serverRoom, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM });
const http = () => srv.endpoint.replace('ws', 'http');
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-record-game-'));
let store: TableStore;
beforeAll(() => {
  store = openStore({ DATA_DIR: dir });
  setStore(store);
});
afterAll(async () => {
  setStore(null);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const create = (body: unknown) =>
  fetch(`${http()}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const tablesOpen = async () => (await matchMaker.query({ name: ROOM_NAME })).length;

it("a new table's record names its game first, and its card names it", async () => {
  for (const body of [{ game: 'blaze', settings: { clock: 'fast' } }, {}]) {
    const res = await create(body);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await until(() => matchMaker.getLocalRoomById(id) !== undefined, 5_000, 'table');
    await serverRoom(id).flushRecord();
    expect((await store.load(id))[0]).toEqual({ t: 'game', game: 'blaze', rulesVersion: 1 });
    const card = (await (await fetch(`${http()}/api/tables/${id}`)).json()) as TableCard;
    expect(card.game).toBe('blaze');
    await serverRoom(id).disconnect();
  }
});

it('POST /api/tables: a game this server does not play is a 400 UNKNOWN_GAME, and makes nothing', async () => {
  const before = await tablesOpen();
  const chess = await create({ game: 'chess', settings: {} });
  expect(chess.status).toBe(400);
  expect(((await chess.json()) as { code: string }).code).toBe('UNKNOWN_GAME');
  // Inherited names are not games either.
  expect((await create({ game: 'constructor' })).status).toBe(400);
  const notAName = await create({ game: 7 });
  expect(notAName.status).toBe(400);
  expect(((await notAName.json()) as { code: string }).code).toBe('MALFORMED');
  expect(await tablesOpen()).toBe(before);
});

it('records of a game, version or entry this build does not know are refused with a log line and kept; the others restore', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  storeFaults.use(createLogger({ destination: sink }));
  const settings: TableEntry = { t: 'settings', settings: { ...DEFAULT_SETTINGS } };
  const records: Record<string, TableEntry[]> = {
    chessTable: [{ t: 'game', game: 'chess', rulesVersion: 1 }, settings],
    blazeV99: [{ t: 'game', game: 'blaze', rulesVersion: 99 }, settings],
    newerEntry: [{ t: 'game', game: 'blaze', rulesVersion: 1 }, settings, { t: 'teleport' } as unknown as TableEntry],
    // Written before records named their game: Blaze version 1.
    oldTable: [settings],
    blazeV1: [{ t: 'game', game: 'blaze', rulesVersion: 1 }, settings],
  };
  for (const [id, entries] of Object.entries(records)) await store.append(id, entries, 0);

  const back = await restoreTables(store, ROOM_NAME);
  expect([...back].sort()).toEqual(['blazeV1', 'oldTable']);
  for (const id of back) expect(serverRoom(id).kind).toEqual({ game: 'blaze', rulesVersion: 1 });

  const said = (table: string) => lines.find((l) => l.table === table);
  expect(said('chessTable')).toMatchObject({ level: 50, game: 'chess', rulesVersion: 1 });
  expect(said('blazeV99')).toMatchObject({ level: 50, game: 'blaze', rulesVersion: 99 });
  expect(said('newerEntry')).toMatchObject({ level: 50, game: 'blaze', rulesVersion: 1, entry: 'teleport' });
  for (const t of ['chessTable', 'blazeV99', 'newerEntry'])
    expect(said(t)?.msg).toMatch(/not restored: .*does not know; kept on record/);
  // Kept exactly as they were, listed open: a build that knows them restores them.
  const open = await store.openTables();
  for (const t of ['chessTable', 'blazeV99', 'newerEntry']) {
    expect(open).toContain(t);
    expect(await store.load(t)).toEqual(records[t]);
  }
  for (const id of back) await serverRoom(id).disconnect();
});

it('a record names the game of each game it started; one that names none holds Blaze version 1', () => {
  const settings: TableEntry = { t: 'settings', settings: { ...DEFAULT_SETTINGS } };
  const start: TableEntry = { t: 'start', gameNumber: 1, options: { players: 3, seed: 's' } };
  const result: TableEntry = {
    t: 'result',
    game: 1,
    names: ['A', 'B', 'C'],
    keys: ['', '', ''],
    scores: [0, 0, 0],
    winner: -1,
  };
  for (const entries of [
    [settings, start, result],
    [{ t: 'game', game: 'blaze', rulesVersion: 1 } as TableEntry, settings, start, result],
  ]) {
    const r = rebuilt(entries);
    expect(r.kind).toEqual({ game: 'blaze', rulesVersion: 1 });
    expect(r.games[0]?.kind).toEqual({ game: 'blaze', rulesVersion: 1 });
    expect(recordedGames('t', r)[0]).toMatchObject({ id: 't-1', rules: 'blaze', rulesVersion: 1 });
  }
});
