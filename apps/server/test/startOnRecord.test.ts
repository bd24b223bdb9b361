/**
 * A game's start is shown only once the record has it, with every store. With the writer thread
 * (and Redis) the write answers later; the start used to deal and show the game at once, so a kill
 * in that moment brought the table back in its lobby after its players had seen a deal. Meanwhile
 * the table is held: seats, settings and a second start are refused (STARTING), and people coming
 * and going are seated as in a game, so what is shown at last is exactly what was recorded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { type TableCard, tableLookup } from '@blaze/protocol';
import { readLog } from '@blaze/protocol/wire';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Proc, startRedis } from '../../../tests/support/processes.js';
import { setStore } from '../src/store/current.js';
import { openRedisStore } from '../src/store/redis.js';
import { openSqliteStore } from '../src/store/sqlite.js';
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

// Relaxed clocks of a minute and slow bots: nothing moves by itself while a test looks.
const srv = useServer({ room: { ...FAST_ROOM, clocks: { ...FAST_ROOM.clocks, relaxed: SLOW } } });
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-start-record-'));
let redis: (Proc & { url: string }) | null = null;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  setStore(null);
  rmSync(dir, { recursive: true, force: true });
  await redis?.stop();
});

/** SQLite on its writer thread, whose writes wait while the test holds them (a busy or locked file). */
function heldThreadStore(file: string): TableStore & { hold(): void; release(): void; startWaits(): boolean } {
  const inner = openSqliteThreadStore(file);
  let gate: Promise<void> | null = null;
  let startWaits = false;
  let open = () => {};
  return {
    ...inner,
    hold() {
      gate = new Promise((r) => {
        open = r;
      });
    },
    release() {
      gate = null;
      startWaits = false;
      open();
    },
    /** A write holding a game's start is waiting. */
    startWaits: () => startWaits,
    async append(table, entries, at) {
      if (gate && entries.some((e) => e.t === 'start')) startWaits = true;
      if (gate) await gate;
      return inner.append(table, entries, at);
    },
  };
}

/**
 * A table of slow bots and relaxed clocks (nothing moves by itself while a test looks) with `names`
 * seated in order from seat 0 and bots at `botSeats`, everything so far on record.
 */
async function seatedTable(names: string[], botSeats: number[]): Promise<{ id: string; people: Player[] }> {
  const id = await createTable(srv.endpoint, { botDelayMs: 10_000, clock: 'relaxed' });
  const people: Player[] = [];
  for (const [seat, name] of names.entries()) {
    const p = await join(srv.endpoint, id, { name });
    await until(() => p.seat === seat, 5_000, `${name} seated`);
    people.push(p);
  }
  const host = people[0] as Player;
  for (const seat of botSeats) host.room.send('addBot', { seat });
  await until(() => botSeats.every((seat) => host.room.state.players[seat]?.occupied === true), 5_000, 'bots');
  await serverRoom(id).flushRecord();
  return { id, people };
}

