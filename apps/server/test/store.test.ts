/**
 * Issue 7, must show 4: one store suite, run against SQLite (a file under a temporary DATA_DIR)
 * and against a real redis-server on loopback. Plus: a real table's record never holds a token.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startRedis } from '../../../tests/support/processes.js';
import { storeCheckpointSeconds, storeWriteSeconds } from '../src/metrics.js';
import { setStore } from '../src/store/current.js';
import { openStore } from '../src/store/open.js';
import { Recorder } from '../src/store/record.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import { WORKER_URL, writerStore } from '../src/store/sqliteThread.js';
import type { GameRecord, TableEntry, TableStore } from '../src/store/types.js';
import { createTable, FAST_ROOM, join, until, useServer } from './helpers.js';

const action = (n: number): TableEntry => ({ t: 'action', action: { type: 'pass', seat: n % 3 } });
const game = (id: string): GameRecord => ({
  id,
  table: id.split('-')[0] as string,
  game: 1,
  rules: 'blaze',
  rulesVersion: 1,
  names: ['A', 'B', 'C'],
  options: { players: 3, seed: 'crc-42' },
  actions: [{ type: 'pass', seat: 1 }],
  scores: [3, 1, 0],
  winner: 0,
  finishedAt: 1,
});

interface Backend {
  open(): TableStore;
}

function suite(name: string, backend: () => Backend) {
  describe(`store: ${name}`, () => {
    it('appends in order, per table, batches together', async () => {
      const s = backend().open();
      await s.append('t1', [action(1), action(2)], 0);
      await s.append('t2', [action(7)], 0);
      await s.append('t1', [action(3)], 2);
      expect(await s.load('t1')).toEqual([action(1), action(2), action(3)]);
      expect(await s.load('t2')).toEqual([action(7)]);
      expect(await s.load('none')).toEqual([]);
      await s.close();
    });

    it('lists open tables until closed; keeps finished games; survives a reopen', async () => {
      const s = backend().open();
      await s.append('o1', [action(1)], 0);
      await s.append('o2', [action(1)], 0);
      await s.closeTable('o1');
      const open = await s.openTables();
      expect(open).toContain('o2');
      expect(open).not.toContain('o1');
      await s.saveGame(game('o1-1'));
      expect(await s.getGame('o1-1')).toEqual(game('o1-1'));
      expect(await s.getGame('o1-9')).toBeNull();
      await s.close();
      const again = backend().open();
      expect(await again.load('o2')).toEqual([action(1)]);
      expect(await again.openTables()).toContain('o2');
      expect(await again.getGame('o1-1')).toEqual(game('o1-1'));
      await again.close();
    });

    it("tells which finished games' records it holds; saving one again keeps one record", async () => {
      const s = backend().open();
      await s.saveGame(game('sg-1'));
      await s.saveGame(game('sg-3'));
      expect(await s.savedGames(['sg-1', 'sg-2', 'sg-3'])).toEqual(['sg-1', 'sg-3']);
      expect(await s.savedGames([])).toEqual([]);
      await s.saveGame({ ...game('sg-1'), finishedAt: 2 });
      expect(await s.getGame('sg-1')).toEqual({ ...game('sg-1'), finishedAt: 2 });
      expect(await s.savedGames(['sg-1'])).toEqual(['sg-1']);
      await s.close();
    });

    it('a table written before a restart goes on after its last entry', async () => {
      const first = backend().open();
      await first.append('resumed', [action(1), action(2)], 0);
      await first.close();
      const second = backend().open();
      await second.append('resumed', [action(3)], 2);
      await second.append('resumed', [action(4), action(5)], 3);
      expect(await second.load('resumed')).toEqual([1, 2, 3, 4, 5].map(action));
      await second.close();
    });

    it('many appends keep their order (a whole game is a few hundred)', async () => {
      const s = backend().open();
      const all = Array.from({ length: 500 }, (_, i) => action(i));
      for (const [i, e] of all.entries()) await s.append('long', [e], i);
      expect(await s.load('long')).toEqual(all);
      await s.close();
    });
  });
}

const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
suite('sqlite, inline writer (default)', () => ({ open: () => openStore({ DATA_DIR: dir }) }));
const threadDir = mkdtempSync(joinPath(tmpdir(), 'blaze-store-thread-'));
afterAll(() => rmSync(threadDir, { recursive: true, force: true }));
suite('sqlite, writer thread', () => ({ open: () => openStore({ DATA_DIR: threadDir, STORE_WRITER: 'thread' }) }));

describe('the SQLite writer thread', () => {
  const fresh = () => mkdtempSync(joinPath(tmpdir(), 'blaze-writer-'));

  it('keeps each table in order when many tables write at once (one commit for all that wait), across a reopen', async () => {
    const d = fresh();
    const s = openStore({ DATA_DIR: d, STORE_WRITER: 'thread' });
    expect(s.kind).toBe('sqlite-thread');
    // 40 tables, 25 appends each, none awaited before the next is asked: the thread takes them in batches.
    const asked: Promise<unknown>[] = [];
    for (let k = 0; k < 25; k++) for (let t = 0; t < 40; t++) asked.push(s.append(`m${t}`, [action(k)], k));
    // A load asked after appends sees them (answers come in the order asked).
    const seen = s.load('m7');
    await Promise.all(asked);
    expect(await seen).toEqual(Array.from({ length: 25 }, (_, k) => action(k)));
    await s.close();
    const again = openStore({ DATA_DIR: d, STORE_WRITER: 'inline' });
    for (let t = 0; t < 40; t++)
      expect(await again.load(`m${t}`)).toEqual(Array.from({ length: 25 }, (_, k) => action(k)));
    expect((await again.openTables()).length).toBe(40);
    await again.close();
    rmSync(d, { recursive: true, force: true });
  });

  it('writes everything asked before close, then refuses with a clear error', async () => {
    const d = fresh();
    const s = openStore({ DATA_DIR: d, STORE_WRITER: 'thread' });
    const last = s.append('closing', [action(1), action(2)], 0);
    await s.close();
    await last;
    await expect(s.append('closing', [action(3)], 2)).rejects.toThrow('the record store is closed');
    const again = openStore({ DATA_DIR: d });
    expect(await again.load('closing')).toEqual([action(1), action(2)]);
    await again.close();
    rmSync(d, { recursive: true, force: true });
  });

  it('a file that cannot be opened fails every request with the reason, and the store says it is broken', async () => {
    const d = fresh();
    // DATA_DIR is a plain file: no folder can be made for the record there.
    const blocked = joinPath(d, 'not-a-folder');
    writeFileSync(blocked, 'x');
    const s = openStore({ DATA_DIR: blocked, STORE_WRITER: 'thread' });
    await expect(s.append('t', [action(1)], 0)).rejects.toThrow(/could not be opened|record writer/);
    await expect(s.openTables()).rejects.toThrow(/could not be opened|record writer/);
    expect(s.failure?.()).toMatch(/could not be opened|record writer/);
    await s.close();
    rmSync(d, { recursive: true, force: true });
  });

  it('a writer thread that dies fails what waits and what comes after (nothing hangs, nothing is dropped silently)', async () => {
    const d = fresh();
    const worker = new Worker(WORKER_URL, { workerData: { file: joinPath(d, 'blaze.sqlite') } });
    const s = writerStore(worker);
    await s.append('w', [action(1)], 0);
    expect(s.failure()).toBeNull();
    // Many waiting when it dies: whatever it had not answered fails with the reason; nothing hangs.
    // How many it answered before the end is up to the threads (a fast writer may answer them all),
    // so each append is checked for what it promised: answered means on file, else the reason.
    const waiting = Array.from({ length: 2000 }, (_, k) => s.append('w', [action(k + 2)], k + 1));
    await worker.terminate();
    const settled = await Promise.allSettled(waiting);
    const failed = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of failed) expect(String(r.reason)).toMatch(/record writer stopped|record writer failed/);
    const db = new Database(joinPath(d, 'blaze.sqlite'), { readonly: true });
    const onFile = (db.prepare("SELECT COUNT(*) AS n FROM entries WHERE table_id = 'w'").get() as { n: number }).n;
    db.close();
    expect(onFile).toBeGreaterThanOrEqual(1 + settled.length - failed.length);
    await expect(s.append('w', [action(3)], 2)).rejects.toThrow(/record writer stopped/);
    expect(s.failure()).toMatch(/record writer stopped/);
    rmSync(d, { recursive: true, force: true });
  });
});

describe("the inline store's WAL checkpoints", () => {
  const fresh = () => mkdtempSync(joinPath(tmpdir(), 'blaze-ckpt-'));
  const fileSize = (d: string) => statSync(joinPath(d, 'blaze.sqlite')).size;
  // A new file in WAL mode holds its header page only; everything else waits in the WAL until a
  // checkpoint copies it back, so the file's size says whether one ran.
  const HEADER_ONLY = 4096;
  const fill = async (s: TableStore, n: number) => {
    for (let k = 0; k < n; k++) await s.append('c', [action(k)], k);
  };

  it('run on their own thread within a moment, long before SQLite would run one inside a commit', async () => {
    const d = fresh();
    const s = openStore({ DATA_DIR: d });
    // 50 commits are about 100 WAL pages, a tenth of SQLite's own threshold.
    await fill(s, 50);
    // The thread checkpoints every second; starting it (tsx in a worker, in tests) can take seconds on a loaded machine.
    await until(() => fileSize(d) > HEADER_ONLY, 15_000, 'a checkpoint by the thread');
    expect(await s.load('c')).toEqual(Array.from({ length: 50 }, (_, k) => action(k)));
    await s.close();
    // The same without the thread: no commit ran a checkpoint, the file still holds its header only.
    const e = fresh();
    const plain = openSqliteStore(joinPath(e, 'blaze.sqlite'), { checkpointThread: false });
    await fill(plain, 50);
    await new Promise((r) => setTimeout(r, 600));
    expect(fileSize(e)).toBe(HEADER_ONLY);
    await plain.close();
    rmSync(d, { recursive: true, force: true });
    rmSync(e, { recursive: true, force: true });
  });

  const loopCheckpoints = async () =>
    (await storeCheckpointSeconds.get()).values.find(
      (v) => v.metricName === 'blaze_store_checkpoint_seconds_count' && v.labels.on === 'loop',
    )?.value ?? 0;

  /** A commit every third of a millisecond, the loop free for a moment every 5 ms (busier than 500 tables). */
  async function busyWriter(s: TableStore, commits: number, stop = () => false): Promise<number> {
    const giveUp = performance.now() + 60_000;
    let n = 0;
    while (n < commits && !stop() && performance.now() < giveUp) {
      const slice = performance.now() + 5;
      while (performance.now() < slice && n < commits) {
        s.appendNow?.('busy', [action(n)], n++);
        const next = performance.now() + 0.3;
        while (performance.now() < next) {}
      }
      await new Promise((r) => setImmediate(r));
    }
    return n;
  }

  it('keep the WAL bounded under a writer that never pauses', async () => {
    const d = fresh();
    const s = openSqliteStore(joinPath(d, 'blaze.sqlite'), { checkpointEveryMs: 50 });
    // 4,000 commits however long a loaded machine takes. On a quiet machine a pass of the thread
    // (milliseconds of fsync) always finds new frames, so only the writer's catch-up lets the WAL
    // start over before SQLite's own at 10,000 pages; on a loaded one the thread may keep up alone.
    const COMMITS = 4_000;
    const n = await busyWriter(s, COMMITS);
    // Two WAL pages a commit: without a start over the WAL would hold 8,000 frames of 4,120 bytes (33
    // MB). Under load 30 the start over came late once (18 MB), and in a fresh-clone CI run beside the
    // other unit projects later still (26.9 MB, 2026-11-28): the bound is 30 MB, below that worst case.
    expect(n).toBe(COMMITS);
    expect(statSync(joinPath(d, 'blaze.sqlite-wal')).size).toBeLessThan(30 * 2 ** 20);
    expect((await s.load('busy')).length).toBe(n);
    await s.close();
    rmSync(d, { recursive: true, force: true });
  });

  it('catch up on the loop right after a pass that found the WAL long', async () => {
    const d = fresh();
    const before = await loopCheckpoints();
    // The threshold lowered to one frame: any pass that copied pages found the WAL "long", so the
    // catch-up must follow it whatever the machine's load (at 2,000 frames that depends on the thread
    // falling behind, which a loaded machine may never show).
    const s = openSqliteStore(joinPath(d, 'blaze.sqlite'), { checkpointEveryMs: 20, catchUpFrames: 1 });
    let caught = false;
    let looked = false;
    const watching = (async () => {
      const end = Date.now() + 30_000;
      while (!caught && Date.now() < end) {
        caught = (await loopCheckpoints()) > before;
        await new Promise((r) => setTimeout(r, 5));
      }
      looked = true;
    })();
    const n = await busyWriter(s, 1_000_000, () => caught || looked);
    await watching;
    expect(caught).toBe(true);
    expect((await s.load('busy')).length).toBe(n);
    await s.close();
    rmSync(d, { recursive: true, force: true });
  });

  it('go back into the commits if the thread fails, so the WAL never grows without bound', async () => {
    const d = fresh();
    const heard: string[] = [];
    const s = openSqliteStore(joinPath(d, 'blaze.sqlite'), {
      checkpointWorkerUrl: new URL('data:text/javascript,throw new Error("no checkpoint today")'),
      onCheckpointFail: (why) => heard.push(why),
    });
    await until(() => heard.length > 0, 15_000, 'the failure heard');
    expect(heard).toEqual([expect.stringMatching(/checkpoint thread failed: no checkpoint today/)]);
    // 800 commits write about 1,600 WAL pages: SQLite's own checkpoint (1,000 pages) must have run.
    await fill(s, 800);
    expect(fileSize(d)).toBeGreaterThan(HEADER_ONLY);
    expect((await s.load('c')).length).toBe(800);
    await s.close();
    rmSync(d, { recursive: true, force: true });
  });
});

