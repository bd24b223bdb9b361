/**
 * Records had no retention: every closed table's entries and every finished game's record stayed in
 * the store for ever. RECORD_RETENTION_DAYS removes closed tables (entries and games' records) once
 * they were closed longer ago than that, in SQLite (inline and on its writer thread) and in Redis;
 * open tables and anything recent are never touched, and 0 (the default) keeps everything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, spawnMain, startRedis } from '../../../tests/support/processes.js';
import { DEFAULT_CONFIG, parseConfig } from '../src/config.js';
import { openRedisStore } from '../src/store/redis.js';
import { PRUNE_STEP, pruneRecords } from '../src/store/retention.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import { openSqliteThreadStore } from '../src/store/sqliteThread.js';
import type { GameRecord, TableEntry, TableStore } from '../src/store/types.js';
import { until } from './helpers.js';

const DAY = 86_400_000;
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-retention-'));
let redis: (Proc & { url: string }) | null = null;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await redis?.stop();
});

const game = (table: string, n: number, finishedAt: number): GameRecord => ({
  id: `${table}-${n}`,
  table,
  game: n,
  rules: 'blaze',
  rulesVersion: 1,
  names: ['A', 'B', 'C'],
  options: { players: 3, seed: 's' },
  actions: [],
  scores: [0, 0, 0],
  winner: -1,
  finishedAt,
});

const result = (n: number): TableEntry => ({ t: 'result', game: n, names: [], keys: [], scores: [], winner: -1 });
const chat: TableEntry = { t: 'chat', seq: 1, at: 0, name: 'A', seat: 0, text: 'hi' };

/** A table on record with `games` finished games (entries and public records), closed or not. */
async function table(s: TableStore, id: string, games: number, closed: boolean): Promise<void> {
  await s.append(id, [chat], 0);
  for (let n = 1; n <= games; n++) {
    await s.append(id, [result(n)], n);
    await s.saveGame(game(id, n, Date.now()));
  }
  if (closed) await s.closeTable(id);
}

const stores: [string, () => TableStore][] = [
  ['SQLite', () => openSqliteStore(joinPath(dir, 'inline.sqlite'), { checkpointThread: false })],
  ['SQLite on its writer thread', () => openSqliteThreadStore(joinPath(dir, 'thread.sqlite'))],
  ['Redis', () => openRedisStore(redis?.url ?? '')],
];

