/**
 * Whether the store can write now. Every write through the store returned here is watched: one that
 * fails for the medium (the disk full or failing, store/faults.ts) marks the store unwritable, and
 * the next write that succeeds marks it writable again. While it is unwritable, the store's own probe
 * (a tiny write) is tried with backoff, so the answer comes back by itself when space returns even if
 * no table writes meanwhile (new tables are refused then, so none may). /readyz may ask `writable()`.
 */
import { isStorageFault as isFault } from './faults.js';
import { doubling } from './retry.js';
import type { TableStore } from './types.js';

export interface WatchedStore extends TableStore {
  writable(): boolean;
}

export interface WatchOptions {
  /** Pauses between probes while unwritable (250 ms doubling to 5 s by default). */
  probePauses?: () => Iterable<number>;
}

export function watchWrites(inner: TableStore, options: WatchOptions = {}): WatchedStore {
  const pauses = options.probePauses ?? (() => doubling(250, 5_000));
  let faulty = false;
  let closed = false;
  let probing: ReturnType<typeof setTimeout> | null = null;

  const healed = () => {
    faulty = false;
    if (probing) clearTimeout(probing);
    probing = null;
  };
  const failed = (e: unknown) => {
    if (!isFault(e) || faulty) return;
    faulty = true;
    const probe = inner.probe?.bind(inner);
    if (!probe) return;
    const next = pauses()[Symbol.iterator]();
    const schedule = () => {
      const pause = next.next();
      if (pause.done || closed) return;
      probing = setTimeout(() => {
        probing = null;
        if (!faulty || closed) return;
        // A probe that throws instead of rejecting must not escape this timer: it would end the process.
        Promise.resolve()
          .then(probe)
          .then(healed, () => schedule());
      }, pause.value);
      // A process that is otherwise done does not wait for a probe.
      probing.unref();
    };
    schedule();
  };
  /** An asynchronous write, watched. */
  const watched =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const r = await write(...args);
        if (faulty) healed();
        return r;
      } catch (e) {
        failed(e);
        throw e;
      }
    };

  const out: WatchedStore = {
    kind: inner.kind,
    append: watched(inner.append.bind(inner)),
    load: inner.load.bind(inner),
    openTables: inner.openTables.bind(inner),
    closeTable: watched(inner.closeTable.bind(inner)),
    saveGame: watched(inner.saveGame.bind(inner)),
    getGame: inner.getGame.bind(inner),
    savedGames: inner.savedGames.bind(inner),
    prune: watched(inner.prune.bind(inner)),
    async close() {
      closed = true;
      if (probing) clearTimeout(probing);
      await inner.close();
    },
    writable: () => !faulty,
  };
  const appendNow = inner.appendNow?.bind(inner);
  if (appendNow) {
    out.appendNow = (table, entries, at) => {
      try {
        const r = appendNow(table, entries, at);
        if (faulty) healed();
        return r;
      } catch (e) {
        failed(e);
        throw e;
      }
    };
  }
  if (inner.adoptUnlisted) out.adoptUnlisted = watched(inner.adoptUnlisted.bind(inner));
  if (inner.failure) out.failure = inner.failure.bind(inner);
  if (inner.probe) out.probe = watched(inner.probe.bind(inner));
  return out;
}
