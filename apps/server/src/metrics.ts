/**
 * Prometheus metrics (prom-client), one registry per process, served at /metrics. Counts and
 * timings only: no label ever holds a name, token, card or table id (ids would also grow the series
 * without bound).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
// Event-loop lag (nodejs_eventloop_lag_*), GC pauses (nodejs_gc_duration_seconds), memory, handles.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

/** What the gauges read from a live table: its public state only. */
export interface TableGaugeSource {
  state: { players: Iterable<{ occupied: boolean; bot: boolean }>; spectators: number; savingDelayed?: boolean };
}

const tables = new Set<TableGaugeSource>();

export function tableOpened(t: TableGaugeSource): void {
  tables.add(t);
}

export function tableClosed(t: TableGaugeSource): void {
  tables.delete(t);
}

function count(pick: (t: TableGaugeSource) => number): number {
  let n = 0;
  for (const t of tables) n += pick(t);
  return n;
}

function seats(t: TableGaugeSource, bot: boolean): number {
  let n = 0;
  for (const p of t.state.players) if (p.occupied && p.bot === bot) n++;
  return n;
}

new Gauge({
  name: 'blaze_tables',
  help: 'Open tables in this process',
  registers: [registry],
  collect() {
    this.set(tables.size);
  },
});
new Gauge({
  name: 'blaze_seated_people',
  help: 'Seats held by people (present or away) over all tables',
  registers: [registry],
  collect() {
    this.set(count((t) => seats(t, false)));
  },
});
new Gauge({
  name: 'blaze_spectators',
  help: 'Connections watching without a seat over all tables',
  registers: [registry],
  collect() {
    this.set(count((t) => t.state.spectators));
  },
});
new Gauge({
  name: 'blaze_bots',
  help: 'Seats played by bots over all tables',
  registers: [registry],
  collect() {
    this.set(count((t) => seats(t, true)));
  },
});

new Gauge({
  name: 'blaze_tables_saving_delayed',
  help: 'Tables whose record writes have waited past the notice (the store slow or away): their moves are held',
  registers: [registry],
  collect() {
    this.set(count((t) => (t.state.savingDelayed ? 1 : 0)));
  },
});

export const connections = new Gauge({
  name: 'blaze_websocket_connections',
  help: 'Open websocket connections',
  registers: [registry],
});

export const actionsApplied = new Counter({
  name: 'blaze_actions_applied_total',
  help: 'Game actions the rules accepted, by who sent them',
  labelNames: ['source'] as const,
  registers: [registry],
});

export const refusals = new Counter({
  name: 'blaze_refusals_total',
  help: 'Messages a table refused, by refusal code; JOIN_REFUSED counts joins its checks refused',
  labelNames: ['code'] as const,
  registers: [registry],
});

export const actionToPatch = new Histogram({
  name: 'blaze_action_to_patch_seconds',
  help: 'From an accepted action to its patch being sent to the table',
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
  registers: [registry],
});

export const decodeFailures = new Counter({
  name: 'blaze_decode_failures_total',
  help: 'Websocket frames that could not be decoded (bad msgpack, invalid UTF-8 type)',
  registers: [registry],
});

export const droppedClients = new Counter({
  name: 'blaze_dropped_clients_total',
  help: 'Connections closed by the server for abuse, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const httpRefused = new Counter({
  name: 'blaze_http_refused_total',
  help: 'HTTP requests and websocket upgrades refused at the edge, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** For the store: observe each write, e.g. `const end = storeWriteSeconds.startTimer(); ...; end()`. */
export const storeWriteSeconds = new Histogram({
  name: 'blaze_store_write_seconds',
  help: 'Latency of one write to the persistent store',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/** Starts given up because the store did not take them in time (the host was told NOT_RECORDED). */
export const startsGivenUp = new Counter({
  name: 'blaze_starts_given_up_total',
  help: 'Game starts given up because the record store did not save them within START_SAVE_WAIT_SECONDS',
  registers: [registry],
});

/**
 * The inline SQLite store's WAL checkpoints (store/checkpointer.ts), by where they ran: `thread` (the
 * checkpoint thread, off the event loop) or `loop` (the writer's short catch-up that lets the WAL
 * start over). SQLite's own checkpoints inside a commit (the fallback) show in the write times.
 */
export const storeCheckpointSeconds = new Histogram({
  name: 'blaze_store_checkpoint_seconds',
  help: 'Time of one WAL checkpoint of the SQLite record, by where it ran (thread or event loop)',
  labelNames: ['on'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/**
 * The strong bots' decisions through the search pool (issue 12), by outcome: `search` (the search
 * answered in time), `busy` / `timeout` / `error` (the seat got the normal bot's move instead), and
 * `stale` (dropped unanswered: the game moved on before a thread was free).
 */
export const botDecisions = new Counter({
  name: 'blaze_bot_decisions_total',
  help: "Strong bots' decisions through the search pool, by outcome (search, or fallback to normal: busy, timeout, error; stale: dropped)",
  labelNames: ['strength', 'outcome'] as const,
  registers: [registry],
});

/** Time one search took on its thread (what the per-decision budget bounds). */
export const botSearchSeconds = new Histogram({
  name: 'blaze_bot_search_seconds',
  help: "Time the strong bot's search took on its worker thread, per answered decision",
  buckets: [0.01, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1],
  registers: [registry],
});
