/**
 * A table restored after a restart waits for its people whoever else comes and goes (found from
 * outside: a spectator who joined a restored table and left again closed it for good, and its record
 * with it), its seat owners get in past a full gallery of spectators, and once their grace is over
 * the table closes with its last person, as any other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { heuristicBot, simulateGame } from '@blaze/bots';
import { CLOSE_RESTARTING } from '@blaze/protocol';
import { matchMaker } from '@colyseus/core';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_NAME } from '../src/app.js';
import { registry } from '../src/metrics.js';
import { lifecycle, setStore } from '../src/store/current.js';
import { openStore, restoreTables } from '../src/store/open.js';
import type { GameRecord, TableEntry, TableStore } from '../src/store/types.js';
import { createTable, FAST_ROOM, join, type Player, serverRoom, sleep, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM, limits: { tableMaxSpectators: 1 } });
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-restored-'));
let store: TableStore;
beforeAll(() => {
  store = openStore({ DATA_DIR: dir });
});
afterAll(async () => {
  setStore(null);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** blaze_tables, as /metrics says it. */
const openTablesGauge = async () => (await registry.getSingleMetric('blaze_tables')?.get())?.values[0]?.value;

const alive = (id: string) => matchMaker.getLocalRoomById(id) !== undefined;

/** What a restart does to one table: recorded, its clients told "restarting", then restored from the record. */
async function restart(id: string): Promise<void> {
  await shutDown(id);
  expect(await restoreTables(store, ROOM_NAME)).toContain(id);
}

/** The table's part of a shutdown: recorded, its clients told "restarting", gone from this process. */
async function shutDown(id: string): Promise<void> {
  const room = serverRoom(id);
  lifecycle.shuttingDown = true;
  try {
    await room.flushRecord();
    await room.disconnect(CLOSE_RESTARTING);
    await until(() => !alive(id), 5_000, 'table gone');
  } finally {
    lifecycle.shuttingDown = false;
  }
}

async function tableInPlay(reconnectSeconds: number): Promise<{ id: string; a: Player; b: Player }> {
  const id = await createTable(srv.endpoint, { reconnectSeconds, botDelayMs: 10_000 });
  const a = await join(srv.endpoint, id, { name: 'Ann' });
  const b = await join(srv.endpoint, id, { name: 'Ben' });
  await until(() => a.token !== '' && b.seat === 1, 5_000, 'seats');
  a.room.send('addBot', { seat: 2 });
  await until(() => a.room.state.players[2]?.occupied === true, 5_000, 'bot');
  a.room.send('start', { firstSeat: 0 });
  await until(() => a.room.state.status === 'playing', 5_000, 'start');
  return { id, a, b };
}

it('a visitor who comes and goes leaves a restored table open; its owners get in past a full gallery', async () => {
  setStore(store);
  const { id, a, b } = await tableInPlay(60);
  await restart(id);

  // Someone opens the link while nobody is back yet, watches, and leaves.
  const visitor = await join(srv.endpoint, id, { name: 'Vic' });
  await until(() => visitor.room.state.status === 'playing', 5_000, 'visitor sees the game');
  await visitor.room.leave(true);
  // Colyseus disposes an empty room a second after autoDispose was turned on: wait past that.
  await sleep(1_500);
  expect(alive(id)).toBe(true);

  // The gallery (one place here) is full when the owners come back: they pass it, to their own seats.
  const spy = await join(srv.endpoint, id, { name: 'Spy' });
  await until(() => spy.room.state.spectators === 1, 5_000, 'spectator counted');
  const a2 = await join(srv.endpoint, id, { name: 'Ann', seatToken: a.token });
  const b2 = await join(srv.endpoint, id, { name: 'Ben', seatToken: b.token });
  await until(() => a2.seat === 0 && b2.seat === 1, 5_000, 'owners seated');
  expect(a2.room.state.status).toBe('playing');
  // A second stranger is still held to the cap.
  await expect(new Client(srv.endpoint).joinById(id, { name: 'Eve' })).rejects.toThrow(/1 spectators/);
  for (const p of [a2, b2, spy]) await p.room.leave(true);
});

