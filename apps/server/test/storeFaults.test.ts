/**
 * Issue 39, finding 1, in process: a store write that fails for its medium (the disk full) never
 * throws out of the table and never drops what the table accepted; the store says it cannot write
 * until it can again, found by itself; and its failures are JSON lines, a few, not one per try.
 * (tests/crash/diskFull.test.ts does the same with a real server on a real full disk.)
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { closeOnRecord } from '../src/store/closing.js';
import { lifecycle } from '../src/store/current.js';
import { FaultLog, isStorageFault, storeFaults } from '../src/store/faults.js';
import { watchWrites } from '../src/store/health.js';
import { Recorder } from '../src/store/record.js';
import { startRetention } from '../src/store/retention.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { TableEntry, TableStore } from '../src/store/types.js';
import { sleep, until } from './helpers.js';

/** better-sqlite3's error on a full disk, as far as anything here reads it. */
const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
const chat = (n: number): TableEntry => ({ t: 'chat', seq: n, at: 0, name: 'A', seat: 0, text: `${n}` });

/** A logger whose lines are kept, parsed. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLogger({ destination: sink }) };
}

/** A real inline SQLite store whose writes fail as on a full disk while `full` is set. */
function fillableStore(): TableStore & { full: boolean; inner: TableStore } {
  const inner = openSqliteStore(':memory:', { checkpointThread: false });
  const failing =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      if (s.full) throw diskFull();
      return f(...a);
    };
  const s = {
    ...inner,
    inner,
    full: false,
    appendNow: failing((inner.appendNow as NonNullable<TableStore['appendNow']>).bind(inner)),
    append: failing(inner.append.bind(inner)),
    closeTable: failing(inner.closeTable.bind(inner)),
    probe: failing((inner.probe as NonNullable<TableStore['probe']>).bind(inner)),
  };
  return s;
}

afterEach(() => {
  lifecycle.shuttingDown = false;
});

describe('the fault log', () => {
  it('writes one line per table, operation and reason in its window, then the count held back, then the recovery', async () => {
    const { lines, log } = capture();
    let now = 0;
    const faults = new FaultLog(30_000, () => now);
    faults.use(log);
    for (let i = 0; i < 50; i++) faults.failed('t1', 'record', diskFull(), 'record write failed');
    faults.failed('t2', 'record', diskFull(), 'record write failed');
    faults.failed('t1', 'record', new Error('database is locked'), 'record write failed');
    faults.failed('t1', 'close', diskFull(), 'table not marked closed');
    await sleep(10);
    expect(lines.map((l) => [l.table, l.op, l.reason])).toEqual([
      ['t1', 'record', 'SQLITE_FULL'],
      ['t2', 'record', 'SQLITE_FULL'],
      ['t1', 'record', 'database is locked'],
      ['t1', 'close', 'SQLITE_FULL'],
    ]);
    expect(lines[0]).toMatchObject({ level: 50, err: 'database or disk is full', msg: 'record write failed' });
    expect(lines[0]).not.toHaveProperty('stack');
    now = 30_000;
    faults.failed('t1', 'record', diskFull(), 'record write failed');
    faults.succeeded('t1', 'record', 'record written again');
    faults.succeeded('t1', 'record', 'record written again');
    await sleep(10);
    expect(lines.slice(4)).toEqual([
      expect.objectContaining({ table: 't1', op: 'record', suppressed: 49 }),
      expect.objectContaining({ table: 't1', op: 'record', failures: 52, level: 30, msg: 'record written again' }),
    ]);
  });

  it('tells a failing medium from a failing request', () => {
    expect(isStorageFault(diskFull())).toBe(true);
    expect(isStorageFault(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }))).toBe(true);
    expect(isStorageFault(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFault(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isStorageFault(Object.assign(new Error('conflict'), { code: 'RECORD_CONFLICT' }))).toBe(false);
  });
});

