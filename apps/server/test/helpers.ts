/**
 * Test harness: a real server on 127.0.0.1 (ephemeral port) and colyseus.js clients over real
 * websockets that record every message and every raw frame they receive.
 */
import type { ErrorMessage, JoinOptions } from '@blaze/protocol';
import type { BlazeState } from '@blaze/protocol/schema';
import { readLog } from '@blaze/protocol/wire';
import type { Action, PlayerView } from '@blaze/rules';
import { matchMaker } from '@colyseus/core';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll } from 'vitest';
import { type BlazeServer, createServer, type ServerOptions } from '../src/app.js';
import { sharedBotPool } from '../src/botPool/pool.js';
import type { TableRoom } from '../src/room/TableRoom.js';
import { type RestoredTable, rebuild } from '../src/store/record.js';
import type { TableEntry } from '../src/store/types.js';
import { send, viewFromState } from './clientView.js';

export { send, viewFromState };

/** A test file's server: started before its tests, closed after them. Read `endpoint` inside tests. */
export function useServer(options: ServerOptions): { readonly server: BlazeServer; readonly endpoint: string } {
  const running = {} as { server: BlazeServer; endpoint: string };
  beforeAll(async () => {
    Object.assign(running, await startServer(options));
  });
  afterAll(async () => {
    await running.server?.close();
  });
  return running;
}

export const LOOPBACK_LIMITS = {
  tableCreation: { capacity: 10_000, refillPerSecond: 10_000 },
  addressMessages: { capacity: 100_000, refillPerSecond: 100_000 },
  maxConnectionsPerAddress: 10_000,
  maxJoiningPerAddress: 10_000,
  tablesHeldPerAddress: 10_000,
};

export async function startServer(options: ServerOptions = {}): Promise<{ server: BlazeServer; endpoint: string }> {
  // Every test client shares 127.0.0.1: per-address limits are lifted unless a test sets them.
  const limits = { ...LOOPBACK_LIMITS, ...options.limits };
  const connections = { perAddress: 0, ...options.connections };
  const server = createServer({ port: 0, host: '127.0.0.1', ...options, limits, connections });
  const port = await server.listen();
  return { server, endpoint: `ws://127.0.0.1:${port}` };
}