it('blaze_store_write_seconds counts only writes that carried entries (the room flushes after every change)', async () => {
  const d = mkdtempSync(joinPath(tmpdir(), 'blaze-metric-'));
  const s = openStore({ DATA_DIR: d, STORE_WRITER: 'thread' });
  const writes = async () =>
    (await storeWriteSeconds.get()).values.find((v) => v.metricName === 'blaze_store_write_seconds_count')?.value ?? 0;
  const before = await writes();
  const r = new Recorder(s, 'm');
  const order: string[] = [];
  r.write([action(1)], () => order.push('first'));
  r.write([], () => order.push('flush'));
  r.write([], () => order.push('flush again'));
  r.write([action(2)], () => order.push('second'));
  await r.flush();
  // The empty writes still keep their place in the order of answers.
  expect(order).toEqual(['first', 'flush', 'flush again', 'second']);
  expect((await writes()) - before).toBe(2);
  expect(await s.load('m')).toEqual([action(1), action(2)]);
  await s.close();
  rmSync(d, { recursive: true, force: true });
});

it('a flush with nothing to write asks no asynchronous store, and its answer comes at once when nothing is in flight', async () => {
  const d = mkdtempSync(joinPath(tmpdir(), 'blaze-flush-'));
  const inner = openStore({ DATA_DIR: d, STORE_WRITER: 'thread' });
  let appends = 0;
  const s: TableStore = {
    ...inner,
    append: (table, entries, at) => {
      appends++;
      return inner.append(table, entries, at);
    },
  };
  const r = new Recorder(s, 'f');
  const order: string[] = [];
  r.write([], () => order.push('idle flush'));
  // At once: the room's flush after every change costs no promise chain and no store call.
  expect(order).toEqual(['idle flush']);
  r.write([action(1)], () => order.push('written'));
  r.write([], () => order.push('flush after it'));
  expect(order).toEqual(['idle flush']);
  await r.flush();
  expect(order).toEqual(['idle flush', 'written', 'flush after it']);
  expect(appends).toBe(1);
  await inner.close();
  rmSync(d, { recursive: true, force: true });
});

