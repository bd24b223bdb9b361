/**
 * Store failures, told through the JSON logger and rate-limited: one line per table (or 'store'), per
 * operation, per reason in each window, the next one carrying how many were held back meanwhile, and
 * one line when that operation succeeds again. A full disk fails every write of every table many
 * times a second; as plain stack traces that was pages of text per second with no rate limit.
 */
import { createLogger, type Logger } from '../logger.js';

/** One line per table, operation and reason in this long. */
export const FAULT_LOG_EVERY_MS = 30_000;

/**
 * A failure of the medium (the disk full or failing, the file read-only or gone), as opposed to one
 * of a single request (a lock held by another process, a batch that does not fit the record). While
 * one lasts the store cannot write anything, so new tables are refused (store/health.ts).
 */
const MEDIUM_CODES = /^(SQLITE_(FULL|IOERR|CANTOPEN|READONLY)|ENOSPC|EIO|EROFS|EDQUOT|EFBIG)/;

export function isStorageFault(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && MEDIUM_CODES.test(code)) return true;
  // Redis out of memory, or unable to persist (stop-writes-on-bgsave-error): it refuses every write.
  const message = e instanceof Error ? e.message : '';
  return /^(OOM|MISCONF) /.test(message);
}

/** The reason a failure is counted under: its code, else the first words of its message. */
export function reasonOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  return firstLine(e).slice(0, 60);
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (text.split('\n', 1)[0] ?? '').slice(0, 200);
}

interface Seen {
  /** When the last line for this reason was written. */
  loggedAt: number;
  /** Failures since that line, not written. */
  held: number;
  /** Failures since the operation last succeeded. */
  total: number;
}

/** Keys kept at most: a flood of tables each failing once must not grow the map without end. */
const MAX_KEYS = 10_000;

export class FaultLog {
  private readonly seen = new Map<string, Map<string, Seen>>();
  private out: Logger | null = null;

  constructor(
    private readonly everyMs = FAULT_LOG_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The process's logger (main.ts through openStore); until set, a default JSON logger on stdout. */
  use(log: Logger): void {
    this.out = log;
  }

  /** The logger itself, for the store's lines that are not failures. */
  logger(): Logger {
    this.out ??= createLogger();
    return this.out;
  }

  /** `op` of `table` failed (`what` says what that means for the table); written or counted. */
  failed(table: string | null, op: string, e: unknown, what: string, extra: Record<string, unknown> = {}): void {
    const key = `${table ?? 'store'}|${op}`;
    let reasons = this.seen.get(key);
    if (!reasons) {
      if (this.seen.size >= MAX_KEYS) this.seen.delete(this.seen.keys().next().value as string);
      reasons = new Map();
      this.seen.set(key, reasons);
    }
    const reason = reasonOf(e);
    const t = this.now();
    const s = reasons.get(reason);
    if (s && t - s.loggedAt < this.everyMs) {
      s.held++;
      s.total++;
      return;
    }
    const held = s?.held ?? 0;
    reasons.set(reason, { loggedAt: t, held: 0, total: (s?.total ?? 0) + 1 });
    this.logger().error(
      {
        ...(table === null ? {} : { table }),
        op,
        reason,
        err: firstLine(e),
        ...(held > 0 ? { suppressed: held } : {}),
        ...extra,
      },
      what,
    );
  }

  /** `op` of `table` succeeded: if it had been failing, one line says so and how often it failed. */
  succeeded(table: string | null, op: string, what: string): void {
    const key = `${table ?? 'store'}|${op}`;
    const reasons = this.seen.get(key);
    if (!reasons) return;
    this.seen.delete(key);
    let failures = 0;
    for (const s of reasons.values()) failures += s.total;
    this.logger().info({ ...(table === null ? {} : { table }), op, failures }, what);
  }

  /** The table is gone: what it was still counting is dropped. */
  forget(table: string): void {
    for (const key of this.seen.keys()) if (key.startsWith(`${table}|`)) this.seen.delete(key);
  }
}

/** The process's one fault log (store modules and room/results.ts write to it). */
export const storeFaults = new FaultLog();