/** A new table through the HTTP API, as the web client makes one; answers its id. */
export async function createTable(endpoint: string, settings: object = {}): Promise<string> {
  const res = await fetch(`${endpoint.replace('ws', 'http')}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings }),
  });
  if (res.status !== 201) throw new Error(`POST /api/tables answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Fast clocks for tests (the room still uses its real clock). */
export const FAST_ROOM = {
  clocks: {
    relaxed: { attackerMs: 3_000, targetMs: 3_000, betMs: 3_000 },
    normal: { attackerMs: 1_500, targetMs: 1_500, betMs: 1_500 },
    fast: { attackerMs: 600, targetMs: 600, betMs: 600 },
  },
  bucket: { capacity: 40, refillPerSecond: 40 },
};

/** A clock of a minute a turn: nothing moves by itself while a test looks. */
export const SLOW = { attackerMs: 60_000, targetMs: 60_000, betMs: 60_000 };

/** The table its record rebuilds; the test fails with rebuild's reason if the record does not rebuild. */
export function rebuilt(entries: readonly TableEntry[]): RestoredTable {
  const r = rebuild(entries);
  if ('error' in r) throw new Error(r.error);
  return r;
}

export function serverRoom(id: string): TableRoom {
  const room = matchMaker.getLocalRoomById(id) as TableRoom | undefined;
  if (!room) throw new Error(`no local room ${id}`);
  return room;
}

export interface Player {
  room: Room<BlazeState>;
  name: string;
  seat: number;
  token: string;
  host: boolean;
  errors: ErrorMessage[];
  messages: { type: string | number; message: unknown }[];
  frames: Buffer[];
  /** Called after every patch (each one the client decoded). */
  onPatch: ((p: Player) => void)[];
  /** Called with every raw frame, after the client has decoded it. */
  onFrame: ((p: Player, frame: Buffer) => void)[];
  /** The close code of this room's socket once it closed (a failing test says who closed it). */
  closedWith?: number;
}

export async function join(
  endpoint: string,
  roomId: string,
  options: Partial<JoinOptions> & { name: string },
): Promise<Player> {
  const client = new Client(endpoint);
  const room = (await client.joinById(roomId, options)) as Room<BlazeState>;
  return wrap(room, options.name);
}

export function wrap(room: Room<BlazeState>, name: string, into?: Player): Player {
  const p: Player = into ?? {
    room,
    name,
    seat: -1,
    token: '',
    host: false,
    errors: [],
    messages: [],
    frames: [],
    onPatch: [],
    onFrame: [],
  };
  p.room = room;
  p.closedWith = undefined;
  // The transport copied the handler onto the socket at connect time: wrap it there.
  const ws = (room.connection.transport as unknown as { ws: { onmessage: ((ev: MessageEvent) => void) | null } }).ws;
  const original = ws.onmessage;
  ws.onmessage = (ev: MessageEvent) => {
    const frame = Buffer.from(ev.data as ArrayBuffer);
    p.frames.push(frame);
    original?.(ev);
    for (const f of p.onFrame) f(p, frame);
  };
  // colyseus.js hands a type to '*' only while no handler of its own is registered: autoplay's 'error'
  // handler used to hide every error from `errors` (a drop then printed as "[]").
  room.onMessage('error', (message: ErrorMessage) => {
    p.messages.push({ type: 'error', message });
    p.errors.push(message);
  });
  room.onMessage('*', (type, message) => {
    p.messages.push({ type, message });
    if (type === 'seat') {
      const m = message as { seatToken: string; seat: number; host?: boolean };
      p.token = m.seatToken;
      p.seat = m.seat;
      p.host = m.host === true;
    }
  });
  room.onStateChange(() => {
    for (const f of p.onPatch) f(p);
  });
  room.onLeave((code) => {
    if (p.room === room) p.closedWith = code;
  });
  return p;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Ada at table `id` (seat 0) with two strong bots beside her (seats 1 and 2), and the bot pool's counts
 * before anything was searched: the pool tests of each game start so.
 */
export async function adaAndTwoStrongBots(endpoint: string, id: string) {
  const ada = await join(endpoint, id, { name: 'Ada' });
  await until(() => ada.seat === 0, 5_000, 'seated');
  ada.room.send('addBot', { seat: 1, strength: 'strong' });
  ada.room.send('addBot', { seat: 2, strength: 'strong' });
  await until(() => ada.room.state.players[2]?.strength === 'strong', 5_000, 'two strong bots');
  return { ada, before: { ...sharedBotPool().counts } };
}

export async function until(cond: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** The next error this player receives after `from` errors were already seen. */
export async function nextError(p: Player, from: number, timeoutMs = 5_000): Promise<ErrorMessage> {
  await until(() => p.errors.length > from, timeoutMs, 'an error reply');
  return p.errors[from] as ErrorMessage;
}

/** How long autoplay sends nothing after the server said RATE_LIMITED (it says so at most once a second). */
export const RATE_LIMITED_PAUSE_MS = 1_000;

/**
 * Makes a client play like a person: after each patch it decides from its own decoded view and
 * sends at most one action per patch, after `delayMs`. Told RATE_LIMITED, it sends nothing for
 * RATE_LIMITED_PAUSE_MS: every refused message is a strike toward the drop (4429), and a client that
 * answered "slow down" by sending again at once was dropped when its game ran near the rate.
 */
export function autoplay(
  p: Player,
  decide: (view: PlayerView) => Action | null,
  delayMs = 0,
): { stop(): void; sent: number } {
  let stopped = false;
  let waiting = false;
  let lastKey = '';
  let lastAt = 0;
  const stats = {
    sent: 0,
    stop() {
      stopped = true;
    },
  };
  let pausedUntil = 0;
  const tick = () => {
    if (stopped || waiting || p.seat < 0 || Date.now() < pausedUntil) return;
    const s = p.room.state;
    if (s.status !== 'playing' || s.over) return;
    const view = viewFromState(s, p.seat);
    const a = decide(view);
    if (!a) return;
    // One attempt per (action, state) pair: a refused move is not resent until the state moves on.
    const key = JSON.stringify([a, lastSeq(s), view.hand.length]);
    // A refusal may be silent (the server tells a rate-limited client once a second): retry after a while.
    if (key === lastKey && Date.now() - lastAt < 1_200) return;
    lastKey = key;
    lastAt = Date.now();
    waiting = true;
    setTimeout(() => {
      waiting = false;
      if (stopped) return;
      stats.sent++;
      send(p, a);
    }, delayMs);
  };
  p.onPatch.push(tick);
  // A rate-limited move was never judged: try it again, once the pause is over.
  p.room.onMessage('error', (e: { code: string }) => {
    if (e.code !== 'RATE_LIMITED') return;
    lastKey = '';
    pausedUntil = Date.now() + RATE_LIMITED_PAUSE_MS;
  });
  const iv = setInterval(tick, 50);
  const stop = stats.stop;
  stats.stop = () => {
    stop();
    clearInterval(iv);
  };
  return stats;
}

/**
 * Sends a table message until `done` holds: a person whose bucket an autoplay just drained may get
 * RATE_LIMITED for it, and a real client would simply press the button again.
 */
export async function request(p: Player, type: string, payload: unknown, done: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) {
      // What the sender saw when it gave up: a closed socket answers nothing, errors included.
      const st = p.room.state as { gameNumber?: number; status?: string } | undefined;
      throw new Error(
        `${type} never took effect: ${JSON.stringify(p.errors.slice(-3))}; socket ${p.room.connection.isOpen ? 'open' : `closed (${p.closedWith})`}, sees game ${st?.gameNumber} ${st?.status}`,
      );
    }
    p.room.send(type, payload);
    const until1 = Date.now() + 500;
    while (!done() && Date.now() < until1) await sleep(5);
  }
}

/** The newest log entry's seq (the log is a ring: its last slot is not always the newest). */
export function lastSeq(s: BlazeState): number {
  let m = 0;
  for (const l of readLog(s)) if (l.seq > m) m = l.seq;
  return m;
}

/** Whether this client has ever decoded a game: status 'playing', a game number, a hand or a hand count. */
export function watchForGame(p: Player): () => boolean {
  let seen = false;
  const look = () => {
    const s = p.room.state;
    if (s.status === 'playing' || s.gameNumber > 0) seen = true;
    for (const slot of s.players) if (slot.handCount > 0 || (slot.hand?.length ?? 0) > 0) seen = true;
  };
  p.onPatch.push(look);
  return () => {
    look();
    return seen;
  };
}