it('once the grace is over, the restored table closes with its last person', async () => {
  setStore(store);
  const { id, a } = await tableInPlay(5);
  await restart(id);
  const a2 = await join(srv.endpoint, id, { name: 'Ann', seatToken: a.token });
  await until(() => a2.seat === 0, 5_000, 'back');
  // Ben never comes back: the grace lapses (the bot plays for him from then on).
  await until(() => !serverRoom(id).restoredGrace, 10_000, 'grace over');
  await a2.room.leave(true);
  await until(() => !alive(id), 5_000, 'table closed');
  // Closed for good: not restored again.
  expect(await restoreTables(store, ROOM_NAME)).not.toContain(id);
});

it('a record that cannot be read at the moment is not given up: the table stays on record for the next start', async () => {
  setStore(store);
  const { id, a } = await tableInPlay(60);
  await shutDown(id);
  // The first start finds the file busy (another process's lock, an I/O error) while reading this table.
  const busy: TableStore = {
    ...store,
    load: async () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    },
  };
  setStore(busy);
  const open = await openTablesGauge();
  expect(await restoreTables(busy, ROOM_NAME)).not.toContain(id);
  // The table that failed to open is not counted as open (Colyseus never disposes it).
  expect(await openTablesGauge()).toBe(open);
  // It was closed for good, its game with it; the next start brings it back.
  setStore(store);
  expect(await store.openTables()).toContain(id);
  expect(await restoreTables(store, ROOM_NAME)).toContain(id);
  const a2 = await join(srv.endpoint, id, { name: 'Ann', seatToken: a.token });
  await until(() => a2.seat === 0 && a2.room.state.status === 'playing', 5_000, 'Ann back at her game');
  await a2.room.leave(true);
});

it('a record that does not replay is given up: not restored, not tried again', async () => {
  setStore(store);
  const id = 'unreplayable';
  await store.append(
    id,
    [
      { t: 'start', gameNumber: 1, options: { players: 3, seed: 'crc-42' } },
      { t: 'action', action: { type: 'closeWindow' } },
    ],
    0,
  );
  expect(await restoreTables(store, ROOM_NAME)).not.toContain(id);
  expect(await store.openTables()).not.toContain(id);
});

/** A finished game of three bots, as the table's record holds it: its start, its actions, the log line of its end. */
function finishedGame(gameNumber: number, endedAt: number) {
  const options = { players: 3 as const, seed: `finished-${gameNumber}` };
  const sim = simulateGame({ ...options, strategies: [heuristicBot, heuristicBot, heuristicBot], record: true });
  expect(sim.state.over).toBe(true);
  const names = ['Bot 1', 'Bot 2', 'Bot 3'];
  const played: TableEntry[] = [
    { t: 'start', gameNumber, options },
    ...sim.actions.map((action): TableEntry => ({ t: 'action', action })),
    {
      t: 'log',
      line: { seq: gameNumber, at: endedAt, kind: 'gameOver', seat: -1, other: -1, cards: [], value: -1, text: '' },
    },
  ];
  const result: TableEntry = {
    t: 'result',
    game: gameNumber,
    names,
    keys: names.map((n) => `bot:${n}`),
    scores: [...sim.state.scores],
    winner: sim.state.winner ?? -1,
  };
  return { played, result, actions: sim.actions, scores: [...sim.state.scores] };
}

const BOTS: TableEntry = {
  t: 'seats',
  slots: [1, 2, 3].map((n) => ({ kind: 'bot' as const, name: `Bot ${n}` })).concat([null, null] as never[]),
  host: null,
  people: [],
};

