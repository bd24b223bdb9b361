/**
 * `pnpm bench:load`: the server in its own process, started from the compiled bundle as in
 * production (apps/server/dist/bench-server.js: createServer plus a metrics endpoint), and the
 * people in separate load-generator processes (worker.ts) over real websockets on 127.0.0.1. For
 * each table count it runs the schema-patch server and then the full-JSON-view baseline, measures
 * for BENCH_SECONDS after a warm-up, and prints one table; `idle` measures the same number of lobby
 * tables where one person sits and nothing happens.
 * Environment: BENCH_TABLES=10,100,500,1000  BENCH_SECONDS=20  BENCH_WARMUP=5  BENCH_MODES=patch,json,idle
 *   BENCH_PROCESSES=1,2 (2: two server processes sharing a redis-server on loopback; tables alternate
 *   between them and each table's guest joins through the other process, found via Redis; 2apart: two
 *   processes that share nothing, each with its own SQLite file and guests, the most a second process
 *   could carry on the same machine)
 *   BENCH_REDIS=1 (one process uses Redis too, as two do: presence, matchmaking and the record; tells Redis' cost
 *   apart from a second process's)
 *   BENCH_WORKERS (generator processes; default one per 250 tables)
 *   BENCH_OPEN_SECONDS=120 (a generator stops opening tables after this long, or once a tenth of those
 *   tried failed; the rest count as failed and the row says how many ran)
 *   BENCH_STORE=none|thread (none: no record; thread: SQLite's writer on its own thread; by default each server records its tables as in production: SQLite in a
 *   scratch folder, or Redis when two processes share one)
 *   BENCH_SERVER_ARGS=--trace-gc (node flags for the server process; its stdout is shown then)
 *   BENCH_WORKER_ARGS=--cpu-prof,--cpu-prof-dir=/tmp/p (node flags for the generator processes)
 *   BENCH_ALLOC_PROFILE=<file> (the server's sampled allocations over the window, dead ones included: a .heapprofile)
 *   BENCH_BREAKDOWN=1 (also prints the bytes of each schema field per action and client; slows the server a little)
 *   A step that saturates the server (tables failing to open, over 90% of a core per process, p50 over
 *   250 ms) ends that kind of run: larger table counts of it are listed as skipped, with the reason.
 *   BENCH_STRICT=1 (CI: exit 1 if any table failed or a row measured no latency at all)
 *   BENCH_REPEAT=5 (every row that many times, all rows once per round, so a quiet or busy minute of a
 *   shared machine falls on each kind alike; then each kind's median and spread of p99 and GC p99)
 *   BENCH_SERVER_CPUS=0 BENCH_GENERATOR_CPUS=1 (taskset lists: pin the server processes, with their Redis, and the
 *   generators to their own cores, so neither steals the other's CPU, as when the people are on other machines)
 *   BENCH_SERVER_CPU_QUOTA=0.3 (each server process in a cgroup of its own, allowed that share of one core, as a
 *   container with a CPU limit is; BENCH_SERVER_CPU_PERIOD_MS=100 its scheduler period, as a container's default (1000: a collection's burst draws on what the second saved, where at 100 it stalled the process); needs root and a cgroup cpu
 *   controller). On a 2-core machine the generators and Redis share the cores: only with a limit do one process and
 *   two run at the same CPU each. Redis runs inside the servers' total (processes × quota), so the work the servers
 *   hand it is counted as the record's work is in one process with SQLite (BENCH_REDIS_IN_BUDGET=0: outside). With it, a row says how often a server, and the budget they share, waited for its quota, and a process near
 *   its limit counts as saturated. With BENCH_PROCESSES=1,2 and several BENCH_TABLES the bench ends with each process
 *   count's capacity: the most tables measured at a people's p99 ≤ BENCH_CAPACITY_P99 (10 ms), and the ratio.
 *   BENCH_TABLES_PER_PROCESS=180-250 (only the table counts in that range per process: around each one's limit)
 *   BENCH_BOTS=normal,strong (the strength of both bots at every table, one row each; default normal:
 *   strong bots search in the server's real bot pool, worker threads with its time budget and its
 *   fallback to normal, and each row says how many of their decisions were searched or fell back)
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type BotStrength, botStrength } from '@blaze/protocol';
import { freePort, startRedis } from '../../../../tests/support/processes.js';
import { NODE_FLAGS } from '../../build/nodeFlags.js';
import type { Breakdown } from './breakdown.js';
import { type CpuBudget, type CpuQuota, cpuBudget, since, type Throttling } from './cpuQuota.js';
import { processCpuMs } from './procCpu.js';
import type { RecordFigures } from './server.js';
import type { WorkerReport, WorkerSetup } from './worker.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const list = (v: string | undefined, d: string) =>
  (v ?? d)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const TABLES = list(process.env.BENCH_TABLES, '10,100,500,1000').map(Number);
type Mode = 'patch' | 'json' | 'idle';
const MODES = list(process.env.BENCH_MODES, 'patch,json,idle') as Mode[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
/**
 * The server processes of a run: 1; 2 (or more), sharing a real redis-server on loopback; or 2apart,
 * two that share nothing, each with its own tables and SQLite file: two one-process deployments side
 * by side, which no second process sharing Redis can beat on the same machine.
 */