let redis: (Proc & { url: string }) | null = null;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});
suite('redis', () => ({ open: () => openStore({ REDIS_URL: redis?.url ?? '' }) }));

it("redis: a table's first append is one script call (EVALSHA) that marks it open, the others one plain RPUSH each", async () => {
  const admin = new Redis(redis?.url ?? '');
  const calls = async () => {
    const info = await admin.info('commandstats');
    const count = (cmd: string) => Number(new RegExp(`cmdstat_${cmd}:calls=(\\d+)`).exec(info)?.[1] ?? 0);
    return {
      multi: count('multi'),
      zadd: count('zadd'),
      rpush: count('rpush'),
      evalsha: count('evalsha'),
      eval: count('eval'),
    };
  };
  const s = openStore({ REDIS_URL: redis?.url ?? '' });
  const before = await calls();
  await s.append('one-cmd', [action(1)], 0);
  for (let i = 2; i <= 10; i++) await s.append('one-cmd', [action(i)], i - 1);
  const after = await calls();
  expect({
    multi: after.multi - before.multi,
    zadd: after.zadd - before.zadd,
    rpush: after.rpush - before.rpush,
    // EVAL only while the server has not seen the script yet (ioredis then falls back to it).
    scripts: after.evalsha + after.eval - before.evalsha - before.eval,
  }).toEqual({
    multi: 0,
    zadd: 1,
    rpush: 10,
    scripts: 1,
  });
  expect(await s.openTables()).toContain('one-cmd');
  // Closed, then written again (a write under way at the close): kept, and the table stays closed
  // (reopened, it was restored at the next start and removed by the retention while listed open).
  await s.closeTable('one-cmd');
  await s.append('one-cmd', [action(11)], 10);
  expect(await s.openTables()).not.toContain('one-cmd');
  expect((await s.load('one-cmd')).length).toBe(11);
  await s.close();
  await admin.quit();
});

