/**
 * The SQLite file itself, synchronous: schema, statements and the writes of one or many tables in
 * one transaction. Used inline (sqlite.ts) or on the record writer's own thread (sqliteWorker.ts);
 * either way this is the file's only writer, so each table's next entry number is known in memory.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { readGameRecord } from './gameKinds.js';
import { type Appended, placeBatch, RecordConflict } from './recordIndex.js';
import type { GameRecord, Pruned, TableEntry } from './types.js';

export interface Append {
  table: string;
  entries: readonly TableEntry[];
  /** The record's length the caller expects: the batch's first entry index (recordIndex.ts). */
  at: number;
}

export interface SqliteFile {
  /** Writes every append in one transaction: all of them, or (throwing) none. Answers each one's fate. */
  appendAll(batch: readonly Append[]): Appended[];
  /** The same for one table's entries. */
  append(table: string, entries: readonly TableEntry[], at: number): Appended;
  load(table: string): TableEntry[];
  openTables(): string[];
  closeTable(table: string): void;
  saveGame(record: GameRecord): void;
  getGame(id: string): GameRecord | null;
  savedGames(ids: readonly string[]): string[];
  /** Removes up to `limit` tables closed before `before` (epoch ms), their entries and games (retention). */
  prune(before: number, limit: number): Pruned;
  /** SQLite's own checkpoint inside a commit once the WAL holds this many pages; 0: never (checkpointer.ts). */
  autoCheckpoint(pages: number): void;
  /** A tiny write of its own (one row of its own table): throws if the file cannot be written now. */
  probe(): void;
  /** A PASSIVE checkpoint now: the WAL's frames and how many of them are back in the file. */
  checkpoint(): { log: number; checkpointed: number };
  close(): void;
}

/** How long a write waits for a lock held by another process before it fails. */
export const BUSY_WAIT_MS = 200;