interface Kind {
  n: number;
  apart: boolean;
}
const PROCESSES: Kind[] = list(process.env.BENCH_PROCESSES, '1').map((v) => {
  const m = /^(\d+)(apart)?$/.exec(v);
  if (!m || Number(m[1]) < 1) throw new Error(`BENCH_PROCESSES: ${v} is not a count such as 1, 2 or 2apart`);
  return { n: Number(m[1]), apart: m[2] !== undefined };
});
const sameKind = (a: Kind, b: Kind) => a.n === b.n && a.apart === b.apart;
/** `short`: the table's column ("2 + Redis"); otherwise the words of the capacity lines ("2 processes + Redis"). */
const kindName = (k: Kind, short = false) => {
  const n = short ? String(k.n) : `${k.n} process${k.n > 1 ? 'es' : ''}`;
  return k.apart ? `${n} apart` : withRedis(k) ? `${n} + Redis` : n;
};
/** The bots' strength, one run each (people's latency with strong bots against the same without). */
/** Rounds of every row; one run's tail on a shared 2-core machine moves by up to 2× from run to run. */
const REPEAT = Math.max(1, Math.floor(Number(process.env.BENCH_REPEAT ?? 1)));
/** A share of one core per server process, or none (the process may take what the machine has). */
const QUOTA = process.env.BENCH_SERVER_CPU_QUOTA ? Number(process.env.BENCH_SERVER_CPU_QUOTA) : null;
const QUOTA_PERIOD_MS = Number(process.env.BENCH_SERVER_CPU_PERIOD_MS ?? 100);
/**
 * Under a quota, Redis takes its CPU from the servers' total (processes × quota), as it would from the
 * machine they share; BENCH_REDIS_IN_BUDGET=0 leaves it outside any limit (stop 30's measure).
 */
const REDIS_IN_BUDGET = process.env.BENCH_REDIS_IN_BUDGET !== '0';
/** BENCH_REDIS=1: one process shares a redis-server too, as two do: what Redis costs, apart from a second process. */
const withRedis = (k: Kind) => !k.apart && (k.n > 1 || process.env.BENCH_REDIS === '1');
/**
 * BENCH_TABLES_PER_PROCESS=180-250: only the table counts within that range per process run (a capacity
 * search around one process's limit and two's, without the rows far from either).
 */
const PER_PROCESS = (() => {
  const v = process.env.BENCH_TABLES_PER_PROCESS;
  if (!v) return null;
  const m = /^(\d+)-(\d+)$/.exec(v);
  if (!m) throw new Error(`BENCH_TABLES_PER_PROCESS: ${v} is not a range such as 180-250`);
  return { min: Number(m[1]), max: Number(m[2]) };
})();
const CAPACITY_P99 = Number(process.env.BENCH_CAPACITY_P99 ?? 10);
const BOTS: BotStrength[] = list(process.env.BENCH_BOTS, 'normal').map((b) => {
  const r = botStrength.safeParse(b);
  if (!r.success) throw new Error(`BENCH_BOTS: ${b} is not one of ${botStrength.options.join(', ')}`);
  return r.data;
});

/** The strong bots' decisions in the pool (blaze_bot_decisions_total and blaze_bot_search_seconds). */
interface BotFigures {
  search: number;
  busy: number;
  timeout: number;
  error: number;
  stale: number;
  searchCount: number;
  searchSeconds: number;
}