it('the SQLite file is in WAL mode', () => {
  const db = new Database(joinPath(dir, 'blaze.sqlite'), { readonly: true });
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  db.close();
});

describe('a real table on record', () => {
  const srv = useServer({ room: FAST_ROOM });
  it('/healthz answers 503 with the reason once the writer thread is gone', async () => {
    const d = mkdtempSync(joinPath(tmpdir(), 'blaze-health-'));
    const worker = new Worker(WORKER_URL, { workerData: { file: joinPath(d, 'blaze.sqlite') } });
    const s = writerStore(worker);
    setStore(s);
    const health = () => fetch(`${srv.endpoint.replace(/^ws/, 'http')}/healthz`);
    try {
      await s.append('h', [action(1)], 0);
      expect((await health()).status).toBe(200);
      await worker.terminate();
      await until(() => s.failure() !== null, 5_000, 'writer gone');
      const res = await health();
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, store: expect.stringMatching(/record writer stopped/) });
    } finally {
      setStore(null);
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('records seats by token hash, never the token', async () => {
    const store = openStore({ DATA_DIR: mkdtempSync(joinPath(tmpdir(), 'blaze-rec-')) });
    setStore(store);
    try {
      const id = await createTable(srv.endpoint, {});
      const a = await join(srv.endpoint, id, { name: 'Ann' });
      const b = await join(srv.endpoint, id, { name: 'Ben' });
      await until(() => a.token !== '' && b.token !== '' && b.seat >= 0, 5_000, 'tokens');
      a.room.send('chat', { text: 'hello' });
      await until(() => a.room.state.chat.length > 0, 5_000, 'chat');
      const entries = await store.load(id);
      const text = JSON.stringify(entries);
      expect(text).not.toContain(a.token);
      expect(text).not.toContain(b.token);
      const seats = entries.filter((e) => e.t === 'seats').at(-1);
      expect(seats?.t === 'seats' && seats.people.map((p) => p.name).sort()).toEqual(['Ann', 'Ben']);
      expect(entries.some((e) => e.t === 'chat' && e.text === 'hello')).toBe(true);
      for (const p of [a, b]) await p.room.leave();
    } finally {
      setStore(null);
      await store.close();
    }
  });
});
