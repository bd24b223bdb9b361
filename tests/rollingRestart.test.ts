/**
 * Issue 39, finding 5: a rolling restart of two processes sharing Redis lost tables (a stopped
 * process's tables answered "not found" on the other; at its restart Colyseus routed some restores
 * to the other process, which made new empty tables instead). Here, two compiled servers and Redis
 * behind deploy/nginx.conf, two tables on each with two people and a bot mid-game:
 * - SIGTERM one: every table answers under its id, its people rejoin through the proxy (by seat
 *   token, as the web client does), find the table as they left it, and play on, on the other process;
 * - the stopped process starts again, then the other is SIGKILLed: the same, on the restarted one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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

type Server = Proc & { port: number; base: string };

let redis: Proc & { url: string };
let a: Server;
let b: Server;
let envA: Record<string, string>;
let envB: Record<string, string>;
let proxy: NginxProxy;
const dataDirs: string[] = [];

interface Table {
  id: string;
  people: Player[];
}
const tables: Table[] = [];

beforeAll(async () => {
  buildProduct();
  redis = await startRedis();
  const proxyPort = await freePort();
  const common = {
    REDIS_URL: redis.url,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    BACKEND_TIMEOUT_MS: '2000',
    // Every test person reaches the servers from 127.0.0.1, and all of them rejoin at once.
    JOINS_PENDING_PER_ADDRESS: '50',
    MAX_CONNECTIONS_PER_ADDRESS: '100',
    MESSAGES_BURST_PER_ADDRESS: '400',
    MESSAGES_PER_SECOND_PER_ADDRESS: '200',
  };
  const dir = () => {
    const d = mkdtempSync(joinPath(tmpdir(), 'blaze-roll-'));
    dataDirs.push(d);
    return d;
  };
  envA = { ...common, DATA_DIR: dir(), PUBLIC_ADDRESS: `127.0.0.1:${proxyPort}/a` };
  envB = { ...common, DATA_DIR: dir(), PUBLIC_ADDRESS: `127.0.0.1:${proxyPort}/b` };
  [a, b] = await Promise.all([startBuiltServer(envA), startBuiltServer(envB)]);
  proxy = await startNginx({ 'server-a': a.port, 'server-b': b.port }, proxyPort);
}, 180_000);

afterAll(async () => {
  // Not waited for: a socket whose process was killed never answers a leave.
  for (const t of tables) for (const p of t.people) void p.room.leave().catch(() => {});
  await proxy?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

/** The proxy path (/a or /b) a person's websocket went through: which process hosts their table. */
const via = (p: Player) =>
  new URL((p.room.connection.transport as unknown as { ws: { url: string } }).ws.url).pathname.split('/')[1];

async function enter(id: string, name: string, seatToken?: string, into?: Player): Promise<Player> {
  const room = await new Client(`ws://127.0.0.1:${proxy.port}`).joinById<BlazeState>(id, {
    name,
    ...(seatToken ? { seatToken } : {}),
  });
  return wrap(room as Room<BlazeState>, name, into);
}

/** As the web client does after its table's process went away: try again, with the seat token. */
async function rejoin(id: string, p: Player): Promise<void> {
  const end = Date.now() + 30_000;
  // Told again by the table once it has them back.
  p.seat = -1;
  for (;;) {
    try {
      await enter(id, p.name, p.token, p);
      return;
    } catch (e) {
      if (Date.now() > end) throw new Error(`${p.name} could not rejoin ${id}: ${String(e)}`);
      await sleep(250);
    }
  }
}

/** What everyone at a table sees alike, and what a restore must bring back: the log by seq. */
function picture(s: BlazeState) {
  return {
    status: s.status,
    gameNumber: s.gameNumber,
    seats: s.players.map((p) => (p.occupied ? p.name : null)),
    log: readLog(s)
      .map((l) => ({ seq: l.seq, kind: l.kind, seat: l.seat, cards: [...l.cards] }))
      .sort((x, y) => x.seq - y.seq),
  };
}
type Picture = ReturnType<typeof picture>;

/** The table came back as it was: same game, seats and scores, and every log line it had, word for word. */
function expectSameTable(before: Picture, after: Picture, what: string): void {
  expect(after.gameNumber, what).toBe(before.gameNumber);
  expect(after.seats, what).toEqual(before.seats);
  const last = before.log.at(-1)?.seq ?? 0;
  expect(last, what).toBeGreaterThan(0);
  // Lines added since (a bot's move, the "restored" line) come after; the ring may have dropped the oldest.
  const first = after.log[0]?.seq ?? 0;
  expect(
    after.log.filter((l) => l.seq <= last),
    what,
  ).toEqual(before.log.filter((l) => l.seq >= first));
}

const maxSeq = (p: Player) => readLog(p.room.state).reduce((m, l) => Math.max(m, l.seq), 0);

/** The people play until the table has moved on by a few lines, at least one of them theirs. */
async function playOn(t: Table, what: string): Promise<void> {
  const from = maxSeq(t.people[0] as Player);
  const runs = t.people.map((p) => autoplay(p, (v) => chooseAction('heuristic', v, Math.random), 5));
  try {
    await until(
      () =>
        t.people.every((p) => maxSeq(p) >= from + 3 || p.room.state.status === 'finished') &&
        runs.some((r) => r.sent > 0),
      // Alone this takes about a second; one CI run beside the unit files (stop 48) had not seen three
      // lines in 30 s after the SIGTERM hand-over, and nothing said why (noted in issue 36's note).
      60_000,
      `${what}: play going on`,
    );
  } finally {
    for (const r of runs) r.stop();
  }
}