interface Metrics {
  wallMs: number;
  cpuShare: number;
  actions: number;
  rss: number;
  heapUsed: number;
  gcCount: number;
  /** Pauses over 5 ms by kind: young (scavenge), full (mark-compact), other (incremental, weak callbacks). */
  gcLong: { minor: number; major: number; other: number };
  gcP99: number;
  gcMax: number;
  loopP99: number;
  loopMax: number;
  /** A person's message inside the server, handed over to patch written (ms). */
  handleP50: number;
  handleP99: number;
  handleMax: number;
  bots: BotFigures;
  /** The record's writes and WAL checkpoints in the window (server.ts). */
  record: RecordFigures;
  breakdown?: Breakdown;
  shapes?: { fields: string; count: number; meanBytes: number }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const once = <T>(c: ChildProcess, pick: (m: unknown) => T | undefined): Promise<T> =>
  new Promise((resolve, reject) => {
    const on = (m: unknown) => {
      const v = pick(m);
      if (v === undefined) return;
      c.off('message', on);
      resolve(v);
    };
    c.on('message', on);
    c.once('exit', (code) => reject(new Error(`process exited (${code})`)));
  });

const children = new Set<ChildProcess>();
// Whatever happens to this process, the server and generators it started go with it.
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** Figures of several server processes as one: sums, and the worst of the tails. */
function combine(ms: Metrics[]): Metrics {
  const sum = (f: (m: Metrics) => number) => ms.reduce((a, m) => a + f(m), 0);
  const max = (f: (m: Metrics) => number) => Math.max(...ms.map(f));
  const first = ms[0] as Metrics;
  /** Each field of a record of counts, summed over the processes. */
  const sumEach = <T extends object>(pick: (m: Metrics) => T): T =>
    Object.fromEntries(Object.keys(pick(first)).map((k) => [k, sum((m) => pick(m)[k as keyof T] as number)])) as T;
  return {
    ...first,
    bots: sumEach((m) => m.bots),
    cpuShare: sum((m) => m.cpuShare),
    actions: sum((m) => m.actions),
    rss: sum((m) => m.rss),
    heapUsed: sum((m) => m.heapUsed),
    gcCount: sum((m) => m.gcCount),
    gcLong: {
      minor: sum((m) => m.gcLong.minor),
      major: sum((m) => m.gcLong.major),
      other: sum((m) => m.gcLong.other),
    },
    record: sumEach((m) => m.record),
    gcP99: max((m) => m.gcP99),
    gcMax: max((m) => m.gcMax),
    loopP99: max((m) => m.loopP99),
    loopMax: max((m) => m.loopMax),
    handleP50: max((m) => m.handleP50),
    handleP99: max((m) => m.handleP99),
    handleMax: max((m) => m.handleMax),
  };
}

/** Pins a process and all its threads (taskset -a) to the given CPUs; threads it starts later inherit them. */
function pin(c: ChildProcess, cpus: string | undefined): void {
  if (!cpus || c.pid === undefined) return;
  execFileSync('taskset', ['-a', '-cp', cpus, String(c.pid)], { stdio: 'ignore' });
}

async function runOne(tables: number, mode: Mode, kind: Kind, bots: BotStrength) {
  const processes = kind.n;
  const redis = withRedis(kind) ? await startRedis() : null;
  // Redis does the servers' record and presence work: on their cores, as it is in their CPU budget.
  if (redis) pin(redis.child, process.env.BENCH_SERVER_CPUS);
  // The deployment's CPU: QUOTA per server process, and Redis inside the same total unless told not to.
  const budget: CpuBudget | null = QUOTA !== null ? cpuBudget(QUOTA * processes, QUOTA_PERIOD_MS) : null;
  if (budget && redis?.child.pid !== undefined && REDIS_IN_BUDGET) budget.join(redis.child.pid);
  const servers: ChildProcess[] = [];
  const quotas: CpuQuota[] = [];
  const ports: number[] = [];
  for (let i = 0; i < processes; i++) {
    const wanted = withRedis(kind) ? await freePort() : 0;
    const server = fork(here('../../dist/bench-server.js'), [], {
      // BENCH_SERVER_ARGS: extra node flags for the server process (e.g. --trace-gc, --cpu-prof).
      execArgv: [...NODE_FLAGS, ...list(process.env.BENCH_SERVER_ARGS, '')],
      env: {
        ...process.env,
        PORT: String(wanted),
        NODE_ENV: 'production',
        ...(redis ? { REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${wanted}` } : {}),
      },
      stdio: ['ignore', process.env.BENCH_SERVER_ARGS ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    });
    children.add(server);
    pin(server, process.env.BENCH_SERVER_CPUS);
    if (budget && QUOTA !== null && server.pid !== undefined) quotas.push(budget.limit(server.pid, QUOTA));
    servers.push(server);
    ports.push(await once(server, (m) => (m as { port?: number }).port));
  }
  const https = ports.map((p) => `http://127.0.0.1:${p}`);
  const metrics = async () =>
    combine(await Promise.all(https.map(async (h) => (await (await fetch(`${h}/bench/metrics`)).json()) as Metrics)));
  const empty = await metrics();
  const workers = Number(process.env.BENCH_WORKERS ?? Math.max(1, Math.ceil(tables / 250)));
  const gens: ChildProcess[] = [];
  let first = 0;
  for (let w = 0; w < workers; w++) {
    const n = Math.floor(tables / workers) + (w < tables % workers ? 1 : 0);
    // BENCH_WORKER_ARGS: extra node flags for the generators (e.g. --cpu-prof, to see what a client costs).
    const g = fork(here('./worker.ts'), [], {
      execArgv: ['--import', 'tsx', ...list(process.env.BENCH_WORKER_ARGS, '')],
      // The schema classes' decorators (the generator decodes into them, as the web client does).
      env: { ...process.env, TSX_TSCONFIG_PATH: here('../../tsconfig.run.json') },
      stdio: 'inherit',
    });
    const setup: WorkerSetup = {
      endpoints: ports.map((p) => `ws://127.0.0.1:${p}`),
      apart: kind.apart,
      roomName: mode === 'json' ? 'bench-json' : 'bench',
      idle: mode === 'idle',
      tables: n,
      firstTable: first,
      bots,
    };
    first += n;
    pin(g, process.env.BENCH_GENERATOR_CPUS);
    g.send({ setup });
    gens.push(g);
    children.add(g);
  }
  const ready = await Promise.all(
    gens.map((g) => once(g, (m) => ((m as { ready?: boolean }).ready ? (m as { failed: number }) : undefined))),
  );
  const failed = ready.reduce((a, r) => a + r.failed, 0);
  await sleep(WARMUP * 1000);
  for (const h of https) await fetch(`${h}/bench/reset`, { method: 'POST' });
  for (const h of https) await fetch(`${h}/bench/alloc/start`, { method: 'POST' });
  for (const g of gens) g.send({ measure: true });
  const load0 = loadavg()[0] ?? Number.NaN;
  const throttle0 = quotas.map((q) => q.stat());
  const budget0 = budget?.stat();
  const redisPid = redis?.child.pid;
  const redisCpu0 = redisPid !== undefined ? processCpuMs(redisPid) : 0;
  const redisWall0 = performance.now();
  await sleep(SECONDS * 1000);
  const m = await metrics();
  const throttle = quotas.map((q, i) => since(throttle0[i] as Throttling, q.stat()));
  const budgetThrottle = budget && budget0 ? since(budget0, budget.stat()) : null;
  // Redis' own CPU over the same window: the record's and matchmaking's work the servers hand it.
  const redisCpu =
    redisPid !== undefined
      ? (100 * (processCpuMs(redisPid) - redisCpu0)) / (performance.now() - redisWall0)
      : Number.NaN;
  for (const h of https) await fetch(`${h}/bench/alloc/stop`, { method: 'POST' });
  // The machine's 1-minute load average as the measurement began and ended (other work shares it).
  const load = [load0, loadavg()[0] ?? Number.NaN] as const;
  const reports = await Promise.all(
    gens.map((g) => {
      const r = once(g, (x) => (typeof x === 'object' && x && 'latencies' in x ? (x as WorkerReport) : undefined));
      g.send({ report: true });
      return r;
    }),
  );
  // SIGTERM: a generator exits at once without closing its sockets one by one (and writes its CPU
  // profile if BENCH_WORKER_ARGS asked for one).
  await Promise.all(
    gens.map((g) => {
      const exited = new Promise((r) => g.once('exit', r));
      g.kill('SIGTERM');
      return exited;
    }),
  );
  for (const server of servers) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  children.clear();
  await redis?.stop();
  budget?.remove();
  const lat = reports.flatMap((r) => r.latencies);
  const clear = reports.flatMap((r) => r.clearOfOwnGc);
  const genGc = reports.flatMap((r) => r.gcPauses);
  const upd = reports.flatMap((r) => r.updateBytes);
  const total = reports.reduce((a, r) => a + r.totalBytes, 0);
  const genCpu = reports.reduce((a, r) => a + r.cpuMs / r.wallMs, 0);
  return {
    tables,
    mode,
    processes,
    kind,
    bots,
    botFigures: m.bots,
    load,
    actionsPerS: m.actions / (m.wallMs / 1000),
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    p99: pct(lat, 99),
    samples: lat.length,
    clearP99: pct(clear, 99),
    setAside: lat.length > 0 ? 1 - clear.length / lat.length : Number.NaN,
    genGcP99: pct(genGc, 99),
    genGcMax: genGc.length > 0 ? Math.max(...genGc) : Number.NaN,
    // The largest share of its time any one generator spent paused in GC.
    genGcShare: Math.max(...reports.map((r) => r.gcPauses.reduce((a, x) => a + x, 0) / r.wallMs)),
    throttle,
    budgetThrottle,
    cpuPer100: (m.cpuShare * 100 * 100) / tables,
    cpu: m.cpuShare * 100,
    redisCpu,
    memPerTable: (m.rss - empty.rss) / tables,
    rss: m.rss,
    bytesMedian: pct(upd, 50),
    // Every table has two clients, and each sees every action of its table.
    bytesMean: total / Math.max(1, m.actions * 2),
    gcP99: m.gcP99,
    gcMax: m.gcMax,
    gcCount: m.gcCount,
    gcLong: m.gcLong,
    record: m.record,
    serverLoopP99: m.loopP99,
    serverLoopMax: m.loopMax,
    handle: [m.handleP50, m.handleP99, m.handleMax] as const,
    genCpu: genCpu * 100,
    genLoopP99: Math.max(...reports.map((r) => r.loopP99)),
    workers,
    failed,
    refused: reports.reduce((a, r) => a + r.refused, 0),
    sent: reports.reduce((a, r) => a + r.sent, 0),
    breakdown: m.breakdown,
    shapes: m.shapes,
    actions: m.actions,
  };
}

type Row = Awaited<ReturnType<typeof runOne>>;
const rows: Row[] = [];
const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const head = [
  'tables',
  'processes',
  'server',
  'bots',
  'strong decisions searched / fell back (busy, timeout, error) / stale',
  'search mean ms',
  'actions/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'p99 ms of the waits no generator GC pause overlapped (share set aside)',
  'CPU/100 tables',
  'Redis CPU',
  'CPU ms/action (with Redis)',
  'KiB/table',
  'B/action/client med (mean)',
  'GC p99 (max) ms',
  'server loop p99 (max) ms',
  'periods a server waited for its CPU limit (ms waited per s); the budget all share, Redis too',
  'in the server p50 / p99 (max) ms',
  'generator CPU (procs)',
  'generator loop p99 ms',
  'generator GC p99 (max) ms, time paused',
  'load avg 1 min (start → end)',
];
const line = (r: Row) =>
  [
    r.failed > 0 ? `${r.tables - r.failed} of ${r.tables}` : String(r.tables),
    kindName(r.kind, true),
    { patch: 'schema patches', json: 'full JSON view', idle: 'idle lobby (1 person)' }[r.mode],
    `2 ${r.bots}`,
    decisions(r.botFigures),
    r.botFigures.searchCount > 0 ? f((1000 * r.botFigures.searchSeconds) / r.botFigures.searchCount, 0) : '–',
    f(r.actionsPerS, 0),
    f(r.p50, 2),
    f(r.p95, 2),
    f(r.p99, 2),
    `${f(r.clearP99, 2)} (${f(100 * r.setAside)}%)`,
    `${f(r.cpuPer100)}%`,
    Number.isFinite(r.redisCpu) ? `${f(r.redisCpu)}%` : '–',
    `${f((r.cpu * 10) / r.actionsPerS, 3)}${Number.isFinite(r.redisCpu) ? ` (${f(((r.cpu + r.redisCpu) * 10) / r.actionsPerS, 3)})` : ''}`,
    // A few tables are lost in the noise of the process's own memory (RSS may even shrink): no figure then.
    r.memPerTable > 0 ? f(r.memPerTable / 1024, 0) : '–',
    `${f(r.bytesMedian, 0)} (${f(r.bytesMean, 0)})`,
    `${f(r.gcP99, 2)} (${f(r.gcMax, 1)})`,
    `${f(r.serverLoopP99, 1)} (${f(r.serverLoopMax, 0)})`,
    `${throttled(r.throttle)}${r.budgetThrottle ? `; ${throttled([r.budgetThrottle])}` : ''}`,
    `${f(r.handle[0], 2)} / ${f(r.handle[1], 2)} (${f(r.handle[2], 0)})`,
    `${f(r.genCpu, 0)}% (${r.workers})`,
    f(r.genLoopP99, 1),
    `${f(r.genGcP99, 1)} (${f(r.genGcMax, 0)}), ${f(100 * r.genGcShare)}%`,
    `${f(r.load[0], 2)} → ${f(r.load[1], 2)}`,
  ].join(' | ');
/**
 * How many tables each kind of run carried at the aim's p99: the largest table count measured whose
 * people's p99 (the median over rounds) was within BENCH_CAPACITY_P99, with every smaller count too.
 * A round that skipped a count because a smaller one saturated counts as over the aim there: a count
 * measured only in the rounds before its kind saturated was not held. The table counts measured bound
 * it: the next count up is printed with its p99.
 */
function capacity(): void {
  if (TABLES.length < 2) return;
  const found: { kind: Kind; best: number }[] = [];
  for (const kind of PROCESSES) {
    const p99At = (n: number) => {
      const at = (r: { tables: number; kind: Kind; mode: string; bots: BotStrength }) =>
        r.tables === n && sameKind(r.kind, kind) && r.mode === 'patch' && r.bots === BOTS[0];
      const rs = rows.filter(at);
      const skipped = skips.filter(at).length;
      if (rs.length === 0) return skipped > 0 ? Number.POSITIVE_INFINITY : null;
      return rs.every((r) => r.failed === 0)
        ? pct([...rs.map((r) => r.p99), ...Array<number>(skipped).fill(Number.POSITIVE_INFINITY)], 50)
        : Number.NaN;
    };
    let best = 0;
    let over = '';
    for (const n of [...TABLES].sort((a, b) => a - b)) {
      const p = p99At(n);
      // Not measured for this kind (BENCH_TABLES_PER_PROCESS).
      if (p === null) continue;
      if (p <= CAPACITY_P99) {
        best = n;
        continue;
      }
      over =
        p === Number.POSITIVE_INFINITY
          ? `; ${n} tables: saturated in most rounds`
          : Number.isFinite(p)
            ? `; ${n} tables measured ${f(p, 2)} ms`
            : `; ${n} tables did not run or did not all open`;
      break;
    }
    found.push({ kind, best });
    console.log(
      `capacity at people's p99 ≤ ${CAPACITY_P99} ms, ${kindName(kind)}${QUOTA !== null ? ` of ${QUOTA} core each` : ''}: ${best > 0 ? `${best} tables` : 'none of the counts measured'}${over}`,
    );
  }
  const one = found.find((x) => x.kind.n === 1 && !x.kind.apart)?.best;
  for (const { kind, best } of found)
    if (kind.n > 1 && one) console.log(`capacity of ${kindName(kind)} / 1 process: ${f(best / one, 2)}×`);
  for (const { kind, best } of found) {
    const apart = found.find((x) => x.kind.apart && x.kind.n === kind.n && !kind.apart)?.best;
    if (apart)
      console.log(
        `capacity of ${kindName(kind)} / ${kindName({ n: kind.n, apart: true })} on the same machine: ${f(best / apart, 2)}×`,
      );
  }
}
/** Over all server processes: the share of scheduler periods that ran out of quota, and the wait per second each. */
function throttled(ts: Throttling[]): string {
  if (ts.length === 0) return '–';
  const periods = ts.reduce((a, t) => a + t.periods, 0);
  const n = ts.reduce((a, t) => a + t.throttled, 0);
  const ms = ts.reduce((a, t) => a + t.throttledMs, 0);
  return `${f((100 * n) / Math.max(1, periods))}% (${f(ms / ts.length / SECONDS, 0)})`;
}
function decisions(b: BotFigures): string {
  const fell = b.busy + b.timeout + b.error;
  const all = b.search + fell;
  if (all + b.stale === 0) return '–';
  return `${b.search} / ${fell} (${b.busy}, ${b.timeout}, ${b.error}) / ${b.stale}: ${f((100 * b.search) / Math.max(1, all), 0)}% searched`;
}

console.log(
  `load bench: ${SECONDS} s measured after ${WARMUP} s warm-up, 2 people (think 0.3–1 s) + 2 bots per table; latency is people's: from a person's action to each person's next update, at their clients${QUOTA !== null ? `; each server process limited to ${QUOTA} of a core (cgroup CPU quota, ${QUOTA_PERIOD_MS} ms period)${REDIS_IN_BUDGET ? ', and Redis shares their total (processes × quota)' : ', Redis outside any limit'}` : ''}`,
);
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
/**
 * A server past what it can carry: tables that could not even open, a core's worth of CPU per process,
 * or most people waiting a quarter of a second. Larger steps of the same kind are then skipped (and say so): they could
 * only measure the queue, and at 1000 tables on this machine they take minutes to fail.
 */
function saturation(r: Row): string | null {
  const why: string[] = [];
  if (r.failed > r.tables * 0.05) why.push(`${r.failed} of ${r.tables} tables did not open`);
  // Per process, against what it may take: a core, or its quota.
  const limit = 90 * (QUOTA ?? 1);
  if (r.cpu / r.processes > limit)
    why.push(`server CPU ${f(r.cpu / r.processes, 0)}% per process (limit ${f(limit, 0)}%)`);
  // The median, not the tail: one stall from elsewhere on a shared machine can put p99 over a second.
  if (r.p50 > 250) why.push(`p50 ${f(r.p50, 0)} ms`);
  return why.length > 0 ? why.join(', ') : null;
}
const saturated = new Map<string, { at: number; why: string }>();
/** The runs a round skipped because a smaller count of their kind saturated (capacity counts them as over). */
const skips: { tables: number; kind: Kind; mode: Mode; bots: BotStrength }[] = [];
try {
  for (let round = 0; round < REPEAT; round++) {
    // Each round starts over: a kind that saturated in a slow minute of a shared machine is measured
    // again in the next round, and the median over the rounds decides (a skipped run counts as over).
    saturated.clear();
    for (const n of TABLES) {
      for (const kind of PROCESSES) {
        for (const mode of MODES) {
          for (const bots of BOTS) {
            if (PER_PROCESS && (n < PER_PROCESS.min * kind.n || n > PER_PROCESS.max * kind.n)) continue;
            const key = `${kindName(kind)}/${mode}/${bots}`;
            const sat = saturated.get(key);
            // Only the counts from where it saturated up in this round.
            if (sat && n >= sat.at) {
              skips.push({ tables: n, kind, mode, bots });
              console.log(
                `| ${n} | ${kindName(kind)} | ${mode} | 2 ${bots} | skipped: saturated at ${sat.at} tables (${sat.why}) |`,
              );
              continue;
            }
            const r = await runOne(n, mode, kind, bots);
            rows.push(r);
            console.log(`| ${line(r)} |`);
            const why = saturation(r);
            if (why) saturated.set(key, { at: n, why });
          }
        }
      }
    }
  }
} catch (e) {
  console.error(e);
  process.exit(1);
}
if (REPEAT > 1) {
  // Each kind of row over its rounds: the median is the figure, the spread says how much to trust it.
  const kinds = new Map<string, Row[]>();
  for (const r of rows) {
    const k = `${r.tables} tables, ${kindName(r.kind)}, ${r.mode}, ${r.bots} bots`;
    kinds.set(k, [...(kinds.get(k) ?? []), r]);
  }
  const runs = (xs: number[]) => xs.map((x) => f(x, 2)).join(' / ');
  for (const [k, rs] of kinds) {
    const p99 = rs.map((r) => r.p99);
    const gc = rs.map((r) => r.gcP99);
    console.log(
      `${k}, ${rs.length} runs: people's p99 median ${f(pct(p99, 50), 2)} ms (${runs(p99)}; ≤ 10 ms in ${p99.filter((x) => x <= 10).length}); GC pause p99 median ${f(pct(gc, 50), 2)} ms (${runs(gc)}; ≤ 5 ms in ${gc.filter((x) => x <= 5).length})`,
    );
  }
}
capacity();
for (const n of TABLES) {
  for (const kind of PROCESSES) {
    const p = rows.find((r) => r.tables === n && sameKind(r.kind, kind) && r.mode === 'patch' && r.bots === BOTS[0]);
    const j = rows.find((r) => r.tables === n && sameKind(r.kind, kind) && r.mode === 'json' && r.bots === BOTS[0]);
    if (p && j)
      console.log(
        `${n} tables, ${kindName(kind)}: JSON baseline / patches = ${f(j.bytesMedian / p.bytesMedian)}× bytes (median), ${f(j.bytesMean / p.bytesMean)}× (mean), ${f(j.p99 / p.p99)}× p99 latency`,
      );
  }
}
for (const n of TABLES) {
  for (const kind of PROCESSES) {
    for (const mode of MODES) {
      const normal = rows.find(
        (r) => r.tables === n && sameKind(r.kind, kind) && r.mode === mode && r.bots === 'normal',
      );
      const strong = rows.find(
        (r) => r.tables === n && sameKind(r.kind, kind) && r.mode === mode && r.bots === 'strong',
      );
      if (normal && strong && mode !== 'idle')
        console.log(
          `${n} tables, ${mode}, ${kindName(kind)}: people's p99 with strong bots ${f(strong.p99, 2)} ms vs normal ${f(normal.p99, 2)} ms (${f(strong.p99 / normal.p99, 2)}×); p50 ${f(strong.p50, 2)} vs ${f(normal.p50, 2)} ms`,
        );
    }
  }
}
for (const r of rows)
  console.log(
    `  ${r.tables} ${r.mode} (${kindName(r.kind)}, ${r.bots} bots): ${r.samples} latency samples, ${r.sent} sent, ${r.refused} refused, server CPU ${f(r.cpu)}%, RSS ${f(r.rss / 2 ** 20, 0)} MB, ${r.gcCount} GC pauses of which over 5 ms: ${r.gcLong.minor} young, ${r.gcLong.major} full, ${r.gcLong.other} other; ${r.record.count} record writes ${withRedis(r.kind) || process.env.BENCH_STORE === 'thread' ? '(Redis or the writer thread: time to their answer, the event loop goes on meanwhile)' : 'on the event loop'}, ${f(r.record.sumMs, 0)} ms in all, ${r.record.over2_5} over 2.5 ms, ${r.record.over10} over 10 ms; WAL checkpoints on the event loop ${r.record.loopCheckpoints} (${f(r.record.loopCheckpointMs, 1)} ms), on their thread ${r.record.threadCheckpoints} (${f(r.record.threadCheckpointMs, 0)} ms)`,
  );
for (const r of rows) {
  if (r.mode !== 'patch' || !r.breakdown) continue;
  // Bytes every client received, per accepted action and client (2 people per table), by field.
  const per = Math.max(1, r.actions * 2);
  const items = Object.entries(r.breakdown).sort((a, b) => b[1].bytes - a[1].bytes);
  const sum = items.reduce((a, [, x]) => a + x.bytes, 0);
  console.log(
    `\n${r.tables} tables, bytes by field (BENCH_BREAKDOWN=1): ${f(sum / per)} B/action/client attributed of ${f(r.bytesMean)} (rest: frame headers)`,
  );
  console.log('| field | B/action/client | share | changes/action |');
  console.log('|---|---|---|---|');
  for (const [k, x] of items) {
    if (x.bytes / per < 0.05) continue;
    console.log(
      `| ${k} | ${f(x.bytes / per, 2)} | ${f((100 * x.bytes) / sum)}% | ${f(x.changes / Math.max(1, r.actions), 2)} |`,
    );
  }
  const n = (r.shapes ?? []).reduce((a, x) => a + x.count, 0);
  console.log('\nmost frequent patches (shared part, without the 1-byte frame header; a seat also gets its own hand):');
  console.log('| fields touched | patches | mean B |');
  console.log('|---|---|---|');
  for (const x of r.shapes ?? []) console.log(`| ${x.fields} | ${x.count} | ${f(x.meanBytes)} |`);
  if (n === 0) console.log('| (none) | | |');
}
// CI's small run: a bench that runs yet measures nothing must fail too.
if (process.env.BENCH_STRICT) {
  const broken = rows.filter((r) => r.failed > 0 || (r.mode !== 'idle' && r.samples === 0));
  for (const r of broken)
    console.error(`BENCH_STRICT: ${r.tables} ${r.mode}: ${r.failed} tables failed, ${r.samples} latency samples`);
  if (broken.length > 0) process.exit(1);
}
process.exit(0);
