/**
 * Attacks from outside, on loopback, against the product as `pnpm start` runs it (src/main.ts in
 * its own process). Shared by test/edge.test.ts (which asserts) and bench/attack.ts (which prints
 * the figures, also against an older checkout for a before/after).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { Client, type Room } from 'colyseus.js';

export interface Product {
  child: ChildProcess;
  base: string;
  endpoint: string;
  /** Every line the process wrote (stdout and stderr). */
  lines: () => string[];
  rssMb: () => number;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `src/main.ts` of the server package in `serverDir` on a free loopback port. */
export async function startProduct(serverDir: string, env: Record<string, string> = {}): Promise<Product> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.run.json',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: '',
      NODE_ENV: '',
      // Any free port: products started side by side must not contend for the default 9464.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > end) throw new Error(`server did not start:\n${out}`);
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(100);
  }
  return {
    child,
    base,
    endpoint: `ws://127.0.0.1:${port}`,
    lines: () => out.split('\n').filter((l) => l.trim() !== ''),
    rssMb: () => rssOf(child.pid ?? 0),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m?.[1] ?? 0) / 1024);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function tableCount(base: string): Promise<number> {
  return ((await (await fetch(`${base}/healthz`)).json()) as { rooms: number }).rooms;
}

export async function post(base: string, path: string, body: string, type = 'application/json') {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body }).catch(() => null);
}

/** n matchmaker create, n joinOrCreate and n /api/tables posts from one address; the tables added. */
export async function tableFlood(base: string, n: number): Promise<{ matchmaker: number; api: number }> {
  const before = await tableCount(base);
  for (let i = 0; i < n; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        post(base, k % 2 ? '/matchmake/create/blaze' : '/matchmake/joinOrCreate/blaze', '{"name":"x"}'),
      ),
    );
  }
  // The query-string route to the matchmaker too.
  await post(base, '/api/tables?/matchmake/create/blaze', '{}');
  const afterMatchmaker = await tableCount(base);
  for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: 10 }, () => post(base, '/api/tables', '{}')));
  const afterApi = await tableCount(base);
  return { matchmaker: afterMatchmaker - before, api: afterApi - afterMatchmaker };
}

/**
 * A body of `mb` MB to `path`, declared up front and sent as fast as the server reads it. Answers
 * how the request ended (a status, or the error that cut it) and how long it took.
 */
export function bigBody(base: string, path: string, mb: number): Promise<{ outcome: string; ms: number }> {
  const started = Date.now();
  const total = mb * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: string) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve({ outcome, ms: Date.now() - started });
    };
    const url = new URL(path, base);
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': total },
    });
    req.on('response', (res) => {
      res.resume();
      done(String(res.statusCode));
    });
    req.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    let sent = 0;
    const pump = () => {
      while (sent < total && !settled) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!settled) req.end();
    };
    pump();
    setTimeout(() => done('timeout'), 30_000);
  });
}

/** A table to aim frames at, made the way the web client makes one. */
export async function makeTable(base: string): Promise<string> {
  const res = await post(base, '/api/tables', '{}');
  if (res === null || res.status !== 201) throw new Error(`no table: ${res?.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** Leaves without waiting on a socket the server may already have closed. */
export async function leave(room: Room): Promise<void> {
  await Promise.race([room.leave().catch(() => undefined), sleep(1_000)]);
}

async function joinQuiet(endpoint: string, tableId: string, name: string): Promise<Room> {
  const room = await new Client(endpoint).joinById(tableId, { name });
  room.onMessage('*', () => undefined);
  return room;
}

export function rawSocket(room: Room): { send(data: Uint8Array): void; readyState: number } {
  return (room.connection.transport as unknown as { ws: { send(d: Uint8Array): void; readyState: number } }).ws;
}

/** Frames no honest client sends: a message type that is not UTF-8, and a payload that is not msgpack. */
export const BAD_FRAMES = [
  Uint8Array.from([13, 0xa3, 0xff, 0xfe, 0xfd]),
  Uint8Array.from([13, 0xa4, 0x70, 0x6c, 0x61, 0x79, 0x92, 0x01]),
];

/** `frames` malformed frames over `sockets` connections; answers the server's new log lines. */
export async function frameFlood(p: Product, tableId: string, frames: number, sockets: number): Promise<number> {
  const rooms: Room[] = [];
  for (let i = 0; i < sockets; i++) rooms.push(await joinQuiet(p.endpoint, tableId, `F${i}`));
  await sleep(300);
  const before = p.lines().length;
  for (let i = 0; i < frames; i++) {
    const ws = rawSocket(rooms[i % sockets] as Room);
    if (ws.readyState === 1) ws.send(BAD_FRAMES[i % BAD_FRAMES.length] as Uint8Array);
  }
  await sleep(1_500);
  const added = p.lines().length - before;
  for (const r of rooms) await leave(r);
  return added;
}

/** Opens `n` sockets from this address (over as many tables as needed); answers how many got in. */
export async function socketFlood(
  p: Product,
  n: number,
  perTable = 10,
): Promise<{ joined: number; errors: string[]; rooms: Room[] }> {
  const rooms: Room[] = [];
  const errors: string[] = [];
  let table = await makeTable(p.base);
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % perTable === 0) table = await makeTable(p.base);
    try {
      rooms.push(await joinQuiet(p.endpoint, table, `S${i}`));
    } catch (e) {
      errors.push(e instanceof Error ? e.message : String(e));
    }
  }
  return { joined: rooms.length, errors, rooms };
}
