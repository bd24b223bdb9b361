/**
 * A record store that stays away (Redis paused or down, the record file locked) held a game's start
 * for as long as it was away: the lobby said "starting" and nobody was told why; moves waited the
 * same way without a word. Now a start is given up after START_SAVE_WAIT_SECONDS (here 1.5 s): the
 * lobby is back as it was, the asker is told NOT_RECORDED, and should the write land after all, the
 * record goes back to the lobby too. Moves keep waiting (nothing is lost), and every client is told
 * that saving is delayed until the store takes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Proc, startRedis } from '../../../tests/support/processes.js';
import * as metrics from '../src/metrics.js';
import type { TableRoom } from '../src/room/TableRoom.js';
import { setStore } from '../src/store/current.js';
import { Recorder, type RestoredTable } from '../src/store/record.js';
import { openRedisStore } from '../src/store/redis.js';
import { openSqliteThreadStore } from '../src/store/sqliteThread.js';
import type { TableEntry, TableStore } from '../src/store/types.js';
import {
  createTable,
  FAST_ROOM,
  join,
  nextError,
  type Player,
  rebuilt,
  SLOW,
  serverRoom,
  sleep,
  until,
  useServer,
  watchForGame,
} from './helpers.js';

const srv = useServer({
  room: { ...FAST_ROOM, clocks: { ...FAST_ROOM.clocks, relaxed: SLOW }, startWaitMs: 1_500, saveNoticeMs: 400 },
});
let redis: (Proc & { url: string }) | null = null;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  setStore(null);
  await redis?.stop();
});

/** blaze_starts_given_up_total, as /metrics serves it. */
const givenUp = async () =>
  (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'blaze_starts_given_up_total')?.values[0]?.value ??
  0;

/** blaze_tables_saving_delayed, as /metrics serves it. */
const delayedTables = async () =>
  (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'blaze_tables_saving_delayed')?.values[0]?.value ??
  0;

/** Host and Ben seated, a bot in seat 3 (a start closes the gap up), everything on record. */
async function seated(settings: object): Promise<{ id: string; host: Player; ben: Player }> {
  const id = await createTable(srv.endpoint, settings);
  const host = await join(srv.endpoint, id, { name: 'Host' });
  await until(() => host.seat === 0, 5_000, 'host seated');
  const ben = await join(srv.endpoint, id, { name: 'Ben' });
  await until(() => ben.seat === 1, 5_000, 'Ben seated');
  host.room.send('addBot', { seat: 3 });
  await until(() => host.room.state.players[3]?.occupied === true, 5_000, 'bot');
  await serverRoom(id).flushRecord();
  return { id, host, ben };
}

/** Whether this client has decoded `savingDelayed` set at any point from now on. */
function sawDelay(p: Player): () => boolean {
  let seen = false;
  p.onPatch.push(() => {
    if (p.room.state.savingDelayed) seen = true;
  });
  return () => seen;
}

/**
 * Redis as the record store, and a second connection that can pause its writes (a busy, failing-over
 * or stuck Redis). Whatever `body` does, Redis takes writes again and everything is closed after it.
 */
async function withPausableRedis(body: (store: TableStore, admin: Redis) => Promise<void>): Promise<void> {
  const store = openRedisStore(redis?.url ?? '');
  setStore(store);
  const admin = new Redis(redis?.url ?? '');
  try {
    await body(store, admin);
  } finally {
    await admin.call('CLIENT', 'UNPAUSE');
    admin.disconnect();
    setStore(null);
    await store.close();
  }
}

/** The record holds one game, numbered 1, started once, and replays to the game the room shows. */
async function expectOneGame(store: TableStore, id: string, room: TableRoom): Promise<RestoredTable> {
  const r = rebuilt(await store.load(id));
  expect(r.games.map((g) => g.gameNumber)).toEqual([1]);
  expect(r.game).toEqual(room.game);
  expect(r.log.filter((l) => l.kind === 'started')).toHaveLength(1);
  return r;
}

