/**
 * The embedded store written on the event loop: one SQLite file under DATA_DIR (see sqliteFile.ts),
 * its WAL checkpoints on a thread of their own (checkpointer.ts) so that commits on the loop do not
 * pay for them.
 */
import { storeCheckpointSeconds } from '../metrics.js';
import { type Checkpointer, startCheckpointer } from './checkpointer.js';
import { storeFaults } from './faults.js';
import { openSqliteFile } from './sqliteFile.js';
import type { TableStore } from './types.js';

/** SQLite's default: what the writer goes back to if the checkpoint thread fails. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/**
 * SQLite starts the WAL over only once every frame in it is back in the file, and the thread's passes
 * never quite catch up with a writer that does not pause. So once the WAL holds this many frames
 * (8 MB), the writer checkpoints right after a pass of the thread: the few frames written meanwhile
 * and two small fsyncs, about 3 ms at 500 tables; the next commit then starts the WAL over.
 */
const CATCH_UP_FRAMES = 2000;
/** If the thread falls behind, SQLite's own checkpoint inside a commit still bounds the WAL (40 MB). */
const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

export interface SqliteStoreOptions {
  /** Checkpoint on a thread of their own (default), or leave them to SQLite inside commits. */
  checkpointThread?: boolean;
  /** Hears why the checkpoint thread failed (the store has then turned SQLite's own back on). */
  onCheckpointFail?: (why: string) => void;
  /** The thread's module (tests give one that fails). */
  checkpointWorkerUrl?: URL;
  /** Milliseconds between the thread's checkpoints (checkpointer.ts' default otherwise). */
  checkpointEveryMs?: number;
  /** WAL frames at a pass from which the writer catches up (CATCH_UP_FRAMES otherwise; tests lower it). */
  catchUpFrames?: number;
}

export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): TableStore {
  const f = openSqliteFile(file);
  let checkpointer: Checkpointer | null = null;
  // A pass told after close() finds the file closed: no catch-up then.
  let closed = false;
  const catchUpFrames = options.catchUpFrames ?? CATCH_UP_FRAMES;
  if (file !== ':memory:' && options.checkpointThread !== false) {
    f.autoCheckpoint(BACKSTOP_AUTOCHECKPOINT_PAGES);
    const onFail =
      options.onCheckpointFail ??
      ((why: string) =>
        storeFaults.failed(null, 'checkpoint thread', new Error(why), 'SQLite checkpoints in commits again'));
    checkpointer = startCheckpointer(
      file,
      (pass) => {
        storeCheckpointSeconds.observe({ on: 'thread' }, pass.ms / 1e3);
        storeFaults.succeeded(null, 'checkpoint', 'WAL checkpoints again');
        if (closed || pass.log < catchUpFrames) return;
        const started = performance.now();
        try {
          f.checkpoint();
        } catch (e) {
          // An I/O error here must not end the process: the commits' own checkpoint (the backstop) remains.
          storeFaults.failed(null, 'checkpoint', e, 'WAL catch-up checkpoint failed');
          return;
        }
        storeCheckpointSeconds.observe({ on: 'loop' }, (performance.now() - started) / 1e3);
      },
      (why) => {
        f.autoCheckpoint(SQLITE_AUTOCHECKPOINT_PAGES);
        onFail(why);
      },
      options.checkpointEveryMs,
      options.checkpointWorkerUrl,
      // A pass that failed (the disk full): the thread tries again at its next pass.
      (error) => storeFaults.failed(null, 'checkpoint', error, 'WAL checkpoint failed; trying again at the next pass'),
    );
  }
  return {
    kind: 'sqlite',
    async append(table, entries, at) {
      return f.append(table, entries, at);
    },
    appendNow(table, entries, at) {
      return f.append(table, entries, at);
    },
    async load(table) {
      return f.load(table);
    },
    async openTables() {
      return f.openTables();
    },
    async closeTable(table) {
      f.closeTable(table);
    },
    async saveGame(record) {
      f.saveGame(record);
    },
    async getGame(id) {
      return f.getGame(id);
    },
    async savedGames(ids) {
      return f.savedGames(ids);
    },
    async prune(before, limit) {
      return f.prune(before, limit);
    },
    async probe() {
      f.probe();
    },
    async close() {
      closed = true;
      await checkpointer?.stop();
      f.close();
    },
  };
}