/** A quiet moment: nobody's move in flight, every person decoded the same table. */
async function settle(t: Table): Promise<Picture> {
  let last = '';
  for (let i = 0; i < 60; i++) {
    await sleep(100);
    const now = JSON.stringify(t.people.map((p) => picture(p.room.state)));
    if (now === last) break;
    last = now;
  }
  return picture((t.people[0] as Player).room.state);
}

async function restartCheck(moved: Table[], to: 'a' | 'b' | 'either', before: Map<string, Picture>, what: string) {
  for (const t of moved) {
    // The join screen's look-up answers for it under its old id, through the proxy, within the adoption.
    const end = Date.now() + 30_000;
    while ((await fetch(`${proxy.base}/api/tables/${t.id}`)).status !== 200) {
      if (Date.now() > end) throw new Error(`${what}: table ${t.id} not found 30 s after`);
      await sleep(200);
    }
  }
  const seats = new Map(moved.flatMap((t) => t.people.map((p) => [p, p.seat] as const)));
  await Promise.all(moved.flatMap((t) => t.people.map((p) => rejoin(t.id, p))));
  for (const t of moved) {
    for (const p of t.people) {
      if (to !== 'either') expect(via(p), `${what}: ${p.name} of ${t.id}`).toBe(to);
      // Both people of a table reach the same process: one table, never two copies of it.
      expect(via(p), `${what}: ${p.name} of ${t.id}`).toBe(via(t.people[0] as Player));
      await until(() => p.seat >= 0 && p.room.state.players !== undefined, 10_000, `${p.name}'s seat`);
      expect(p.seat, `${what}: ${p.name}'s seat`).toBe(seats.get(p));
      expectSameTable(before.get(t.id) as Picture, picture(p.room.state), `${what}: ${p.name} at ${t.id}`);
    }
  }
  await Promise.all(moved.map((t) => playOn(t, `${what} ${t.id}`)));
}

describe('rolling restart of two processes sharing Redis, behind deploy/nginx.conf', () => {
  it('tables on both processes, two people and a bot each, mid-game', async () => {
    for (let i = 0; i < 4; i++) {
      // Colyseus puts a new table on the process with the fewest, as each last told Redis (once a second).
      await sleep(1_100);
      const res = await fetch(`${proxy.base}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ settings: { botDelayMs: 300, clock: 'relaxed', reconnectSeconds: 120 } }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const id = ((await res.json()) as { id: string }).id;
      const host = await enter(id, `Host${i}`);
      const guest = await enter(id, `Guest${i}`);
      tables.push({ id, people: [host, guest] });
    }
    expect(tables.map((t) => via(t.people[0] as Player)).sort()).toEqual(['a', 'a', 'b', 'b']);
    await Promise.all(
      tables.map(async (t) => {
        const [host, guest] = t.people as [Player, Player];
        await until(() => host.seat >= 0 && guest.seat >= 0, 10_000, 'seats');
        await request(
          host,
          'addBot',
          { seat: 2 },
          () => host.room.state.players.filter((p) => p.occupied).length === 3,
        );
        await request(host, 'start', {}, () => host.room.state.status === 'playing');
        await playOn(t, `before ${t.id}`);
      }),
    );
  }, 60_000);

  it('SIGTERM a: its tables answer on b under their ids, as they were, and play on', async () => {
    const onA = tables.filter((t) => via(t.people[0] as Player) === 'a');
    const before = new Map(await Promise.all(tables.map(async (t) => [t.id, await settle(t)] as const)));
    await a.stop();
    await restartCheck(onA, 'b', before, 'after SIGTERM');
    // b's own tables never left.
    for (const t of tables.filter((x) => !onA.includes(x))) expect(via(t.people[0] as Player)).toBe('b');
  }, 60_000);

  it('a starts again; SIGKILL b: every table answers on a under its id, as it was, and plays on', async () => {
    a = await startBuiltServer(envA, a.port);
    const before = new Map(await Promise.all(tables.map(async (t) => [t.id, await settle(t)] as const)));
    b.child.kill('SIGKILL');
    await b.stop();
    await restartCheck(tables, 'a', before, 'after SIGKILL');
  }, 90_000);

  it('b starts again; SIGKILL a and start it again at once: both race for its tables, each is restored once', async () => {
    b = await startBuiltServer(envB, b.port);
    const before = new Map(await Promise.all(tables.map(async (t) => [t.id, await settle(t)] as const)));
    a.child.kill('SIGKILL');
    await a.stop();
    // The restarting process restores its tables on itself unless b, running, adopted them first.
    a = await startBuiltServer(envA, a.port);
    await restartCheck(tables, 'either', before, 'after SIGKILL and a quick restart');
    // Every table once in the whole cluster: no process made a second copy of any.
    const rooms = await Promise.all(
      [a, b].map(async (s) => ((await (await fetch(`${s.base}/readyz`)).json()) as { rooms: number }).rooms),
    );
    expect(rooms.reduce((n, r) => n + r, 0)).toBe(tables.length);
  }, 90_000);
});
