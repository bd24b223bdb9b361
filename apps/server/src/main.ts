/**
 * `pnpm start`: the game server and the built web client on one port. Settings come from the
 * environment through config.ts; a bad one stops the process before it listens.
 */
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createServer, ROOM_NAME } from './app.js';
import { configureBotPool } from './botPool/pool.js';
import { redisMatchmaking } from './cluster/matchmaking.js';
import { type Config, parseConfig } from './config.js';
import { createLogger, logCrashes } from './logger.js';
import { listenMetrics } from './metricsRoute.js';
import { drainTables, mountGameRecords, openStore, restoreTables } from './store/open.js';
import { startRetention } from './store/retention.js';
import type { TableStore } from './store/types.js';

const parsed = parseConfig(process.env);
if (!parsed.ok) {
  // Through the logger like every line, but on stderr: the process stops before serving anything.
  createLogger({ destination: pino.destination({ fd: 2, sync: true }) }).fatal(
    { errors: parsed.errors },
    `bad settings in the environment: ${parsed.errors.join('; ')}`,
  );
  process.exit(2);
}
const config: Config = parsed.config;
// Production unless told otherwise: express and Colyseus drop their development hints and traces.
process.env.NODE_ENV = config.NODE_ENV;

const log = createLogger({ level: config.LOG_LEVEL });
logCrashes(log);
configureBotPool(config.BOT_WORKERS);
const staticDir = config.STATIC_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

// Several processes sharing Redis; its modules are loaded only then (cluster/matchmaking.ts).
const cluster = config.REDIS_URL
  ? {
      url: config.REDIS_URL,
      shared: await redisMatchmaking(config.REDIS_URL),
      adoption: await import('./cluster/adopt.js'),
    }
  : null;

const server = createServer({
  port: config.PORT,
  host: config.HOST,
  staticDir,
  ...(cluster ? { shared: cluster.shared } : {}),
  publicAddress: config.PUBLIC_ADDRESS,
  maxPayload: config.MAX_FRAME_BYTES,
  logger: log,
  metrics: config.METRICS && config.METRICS_TOKEN !== undefined ? { token: config.METRICS_TOKEN } : false,
  backendTimeoutMs: config.BACKEND_TIMEOUT_MS,
  room: { startWaitMs: config.START_SAVE_WAIT_SECONDS * 1000 },
  connections: {
    perAddress: config.HTTP_CONNECTIONS_PER_ADDRESS,
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: config.HTTP_KEEPALIVE_SECONDS * 1000,
  },
  limits: {
    maxBodyBytes: config.MAX_BODY_BYTES,
    maxTables: config.MAX_TABLES,
    tableMaxSpectators: config.TABLE_MAX_SPECTATORS,
    unclaimedMs: config.TABLE_UNCLAIMED_SECONDS * 1000,
    tablesHeldPerAddress: config.TABLES_HELD_PER_ADDRESS,
    joinWithinMs: config.JOIN_WITHIN_SECONDS * 1000,
    maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
    maxJoiningPerAddress: config.JOINS_PENDING_PER_ADDRESS,
    tableCreation: {
      capacity: config.TABLES_BURST_PER_ADDRESS,
      refillPerSecond: config.TABLES_PER_MINUTE_PER_ADDRESS / 60,
    },
    tableLookups: {
      capacity: config.LOOKUPS_BURST_PER_ADDRESS,
      refillPerSecond: config.LOOKUPS_PER_MINUTE_PER_ADDRESS / 60,
    },
    personMessages: {
      capacity: config.MESSAGES_BURST_PER_PERSON,
      refillPerSecond: config.MESSAGES_PER_SECOND_PER_PERSON,
    },
    addressMessages: {
      capacity: config.MESSAGES_BURST_PER_ADDRESS,
      refillPerSecond: config.MESSAGES_PER_SECOND_PER_ADDRESS,
    },
    refusalsBeforeDrop: config.REFUSALS_BEFORE_DROP,
    trustProxy: config.TRUST_PROXY,
  },
});
/**
 * The record cannot be opened or read (DATA_DIR unusable, the file not a database, Redis
 * unreachable): a server that could not keep its tables must not take any.
 */
function cannotOpenRecord(e: unknown): never {
  const err = e instanceof Error ? e.message : String(e);
  log.fatal({ err }, `cannot open the table record: ${err}`);
  process.exit(3);
}
let store: TableStore;
try {
  store = openStore({
    DATA_DIR: config.DATA_DIR ?? './data',
    REDIS_URL: config.REDIS_URL,
    STORE_WRITER: config.STORE_WRITER,
    log,
  });
} catch (e) {
  cannotOpenRecord(e);
}
mountGameRecords(server.api, store, config.BACKEND_TIMEOUT_MS);
// Not ready (/readyz) until every table this process should hold is back.
server.readiness.restoreStarted();
const bound = await server.listen();
// Sharing Redis: this process's tables and any other's left without a process, here (cluster/adopt.ts).
const adoption = cluster
  ? cluster.adoption.startAdoption({
      redisUrl: cluster.url,
      store,
      roomName: ROOM_NAME,
      log,
      deadlineMs: config.BACKEND_TIMEOUT_MS,
    })
  : null;
const restored = await (adoption ? adoption.settle() : restoreTables(store, ROOM_NAME)).catch(cannotOpenRecord);
server.readiness.restoreFinished();
if (restored.length > 0) log.info({ restored: restored.length, store: store.kind }, 'tables restored');
// After the restore: only tables closed for good are removed, never one coming back.
const retention = startRetention(store, config.RECORD_RETENTION_DAYS, log);
const metrics = config.METRICS
  ? await listenMetrics({ port: config.METRICS_PORT, host: config.METRICS_HOST, token: config.METRICS_TOKEN }, log)
  : null;
// Humans and scripts (tests, the e2e harness) look for "listening on http://host:port" on stdout.
log.info(
  { port: bound, env: config.NODE_ENV, redis: config.REDIS_URL !== undefined },
  `Blaze Online listening on http://${config.HOST ?? 'localhost'}:${bound}`,
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, `${signal}: closing tables and shutting down`);
  // Bounded: a stuck client must not keep the process from exiting.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  retention.stop();
  try {
    // Adopts nothing more: the peers adopt this process's tables once it has handed them over.
    await adoption?.stop();
    const drained = await drainTables(store);
    if (cluster) await cluster.adoption.handOver(drained).catch(() => {});
    await server.close();
    await metrics?.close();
    process.exit(0);
  } catch (e) {
    log.error({ err: e instanceof Error ? e.message : String(e) }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
