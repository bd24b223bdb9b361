/**
 * Issue 8: the compose topology without Docker. A real redis-server, two compiled game servers
 * (`node apps/server/dist/main.js`, as `pnpm start` runs them) announcing /a and /b behind the proxy,
 * and Debian's nginx running deploy/nginx.conf itself (service names swapped for loopback ports).
 * Everything a client does goes through the proxy only; the servers' own ports are read only to
 * see which process hosts what.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseAction } from '../apps/server/src/bots.js';
import { autoplay, type Player, request, sleep, until, wrap } from '../apps/server/test/helpers.js';
import type { BlazeState } from '../packages/protocol/src/schema.js';
import { readLog } from '../packages/protocol/src/wire.js';
import { type NginxProxy, startNginx } from './support/nginx.js';
import { buildProduct, freePort, type Proc, startBuiltServer, startRedis } from './support/processes.js';

type Server = Proc & { port: number; base: string; metrics: string };

/** Tables one address may make on one process at once (the servers' setting, not nginx's). */
const TABLES_BURST = 4;

let redis: Proc & { url: string };
let a: Server;
let b: Server;
let proxy: NginxProxy;
const dataDirs: string[] = [];
const rooms: Room[] = [];

beforeAll(async () => {
  buildProduct();
  redis = await startRedis();
  const proxyPort = await freePort();
  const common = {
    REDIS_URL: redis.url,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    TABLES_BURST_PER_ADDRESS: String(TABLES_BURST),
    TABLES_PER_MINUTE_PER_ADDRESS: '1',
    // Every test person reaches the servers from 127.0.0.1: room for two tables of autoplay.
    MESSAGES_BURST_PER_ADDRESS: '400',
    MESSAGES_PER_SECOND_PER_ADDRESS: '200',
  };
  const dir = () => {
    const d = mkdtempSync(joinPath(tmpdir(), 'blaze-mp-'));
    dataDirs.push(d);
    return d;
  };
  // Each server's /metrics is on a port of its own, as compose scrapes it (never the game port).
  const server = async (path: string): Promise<Server> => {
    const metricsPort = await freePort();
    const s = await startBuiltServer({
      ...common,
      DATA_DIR: dir(),
      PUBLIC_ADDRESS: `127.0.0.1:${proxyPort}/${path}`,
      METRICS_PORT: String(metricsPort),
    });
    return { ...s, metrics: `http://127.0.0.1:${metricsPort}/metrics` };
  };
  [a, b] = await Promise.all([server('a'), server('b')]);
  proxy = await startNginx({ 'server-a': a.port, 'server-b': b.port }, proxyPort);
}, 180_000);

