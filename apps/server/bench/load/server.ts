/**
 * The load bench's server process: the production server (createServer, compiled like main.ts)
 * plus what only a bench may see: GET /bench/metrics (CPU, memory, GC pauses, event-loop delay,
 * accepted actions) and POST /bench/reset. Two room types: `bench` is TableRoom counting accepted
 * actions; `bench-json` is the baseline that sends each seated client its whole view as JSON after
 * every action instead of schema patches (what a full-state server such as boardgame.io sends).
 * Never started by main.ts: nothing here is reachable in production.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { PlayerSlot } from '@blaze/protocol/schema';
import { viewFor } from '@blaze/rules';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { createServer } from '../../src/app.js';
import { redisMatchmaking } from '../../src/cluster/matchmaking.js';
import { botDecisions, botSearchSeconds, storeCheckpointSeconds, storeWriteSeconds } from '../../src/metrics.js';
import { DEFAULT_ROOM_CONFIG, TableRoom } from '../../src/room/TableRoom.js';
import { openStore } from '../../src/store/open.js';
import { installBreakdown, patchingFor, resetBreakdown, takeBreakdown, takeShapes } from './breakdown.js';

/** BENCH_BREAKDOWN=1: count the bytes of every schema field change (a little slower; off for timing runs). */
const breakdown = process.env.BENCH_BREAKDOWN === '1';
if (breakdown) installBreakdown();

let actions = 0;
/** Milliseconds each person's message took inside the server (see CountingRoom._onMessage). */
const handled: number[] = [];

/** Counts accepted actions: every accepted action ends in broadcastPatch() with a longer journal. */
class CountingRoom extends TableRoom {
  private seenJournal: unknown = null;
  private seenLength = 0;

  protected countActions(): boolean {
    if (this.journal !== this.seenJournal) {
      this.seenJournal = this.journal;
      this.seenLength = 0;
    }
    const added = this.journal.length - this.seenLength;
    this.seenLength = this.journal.length;
    actions += added;
    return added > 0;
  }

  override broadcastPatch(): boolean {
    this.countActions();
    if (breakdown) patchingFor(this.clients.length);
    return super.broadcastPatch();
  }

  /**
   * How long the server itself holds a person's message: from Colyseus handing it over to the patch
   * written to every socket (validation, record, rules, mirror, encoding). What a client measures on
   * top of it is waiting: the event loop busy with others, GC, the OS and the client's own process.
   */
  protected override _onMessage(...args: Parameters<TableRoom['_onMessage']>): void {
    const t = performance.now();
    super._onMessage(...args);
    handled.push(performance.now() - t);
  }
}

const encoder = new TextEncoder();

/**
 * The baseline: while a game runs, no schema patches; after every accepted action each client gets
 * its whole view as JSON. The patch that starts a game still goes out (it carries status and seats).
 */
class JsonViewRoom extends CountingRoom {
  private sentGame: unknown = null;
  private wasPlaying = false;

  override broadcastPatch(): boolean {
    this.countActions();
    const game = this.game;
    // Colyseus ticks the room clock (timers, bot delays) from broadcastPatch: keep it ticking.
    this.clock.tick();
    const playing = this.state.status === 'playing' && game !== null;
    if (!playing || !this.wasPlaying) {
      this.wasPlaying = playing;
      const changed = TableRoom.prototype.broadcastPatch.call(this);
      if (playing) this.sendViews();
      return changed;
    }
    if (game === this.sentGame) return false;
    this.sendViews();
    return true;
  }

  private sendViews(): void {
    const game = this.game;
    if (game === null) return;
    this.sentGame = game;
    for (const client of this.clients) {
      const seat = this.state.players.findIndex((slot: PlayerSlot) => client.view?.has(slot));
      const view = viewFor(game, seat >= 0 && seat < game.players ? seat : null);
      client.sendBytes('view', encoder.encode(JSON.stringify(view)));
    }
  }
}

const gcPauses: number[] = [];
/** Pauses over 5 ms (the aim for the p99), by the collection that made them. */
const gcLong = { minor: 0, major: 0, other: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcPauses.push(e.duration);
    if (e.duration <= 5) continue;
    const kind = (e as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gcLong.minor++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcLong.major++;
    else gcLong.other++;
  }
}).observe({ entryTypes: ['gc'] });
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
let cpu0 = process.cpuUsage();
let t0 = performance.now();
let actions0 = 0;

