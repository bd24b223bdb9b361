/**
 * One load-generator process: plays `tables` tables against the bench server over real websockets
 * (colyseus.js), each with 2 scripted people and 2 server bots (of setup.bots strength). People decide from what their own
 * client decoded (the heuristic bot's choice) and think 0.3–1 s before sending, so attackers and the
 * target act concurrently as at a real table. It records, for every accepted action a person sends,
 * the time until each person at that table receives the next update (a state patch, or in the
 * baseline the JSON view; stamped as the frame arrives, before it is decoded), and the bytes every
 * client receives while games run.
 * Driven by run.ts over IPC: {setup} → 'ready', {measure} → resets figures, {report} → figures.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { BotStrength } from '@blaze/protocol';
import { BlazeState } from '@blaze/protocol/schema';
import type { Action, PlayerView } from '@blaze/rules';
import { Client, type Room } from 'colyseus.js';
import { chooseAction } from '../../src/bots.js';
import { send, viewFromState } from '../../test/clientView.js';

export interface WorkerSetup {
  /** One server process, or several sharing Redis: table n opens on endpoints[n % k], its guest joins through the next one. */
  endpoints: string[];
  /** Several processes that share nothing (BENCH_PROCESSES=2apart): a table's guest joins where it opened. */
  apart: boolean;
  roomName: 'bench' | 'bench-json';
  /** Only the host joins, and no game starts: a lobby table left open. */
  idle: boolean;
  tables: number;
  firstTable: number;
  /** The strength of both bots at every table (strong ones search in the server's bot pool). */
  bots: BotStrength;
}

export interface WorkerReport {
  latencies: number[];
  /**
   * The latencies whose wait overlapped none of this generator's own GC pauses: a frame that arrives
   * during one is stamped only when it ends, which a person's browser on its own machine never adds.
   */
  clearOfOwnGc: number[];
  /** This generator's GC pauses while measuring (ms each), and their sum. */
  gcPauses: number[];
  updateBytes: number[];
  totalBytes: number;
  sent: number;
  refused: number;
  cpuMs: number;
  wallMs: number;
  loopP99: number;
  games: number;
}

/** Colyseus 0.16 protocol codes of the frames that carry game updates. */
const ROOM_STATE_PATCH = 15;
const ROOM_DATA_BYTES = 17;

