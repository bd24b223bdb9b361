/**
 * Every server setting, read from the environment once at start and validated with zod. A bad value
 * is a clear error naming the variable, and main.ts exits; nothing else reads process.env.
 */
import { z } from 'zod';

/**
 * Digits only: z.coerce read a blank as 0 (a blank PORT took any port, a blank retention kept
 * everything for ever) and '0x1e' or '1e1' as numbers nobody meant.
 */
const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
/** Unset and empty mean the same: "not configured". */
const optional = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), inner.optional()) as unknown as z.ZodOptional<T>;

export const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: int(0, 65_535, 2567),
  HOST: optional(z.string().min(1)),
  STATIC_DIR: optional(z.string().min(1)),
  DATA_DIR: optional(z.string().min(1)),
  /**
   * Where SQLite commits run: on the event loop (default: measured faster on two cores) or on a
   * thread of their own.
   */
  STORE_WRITER: z.enum(['inline', 'thread']).default('inline'),
  /**
   * How long a game's start waits for the record store (Redis, the SQLite writer thread) before it is
   * given up and the host told to try again; moves in a running game wait as long as it takes.
   */
  START_SAVE_WAIT_SECONDS: int(1, 600, 10),
  /** Closed tables and their finished games' records are removed this many days after closing; 0 keeps them. */
  RECORD_RETENTION_DAYS: int(0, 36_500, 0),
  /**
   * How long a request waits on Redis (presence, matchmaking) or the store before it is answered
   * 503 BACKEND_TIMEOUT; /readyz gives each of its checks as long.
   */
  BACKEND_TIMEOUT_MS: int(100, 60_000, 2_500),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/\S+$/, 'expected redis://host:port')),
  PUBLIC_ADDRESS: optional(z.string().regex(/^[\w.-]+(:\d+)?(\/[\w./-]*)?$/, 'expected host[:port][/path]')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag(false),
  MAX_BODY_BYTES: int(256, 1_048_576, 16_384),
  MAX_FRAME_BYTES: int(1_024, 1_048_576, 4_096),
  /**
   * Tables one process holds. Measured on the reference 2-core machine (issue 39): 500 busy tables
   * at p99 6.4 ms, 1,000 at p99 220 ms. Past ~500 the event loop queues; 500 keeps p99 under 10 ms.
   * Idle lobby tables cost no ticks (no patch interval) and close within TABLE_UNCLAIMED_SECONDS.
   */
  MAX_TABLES: int(1, 100_000, 500),
  TABLE_MAX_SPECTATORS: int(0, 1_000, 20),
  /**
   * A table that never started a game closes this long after its last person's connection is gone
   * (or after its creation, if nobody came): before the first game, nobody's reconnection grace is
   * longer, whatever the host set.
   */
  TABLE_UNCLAIMED_SECONDS: int(5, 3_600, 60),
  /**
   * Tables one address may hold open at once (created and not yet closed), over and above the rate:
   * as many as its burst, so a household keeps what it could make at once, and fifty addresses
   * leaving empty tables hold MAX_TABLES for TABLE_UNCLAIMED_SECONDS at most, not for ever.
   */
  TABLES_HELD_PER_ADDRESS: int(1, 10_000, 10),
  MAX_CONNECTIONS_PER_ADDRESS: int(1, 10_000, 20),
  /** Open HTTP connections (websockets included) per client address; more are closed at once. */
  HTTP_CONNECTIONS_PER_ADDRESS: int(1, 100_000, 64),
  /** A request's headers (or an idle new connection's first byte) must arrive within this. */
  HTTP_HEADERS_TIMEOUT_SECONDS: int(1, 600, 10),
  /** A whole request, body included, must arrive within this (at least the headers' time). */
  HTTP_REQUEST_TIMEOUT_SECONDS: int(1, 3_600, 30),
  /** A kept-alive connection waits this long for its next request. */
  HTTP_KEEPALIVE_SECONDS: int(1, 600, 5),
  /** A websocket must finish joining its table (answer the join) within this, or it is closed. */
  JOIN_WITHIN_SECONDS: int(1, 600, 10),
  JOINS_PENDING_PER_ADDRESS: int(1, 10_000, 5),
  TABLES_BURST_PER_ADDRESS: int(1, 10_000, 10),
  TABLES_PER_MINUTE_PER_ADDRESS: int(1, 10_000, 10),
  LOOKUPS_BURST_PER_ADDRESS: int(1, 100_000, 30),
  LOOKUPS_PER_MINUTE_PER_ADDRESS: int(1, 100_000, 120),
  MESSAGES_BURST_PER_PERSON: int(1, 10_000, 20),
  MESSAGES_PER_SECOND_PER_PERSON: int(1, 10_000, 10),
  MESSAGES_BURST_PER_ADDRESS: int(1, 100_000, 60),
  MESSAGES_PER_SECOND_PER_ADDRESS: int(1, 100_000, 30),
  REFUSALS_BEFORE_DROP: int(1, 10_000, 30),
  /** Off: no /metrics anywhere. On: on METRICS_HOST:METRICS_PORT, and on the game port only with METRICS_TOKEN. */
  METRICS: flag(true),
  /** Its own listener, so the game's public port never serves it; 0 takes any free port (tests). */
  METRICS_PORT: int(0, 65_535, 9464),
  /** Loopback by default: a self-hoster's metrics stay on the machine; compose sets 0.0.0.0 inside its network. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, every /metrics asks `Authorization: Bearer <token>`, and the game port serves it too. */
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{16,256}$/, 'expected 16 to 256 printable characters, no spaces'),
  ),
  /** Threads for the strong bots' search; unset: one less than the cores, at least one. */
  BOT_WORKERS: optional(
    z.string().trim().regex(/^\d+$/, 'expected a whole number').transform(Number).pipe(z.number().int().min(1).max(64)),
  ),
});

export type Config = z.infer<typeof configSchema>;

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  // Set-but-empty means unset, for every variable (compose files often write `FOO=`).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = configSchema.safeParse(given);
  if (r.success) return { ok: true, config: r.data };
  return {
    ok: false,
    errors: r.error.issues.map((i) => {
      const key = String(i.path[0] ?? '?');
      // The value itself is not echoed: REDIS_URL may carry a password.
      return `${key}: ${i.message}`;
    }),
  };
}

/** The defaults, for tests and for the README's table. */
export const DEFAULT_CONFIG: Config = configSchema.parse({});