/**
 * The strong bots' decisions as production's /metrics counts them (blaze_bot_decisions_total and
 * blaze_bot_search_seconds, from the real bot pool): read from the same counters, as deltas since
 * the last reset.
 */
type BotFigures = Record<'search' | 'busy' | 'timeout' | 'error' | 'stale' | 'searchCount' | 'searchSeconds', number>;
async function botFigures(): Promise<BotFigures> {
  const f: BotFigures = { search: 0, busy: 0, timeout: 0, error: 0, stale: 0, searchCount: 0, searchSeconds: 0 };
  for (const v of (await botDecisions.get()).values) {
    const o = v.labels.outcome;
    if (o === 'search' || o === 'busy' || o === 'timeout' || o === 'error' || o === 'stale') f[o] += v.value;
  }
  for (const v of (await botSearchSeconds.get()).values) {
    if (v.metricName === 'blaze_bot_search_seconds_count') f.searchCount += v.value;
    if (v.metricName === 'blaze_bot_search_seconds_sum') f.searchSeconds += v.value;
  }
  return f;
}
let bots0 = await botFigures();

// Every bench client comes from 127.0.0.1, so the per-address caps that guard a real server against
// one stranger would stop the bench at its first tables: lifted here, and only here.
const many = { capacity: 1e9, refillPerSecond: 1e9 };
const server = createServer({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  // Two processes (BENCH_PROCESSES=2): one Redis for presence and matchmaking, each reachable at its own port.
  ...(process.env.REDIS_URL ? { shared: await redisMatchmaking(process.env.REDIS_URL) } : {}),
  ...(process.env.PUBLIC_ADDRESS ? { publicAddress: process.env.PUBLIC_ADDRESS } : {}),
  limits: {
    maxTables: 1e6,
    maxConnectionsPerAddress: 1e6,
    maxJoiningPerAddress: 1e6,
    tableCreation: many,
    addressMessages: many,
  },
  connections: { perAddress: 0 },
});
// Tables are recorded as in production (SQLite in a scratch folder, or Redis with two processes):
// every action's record is written before its patch goes out. BENCH_STORE=none measures without.
const dataDir = mkdtempSync(join(tmpdir(), 'blaze-bench-'));
// BENCH_STORE=thread writes SQLite on its own thread (STORE_WRITER=thread), to compare with the default.
if (process.env.BENCH_STORE !== 'none')
  openStore({
    DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL,
    STORE_WRITER: process.env.BENCH_STORE === 'thread' ? 'thread' : 'inline',
  });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const room = { ...DEFAULT_ROOM_CONFIG, edge: server.edge, unclaimedMs: server.edge.limits.unclaimedMs };
server.gameServer.define('bench', CountingRoom, { server: room });
server.gameServer.define('bench-json', JsonViewRoom, { server: room });

// Clients may only join by id (edge.ts): the generators ask for tables here, as /api/tables does.
server.app.post('/bench/tables', express.json(), async (req, res) => {
  const { json, settings } = req.body as { json?: boolean; settings?: Record<string, unknown> };
  const listing = await matchMaker.createRoom(json ? 'bench-json' : 'bench', { settings: settings ?? {} });
  res.status(201).json({ id: listing.roomId });
});

/**
 * The record's writes (blaze_store_write_seconds): how many, their total time, and how many took
 * over 2.5 and over 10 ms. An inline SQLite write that runs a WAL checkpoint takes milliseconds, and
 * every table on the event loop waits for it.
 */
export interface RecordFigures {
  count: number;
  sumMs: number;
  over2_5: number;
  over10: number;
  /** WAL checkpoints on the event loop (the writer's catch-ups) and on the checkpoint thread. */
  loopCheckpoints: number;
  loopCheckpointMs: number;
  threadCheckpoints: number;
  threadCheckpointMs: number;
}
async function recordFigures(): Promise<RecordFigures> {
  const { values } = await storeWriteSeconds.get();
  const bucket = (le: number) =>
    values.find((v) => v.metricName?.endsWith('_bucket') && v.labels.le === le)?.value ?? 0;
  const of = (name: string) => values.find((v) => v.metricName === `blaze_store_write_seconds_${name}`)?.value ?? 0;
  const count = of('count');
  const ck = (await storeCheckpointSeconds.get()).values;
  const ckOf = (on: string, name: string) =>
    ck.find((v) => v.metricName === `blaze_store_checkpoint_seconds_${name}` && v.labels.on === on)?.value ?? 0;
  return {
    count,
    sumMs: of('sum') * 1e3,
    over2_5: count - bucket(0.0025),
    over10: count - bucket(0.01),
    loopCheckpoints: ckOf('loop', 'count'),
    loopCheckpointMs: ckOf('loop', 'sum') * 1e3,
    threadCheckpoints: ckOf('thread', 'count'),
    threadCheckpointMs: ckOf('thread', 'sum') * 1e3,
  };
}
let record0 = await recordFigures();