describe('a watched store', () => {
  it('is unwritable from a write that failed for its medium, and writable again by its own probe once there is room', async () => {
    const inner = fillableStore();
    const store = watchWrites(inner, { probePauses: () => [20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20] });
    try {
      expect(store.writable()).toBe(true);
      inner.full = true;
      await expect(store.append('t', [chat(1)], 0)).rejects.toThrow('disk is full');
      expect(store.writable()).toBe(false);
      // No table writes meanwhile: the probe alone finds the room.
      await sleep(100);
      expect(store.writable()).toBe(false);
      inner.full = false;
      await until(() => store.writable(), 2_000, 'the probe to find room');
      // A failure that is not the medium's (a lock) says nothing about it.
      const locked = watchWrites({
        ...inner,
        append: () => Promise.reject(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })),
      });
      await expect(locked.append('t', [chat(1)], 0)).rejects.toThrow('locked');
      expect(locked.writable()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('an inline write that succeeds marks it writable at once', () => {
    const inner = fillableStore();
    const store = watchWrites(inner, { probePauses: () => [] });
    inner.full = true;
    expect(() => store.appendNow?.('t', [chat(1)], 0)).toThrow('disk is full');
    expect(store.writable()).toBe(false);
    inner.full = false;
    expect(store.appendNow?.('t', [chat(1)], 0)).toBe('written');
    expect(store.writable()).toBe(true);
  });
});

describe('the inline recorder on a full disk', () => {
  it('holds the write (saving delayed) instead of refusing it, and writes it, in order, once there is room', async () => {
    const store = fillableStore();
    const notices: boolean[] = [];
    const r = new Recorder(store, 't', { noticeMs: 50, delayed: (on) => notices.push(on) });
    const shown: number[] = [];
    let refused = 0;
    r.write([chat(1)], () => shown.push(1));
    store.full = true;
    r.push(chat(2));
    r.write(
      [chat(3)],
      () => shown.push(3),
      () => refused++,
    );
    r.write(
      [chat(4)],
      () => shown.push(4),
      () => refused++,
    );
    // Neither shown nor refused: held.
    expect(shown).toEqual([1]);
    await until(() => notices.includes(true), 2_000, 'saving delayed');
    expect(shown).toEqual([1]);
    store.full = false;
    await until(() => shown.length === 3, 5_000, 'the held writes');
    expect(shown).toEqual([1, 3, 4]);
    expect(refused).toBe(0);
    expect(notices).toEqual([true, false]);
    expect(await store.inner.load('t')).toEqual([chat(1), chat(2), chat(3), chat(4)]);
    // Back on the event loop: the next write is done when write() returns.
    r.write([chat(5)], () => shown.push(5));
    expect(shown).toEqual([1, 3, 4, 5]);
  });
});

describe('closing a table on a full disk', () => {
  it('never throws: it is tried again until it is on record', async () => {
    const store = fillableStore();
    await store.append('gone', [chat(1)], 0);
    store.full = true;
    const closed = closeOnRecord(store, 'gone', [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    await sleep(50);
    expect(await store.openTables()).toContain('gone');
    store.full = false;
    expect(await closed).toBe(true);
    expect(await store.openTables()).not.toContain('gone');
  });

  it('gives up (without throwing) when the process shuts down: the next start restores the table and it closes again', async () => {
    const store = fillableStore();
    store.full = true;
    const closed = closeOnRecord(store, 'gone', [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    lifecycle.shuttingDown = true;
    expect(await closed).toBe(false);
    storeFaults.forget('gone');
  });
});

describe('retention on a full disk', () => {
  it('a pass that failed is tried again soon, not at the next period, and never throws', async () => {
    const { lines, log } = capture();
    let calls = 0;
    const store = {
      async prune() {
        calls++;
        if (calls <= 2) throw diskFull();
        return { tables: 0, games: 0 };
      },
    } as unknown as TableStore;
    const retention = startRetention(store, 1, log, 3_600_000, 20);
    try {
      await retention.ran;
      await until(() => calls === 3, 2_000, 'the retries');
      await sleep(100);
      expect(calls).toBe(3);
      expect(lines.map((l) => l.msg)).toEqual([
        'removing old records failed',
        'removing old records failed',
        'old records removed',
      ]);
    } finally {
      retention.stop();
    }
  });
});
