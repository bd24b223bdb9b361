/**
 * Structured JSON logs (pino). Lines carry ids (table, seat, session, request), never secrets: no
 * seat token, hand, deck or seed is ever passed to a logger, and the redact list below is a second
 * net for field names that could hold one.
 */
import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

export interface LoggerOptions {
  level?: string;
  /** Where lines go; stdout when unset. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'blaze' },
      redact: {
        paths: ['seatToken', 'token', 'reconnectionToken', 'hand', 'deck', 'seed', '*.seatToken', '*.token'],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

/** First line of a message, without the stack: an attacker must not be able to print pages of text. */
function firstLine(arg: unknown): string {
  const text = arg instanceof Error ? arg.message : String(arg);
  const line = text.split('\n', 1)[0] ?? '';
  return line.slice(0, 200);
}

/**
 * At most `perSecond` lines a second through this gate; the rest are counted and reported in one
 * line when the gate opens again, so a flood costs a line a second, not a line a frame.
 */
export class LogGate {
  private windowStart = 0;
  private used = 0;
  private suppressed = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether to write this line; `flush` receives how many were dropped since the last one written. */
  pass(flush: (suppressed: number) => void): boolean {
    const t = this.now();
    if (t - this.windowStart >= 1000) {
      this.windowStart = t;
      this.used = 0;
      if (this.suppressed > 0) flush(this.suppressed);
      this.suppressed = 0;
    }
    if (this.used >= this.perSecond) {
      this.suppressed++;
      return false;
    }
    this.used++;
    return true;
  }
}

/**
 * Colyseus' own logger (setLogger / Server's `logger` option): its errors are mostly clients' bad
 * input (stack traces of decode errors, ws payload errors), so they become one short warn line each,
 * through a gate.
 */
export function colyseusLogger(log: Logger, perSecond = 5) {
  const gate = new LogGate(perSecond);
  const write = (level: 'warn' | 'info' | 'debug', args: unknown[]) => {
    if (!log.isLevelEnabled(level)) return;
    if (!gate.pass((n) => log.warn({ suppressed: n }, 'colyseus: lines suppressed'))) return;
    log[level]({ source: 'colyseus' }, args.map(firstLine).join(' '));
  };
  return {
    error: (...args: unknown[]) => write('warn', args),
    warn: (...args: unknown[]) => write('warn', args),
    info: (...args: unknown[]) => write('info', args),
    debug: (...args: unknown[]) => write('debug', args),
    trace: (...args: unknown[]) => write('debug', args),
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug';

/** Per key: when its last line was written, and how many were held back since. */
const limited = new Map<string, { at: number; suppressed: number }>();
/** Keys remembered at most: a key built from something unbounded must not grow the map for ever. */
const MAX_KEYS = 1_000;

/**
 * At most one line per `key` every `intervalMs` (a failing disk or Redis repeats one error per move):
 * the lines in between are counted, and the next line written for that key carries `suppressed: n`.
 * Keys name the fault, not the table or person (`store.write`, not a table id), so that a fault
 * touching every table still writes one line a minute. Returns whether the line was written.
 */
export function logRateLimited(
  log: Logger,
  key: string,
  level: Level,
  obj: Record<string, unknown>,
  msg: string,
  intervalMs = 60_000,
): boolean {
  const now = Date.now();
  const seen = limited.get(key);
  if (seen && now - seen.at < intervalMs) {
    seen.suppressed++;
    return false;
  }
  const suppressed = seen?.suppressed ?? 0;
  limited.delete(key);
  if (limited.size >= MAX_KEYS) limited.delete(limited.keys().next().value as string);
  limited.set(key, { at: now, suppressed: 0 });
  log[level](suppressed > 0 ? { ...obj, key, suppressed } : { ...obj, key }, msg);
  return true;
}

/**
 * A crash still writes one JSON line (not Node's plain-text trace on stderr) before the process
 * exits 1, as it would have without this: the message and stack as fields of a fatal line.
 */
export function logCrashes(log: Logger): void {
  const crash = (kind: string) => (e: unknown) => {
    const err = e instanceof Error ? e : new Error(String(e));
    log.fatal({ err: err.message, name: err.name, stack: err.stack }, `${kind}: ${firstLine(err)}`);
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));
}