const rand = (a: number, b: number) => a + Math.random() * (b - a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let measuring = false;
const fig = { latencies: [] as number[], updateBytes: [] as number[], totalBytes: 0, sent: 0, refused: 0, games: 0 };
/** Each latency's wait, [send, stamp] (performance.now()), to set against the GC pauses below. */
const waits: number[] = [];
/** This process's GC pauses while measuring, as [start, end] pairs in time order. */
const pauses: number[] = [];
new PerformanceObserver((list) => {
  if (!measuring) return;
  for (const e of list.getEntries()) pauses.push(e.startTime, e.startTime + e.duration);
}).observe({ entryTypes: ['gc'] });

/** The latencies whose wait no GC pause of this process overlapped (both lists are in time order of their start). */
function clearOfOwnGc(): number[] {
  const order = Array.from({ length: waits.length / 2 }, (_, i) => i).sort(
    (a, b) => (waits[2 * a] as number) - (waits[2 * b] as number),
  );
  const clear: number[] = [];
  let k = 0;
  for (const i of order) {
    const from = waits[2 * i] as number;
    const to = waits[2 * i + 1] as number;
    // Pauses that ended before this wait began end before every later wait begins too.
    while (k < pauses.length && (pauses[k + 1] as number) < from) k += 2;
    let touched = false;
    for (let j = k; j < pauses.length && (pauses[j] as number) <= to; j += 2) {
      if ((pauses[j + 1] as number) >= from) touched = true;
    }
    if (!touched) clear.push(to - from);
  }
  return clear;
}

interface Pending {
  t0: number;
  /** Per person at the table: ms until the first update after the send; -1 while waiting. */
  seen: number[];
  /** Whether the sender's outcome (update or refusal) is known. */
  resolved: boolean;
  refused: boolean;
}

class Person {
  room!: Room<BlazeState>;
  seat = -1;
  view: PlayerView | null = null;
  pending: Pending | null = null;
  thinking = false;
  lastKey = '';

  constructor(
    readonly table: Table,
    readonly index: number,
  ) {}

  attach(room: Room<BlazeState>, json: boolean): void {
    this.room = room;
    const ws = (room.connection.transport as unknown as { ws: { onmessage: ((ev: MessageEvent) => void) | null } }).ws;
    const original = ws.onmessage;
    ws.onmessage = (ev: MessageEvent) => {
      // Stamped as the frame arrives, before this client decodes it and its scripted person picks a
      // move in the same call: what the bench's people think is not the server's latency.
      const at = performance.now();
      const frame = new Uint8Array(ev.data as ArrayBuffer);
      const code = frame[0];
      const playing = room.state?.status === 'playing';
      original?.(ev);
      if (measuring && playing) {
        fig.totalBytes += frame.byteLength;
        if (code === (json ? ROOM_DATA_BYTES : ROOM_STATE_PATCH)) fig.updateBytes.push(frame.byteLength);
      }
      if (code === (json ? ROOM_DATA_BYTES : ROOM_STATE_PATCH)) this.table.updated(this.index, at);
    };
    room.onMessage('seat', (m: { seat: number }) => {
      this.seat = m.seat;
    });
    room.onMessage('error', () => this.table.refused(this.index));
    if (json) {
      room.onMessage('view', (bytes: Uint8Array) => {
        this.view = JSON.parse(new TextDecoder().decode(bytes)) as PlayerView;
        this.consider();
      });
    } else room.onStateChange(() => this.consider());
  }

  /** Looks at the table as a person would and, if there is something to do, starts thinking. */
  consider(): void {
    const s = this.room.state;
    if (this.thinking || this.pending || this.seat < 0 || s.status !== 'playing') return;
    // Outside betting only the attackers and the target may act (legalActions): a bystander has no move
    // to pick, so no view is built for it (most updates a person receives). The baseline's table is its
    // JSON view: its schema state holds the status alone.
    const now = this.table.json ? this.view : s;
    if (now && !now.betting && now.active !== this.seat && now.supporter !== this.seat && now.target !== this.seat)
      return;
    const view = this.table.json ? this.view : viewFromState(s, this.seat);
    if (!view || view.over) return;
    const a: Action | null = chooseAction('heuristic', view, Math.random);
    if (!a) return;
    const key = JSON.stringify(a);
    if (key === this.lastKey) return;
    this.thinking = true;
    setTimeout(
      () => {
        this.thinking = false;
        if (this.room.state.status !== 'playing') return;
        // Think again on what the table shows now: it may have moved on while this person thought.
        const now = this.table.json ? this.view : viewFromState(this.room.state, this.seat);
        if (!now || now.over) return;
        const b = chooseAction('heuristic', now, Math.random);
        if (!b) return;
        this.lastKey = JSON.stringify(b);
        this.table.sent(this.index);
        if (measuring) fig.sent++;
        send(this, b);
      },
      rand(300, 1000),
    );
  }
}

class Table {
  people = [new Person(this, 0), new Person(this, 1)];
  /** The action in flight, at most one per person. */
  constructor(readonly json: boolean) {}

  sent(i: number): void {
    (this.people[i] as Person).pending = { t0: performance.now(), seen: [-1, -1], resolved: false, refused: false };
  }

  updated(j: number, now: number): void {
    for (const [i, p] of this.people.entries()) {
      const q = p.pending;
      if (!q) continue;
      if (q.seen[j] === -1) q.seen[j] = now - q.t0;
      if (i === j) q.resolved = true;
      this.settle(p);
    }
    (this.people[j] as Person).lastKey = '';
  }

  refused(i: number): void {
    const p = this.people[i] as Person;
    if (p.pending && !p.pending.resolved) {
      p.pending.resolved = true;
      p.pending.refused = true;
      if (measuring) fig.refused++;
    }
    this.settle(p);
    p.lastKey = '';
    setTimeout(() => p.consider(), 200);
  }

  private settle(p: Person): void {
    const q = p.pending;
    if (!q?.resolved) return;
    if (q.refused) p.pending = null;
    else if (q.seen.every((x) => x >= 0)) {
      if (measuring) {
        fig.latencies.push(...q.seen);
        for (const x of q.seen) waits.push(q.t0, q.t0 + x);
      }
      p.pending = null;
    } else return;
    p.consider();
  }
}

/** Matchmaking over HTTP can meet a keep-alive socket the server is just closing: try again. */
async function retry<T>(f: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await f();
    } catch (e) {
      if (i >= attempts) throw e;
      await sleep(200 * i);
    }
  }
}

/** Waits for a table to reach a state; a table that never does is reported as failed, not waited on forever. */
async function until(ok: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`no ${what} after ${ms / 1000} s`);
    await sleep(20);
  }
}

