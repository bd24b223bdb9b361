/**
 * A record write that fails (the SQLite file locked by another process, a failing disk) must not
 * show a move that is not on record. Found from outside: with `sqlite3 blaze.sqlite` holding a
 * write transaction for ten seconds, the bots' moves went on being shown unrecorded; after a kill
 * the record did not replay ('action 6 does not replay: NOT_YOUR_ROLE') and the table was closed
 * for good, game and all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { readLog } from '@blaze/protocol/wire';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import * as metrics from '../src/metrics.js';
import { saveGameRecord } from '../src/room/results.js';
import { setStore } from '../src/store/current.js';
import { Recorder } from '../src/store/record.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { GameRecord, TableEntry, TableStore } from '../src/store/types.js';
import {
  createTable,
  FAST_ROOM,
  join,
  lastSeq,
  nextError,
  rebuilt,
  SLOW,
  serverRoom,
  sleep,
  until,
  useServer,
} from './helpers.js';

// The relaxed clock is a minute here: a bot's move that waited for its clock would show.
const srv = useServer({ room: { ...FAST_ROOM, clocks: { ...FAST_ROOM.clocks, relaxed: SLOW } } });
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-record-fail-'));
afterAll(() => {
  setStore(null);
  rmSync(dir, { recursive: true, force: true });
});

/** The inline store, whose writes fail while `locked` is set, as SQLite's do while another process holds the file. */
function lockableStore(file: string): TableStore & { locked: boolean } {
  const inner = openSqliteStore(file, { checkpointThread: false });
  const s = {
    ...inner,
    locked: false,
    appendNow(table: string, entries: readonly TableEntry[], at: number) {
      if (s.locked) throw new Error('database is locked');
      return (inner.appendNow as NonNullable<TableStore['appendNow']>)(table, entries, at);
    },
  };
  return s;
}

/** blaze_actions_applied_total, all sources (the registry is this process' own). */
const applied = async () => (await metrics.actionsApplied.get()).values.reduce((sum, v) => sum + v.value, 0);

const entry = (n: number): TableEntry => ({ t: 'chat', seq: n, at: 0, name: 'A', seat: 0, text: `${n}` });

it('a write that fails runs neither its `then` nor loses what was queued before it', async () => {
  const store = lockableStore(joinPath(dir, 'unit.sqlite'));
  const r = new Recorder(store, 't');
  r.push(entry(1));
  store.locked = true;
  const seen: string[] = [];
  r.write(
    [entry(2)],
    () => seen.push('shown'),
    () => seen.push('unrecorded'),
  );
  expect(seen).toEqual(['unrecorded']);
  store.locked = false;
  r.write([entry(3)], () => seen.push('shown'));
  expect(seen).toEqual(['unrecorded', 'shown']);
  // The queued entry is written with the next write; the refused one is the caller's to undo.
  expect(await store.load('t')).toEqual([entry(1), entry(3)]);
  await store.close();
});

it('an asynchronous store (SQLite on its thread, Redis) that fails a write gets it again, in order, before anything after it', async () => {
  const inner = openSqliteStore(joinPath(dir, 'async.sqlite'), { checkpointThread: false });
  let locked = true;
  // As the writer thread or Redis answers: later, and a refusal while the store is failing.
  const store: TableStore = {
    ...inner,
    appendNow: undefined,
    append: async (table, entries, at) => {
      await sleep(1);
      if (locked) throw new Error('database is locked');
      return inner.append(table, entries, at);
    },
  };
  const r = new Recorder(store, 'a');
  const shown: number[] = [];
  r.write([entry(1)], () => shown.push(1));
  r.write([entry(2)], () => shown.push(2));
  await sleep(250);
  // Nothing shown while nothing is on record; the second write did not go ahead of the first.
  expect(shown).toEqual([]);
  expect(await inner.load('a')).toEqual([]);
  locked = false;
  await r.flush();
  expect(shown).toEqual([1, 2]);
  // Was [entry(2)]: the first write failed, the second went through, and the gap did not replay.
  expect(await inner.load('a')).toEqual([entry(1), entry(2)]);
  await inner.close();
});