/**
 * Redis paused, the host asks to start: the start is given up within the wait, the host alone is told
 * NOT_RECORDED, the lobby's "starting" is over for both, and the metric counted it.
 */
async function startGivenUp(admin: Redis, host: Player, ben: Player): Promise<void> {
  const before = await givenUp();
  // Redis holds every write (a busy, failing-over or stuck Redis) until the test lets go.
  await admin.call('CLIENT', 'PAUSE', '60000', 'WRITE');
  const seen = host.errors.length;
  host.room.send('start', {});
  await until(() => host.room.state.starting, 2_000, 'the wait shown');
  // Was: no answer at all while Redis stayed paused, and the lobby said "starting" all along.
  const e = await nextError(host, seen, 5_000);
  expect(e).toMatchObject({ code: 'NOT_RECORDED', request: 'start' });
  expect(ben.errors.map((x) => x.code)).not.toContain('NOT_RECORDED');
  await until(() => [host, ben].every((p) => !p.room.state.starting), 2_000, 'the wait over');
  expect(await givenUp()).toBe(before + 1);
}

it('a start the store does not take in time is given up: the lobby is back, the host told, and nothing of it stays on record', async () => {
  await withPausableRedis(async (store, admin) => {
    const { id, host, ben } = await seated({ botDelayMs: 10_000, clock: 'relaxed' });
    const room = serverRoom(id);
    const sawGame = [host, ben].map(watchForGame);
    const delays = [host, ben].map(sawDelay);
    await startGivenUp(admin, host, ben);
    // Everyone was told saving is delayed while it waited.
    for (const saw of delays) expect(saw()).toBe(true);
    expect(host.room.state.status).toBe('lobby');
    expect(room.starting).toBe(false);
    expect(room.game).toBeNull();
    for (const saw of sawGame) expect(saw()).toBe(false);
    // The lobby is free again: seats and settings change as in any lobby.
    const refusals = host.errors.length;
    host.room.send('settings', { windowMs: 1_000 });
    await until(() => host.room.state.settings.windowMs === 1_000, 5_000, 'settings taken');
    expect(host.errors.length).toBe(refusals);

    // Redis comes back: the start's write, under way all along, lands after all. The record goes back
    // to the lobby with it (was: a game on record that nobody saw start, restored after a kill).
    await admin.call('CLIENT', 'UNPAUSE');
    await room.flushRecord();
    await until(() => [host, ben].every((p) => !p.room.state.savingDelayed), 5_000, 'the notice cleared');
    const r = rebuilt(await store.load(id));
    expect(r.game).toBeNull();
    expect(r.gameNumber).toBe(0);
    expect(r.games).toHaveLength(0);
    expect(r.log.map((l) => l.kind)).not.toContain('started');
    expect(r.settings?.windowMs).toBe(1_000);
    // The seats as the lobby kept them, not closed up as the start wrote them.
    expect(r.seats?.slots.map((o) => o?.kind ?? null)).toEqual(['person', 'person', null, 'bot', null]);
    expect(host.room.state.players.map((p) => p.occupied)).toEqual([true, true, false, true, false]);
    for (const saw of sawGame) expect(saw()).toBe(false);

    // Started again: one game, numbered 1, on record once, and the record replays to it.
    host.room.send('start', {});
    await until(() => host.room.state.status === 'playing', 5_000, 'the game shown');
    expect(host.room.state.gameNumber).toBe(1);
    await room.flushRecord();
    await expectOneGame(store, id, room);
    for (const p of [host, ben]) await p.room.leave();
  });
}, 30_000);