afterAll(async () => {
  for (const r of rooms) await r.leave().catch(() => {});
  await proxy?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

const health = async (s: Server) => (await (await fetch(`${s.base}/healthz`)).json()) as { rooms: number };

/** A POST /api/tables through the proxy from a chosen loopback source address. */
function createFrom(
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ settings: {} });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path: '/api/tables',
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function joinViaProxy(id: string, name: string, spectate = false): Promise<Player> {
  const room = await new Client(`ws://127.0.0.1:${proxy.port}`).joinById<BlazeState>(id, {
    name,
    ...(spectate ? { spectate } : {}),
  });
  rooms.push(room);
  return wrap(room as Room<BlazeState>, name);
}

/** The proxy path (/a or /b) the client's websocket went through: which process hosts its table. */
const via = (p: Player) =>
  new URL((p.room.connection.transport as unknown as { ws: { url: string } }).ws.url).pathname.split('/')[1];

/** What every client of a table sees alike. */
const shared = (s: BlazeState) => ({
  status: s.status,
  gameNumber: s.gameNumber,
  over: s.over,
  winner: s.winner,
  scores: [...s.scores],
  trump: s.trump,
  discard: [...s.discard],
  seats: s.players.map((p) => [p.occupied, p.name]),
  log: readLog(s).map((l) => [l.seq, l.kind, l.seat, [...l.cards]]),
});

describe('compose topology on loopback: redis, two servers, nginx (deploy/nginx.conf)', () => {
  it('serves the built client through the proxy', async () => {
    const page = await fetch(`${proxy.base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(script, 'index.html loads a script').toBeDefined();
    const js = await fetch(new URL(script as string, proxy.base));
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  it('hides /metrics, which each server answers on its metrics port only', async () => {
    expect((await fetch(`${proxy.base}/metrics`)).status).toBe(404);
    expect((await fetch(`${a.base}/metrics`)).status).toBe(404);
    const direct = await fetch(a.metrics);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toMatch(/^# HELP blaze_tables /m);
  });

  it('tables on both processes; people play whole games through /a and /b; a later client sees the same table', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Colyseus puts a new table on the process with the fewest, as each last told Redis; a process
      // tells it at most once a second, so tables asked for faster could all land on one process.
      await sleep(1_100);
      const res = await fetch(`${proxy.base}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ settings: { windowMs: 500, botDelayMs: 20, clock: 'fast' } }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const [ha, hb] = await Promise.all([health(a), health(b)]);
    expect([ha.rooms, hb.rooms]).toEqual([2, 2]);

    // Each host's websocket goes through the path of the process that holds its table.
    const hosts = await Promise.all(ids.map((id, i) => joinViaProxy(id, `Host${i}`)));
    const paths = hosts.map(via);
    expect(paths.filter((p) => p === 'a').length).toBe(ha.rooms);
    expect(paths.filter((p) => p === 'b').length).toBe(hb.rooms);
    const onA = hosts[paths.indexOf('a')] as Player;
    const onB = hosts[paths.indexOf('b')] as Player;

    const games = [onA, onB].map(async (host) => {
      const id = host.room.roomId;
      const guest = await joinViaProxy(id, 'Guest');
      expect(via(guest)).toBe(via(host));
      await until(() => host.seat >= 0 && guest.seat >= 0, 10_000, 'seats');
      host.room.send('addBot', { seat: 2 });
      await until(() => host.room.state.players.filter((p) => p.occupied).length === 3, 10_000, 'the bot');
      await request(host, 'start', {}, () => host.room.state.status === 'playing');
      const people = [host, guest];
      const runs = people.map((p) => autoplay(p, (v) => chooseAction('heuristic', v, Math.random), 5));
      await until(
        () => people.every((p) => p.room.state.status === 'finished' && p.room.state.over),
        40_000,
        `the game on ${via(host)}`,
      );
      for (const r of runs) r.stop();
      // Both people's clients hold the same table, and a client arriving now sees it too.
      expect(shared(guest.room.state)).toEqual(shared(host.room.state));
      const late = await joinViaProxy(id, 'Watcher', true);
      await until(() => late.room.state.status === 'finished', 10_000, 'the watcher state');
      expect(shared(late.room.state)).toEqual(shared(host.room.state));
      expect(late.room.state.players.some((p) => (p.hand?.length ?? 0) > 0)).toBe(false);
      return host.room.state.log.length;
    });
    for (const n of await Promise.all(games)) expect(n).toBeGreaterThan(10);

    // The games were played on both processes: each counted actions for its own table.
    for (const s of [a, b]) {
      const text = await (await fetch(s.metrics)).text();
      const applied = [...text.matchAll(/^blaze_actions_applied_total(?:\{[^}]*\})? (\d+)/gm)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
      expect(applied, s.base).toBeGreaterThan(10);
    }
  }, 60_000);

  it("per-address limits follow X-Real-IP: each real client has its own, and a client's own X-Real-IP is overwritten", async () => {
    // Ten tables asked from 127.0.0.2: whatever the proxy's round robin, each process sees at least
    // four, so each spends that address's burst and the cluster makes exactly two bursts' worth.
    const first = [];
    for (let i = 0; i < 10; i++) first.push(await createFrom('127.0.0.2'));
    const made = first.filter((r) => r.status === 201).length;
    expect(made).toBe(2 * TABLES_BURST);
    for (const r of first.filter((r) => r.status !== 201)) {
      // Refused by a game server (JSON with a code), not by nginx's own limit.
      expect(r.status).toBe(429);
      expect(JSON.parse(r.body)).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // Claiming another address in X-Real-IP changes nothing: nginx sets it from the connection.
    const spoofed = await createFrom('127.0.0.2', { 'x-real-ip': '10.9.8.7', 'x-forwarded-for': '10.9.8.7' });
    expect(spoofed.status).toBe(429);
    expect(JSON.parse(spoofed.body)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another person behind the same proxy is not held to 127.0.0.2's budget.
    const other = await createFrom('127.0.0.3');
    expect(other.status, other.body).toBe(201);
  });
});