/** The table's card as the join page reads it (GET /api/tables/:id/lookup). */
async function joinCard(id: string): Promise<TableCard> {
  const res = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables/${id}/lookup`);
  const answer = tableLookup.parse(await res.json());
  if (!answer.exists) throw new Error(`table ${id} not found`);
  return answer.card;
}

/** The log lines this client decodes from now on, in the order they first arrive. */
function logArrival(p: Player): () => { seq: number; kind: string }[] {
  const seen = new Set(readLog(p.room.state).map((l) => l.seq));
  const order: { seq: number; kind: string }[] = [];
  const look = () => {
    for (const l of readLog(p.room.state).sort((a, b) => a.seq - b.seq)) {
      if (seen.has(l.seq)) continue;
      seen.add(l.seq);
      order.push({ seq: l.seq, kind: l.kind });
    }
  };
  p.onPatch.push(look);
  return () => {
    look();
    return order;
  };
}

it('a start waits for the writer thread: nothing of the game is shown, and the table holds still, until it is on record', async () => {
  const store = heldThreadStore(joinPath(dir, 'held.sqlite'));
  setStore(store);
  // A gap: the start closes the seats up (the bot from 4 to 3), and only once it is on record.
  const {
    id,
    people: [host, ben, cat],
  } = await seatedTable(['Host', 'Ben', 'Cat'], [4]);
  if (!host || !ben || !cat) throw new Error('seated');
  const room = serverRoom(id);
  const sawGame = [host, ben, cat].map(watchForGame);

  store.hold();
  let seen = host.errors.length;
  host.room.send('start', {});
  await until(() => store.startWaits(), 5_000, 'the start written');
  // Every client is told the start waits (was: nothing said, the lobby looked as before).
  await until(() => [host, ben, cat].every((p) => p.room.state.starting), 5_000, 'the wait shown');
  await sleep(300);
  // The join page says so too (was: 'lobby' with a free seat, and someone joining to sit watched).
  expect((await joinCard(id)).status).toBe('starting');
  // Was: dealt and shown at once, before the record had the game.
  for (const saw of sawGame) expect(saw()).toBe(false);
  // Everything the start did not account for waits, and changes nothing.
  const tries: [Player, string, object][] = [
    [host, 'start', {}],
    [host, 'rematch', {}],
    [host, 'addBot', { seat: 3 }],
    [host, 'removeBot', { seat: 4 }],
    [host, 'botStrength', { seat: 4, strength: 'strong' }],
    [host, 'kick', { seat: 2 }],
    [host, 'settings', { windowMs: 1_000 }],
    [ben, 'sit', { seat: 3 }],
    [cat, 'leave', {}],
  ];
  const settingsBefore = JSON.stringify(room.settings);
  for (const [p, type, payload] of tries) {
    const from = p === host ? seen : p.errors.length;
    p.room.send(type, payload);
    const e = await nextError(p, from);
    expect(e.code, type).toBe('STARTING');
    expect(e.request).toBe(type);
    if (p === host) seen = host.errors.length;
  }
  // Someone who arrives meanwhile watches (was: seated in the free seat, outside the game).
  const dan = await join(srv.endpoint, id, { name: 'Dan' });
  await until(() => dan.token !== '', 5_000, 'Dan joined');
  await sleep(300);
  for (const saw of sawGame) expect(saw()).toBe(false);
  expect(watchForGame(dan)()).toBe(false);
  expect(dan.seat).toBe(-1);
  // The refused changes left the wait as it was; a newcomer's full state says it too.
  for (const p of [host, ben, cat, dan]) expect(p.room.state.starting).toBe(true);
  expect(host.room.state.status).toBe('lobby');
  expect(host.room.state.players.map((p) => p.occupied)).toEqual([true, true, true, false, true]);
  expect(room.game).toBeNull();
  expect(room.state.deadlines.length).toBe(0);
  expect(JSON.stringify(room.settings)).toBe(settingsBefore);
  expect(room.seating.slots.map((o) => o?.kind ?? null)).toEqual(['person', 'person', 'person', null, 'bot']);

  // The wait ends in the very patch that shows the game: no client decodes both at once.
  const both = [host, ben, cat, dan].map((p) => {
    let seen = false;
    p.onPatch.push(() => {
      if (p.room.state.starting && p.room.state.status === 'playing') seen = true;
    });
    return () => seen;
  });
  store.release();
  await until(() => [host, ben, cat, dan].every((p) => p.room.state.status === 'playing'), 5_000, 'the game shown');
  expect(room.starting).toBe(false);
  for (const p of [host, ben, cat, dan]) expect(p.room.state.starting).toBe(false);
  for (const saw of both) expect(saw()).toBe(false);
  expect(host.room.state.gameNumber).toBe(1);
  for (let i = 0; i < 50 && (await joinCard(id)).status !== 'playing'; i++) await sleep(50);
  expect((await joinCard(id)).status).toBe('playing');
  await until(
    () => [host, ben, cat].every((p) => (p.room.state.players[p.seat]?.hand.length ?? 0) > 0),
    5_000,
    'hands',
  );
  expect([host.seat, ben.seat, cat.seat, dan.seat]).toEqual([0, 1, 2, -1]);
  expect(host.room.state.players.map((p) => p.occupied)).toEqual([true, true, true, true, false]);
  // The hold is gone: a seat change meets the running game, not the start.
  seen = ben.errors.length;
  ben.room.send('sit', { seat: 4 });
  expect((await nextError(ben, seen)).code).toBe('GAME_RUNNING');
  // On record as shown: the seats as they were closed up, then the start; nothing after it puts
  // them back where they were (a kill then would restore a game its seats do not match).
  await room.flushRecord();
  const entries = await store.load(id);
  const startAt = entries.findIndex((e) => e.t === 'start');
  const closedUp = ['person', 'person', 'person', 'bot', null];
  for (const e of entries.slice(startAt)) {
    if (e.t === 'seats') expect(e.slots.map((o) => o?.kind ?? null)).toEqual(closedUp);
  }
  const r = rebuilt(entries);
  expect(r.game).toEqual(room.game);
  expect(r.seats?.slots.map((o) => o?.kind ?? null)).toEqual(closedUp);
  for (const p of [host, ben, cat, dan]) await p.room.leave();
  setStore(null);
  await store.close();
}, 30_000);

it('someone who leaves while a start waits keeps their seat for the bot, and the game shown is the one recorded', async () => {
  const store = heldThreadStore(joinPath(dir, 'leaver.sqlite'));
  setStore(store);
  const {
    id,
    people: [host, ben],
  } = await seatedTable(['Host', 'Ben'], [2]);
  if (!host || !ben) throw new Error('seated');
  const room = serverRoom(id);
  const arrived = logArrival(host);
  store.hold();
  host.room.send('start', {});
  await until(() => store.startWaits(), 5_000, 'the start written');
  await ben.room.leave();
  await until(() => !host.room.state.players[1]?.connected, 5_000, 'Ben gone');
  // Was: his seat given up in the lobby, and then a game dealt to three seats with two sitting.
  expect(host.room.state.players[1]?.occupied).toBe(true);
  // The bot takes his seat in the game, which has not started yet: the line waits for the start's.
  expect(arrived().map((l) => l.kind)).not.toContain('botTookOver');
  store.release();
  await until(() => host.room.state.status === 'playing', 5_000, 'the game shown');
  expect(host.room.state.players.map((p) => p.occupied)).toEqual([true, true, true, false, false]);
  expect(host.room.state.players[1]?.standIn).toBe(true);
  // Read in the order it happened, numbers rising as they arrive (was: "bot took over" first, and
  // "The game starts" then came with a lower number: a client reading new lines by number missed it).
  await until(() => arrived().some((l) => l.kind === 'botTookOver'), 5_000, 'the takeover line');
  const lines = arrived();
  expect(lines.map((l) => l.kind)).toEqual(['started', 'botTookOver']);
  expect(lines[0]?.seq).toBeLessThan(lines[1]?.seq ?? 0);
  await room.flushRecord();
  const entries = await store.load(id);
  // The record has them in that order too, and still replays.
  expect(entries.flatMap((e) => (e.t === 'log' ? [e.line.kind] : [])).slice(-2)).toEqual(['started', 'botTookOver']);
  const r = rebuilt(entries);
  expect(r.game).toEqual(room.game);
  expect(r.seats?.slots.map((o) => o?.kind ?? null)).toEqual(['person', 'person', 'bot', null, null]);
  await host.room.leave();
  setStore(null);
  await store.close();
}, 30_000);

it('a start refused (NOT_RECORDED) leaves no wait behind, and the table is free again at once', async () => {
  // Inline SQLite refuses at once (another process holds the file): there is no wait to show.
  const inner = openSqliteStore(joinPath(dir, 'refused.sqlite'), { checkpointThread: false });
  let locked = false;
  const store: TableStore = {
    ...inner,
    appendNow(table: string, entries: readonly TableEntry[], at: number) {
      if (locked) throw new Error('database is locked');
      return (inner.appendNow as NonNullable<TableStore['appendNow']>)(table, entries, at);
    },
  };
  setStore(store);
  const {
    people: [host],
  } = await seatedTable(['Host'], [1, 2]);
  if (!host) throw new Error('seated');
  let sawWait = false;
  host.onPatch.push(() => {
    if (host.room.state.starting) sawWait = true;
  });
  locked = true;
  let seen = host.errors.length;
  host.room.send('start', {});
  expect((await nextError(host, seen)).code).toBe('NOT_RECORDED');
  locked = false;
  // Not held: a settings change is taken (was it held, this would be STARTING).
  seen = host.errors.length;
  host.room.send('settings', { windowMs: 1_000 });
  await until(() => host.room.state.settings.windowMs === 1_000, 5_000, 'settings taken');
  expect(host.errors.length).toBe(seen);
  expect(host.room.state.starting).toBe(false);
  host.room.send('start', {});
  await until(() => host.room.state.status === 'playing', 5_000, 'the game shown');
  expect(host.room.state.starting).toBe(false);
  // An inline write answers before the patch: the wait was never sent, not even for a moment.
  expect(sawWait).toBe(false);
  // The refused start's line was dropped, not left for later lines to wait behind: this one shows.
  await until(() => readLog(host.room.state).some((l) => l.kind === 'started'), 5_000, 'the start line');
  expect(readLog(host.room.state).filter((l) => l.kind === 'started')).toHaveLength(1);
  await host.room.leave();
  setStore(null);
  await store.close();
}, 30_000);

it('with Redis too: a start waits for Redis to take it, and the table holds still meanwhile', async () => {
  const store = openRedisStore(redis?.url ?? '');
  setStore(store);
  const admin = new Redis(redis?.url ?? '');
  try {
    const {
      id,
      people: [host],
    } = await seatedTable(['Host'], [1, 2]);
    if (!host) throw new Error('seated');
    const room = serverRoom(id);
    const sawGame = watchForGame(host);
    // Redis holds every write command (a busy or failing-over Redis) until the test lets go.
    await admin.call('CLIENT', 'PAUSE', '20000', 'WRITE');
    host.room.send('start', {});
    await sleep(500);
    // Reads on another connection go on: the start is not in Redis yet, and nothing of it is shown.
    expect((await admin.lrange(`blaze:t:${id}`, 0, -1)).some((e) => e.includes('"t":"start"'))).toBe(false);
    expect(sawGame()).toBe(false);
    expect(room.game).toBeNull();
    const seen = host.errors.length;
    host.room.send('settings', { windowMs: 1_000 });
    expect((await nextError(host, seen)).code).toBe('STARTING');
    await admin.call('CLIENT', 'UNPAUSE');
    await until(() => host.room.state.status === 'playing', 5_000, 'the game shown');
    await room.flushRecord();
    const r = rebuilt(await store.load(id));
    expect(r.game).toEqual(room.game);
    expect(r.settings?.windowMs).not.toBe(1_000);
    await host.room.leave();
  } finally {
    await admin.call('CLIENT', 'UNPAUSE');
    admin.disconnect();
    setStore(null);
    await store.close();
  }
}, 30_000);
