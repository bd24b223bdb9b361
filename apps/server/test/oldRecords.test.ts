/**
 * Records written by eb3899c's build (before records named their game) restore and replay under this
 * one, as Blaze version 1: a table with a finished game and a game in progress, made by that build's
 * real server and websocket clients (fixtures/README.md says how), from its SQLite file and from its
 * Redis keys. Its people come back to the same seats, hands and log; play goes on to the game's end;
 * the finished game's public record is served, names its game, and replays to its scores.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { chooseAction } from '@blaze/bots';
import { parseGameRecord, type TableCard } from '@blaze/protocol';
import { readLog } from '@blaze/protocol/wire';
import { type PlayerView, replay } from '@blaze/rules';
import { matchMaker } from '@colyseus/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startRedis } from '../../../tests/support/processes.js';
import { ROOM_NAME } from '../src/app.js';
import { currentStore, setStore } from '../src/store/current.js';
import { mountGameRecords, openStore, restoreTables } from '../src/store/open.js';
import type { GameRecord, TableStore } from '../src/store/types.js';
import {
  autoplay,
  FAST_ROOM,
  join,
  type Player,
  SLOW,
  serverRoom,
  until,
  useServer,
  viewFromState,
} from './helpers.js';

/** What the old build's clients saw at the moment its server shut down (fixtures/*.json). */
interface Seen {
  name: string;
  token: string;
  seat: number;
  view: PlayerView;
  log: ReturnType<typeof readLog>;
  gameNumber: number;
  status: string;
  results: { game: number; names: string[]; scores: number[]; winner: number }[];
  seats: { occupied: boolean; name: string; bot: boolean; handCount: number }[];
}
interface Fixture {
  table: string;
  people: Seen[];
  /** GET /api/games/<table>-1 as the old build served it. */
  game1: Omit<GameRecord, 'rules' | 'rulesVersion'>;
}

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixture = <T>(name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;

// Clocks of a minute: nothing moves by itself while the test compares what each person sees.
const srv = useServer({ room: { ...FAST_ROOM, clocks: { relaxed: SLOW, normal: SLOW, fast: SLOW } } });
const http = () => srv.endpoint.replace('ws', 'http');

async function restoresAndReplays(store: TableStore, f: Fixture): Promise<void> {
  setStore(store);
  expect(await restoreTables(store, ROOM_NAME)).toEqual([f.table]);

  // The join screen names the game of a table whose record names none.
  const card = (await (await fetch(`${http()}/api/tables/${f.table}`)).json()) as TableCard;
  expect(card.game).toBe('blaze');
  expect(card.status).toBe('playing');
  expect(card.seats.map((s) => s.name)).toEqual(f.people[0]?.seats.filter((s) => s.occupied).map((s) => s.name));

  // Each person back by their seat token: the same seat, the same hand and table as they saw them.
  const people: Player[] = [];
  for (const seen of f.people) {
    const p = await join(srv.endpoint, f.table, { name: seen.name, seatToken: seen.token });
    people.push(p);
    await until(() => p.seat === seen.seat && p.room.state.status === 'playing', 5_000, `${seen.name} seated`);
    await until(() => (p.room.state.players[p.seat]?.hand.length ?? 0) > 0, 5_000, `${seen.name}'s hand`);
    const s = p.room.state;
    expect(s.gameNumber).toBe(seen.gameNumber);
    // The same cards in hand (a live client's array is in the order its patches arrived, a joining one's in the server's).
    const sorted = (v: PlayerView) => ({ ...v, hand: [...v.hand].sort() });
    expect(sorted(viewFromState(s, p.seat))).toEqual(sorted(seen.view));
    expect(s.players.map((x) => ({ occupied: x.occupied, name: x.name, bot: x.bot, handCount: x.handCount }))).toEqual(
      seen.seats,
    );
    expect(
      s.results.map((r) => ({ game: r.game, names: [...r.names], scores: [...r.scores], winner: r.winner })),
    ).toEqual(seen.results);
    // The log as it was (a ring: the lines since restored push its oldest out), then the restore's line.
    const log = readLog(s);
    const kept = seen.log.filter((l) => log.some((x) => x.seq === l.seq));
    expect(kept.length).toBeGreaterThan(seen.log.length / 2);
    for (const l of kept) expect(log.find((x) => x.seq === l.seq)).toEqual(l);
    expect(log.some((l) => l.kind === 'restored')).toBe(true);
    // Nobody sees another's hand.
    for (const other of f.people)
      if (other.seat !== seen.seat) expect(s.players[other.seat]?.hand?.length ?? 0).toBe(0);
  }

  // Play goes on, to the game's end.
  const players = people.map((p) => autoplay(p, (v) => chooseAction('heuristic', v, Math.random)));
  try {
    await until(() => people.every((p) => p.room.state.status === 'finished'), 120_000, 'game 2 to end');
  } finally {
    for (const a of players) a.stop();
  }
  const game2 = await fetch(`${http()}/api/games/${f.table}-2`);
  expect(game2.status).toBe(200);
  const g2 = (await game2.json()) as GameRecord;
  expect([g2.rules, g2.rulesVersion]).toEqual(['blaze', 1]);

  // The old build's finished game: served as it was, named Blaze version 1, and it replays.
  const res = await fetch(`${http()}/api/games/${f.table}-1`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Partial<GameRecord>;
  expect([body.rules, body.rulesVersion]).toEqual(['blaze', 1]);
  const parsed = parseGameRecord(body);
  if (!parsed.ok) throw new Error(parsed.message);
  expect(parsed.record).toEqual({ ...f.game1, rules: 'blaze', rulesVersion: 1 });
  const again = replay(parsed.record.options, parsed.record.actions);
  if (!again.ok) throw new Error(again.error.code);
  expect(again.state.over).toBe(true);
  expect(again.state.scores).toEqual(parsed.record.scores);

  for (const p of people) await p.room.leave(true);
  // A restored table waits out its people's grace (ten minutes here) before closing: closed now.
  await serverRoom(f.table).disconnect();
  await until(() => matchMaker.getLocalRoomById(f.table) === undefined, 10_000, 'table closed');
  setStore(null);
}

describe('records written by eb3899c', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(joinPath(tmpdir(), 'blaze-old-records-'));
    // GET /api/games/<id> as main.ts mounts it, from whichever store the test has open.
    const current = { getGame: (id: string) => (currentStore() as TableStore).getGame(id) } as TableStore;
    mountGameRecords(srv.server.api, current);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a SQLite file restores its table and replays its finished game', async () => {
    // A copy: opening the file writes to it (WAL, columns added).
    copyFileSync(new URL('eb3899c.sqlite', FIXTURES), joinPath(dir, 'blaze.sqlite'));
    const store = openStore({ DATA_DIR: dir });
    try {
      await restoresAndReplays(store, fixture<Fixture>('eb3899c.sqlite.json'));
    } finally {
      setStore(null);
      await store.close();
    }
  });

  it('Redis keys restore their table and replay its finished game', async () => {
    const dump = fixture<Fixture & { keys: Record<string, { type: string; value: unknown }> }>('eb3899c.redis.json');
    const redis: Proc & { url: string } = await startRedis();
    try {
      const r = new Redis(redis.url);
      for (const [key, { type, value }] of Object.entries(dump.keys)) {
        if (type === 'list') await r.rpush(key, ...(value as string[]));
        else if (type === 'zset') {
          const pairs = value as string[];
          for (let i = 0; i < pairs.length; i += 2) await r.zadd(key, pairs[i + 1] as string, pairs[i] as string);
        } else if (type === 'string') await r.set(key, value as string);
        else throw new Error(`${key}: ${type}`);
      }
      await r.quit();
      const store = openStore({ REDIS_URL: redis.url });
      try {
        await restoresAndReplays(store, dump);
      } finally {
        setStore(null);
        await store.close();
      }
    } finally {
      await redis.stop();
    }
  });
});