server.app.post('/bench/reset', async (_req, res) => {
  bots0 = await botFigures();
  record0 = await recordFigures();
  gcPauses.length = 0;
  gcLong.minor = gcLong.major = gcLong.other = 0;
  handled.length = 0;
  loop.reset();
  cpu0 = process.cpuUsage();
  t0 = performance.now();
  actions0 = actions;
  resetBreakdown();
  res.json({ ok: true });
});

server.app.get('/bench/metrics', async (_req, res) => {
  const bots = await botFigures();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const sorted = [...gcPauses].sort((a, b) => a - b);
  const held = Float64Array.from(handled).sort();
  const at = (q: number) => held[Math.min(held.length - 1, Math.floor(held.length * q))] ?? 0;
  const mem = process.memoryUsage();
  res.json({
    wallMs: wall,
    cpuShare: (cpu.user + cpu.system) / 1000 / wall,
    actions: actions - actions0,
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    gcCount: sorted.length,
    gcLong: { ...gcLong },
    gcP99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
    gcMax: sorted.at(-1) ?? 0,
    loopP99: loop.percentile(99) / 1e6,
    // One long stall is a single sample of the loop delay but delays every action in it: shown apart.
    loopMax: loop.max / 1e6,
    handleP50: at(0.5),
    handleP99: at(0.99),
    handleMax: held.at(-1) ?? 0,
    bots: Object.fromEntries(Object.entries(bots).map(([k, v]) => [k, v - bots0[k as keyof BotFigures]])),
    record: Object.fromEntries(
      Object.entries(await recordFigures()).map(([k, v]) => [k, v - record0[k as keyof RecordFigures]]),
    ),
    breakdown: breakdown ? takeBreakdown() : undefined,
    shapes: breakdown ? takeShapes() : undefined,
  });
});

/**
 * BENCH_ALLOC_PROFILE=<file>: V8's sampling heap profiler over the measured window, counting objects
 * that die young too (what the scavenger and the old-generation collector have to deal with),
 * written at the metrics read that ends the window.
 */
const allocProfile = process.env.BENCH_ALLOC_PROFILE;
const allocKeep = process.env.BENCH_ALLOC_KEEP ?? 'all';
const inspector = allocProfile ? new Session() : null;
inspector?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector?.post(method, params, (err, r) => (err ? reject(err) : resolve(r))),
  );
server.app.post('/bench/alloc/start', async (_req, res) => {
  if (inspector)
    await post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      // BENCH_ALLOC_KEEP=live: only what is still alive when the window ends; =survivors: what outlived a
      // scavenge (what the young generation copies and promotes), dead or alive at the end.
      includeObjectsCollectedByMajorGC: allocKeep !== 'live',
      includeObjectsCollectedByMinorGC: allocKeep !== 'live' && allocKeep !== 'survivors',
    });
  res.json({ ok: true });
});
// Survivors: what died since the last scavenge is still in the young generation, not yet collected,
// and the sampler would count it (about one scavenge's worth of every allocation): a young
// collection first takes it out.
const minorGc = (() => {
  if (allocKeep !== 'survivors') return null;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as (o: { type: 'minor' }) => void;
})();
server.app.post('/bench/alloc/stop', async (_req, res) => {
  if (inspector && allocProfile) {
    // Live only: what a full collection keeps now, not garbage waiting for the next scavenge.
    if (allocKeep === 'live') await post('HeapProfiler.collectGarbage');
    minorGc?.({ type: 'minor' });
    const r = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
    writeFileSync(allocProfile, JSON.stringify(r.profile));
  }
  res.json({ ok: true });
});

const port = await server.listen();
process.send?.({ port });
console.log(`bench server on ${port}`);
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});

/**
 * BENCH_STALLS=<ms>: print every stall of the event loop longer than that (ms since start, as
 * --trace-gc stamps its lines), to line them up with collections.
 */
const stallMs = Number(process.env.BENCH_STALLS ?? 0);
if (stallMs > 0) {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last - 5 > stallMs) console.log(`stall ${(now - last).toFixed(0)} ms ending at ${now.toFixed(0)} ms`);
    last = now;
  }, 5).unref();
}