it('while the record cannot be written no move is made, and the record still replays to the game played', async () => {
  const store = lockableStore(joinPath(dir, 'table.sqlite'));
  setStore(store);
  const id = await createTable(srv.endpoint, { botDelayMs: 100, clock: 'fast', windowMs: 500 });
  const host = await join(srv.endpoint, id, { name: 'Host' });
  await until(() => host.token !== '' && host.seat === 0, 5_000, 'seat');
  for (const seat of [1, 2, 3]) host.room.send('addBot', { seat });
  await until(() => host.room.state.players[3]?.occupied === true, 5_000, 'bots');
  // The host watches: the three bots play the whole game by themselves.
  host.room.send('leave', {});
  await until(() => host.seat === -1, 5_000, 'watching');
  host.room.send('start', {});
  const room = serverRoom(id);
  await until(() => room.journal.length >= 5, 20_000, 'a few moves');
  store.locked = true;
  // A clock running out says so in the log (and is recorded with the next write); no move is shown.
  const moves = () => readLog(host.room.state).filter((l) => l.kind !== 'timedOut').length;
  // The patch of the last move made before the lock may still be on its way to the client.
  await sleep(300);
  const shownBefore = moves();
  const journalBefore = room.journal.length;
  const appliedBefore = await applied();
  await sleep(1_500);
  // Refused while locked: nothing new on the table, nothing new in the game, none counted as applied.
  expect(room.journal.length).toBe(journalBefore);
  expect(moves()).toBe(shownBefore);
  expect(room.attempts.some((a) => a.code === 'NOT_RECORDED')).toBe(true);
  expect(await applied()).toBe(appliedBefore);
  store.locked = false;
  await until(() => room.state.status === 'finished', 60_000, 'the game to end');
  const r = rebuilt(await store.load(id));
  expect(r.actions).toEqual(room.journal);
  expect(r.game).toEqual(room.game);
  expect(r.results).toHaveLength(1);
  // Every line on record is shown: a refused move's lines were dropped, not left for the lines after
  // them to wait behind (the log shows lines in number order).
  const lastRecorded = Math.max(...r.log.map((l) => l.seq));
  await until(() => lastSeq(host.room.state) === lastRecorded, 5_000, 'every recorded line shown');
  // A rematch the record cannot take is refused as a move is: the finished game stays on the table.
  const finished = room.game;
  const handsShown = host.room.state.players.map((p) => p.handCount);
  store.locked = true;
  const seen = host.errors.length;
  host.room.send('rematch', {});
  expect((await nextError(host, seen)).code).toBe('NOT_RECORDED');
  await sleep(300);
  expect(host.room.state.status).toBe('finished');
  expect(host.room.state.gameNumber).toBe(1);
  expect(host.room.state.players.map((p) => p.handCount)).toEqual(handsShown);
  expect(room.game).toBe(finished);
  store.locked = false;
  host.room.send('rematch', {});
  await until(() => host.room.state.status === 'playing', 5_000, 'the rematch');
  expect(host.room.state.gameNumber).toBe(2);
  const again = rebuilt(await store.load(id));
  expect(again.gameNumber).toBe(2);
  expect(again.results).toHaveLength(1);
  await host.room.leave();
  setStore(null);
  await store.close();
}, 90_000);

it("a bot's move the record could not take is tried again soon after the store is back, not when its clock runs out", async () => {
  const store = lockableStore(joinPath(dir, 'bot-retry.sqlite'));
  setStore(store);
  const id = await createTable(srv.endpoint, { botDelayMs: 1_000, clock: 'relaxed' });
  const host = await join(srv.endpoint, id, { name: 'Host' });
  await until(() => host.seat === 0, 5_000, 'seat');
  for (const seat of [1, 2, 3]) host.room.send('addBot', { seat });
  await until(() => host.room.state.players[3]?.occupied === true, 5_000, 'bots');
  host.room.send('leave', {});
  await until(() => host.seat === -1, 5_000, 'watching');
  const room = serverRoom(id);
  host.room.send('start', {});
  await until(() => room.state.status === 'playing', 5_000, 'start');
  // The store fails before the first bot's opening (at least 1.3 s after the start at this bot delay).
  store.locked = true;
  const startedAt = Date.now();
  const refused = () => room.attempts.filter((a) => a.source === 'bot' && a.code === 'NOT_RECORDED').length;
  await until(() => refused() >= 1, 5_000, "the bot's move refused");
  await sleep(1_000);
  expect(room.journal).toEqual([]);
  store.locked = false;
  const back = Date.now();
  await until(() => room.journal.length >= 1, 10_000, "the bot's move");
  // On the record's retry pace (it had reached 1.6 s): was the seat's clock, a minute after the start.
  expect(Date.now() - back).toBeLessThan(3_000);
  expect(Date.now() - startedAt).toBeLessThan(SLOW.attackerMs / 4);
  expect(room.attempts.filter((a) => a.code === null).map((a) => a.source)).toEqual(['bot']);
  // It was tried more than once meanwhile, but not on every tick.
  expect(refused()).toBeGreaterThanOrEqual(2);
  expect(refused()).toBeLessThan(15);
  await host.room.leave();
  setStore(null);
  await store.close();
});

