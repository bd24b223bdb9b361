/**
 * Records are not kept for ever when the operator says so (RECORD_RETENTION_DAYS): closed tables,
 * their entries and their finished games' public records go once they were closed longer ago than
 * that, at start and then every few hours. Open tables (running, or waiting to be restored) and
 * anything closed within the retention are never touched. Only counts are logged.
 */
import type { Logger } from '../logger.js';
import type { Pruned, TableStore } from './types.js';

const DAY_MS = 86_400_000;
/** Tables removed per store call: an inline SQLite store runs on the event loop, so a pass is cut in short steps. */
export const PRUNE_STEP = 200;
/** How often the retention runs after the one at start. */
export const PRUNE_EVERY_MS = 6 * 3_600_000;

/** One retention pass: everything closed more than `days` before `now` (nothing when days is 0). */
export async function pruneRecords(store: TableStore, days: number, now = Date.now()): Promise<Pruned> {
  const total = { tables: 0, games: 0 };
  if (days <= 0) return total;
  const before = now - days * DAY_MS;
  // Tables closed before closing times were kept are listed first, so this pass can remove them too.
  while (store.adoptUnlisted && !(await store.adoptUnlisted(PRUNE_STEP)).done) {
    await new Promise((r) => setImmediate(r));
  }
  for (;;) {
    const step = await store.prune(before, PRUNE_STEP);
    total.tables += step.tables;
    total.games += step.games;
    if (step.tables < PRUNE_STEP) return total;
    // Tables' moves go on between steps.
    await new Promise((r) => setImmediate(r));
  }
}

/** After a pass that failed (the disk full, the store away), the next try comes this soon, doubling to `everyMs`. */
export const PRUNE_RETRY_MS = 60_000;

/**
 * Runs the retention now and every `everyMs`; stop() ends it. Nothing runs when days is 0 (keep for
 * ever). A pass that failed is tried again from `retryMs`, doubling, rather than six hours later:
 * on a full disk, removing old records is what may give room back.
 */
export function startRetention(
  store: TableStore,
  days: number,
  log: Logger,
  everyMs = PRUNE_EVERY_MS,
  retryMs = PRUNE_RETRY_MS,
): { stop(): void; ran: Promise<void> } {
  if (days <= 0) return { stop() {}, ran: Promise.resolve() };
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const run = (): Promise<void> =>
    pruneRecords(store, days).then(
      (r) => {
        failures = 0;
        log.info({ tables: r.tables, games: r.games, days }, 'old records removed');
      },
      (e) => {
        const again = Math.min(retryMs * 2 ** failures++, everyMs);
        log.error({ err: e instanceof Error ? e.message : String(e), retryMs: again }, 'removing old records failed');
        clearTimeout(retry);
        if (stopped || again >= everyMs) return;
        retry = setTimeout(() => void run(), again);
        retry.unref();
      },
    );
  const ran = run();
  const timer = setInterval(() => void run(), everyMs);
  // A process that is otherwise done need not wait for the next pass.
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retry);
    },
    ran,
  };
}
