/**
 * `pnpm bench:server`: a server on 127.0.0.1 and colyseus.js clients over real sockets.
 * 1. Action-to-patch latency: three people play whole games one move at a time; for each accepted
 *    move, the time from send() to the patch that shows it (at the sender, and at the last client).
 * 2. Memory per idle table: heap growth for N fresh tables, then with one person sitting at each.
 * Usage: pnpm bench:server [samples] [tables]  (bench/latency.ts launches this file)
 */
import type { BlazeState } from '@blaze/protocol/schema';
import { readLog } from '@blaze/protocol/wire';
import type { Action } from '@blaze/rules';
import { matchMaker } from '@colyseus/core';
import { Client, type Room } from 'colyseus.js';
import { createServer } from '../src/app.js';
import { chooseAction } from '../src/bots.js';
import { send, viewFromState } from '../test/clientView.js';

/** The newest log line's seq (the log is a ring of reused slots). */
const lastSeq = (s: BlazeState) => readLog(s).reduce((m, l) => Math.max(m, l.seq), 0);

const SAMPLES = Number(process.argv[2] ?? 400);
const TABLES = Number(process.argv[3] ?? 200);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

// Every client here comes from 127.0.0.1: the per-address caps that guard a real server would stop
// the memory measurement at its 20th table, so they are lifted for this bench only.
const many = { capacity: 1e9, refillPerSecond: 1e9 };
const server = createServer({
  port: 0,
  host: '127.0.0.1',
  limits: { maxTables: 1e6, maxConnectionsPerAddress: 1e6, tableCreation: many, addressMessages: many },
  connections: { perAddress: 0 },
});
const port = await server.listen();
const endpoint = `ws://127.0.0.1:${port}`;

async function latency(): Promise<{ sender: number[]; all: number[] }> {
  const sender: number[] = [];
  const all: number[] = [];
  while (sender.length < SAMPLES) {
    const listing = await matchMaker.createRoom('blaze', {
      settings: { windowMs: 500, botDelayMs: 0, clock: 'relaxed' },
    });
    const rooms: Room<BlazeState>[] = [];
    const seats: number[] = [];
    for (const name of ['A', 'B', 'C']) {
      const r = (await new Client(endpoint).joinById(listing.roomId, { name })) as Room<BlazeState>;
      const i = rooms.length;
      r.onMessage('seat', (m: { seat: number }) => {
        seats[i] = m.seat;
      });
      r.onMessage('error', () => {});
      rooms.push(r);
    }
    await until(() => seats.length === 3 && seats.every((s) => s >= 0));
    rooms[0]?.send('start', {});
    await until(() => rooms.every((r) => r.state.status === 'playing'));
    while (sender.length < SAMPLES && rooms[0]?.state.status === 'playing') {
      // One move at a time, so each patch answers exactly one action.
      let moved = false;
      for (let i = 0; i < 3 && !moved; i++) {
        const r = rooms[i] as Room<BlazeState>;
        const a: Action | null = chooseAction('heuristic', viewFromState(r.state, seats[i] ?? 0), Math.random);
        if (!a) continue;
        const seq = lastSeq(r.state);
        const seen = rooms.map(() => 0);
        const t0 = performance.now();
        const offs = rooms.map((x, j) =>
          x.onStateChange(() => {
            if (seen[j] === 0 && lastSeq(x.state) > seq) seen[j] = performance.now() - t0;
          }),
        );
        send({ room: r } as never, a);
        const ok = await until(() => seen.every((s) => s > 0), 2_000).then(
          () => true,
          () => false,
        );
        for (const [j, x] of rooms.entries()) x.onStateChange.remove(offs[j] as never);
        if (ok) {
          sender.push(seen[i] as number);
          all.push(Math.max(...seen));
          moved = true;
        }
      }
      if (!moved) await sleep(20); // only clocks can move the game on (e.g. the window)
    }
    for (const r of rooms) await r.leave();
  }
  return { sender, all };
}

async function memory(): Promise<{ empty: number; seated: number }> {
  const h0 = heap();
  const ids: string[] = [];
  for (let i = 0; i < TABLES; i++) ids.push((await matchMaker.createRoom('blaze', {})).roomId);
  const h1 = heap();
  const clients: Room[] = [];
  for (const id of ids) {
    const c = await new Client(endpoint).joinById(id, { name: 'Idle' });
    c.onMessage('*', () => {});
    clients.push(c);
  }
  await sleep(500);
  const h2 = heap();
  for (const c of clients) await c.leave();
  return { empty: (h1 - h0) / TABLES, seated: (h2 - h0) / TABLES };
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
async function until(cond: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timeout');
    await sleep(1);
  }
}

const lat = await latency();
console.log(`action-to-patch latency over ${lat.sender.length} accepted actions (3 people, real sockets, 127.0.0.1):`);
console.log(`  at the sender:        median ${fmt(pct(lat.sender, 50))}, p95 ${fmt(pct(lat.sender, 95))}`);
console.log(`  at all three clients: median ${fmt(pct(lat.all, 50))}, p95 ${fmt(pct(lat.all, 95))}`);
const mem = await memory();
const gc = (globalThis as { gc?: unknown }).gc ? '' : ' (run node with --expose-gc for steadier numbers)';
console.log(`memory per idle table over ${TABLES} tables${gc}:`);
console.log(`  empty table:                          ${(mem.empty / 1024).toFixed(1)} KiB heap`);
console.log(`  with one person seated (incl. client): ${(mem.seated / 1024).toFixed(1)} KiB heap`);
await server.close();
process.exit(0);
