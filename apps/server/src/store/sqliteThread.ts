/**
 * The embedded store with its writer on a thread of its own (sqliteWorker.ts): the event loop only
 * posts entries and hears back once they are committed. Appends still resolve only when durable,
 * and the Recorder patches a move only after that, so nothing a client saw is missing after a kill.
 * If the thread dies, every waiting and later request fails with the reason (nothing is dropped
 * silently), and the store reports itself unhealthy.
 */
import { Worker } from 'node:worker_threads';
import type { Appended } from './recordIndex.js';
import type { WriterData, WriterHello, WriterReply, WriterRequest } from './sqliteMessages.js';
import type { GameRecord, Pruned, TableEntry, TableStore } from './types.js';

/** Compiled: the bundle beside dist/main.js; from TypeScript (tests, tsx): a shim that registers tsx. */
export const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './sqliteWorker.mjs' : './store-worker.js',
  import.meta.url,
);

/** Distributes the Omit over the request union, so each op keeps its own fields. */
type Ask = WriterRequest extends infer R ? (R extends WriterRequest ? Omit<R, 'id'> : never) : never;

export interface ThreadStore extends TableStore {
  /** Why the writer thread stopped, or null while it runs. */
  failure(): string | null;
}

export function openSqliteThreadStore(file: string): ThreadStore {
  return writerStore(new Worker(WORKER_URL, { workerData: { file } satisfies WriterData }));
}

/** The store around a started writer thread (the tests hold the thread to stop it under the store). */
export function writerStore(worker: Worker): ThreadStore {
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 1;
  let dead: string | null = null;
  let closing = false;

  const fail = (why: string) => {
    if (dead !== null) return;
    dead = why;
    for (const w of waiting.values()) w.reject(new Error(why));
    waiting.clear();
  };
  worker.on('message', (m: WriterReply[] | WriterHello) => {
    if (!Array.isArray(m)) {
      if (m.error !== null) fail(`the record file could not be opened: ${m.error}`);
      return;
    }
    for (const r of m) {
      const w = waiting.get(r.id);
      if (!w) continue;
      waiting.delete(r.id);
      if (r.ok) w.resolve(r.value);
      else w.reject(Object.assign(new Error(r.error), r.code === undefined ? {} : { code: r.code }));
    }
  });
  worker.on('error', (e) => fail(`the record writer failed: ${e.message}`));
  worker.on('exit', (code) =>
    fail(closing ? 'the record store is closed' : `the record writer stopped (exit ${code})`),
  );

  function ask<T>(req: Ask): Promise<T> {
    if (dead !== null) return Promise.reject(new Error(dead));
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...req, id } as WriterRequest);
    });
  }

  return {
    kind: 'sqlite-thread',
    failure: () => (closing ? null : dead),
    async append(table: string, entries: readonly TableEntry[], at: number) {
      if (entries.length === 0) return 'already';
      return ask<Appended>({ op: 'append', table, entries, at });
    },
    load: (table: string) => ask<TableEntry[]>({ op: 'load', table }),
    openTables: () => ask<string[]>({ op: 'openTables' }),
    async closeTable(table: string) {
      await ask<null>({ op: 'closeTable', table });
    },
    async saveGame(record: GameRecord) {
      await ask<null>({ op: 'saveGame', record });
    },
    getGame: (game: string) => ask<GameRecord | null>({ op: 'getGame', game }),
    savedGames: (games: readonly string[]) => ask<string[]>({ op: 'savedGames', games }),
    prune: (before: number, limit: number) => ask<Pruned>({ op: 'prune', before, limit }),
    async probe() {
      await ask<null>({ op: 'probe' });
    },
    async close() {
      if (dead !== null) return;
      closing = true;
      // Answered after every request posted before it: queued writes land first.
      await ask<null>({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}