export function openSqliteFile(file: string): SqliteFile {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // This is the file's only writer, so a lock is another process's (an operator's `sqlite3` in a
  // write transaction): waiting for it blocks every table on the event loop, so the wait is short and
  // the move is refused instead (better-sqlite3 waits 5 s by default, per attempt).
  const db = new Database(file, { timeout: BUSY_WAIT_MS });
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a committed entry survives a killed process (the WAL is written before
  // commit returns); only a power cut may lose the last commits. FULL costs an fsync per action
  // (about 7 ms each on this machine's disk, against about 0.05 ms).
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, open INTEGER NOT NULL DEFAULT 1, created INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS entries (table_id TEXT NOT NULL, n INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (table_id, n));
    CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, table_id TEXT NOT NULL, body TEXT NOT NULL);
  `);
  // When each table was closed (retention counts from it). Files from before it have no such column;
  // their closed tables count from their last finished game, or from their creation.
  const columns = (db.pragma('table_info(tables)') as { name: string }[]).map((c) => c.name);
  if (!columns.includes('closed')) db.exec('ALTER TABLE tables ADD COLUMN closed INTEGER');
  db.exec('CREATE INDEX IF NOT EXISTS games_by_table ON games (table_id)');
  const upsertTable = db.prepare('INSERT OR IGNORE INTO tables (id, open, created) VALUES (?, 1, ?)');
  const nextN = db.prepare('SELECT COALESCE(MAX(n), 0) AS n FROM entries WHERE table_id = ?');
  const insert = db.prepare('INSERT INTO entries (table_id, n, body) VALUES (?, ?, ?)');
  const select = db.prepare('SELECT body FROM entries WHERE table_id = ? ORDER BY n');
  const open = db.prepare('SELECT id FROM tables WHERE open = 1 ORDER BY created');
  const closeT = db.prepare('UPDATE tables SET open = 0, closed = ? WHERE id = ?');
  const expired = db
    .prepare(
      `SELECT id FROM tables WHERE open = 0 AND COALESCE(closed,
         (SELECT MAX(json_extract(body, '$.finishedAt')) FROM games WHERE table_id = tables.id), created) < ?
       LIMIT ?`,
    )
    .pluck();
  const dropEntries = db.prepare('DELETE FROM entries WHERE table_id = ?');
  const dropGames = db.prepare('DELETE FROM games WHERE table_id = ?');
  const dropTable = db.prepare('DELETE FROM tables WHERE id = ? AND open = 0');
  const pruneTx = db.transaction((before: number, limit: number): Pruned => {
    const out = { tables: 0, games: 0 };
    for (const id of expired.all(before, limit) as string[]) {
      dropEntries.run(id);
      out.games += dropGames.run(id).changes;
      out.tables += dropTable.run(id).changes;
    }
    return out;
  });
  // Made on the first probe, not at open: opening a file on a full disk must not need a write.
  let probeRow: Database.Statement | null = null;
  const putGame = db.prepare('INSERT OR REPLACE INTO games (id, table_id, body) VALUES (?, ?, ?)');
  const getGame = db.prepare('SELECT body FROM games WHERE id = ?');
  const hasGame = db.prepare('SELECT 1 FROM games WHERE id = ?').pluck();
  const written = db.prepare('SELECT body FROM entries WHERE table_id = ? AND n > ? AND n <= ? ORDER BY n').pluck();
  // The last entry number of each table written to: an action then costs one insert, not three
  // statements. Entries are numbered from 1, so a table's last number is its record's length.
  const lastN = new Map<string, number>();
  /** Writes one table's entries at `at` (or finds them already there); answers its last entry number. */
  const appendOne = (
    table: string,
    entries: readonly TableEntry[],
    at: number,
    from: number | undefined,
  ): { n: number; fate: Appended } => {
    let n = from ?? lastN.get(table);
    if (n === undefined) {
      upsertTable.run(table, Date.now());
      n = (nextN.get(table) as { n: number }).n;
    }
    const bodies = entries.map((e) => JSON.stringify(e));
    const place = placeBatch(n, at, bodies.length);
    switch (place) {
      case 'append':
        for (const b of bodies) insert.run(table, ++n, b);
        return { n, fate: 'written' };
      case 'check': {
        // The same batch tried again after it landed (its answer was lost): there once is enough.
        const there = written.all(table, at, n) as string[];
        if (there.every((b, i) => b === bodies[i])) return { n, fate: 'already' };
        throw new RecordConflict(table, at, n, bodies.length);
      }
      case 'conflict':
        throw new RecordConflict(table, at, n, bodies.length);
      default: {
        const never: never = place;
        return never;
      }
    }
  };
  const appendTx = db.transaction((batch: readonly Append[], into: Map<string, number>): Appended[] =>
    batch.map(({ table, entries, at }) => {
      if (entries.length === 0) return 'already';
      const { n, fate } = appendOne(table, entries, at, into.get(table));
      into.set(table, n);
      return fate;
    }),
  );
  // One table at a time (the event-loop writer, once per action), without a batch to build.
  const appendOneTx = db.transaction((table: string, entries: readonly TableEntry[], at: number) =>
    appendOne(table, entries, at, undefined),
  );
  return {
    appendAll(batch) {
      if (batch.every((b) => b.entries.length === 0)) return batch.map(() => 'already');
      // The numbers are kept only once the transaction committed: a rolled-back one asks the file again.
      const written = new Map<string, number>();
      const fates = appendTx(batch, written);
      for (const [table, n] of written) lastN.set(table, n);
      return fates;
    },
    append(table, entries, at) {
      if (entries.length === 0) return 'already';
      // Kept only once committed, as above.
      const { n, fate } = appendOneTx(table, entries, at);
      lastN.set(table, n);
      return fate;
    },
    load(table) {
      return (select.all(table) as { body: string }[]).map((r) => JSON.parse(r.body) as TableEntry);
    },
    openTables() {
      return (open.all() as { id: string }[]).map((r) => r.id);
    },
    closeTable(table) {
      lastN.delete(table);
      closeT.run(Date.now(), table);
    },
    saveGame(record) {
      putGame.run(record.id, record.table, JSON.stringify(record));
    },
    getGame(id) {
      const row = getGame.get(id) as { body: string } | undefined;
      return row ? readGameRecord(row.body) : null;
    },
    savedGames(ids) {
      return ids.filter((id) => hasGame.get(id) !== undefined);
    },
    prune(before, limit) {
      return pruneTx(before, limit);
    },
    probe() {
      if (!probeRow) {
        db.exec('CREATE TABLE IF NOT EXISTS store_probe (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)');
        probeRow = db.prepare('INSERT OR REPLACE INTO store_probe (id, at) VALUES (1, ?)');
      }
      probeRow.run(Date.now());
    },
    autoCheckpoint(pages) {
      db.pragma(`wal_autocheckpoint = ${Math.max(0, Math.floor(pages))}`);
    },
    checkpoint() {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      return { log: r?.log ?? 0, checkpointed: r?.checkpointed ?? 0 };
    },
    close() {
      db.close();
    },
  };
}