async function openTable(setup: WorkerSetup, n: number): Promise<void> {
  const json = setup.roomName === 'bench-json';
  const t = new Table(json);
  const settings = { botDelayMs: 650, clock: 'relaxed', windowMs: 2_000 };
  const k = setup.endpoints.length;
  const home = setup.endpoints[n % k] as string;
  // With several processes the guest asks another one, which finds the table through Redis.
  const away = setup.endpoints[setup.apart ? n % k : (n + 1) % k] as string;
  const http = home.replace(/^ws/, 'http');
  const id = await retry(async () => {
    const r = await fetch(`${http}/bench/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json, settings }),
    });
    if (!r.ok) throw new Error(`POST /bench/tables: ${r.status}`);
    return ((await r.json()) as { id: string }).id;
  });
  const host = (await retry(() => new Client(home).joinById(id, { name: `Host${n}` }, BlazeState))) as Room<BlazeState>;
  t.people[0]?.attach(host, json);
  if (setup.idle) return;
  const guest = (await retry(() =>
    new Client(away).joinById(host.roomId, { name: `Guest${n}` }, BlazeState),
  )) as Room<BlazeState>;
  t.people[1]?.attach(guest, json);
  const seated = () => host.state.players?.filter((p) => p.occupied).length ?? 0;
  await until(() => seated() >= 2, 'guest seated');
  host.send('addBot', { seat: 2, strength: setup.bots });
  host.send('addBot', { seat: 3, strength: setup.bots });
  await until(() => seated() >= 4, 'bots seated');
  // A new game whenever one ends, so the table never idles.
  host.onStateChange(() => {
    if (host.state.status === 'finished' && !restarting) {
      restarting = true;
      if (measuring) fig.games++;
      setTimeout(() => host.send('rematch', {}), rand(300, 1000));
    } else if (host.state.status === 'playing') restarting = false;
  });
  let restarting = false;
  host.send('start', {});
}

// Told to stop: leave at once (the server sees the sockets drop), writing a --cpu-prof profile if asked.
process.on('SIGTERM', () => process.exit(0));

let failed = 0;
/** How long a generator may spend opening its tables before it gives up on the rest (s). */
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 120);
const f0 = (x: number) => x.toFixed(0);
const loop = monitorEventLoopDelay({ resolution: 1 });
let cpu0 = process.cpuUsage();
let t0 = performance.now();

process.on('message', async (m: { setup?: WorkerSetup; measure?: true; report?: true }) => {
  if (m.setup) {
    const s = m.setup;
    // Open tables a few at a time, as a room fills over minutes in real life. A server that cannot
    // keep up is not waited on for ever: past the opening budget, or once a tenth of the tables tried
    // failed, the rest count as failed and the run measures what did open.
    const budgetEnd = performance.now() + OPEN_SECONDS * 1000;
    for (let i = 0; i < s.tables; i += 10) {
      if (performance.now() > budgetEnd || (i >= 50 && failed > i / 10)) {
        console.error(
          `tables ${s.firstTable + i}–${s.firstTable + s.tables - 1}: not opened (${failed} of ${i} failed, ${f0((performance.now() - budgetEnd) / 1000 + OPEN_SECONDS)} s spent opening)`,
        );
        failed += s.tables - i;
        break;
      }
      await Promise.all(
        Array.from({ length: Math.min(10, s.tables - i) }, (_, k) =>
          openTable(s, s.firstTable + i + k).catch((e: unknown) => {
            // A table that could not open is reported, not fatal: the figures say how many ran.
            failed++;
            console.error(`table ${s.firstTable + i + k}: ${e instanceof Error ? e.message : String(e)}`);
          }),
        ),
      );
    }
    process.send?.({ ready: true, failed });
  }
  if (m.measure) {
    measuring = true;
    fig.latencies = [];
    fig.updateBytes = [];
    fig.totalBytes = fig.sent = fig.refused = fig.games = 0;
    waits.length = 0;
    pauses.length = 0;
    loop.enable();
    loop.reset();
    cpu0 = process.cpuUsage();
    t0 = performance.now();
  }
  if (m.report) {
    const cpu = process.cpuUsage(cpu0);
    const wallMs = performance.now() - t0;
    // The observer hears of a pause a task later: let the last ones in before closing the list.
    await new Promise((r) => setTimeout(r, 20));
    measuring = false;
    const gcPauses: number[] = [];
    for (let j = 0; j < pauses.length; j += 2) gcPauses.push((pauses[j + 1] as number) - (pauses[j] as number));
    const report: WorkerReport = {
      ...fig,
      clearOfOwnGc: clearOfOwnGc(),
      gcPauses,
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs,
      loopP99: loop.percentile(99) / 1e6,
    };
    process.send?.(report);
  }
});