it('a start the record could not take is refused to the host, and the table stays in its lobby until the store is back', async () => {
  const store = lockableStore(joinPath(dir, 'start.sqlite'));
  setStore(store);
  const id = await createTable(srv.endpoint, { botDelayMs: 10_000 });
  const host = await join(srv.endpoint, id, { name: 'Host' });
  await until(() => host.seat === 0, 5_000, 'seat');
  // Seats with gaps: a start moves everyone together (seats 0, 1, 2); a refused one must not.
  for (const seat of [2, 4]) host.room.send('addBot', { seat });
  await until(() => host.room.state.players[4]?.occupied === true, 5_000, 'bots');
  const room = serverRoom(id);
  const seatsBefore = room.seating.slots.map((o) => o?.kind ?? null);
  store.locked = true;
  const seen = host.errors.length;
  host.room.send('start', {});
  // Was a game shown (dealt, clocks running, the bots about to play) that the record did not have.
  expect((await nextError(host, seen)).code).toBe('NOT_RECORDED');
  await sleep(300);
  expect(host.room.state.status).toBe('lobby');
  expect(host.room.state.gameNumber).toBe(0);
  expect(room.game).toBeNull();
  expect(room.state.deadlines.length).toBe(0);
  expect(room.seating.slots.map((o) => o?.kind ?? null)).toEqual(seatsBefore);
  expect(host.seat).toBe(0);
  store.locked = false;
  host.room.send('start', {});
  await until(() => host.room.state.status === 'playing', 5_000, 'the game started');
  expect(host.room.state.gameNumber).toBe(1);
  // On record once, as started: the record replays to the game shown.
  const entries = await store.load(id);
  expect(entries.filter((e) => e.t === 'start')).toHaveLength(1);
  const r = rebuilt(entries);
  expect(r.game).toEqual(room.game);
  expect(r.seats?.slots.map((o) => o?.kind ?? null)).toEqual(['person', 'bot', 'bot', null, null]);
  await host.room.leave();
  setStore(null);
  await store.close();
});

it('a write lock held by another process fails a write within a moment, not after seconds of a frozen event loop', async () => {
  const file = joinPath(dir, 'locked.sqlite');
  const store = openSqliteStore(file, { checkpointThread: false });
  store.appendNow?.('t', [entry(1)], 0);
  // What `sqlite3 blaze.sqlite` does with BEGIN IMMEDIATE: holds the write lock.
  const other = new Database(file);
  other.exec('BEGIN IMMEDIATE');
  const started = performance.now();
  expect(() => store.appendNow?.('t', [entry(2)], 1)).toThrow(/locked/);
  const waited = performance.now() - started;
  // Every table waits with it: it was better-sqlite3's default, 5 s per attempt.
  expect(waited).toBeLessThan(1_000);
  other.exec('ROLLBACK');
  other.close();
  store.appendNow?.('t', [entry(3)], 1);
  expect(await store.load('t')).toEqual([entry(1), entry(3)]);
  await store.close();
});

it('a chat line that cannot be recorded is not shown, and its sender is told so', async () => {
  const store = lockableStore(joinPath(dir, 'chat.sqlite'));
  setStore(store);
  const id = await createTable(srv.endpoint, {});
  const ann = await join(srv.endpoint, id, { name: 'Ann' });
  await until(() => ann.seat === 0, 5_000, 'seat');
  store.locked = true;
  const seen = ann.errors.length;
  ann.room.send('chat', { text: 'lost?' });
  // Was silence: no line, no answer.
  expect((await nextError(ann, seen)).code).toBe('NOT_RECORDED');
  expect(ann.room.state.chat.length).toBe(0);
  store.locked = false;
  ann.room.send('chat', { text: 'again' });
  await until(() => ann.room.state.chat.length === 1, 5_000, 'the chat line');
  expect((await store.load(id)).filter((e) => e.t === 'chat').map((e) => e.t === 'chat' && e.text)).toEqual(['again']);
  await ann.room.leave();
  setStore(null);
  await store.close();
});

it("a finished game's public record is saved again while the store fails, and given up only after its last try", async () => {
  const record: GameRecord = {
    id: 't-1',
    table: 't',
    game: 1,
    rules: 'blaze',
    rulesVersion: 1,
    names: ['A', 'B', 'C'],
    options: { players: 3, seed: 's' },
    actions: [],
    scores: [0, 0, 0],
    winner: 0,
    finishedAt: 0,
  };
  let failures = 2;
  const saved: string[] = [];
  const flaky = {
    saveGame: async (r: { id: string }) => {
      if (failures-- > 0) throw new Error('database is locked');
      saved.push(r.id);
    },
  };
  // Was one try: the replay of that game answered 404 for ever.
  expect(await saveGameRecord(flaky, record, [1, 1, 1])).toBe(true);
  expect(saved).toEqual(['t-1']);
  failures = 5;
  expect(await saveGameRecord(flaky, record, [1, 1])).toBe(false);
  expect(saved).toEqual(['t-1']);
});