describe.each([
  ['SQLite, inline writer', 'inline'],
  ['SQLite, writer thread', 'thread'],
] as const)("a finished game's public record missing from the store (%s)", (_, writer) => {
  let own: TableStore;
  const ownDir = mkdtempSync(joinPath(tmpdir(), 'blaze-restored-games-'));
  beforeAll(() => {
    own = openStore({ DATA_DIR: ownDir, STORE_WRITER: writer });
  });
  afterAll(async () => {
    setStore(store);
    await own.close();
    rmSync(ownDir, { recursive: true, force: true });
  });

  it('is saved when the table is restored; one already saved is left as it was', async () => {
    setStore(own);
    const id = `gone-${writer}`;
    const one = finishedGame(1, 1_000);
    const two = finishedGame(2, 2_000);
    // The process was killed after the table's record took game 2's result, before its own record was saved.
    await own.append(id, [BOTS, ...one.played, one.result, ...two.played, two.result], 0);
    const saved = { ...recordOf(one, id, 1), finishedAt: 1 };
    await own.saveGame(saved);
    expect(await restoreTables(own, ROOM_NAME)).toContain(id);
    // Was null for ever: /api/games/<id>-2 answered 404.
    await untilAsync(async () => (await own.getGame(`${id}-2`)) !== null, 'the missing record saved');
    expect(await own.getGame(`${id}-2`)).toEqual(recordOf(two, id, 2, 2_000));
    expect(await own.getGame(`${id}-1`)).toEqual(saved);
    expect(serverRoom(id).state.results.length).toBe(2);
  });

  it("is saved, and the game's result recorded, when the kill came before the result was on record", async () => {
    setStore(own);
    const id = `ended-${writer}`;
    const one = finishedGame(1, 3_000);
    // The last action (and its log line) is on record; the result, written with the next write, is not.
    await own.append(id, [BOTS, ...one.played], 0);
    expect(await restoreTables(own, ROOM_NAME)).toContain(id);
    await untilAsync(async () => (await own.getGame(`${id}-1`)) !== null, 'the missing record saved');
    expect(await own.getGame(`${id}-1`)).toEqual(recordOf(one, id, 1, 3_000));
    const room = serverRoom(id);
    expect(room.state.status).toBe('finished');
    // The evening's results show it, and the table's record has it now too (the next start finds it there).
    expect(room.state.results.map((r) => r.game)).toEqual([1]);
    await room.flushRecord();
    expect((await own.load(id)).filter((e) => e.t === 'result')).toEqual([one.result]);
  });
});

function recordOf(g: ReturnType<typeof finishedGame>, table: string, n: number, finishedAt = 0): GameRecord {
  const result = g.result as Extract<TableEntry, { t: 'result' }>;
  return {
    id: `${table}-${n}`,
    table,
    game: n,
    rules: 'blaze',
    rulesVersion: 1,
    names: result.names,
    options: { players: 3, seed: `finished-${n}` },
    actions: g.actions,
    scores: g.scores,
    winner: result.winner,
    finishedAt,
  };
}

async function untilAsync(cond: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

it('a host watching their bots gets back in after a reload past a full gallery: their place was held', async () => {
  setStore(null);
  const id = await createTable(srv.endpoint, { botDelayMs: 10_000, reconnectSeconds: 30 });
  const host = await join(srv.endpoint, id, { name: 'Hal' });
  await until(() => host.seat === 0 && host.host, 5_000, 'host seated');
  for (const seat of [1, 2, 3]) host.room.send('addBot', { seat });
  await until(() => host.room.state.players[3]?.bot === true, 5_000, 'bots');
  host.room.send('leave', {});
  await until(() => host.seat === -1, 5_000, 'host watching');
  host.room.send('start', {});
  await until(() => host.room.state.status === 'playing', 5_000, 'the bots play');
  await host.room.leave(false); // the page reloads
  // Meanwhile a stranger takes the gallery's one place.
  const spy = await join(srv.endpoint, id, { name: 'Spy' });
  await until(() => spy.room.state.spectators >= 1, 5_000, 'spy watching');
  // Was refused: 'This table already has 1 spectators'.
  const back = await join(srv.endpoint, id, { name: 'Hal', seatToken: host.token, spectate: true });
  await until(() => back.token === host.token && back.host, 5_000, 'Hal back as host');
  expect(back.seat).toBe(-1);
  for (const p of [back, spy]) await p.room.leave(true);
});