describe.each(stores)('%s', (_name, open) => {
  it('removes closed tables once their retention is over, with their games, and never an open or recent one', async () => {
    const s = open();
    try {
      const tag = Math.random().toString(36).slice(2, 8);
      const [running, closed, other] = [`run${tag}`, `old${tag}`, `two${tag}`];
      await table(s, running, 2, false);
      await table(s, closed, 2, true);
      await table(s, other, 1, true);
      // Nothing at 0 days (keep for ever), nor within the retention.
      expect(await pruneRecords(s, 0, Date.now() + 365 * DAY)).toEqual({ tables: 0, games: 0 });
      expect(await pruneRecords(s, 30, Date.now() + 29 * DAY)).toEqual({ tables: 0, games: 0 });
      expect(await s.getGame(`${closed}-1`)).not.toBeNull();
      // Past it: the two closed tables and their three games go; the open table stays whole.
      expect(await pruneRecords(s, 30, Date.now() + 31 * DAY)).toEqual({ tables: 2, games: 3 });
      expect(await s.load(closed)).toEqual([]);
      expect(await s.load(other)).toEqual([]);
      expect(await s.getGame(`${closed}-1`)).toBeNull();
      expect(await s.getGame(`${closed}-2`)).toBeNull();
      expect(await s.getGame(`${other}-1`)).toBeNull();
      expect(await s.load(running)).toHaveLength(3);
      expect(await s.savedGames([`${running}-1`, `${running}-2`])).toEqual([`${running}-1`, `${running}-2`]);
      expect(await s.openTables()).toContain(running);
      // Removed once: the next pass finds nothing.
      expect(await pruneRecords(s, 30, Date.now() + 31 * DAY)).toEqual({ tables: 0, games: 0 });
    } finally {
      await s.close();
    }
  }, 30_000);

  it('a write landing after its table closed does not open it again (it would be restored, and removed while open)', async () => {
    const s = open();
    try {
      const id = `late${Math.random().toString(36).slice(2, 8)}`;
      await s.append(id, [chat], 0);
      // The last person left while a write was under way (the store away): it lands after the close.
      await s.closeTable(id);
      await s.append(id, [chat], 1);
      expect(await s.openTables()).not.toContain(id);
      expect(await pruneRecords(s, 1, Date.now() + 2 * DAY)).toMatchObject({ tables: 1 });
      expect(await s.load(id)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('removes more tables than one step takes, in steps', async () => {
    const s = open();
    try {
      const tag = Math.random().toString(36).slice(2, 8);
      for (let i = 0; i < PRUNE_STEP + 5; i++) await s.append(`many${tag}${i}`, [chat], 0);
      for (let i = 0; i < PRUNE_STEP + 5; i++) await s.closeTable(`many${tag}${i}`);
      const r = await pruneRecords(s, 1, Date.now() + 2 * DAY);
      expect(r.tables).toBeGreaterThanOrEqual(PRUNE_STEP + 5);
      expect(await s.load(`many${tag}0`)).toEqual([]);
    } finally {
      await s.close();
    }
  }, 60_000);
});

it('a record file from before the retention (no closing time) counts a closed table from its last game', () => {
  const file = joinPath(dir, 'old.sqlite');
  const old = new Database(file);
  old.exec(`
    CREATE TABLE tables (id TEXT PRIMARY KEY, open INTEGER NOT NULL DEFAULT 1, created INTEGER NOT NULL);
    CREATE TABLE entries (table_id TEXT NOT NULL, n INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (table_id, n));
    CREATE TABLE games (id TEXT PRIMARY KEY, table_id TEXT NOT NULL, body TEXT NOT NULL);
  `);
  const longAgo = Date.now() - 100 * DAY;
  const put = (id: string, open: number, lastGame: number) => {
    old.prepare('INSERT INTO tables VALUES (?, ?, ?)').run(id, open, longAgo);
    old.prepare('INSERT INTO entries VALUES (?, 1, ?)').run(id, JSON.stringify(chat));
    old.prepare('INSERT INTO games VALUES (?, ?, ?)').run(`${id}-1`, id, JSON.stringify(game(id, 1, lastGame)));
  };
  put('gone', 0, longAgo);
  put('late', 0, Date.now() - DAY);
  put('open', 1, longAgo);
  old.close();
  return (async () => {
    const s = openSqliteStore(file, { checkpointThread: false });
    try {
      expect(await pruneRecords(s, 30)).toEqual({ tables: 1, games: 1 });
      expect(await s.getGame('gone-1')).toBeNull();
      expect(await s.getGame('late-1')).not.toBeNull();
      expect(await s.getGame('open-1')).not.toBeNull();
    } finally {
      await s.close();
    }
  })();
});

it('RECORD_RETENTION_DAYS: 0 (keep) by default, whole days; the server removes old records at start and logs how many', async () => {
  expect(DEFAULT_CONFIG.RECORD_RETENTION_DAYS).toBe(0);
  for (const bad of ['-1', '1.5', 'forever']) {
    const r = parseConfig({ RECORD_RETENTION_DAYS: bad });
    expect(r.ok ? [] : r.errors.map((e) => e.split(':')[0])).toEqual(['RECORD_RETENTION_DAYS']);
  }
  const dataDir = mkdtempSync(joinPath(dir, 'main-'));
  const s = openSqliteStore(joinPath(dataDir, 'blaze.sqlite'), { checkpointThread: false });
  await table(s, 'oldtable', 1, true);
  await s.close();
  // Closed 40 days ago.
  const db = new Database(joinPath(dataDir, 'blaze.sqlite'));
  db.prepare('UPDATE tables SET closed = ?').run(Date.now() - 40 * DAY);
  db.close();
  const proc = spawnMain({ DATA_DIR: dataDir, RECORD_RETENTION_DAYS: '30' });
  try {
    await until(() => proc.output().includes('old records removed'), 60_000, `the retention's line (${proc.output()})`);
    const out = proc.output();
    const line = JSON.parse(out.split('\n').find((l) => l.includes('old records removed')) ?? '{}');
    expect(line).toMatchObject({ tables: 1, games: 1, days: 30 });
    // Counts only: no table id in the line.
    expect(out).not.toContain('oldtable');
  } finally {
    await proc.stop();
  }
  const after = new Database(joinPath(dataDir, 'blaze.sqlite'));
  expect(after.prepare('SELECT COUNT(*) AS n FROM entries').get()).toEqual({ n: 0 });
  expect(after.prepare('SELECT COUNT(*) AS n FROM games').get()).toEqual({ n: 0 });
  after.close();
}, 90_000);

it('Redis: tables closed before closing times were kept are found by a resumable scan and removed; open ones never', async () => {
  const { Redis } = await import('ioredis');
  const raw = new Redis(redis?.url ?? '');
  const tag = Math.random().toString(36).slice(2, 8);
  const longAgo = Date.now() - 100 * DAY;
  const put = async (id: string, entries: TableEntry[], finishedAt?: number) => {
    await raw.rpush(`blaze:t:${id}`, ...entries.map((e) => JSON.stringify(e)));
    if (finishedAt !== undefined) await raw.set(`blaze:g:${id}-1`, JSON.stringify(game(id, 1, finishedAt)));
  };
  // Closed long ago by a version that only took them out of blaze:open.
  await put(`gone${tag}`, [chat, result(1)], longAgo);
  await put(`chat${tag}`, [{ ...chat, at: longAgo }]);
  // Closed recently, and one whose entries say nothing of time: kept.
  await put(`late${tag}`, [chat, result(1)], Date.now() - DAY);
  await put(`mute${tag}`, [{ t: 'withdrawn', gameNumber: 1, line: 0 }]);
  // Open (waiting to be restored), however old its last game.
  await put(`open${tag}`, [chat, result(1)], longAgo);
  await raw.zadd('blaze:open', longAgo, `open${tag}`);
  // A scan cut short by a stop goes on in the next process (a step of one key at a time).
  await raw.del('blaze:adopt-cursor');
  const first = openRedisStore(redis?.url ?? '');
  await first.adoptUnlisted?.(1);
  await first.close();
  const s = openRedisStore(redis?.url ?? '');
  try {
    const r = await pruneRecords(s, 30);
    expect(r.tables).toBeGreaterThanOrEqual(2);
    expect(await s.load(`gone${tag}`)).toEqual([]);
    expect(await s.getGame(`gone${tag}-1`)).toBeNull();
    expect(await s.load(`chat${tag}`)).toEqual([]);
    expect(await s.load(`late${tag}`)).toHaveLength(2);
    expect(await s.load(`mute${tag}`)).toHaveLength(1);
    expect(await s.load(`open${tag}`)).toHaveLength(2);
    expect(await s.getGame(`open${tag}-1`)).not.toBeNull();
    expect(await s.openTables()).toContain(`open${tag}`);
    expect(await raw.zscore('blaze:closed', `open${tag}`)).toBeNull();
    // Listed as closed, to go once their retention is over.
    expect(Number(await raw.zscore('blaze:closed', `late${tag}`))).toBeLessThan(Date.now() - DAY / 2);
    expect(await raw.get('blaze:adopt-cursor')).toBe('done');
    // Listed both open and closed long ago (a late write reopened it before that was kept from
    // happening): restored at the next start, so kept, and off the closed list.
    await put(`both${tag}`, [chat]);
    await raw.zadd('blaze:open', longAgo, `both${tag}`);
    await raw.zadd('blaze:closed', longAgo, `both${tag}`);
    expect(await pruneRecords(s, 30)).toEqual({ tables: 0, games: 0 });
    expect(await s.load(`both${tag}`)).toHaveLength(1);
    expect(await raw.zscore('blaze:closed', `both${tag}`)).toBeNull();
    expect(await s.openTables()).toContain(`both${tag}`);
  } finally {
    await s.close();
    raw.disconnect();
  }
}, 30_000);