it('moves in a running game are never given up: they wait for the store, and everyone sees saving is delayed until it takes them', async () => {
  await withPausableRedis(async (store, admin) => {
    // Fast clocks and quick bots: the table moves by itself.
    const { id, host, ben } = await seated({ botDelayMs: 0, clock: 'fast' });
    const room = serverRoom(id);
    host.room.send('start', {});
    await until(() => host.room.state.status === 'playing', 5_000, 'the game shown');
    await room.flushRecord();
    await admin.call('CLIENT', 'PAUSE', '60000', 'WRITE');
    const shownAt = host.room.state.log.length;
    // Was: the table simply stood still, nothing said.
    await until(() => [host, ben].every((p) => p.room.state.savingDelayed), 5_000, 'the notice shown');
    // Longer than a start may wait: a move is not given up, and nobody is refused anything.
    await sleep(2_000);
    expect(host.errors.map((e) => e.code)).not.toContain('NOT_RECORDED');
    expect(ben.errors.map((e) => e.code)).not.toContain('NOT_RECORDED');
    expect(host.room.state.savingDelayed).toBe(true);
    expect(host.room.state.status).toBe('playing');
    expect(await delayedTables()).toBe(1);
    await admin.call('CLIENT', 'UNPAUSE');
    await until(() => [host, ben].every((p) => !p.room.state.savingDelayed), 5_000, 'the notice cleared');
    await until(() => host.room.state.log.length > shownAt, 5_000, 'the held moves shown');
    expect(await delayedTables()).toBe(0);
    // The bots play on meanwhile, and a move is judged (room.journal) before it is on record: the
    // record holds every move made before the flush, and what it holds is what the room made.
    const made = room.journal.length;
    await room.flushRecord();
    const r = rebuilt(await store.load(id));
    expect(r.actions.length).toBeGreaterThanOrEqual(made);
    expect(r.actions).toEqual(room.journal.slice(0, r.actions.length));
    for (const p of [host, ben]) await p.room.leave();
  });
}, 30_000);

it('a write given up before its turn is never written, and what was queued before it still is', async () => {
  const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-give-up-'));
  const inner = openSqliteThreadStore(joinPath(dir, 'gated.sqlite'));
  let open = () => {};
  let gate: Promise<void> | null = new Promise((r) => {
    open = r;
  });
  // The writer thread's file held by another process: every write waits until the test lets go.
  const store: TableStore = {
    ...inner,
    async append(table, entries, at) {
      if (gate) await gate;
      return inner.append(table, entries, at);
    },
  };
  try {
    const r = new Recorder(store, 't');
    const chat = (n: number): TableEntry => ({ t: 'chat', seq: n, at: 0, name: 'A', seat: 0, text: `${n}` });
    const seen: string[] = [];
    r.write([chat(1)], () => seen.push('1 shown'));
    r.push(chat(2));
    r.write([chat(3)], () => seen.push('3 shown'), undefined, {
      ms: 200,
      gaveUp: () => seen.push('3 given up'),
      undo: () => [chat(4)],
    });
    await sleep(400);
    expect(seen).toEqual(['3 given up']);
    gate = null;
    open();
    await r.flush();
    expect(seen).toEqual(['3 given up', '1 shown']);
    // Chat 2 was queued before the write given up: written all the same. Chat 3 never was (nor its undo).
    expect((await store.load('t')).map((e) => (e.t === 'chat' ? e.text : e.t))).toEqual(['1', '2']);
  } finally {
    await inner.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('saving stays delayed while a write held as long is still waiting: it does not blink off between two batches', async () => {
  const written: TableEntry[][] = [];
  const gates: (() => void)[] = [];
  // Redis away: each write hangs until the test lets it through, one at a time.
  const store = {
    kind: 'redis',
    append: (_table: string, entries: readonly TableEntry[]) =>
      new Promise<void>((resolve) => {
        gates.push(() => {
          written.push([...entries]);
          resolve();
        });
      }),
  } as unknown as TableStore;
  const told: boolean[] = [];
  const r = new Recorder(store, 't', { noticeMs: 200, delayed: (on) => told.push(on) });
  const chat = (n: number): TableEntry => ({ t: 'chat', seq: n, at: 0, name: 'A', seat: 0, text: `${n}` });
  r.write([chat(1)], () => {});
  // Asked for a little later than the first (under load a CI run once put ~10 ms between the two,
  // and the notice blinked off: the second had waited just short of noticeMs).
  await sleep(30);
  r.write([chat(2)], () => {});
  await until(() => told.length > 0, 2_000, 'the notice');
  expect(told).toEqual([true]);
  // The first lands; the second, asked for as long ago, still waits (its own attempt just began).
  gates.shift()?.();
  await until(() => gates.length > 0, 2_000, "the second write's attempt");
  await sleep(100);
  expect(told).toEqual([true]);
  gates.shift()?.();
  await r.flush();
  expect(told).toEqual([true, false]);
  expect(written.flat().map((e) => (e.t === 'chat' ? e.text : e.t))).toEqual(['1', '2']);
});

it('a host spamming start while the store is paused: one start waits at a time, and the record ends with one game once it is back', async () => {
  await withPausableRedis(async (store, admin) => {
    const { id, host, ben } = await seated({ botDelayMs: 10_000, clock: 'relaxed' });
    const room = serverRoom(id);
    await admin.call('CLIENT', 'PAUSE', '60000', 'WRITE');
    const seen = host.errors.length;
    for (let i = 0; i < 5; i++) host.room.send('start', {});
    await until(() => host.errors.length >= seen + 4, 2_000, 'the spam answered');
    expect(host.errors.slice(seen).map((e) => e.code)).toEqual(['STARTING', 'STARTING', 'STARTING', 'STARTING']);
    await nextError(host, seen + 4, 5_000);
    // Given up; started again (and spammed again) while the first write is still under way.
    for (let i = 0; i < 3; i++) host.room.send('start', {});
    await until(() => host.room.state.starting, 2_000, 'the second wait');
    await admin.call('CLIENT', 'UNPAUSE');
    await until(() => host.room.state.status === 'playing', 5_000, 'the second start shown');
    await room.flushRecord();
    await sleep(300);
    expect(host.room.state.gameNumber).toBe(1);
    expect((await expectOneGame(store, id, room)).gameNumber).toBe(1);
    for (const p of [host, ben]) await p.room.leave();
  });
}, 30_000);

it('a Durak start the store does not take in time is given up as a Blaze one is: lobby back, host told, nothing on record', async () => {
  await withPausableRedis(async (store, admin) => {
    const res = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'durak', settings: { players: 2, clock: 'relaxed', botDelayMs: 10_000 } }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const host = await join(srv.endpoint, id, { name: 'Host' });
    await until(() => host.seat === 0, 5_000, 'host seated');
    const ben = await join(srv.endpoint, id, { name: 'Ben' });
    await until(() => ben.seat === 1, 5_000, 'Ben seated');
    const room = serverRoom(id);
    await room.flushRecord();
    await startGivenUp(admin, host, ben);
    expect(host.room.state.status).toBe('lobby');
    expect(host.room.state.gameNumber).toBe(0);
    // The write lands once Redis is back: the record goes back to the lobby with it.
    await admin.call('CLIENT', 'UNPAUSE');
    await room.flushRecord();
    const r = rebuilt(await store.load(id));
    expect(r.gameNumber).toBe(0);
    expect(r.games).toHaveLength(0);
    expect(r.log.map((l) => l.kind)).not.toContain('started');
    // Started again: one Durak game, numbered 1, on record once.
    host.room.send('start', {});
    await until(() => host.room.state.status === 'playing', 5_000, 'the game shown');
    expect(host.room.state.gameNumber).toBe(1);
    await room.flushRecord();
    const again = rebuilt(await store.load(id));
    expect(again.games.map((g) => g.gameNumber)).toEqual([1]);
    expect(again.log.filter((l) => l.kind === 'started')).toHaveLength(1);
    for (const p of [host, ben]) await p.room.leave();
  });
}, 30_000);
