/**
 * Issue 36 item 5: between games the host moves the table to another game (Blaze -> Durak -> Bla5t)
 * with real clients: two people, a bot and a spectator. Each client gets its own new token and no
 * one else's, every client is told where the table went, the old link answers "moved", the evening's
 * scoreboard spans the three games (and a restart), and a non-host, a running game, an unknown game
 * and a table too large for the new game are refused with nothing changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Writable } from 'node:stream';
import { matchMaker } from '@colyseus/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import { createLogger } from '../src/logger.js';
import { registry } from '../src/metrics.js';
import { lifecycle, setStore } from '../src/store/current.js';
import { openStore, restoreTables } from '../src/store/open.js';
import type { TableStore } from '../src/store/types.js';
import { genericDeadlines, genericGame } from '../src/table/generic.js';
import { playDurak } from './durakClient.js';
import { autoplay, createTable, join, nextError, type Player, serverRoom, sleep, until, useServer } from './helpers.js';

const logText: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    logText.push(String(chunk));
    done();
  },
});
// Clocks so short that a seat nobody plays moves at once (the bot seat, and Bla5t's people).
const QUICK = { attackerMs: 40, targetMs: 40, betMs: 40 };
const srv = useServer({
  room: { clocks: { relaxed: QUICK, normal: QUICK, fast: QUICK }, autoDelayMs: [5, 10] },
  logger: createLogger({ level: 'debug', destination: sink }),
});
const http = () => srv.endpoint.replace('ws', 'http');
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-switch-'));
let store: TableStore;
beforeAll(() => {
  store = openStore({ DATA_DIR: dir });
  setStore(store);
});
afterAll(async () => {
  setStore(null);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const messagesOf = (p: Player, type: string) => p.messages.filter((m) => m.type === type).map((m) => m.message);

/** The table's game played out by its clocks, from the host's start (or rematch). */
async function playOne(host: Player, everyone: Player[], type = 'start'): Promise<void> {
  const n = host.room.state.gameNumber + 1;
  const sent = host.errors.length;
  host.room.send(type, {});
  await until(() => host.room.state.gameNumber === n || host.errors.length > sent, 10_000, type);
  expect(host.errors.slice(sent)).toEqual([]);
  // Some hundreds of timeouts, each on a clock rounded up to a tenth of a second: 10-15 s alone, and
  // past a minute in CI beside the other unit runs (one run: Durak's game not over at 60 s; another, not
  // seen over by every client at 150 s): the server's game first, then each client, and what each holds
  // if it does not come.
  const room = serverRoom(host.room.roomId);
  const said = () => {
    const g = genericGame(room);
    const seen = everyone.map(
      (p) =>
        `${p.name}: socket ${p.room.connection.isOpen ? 'open' : `closed (${p.closedWith})`}, game ${p.room.state.gameNumber} ${p.room.state.status}`,
    );
    return `server: game ${room.state.gameNumber} ${room.state.status}, ${g?.journal.length ?? '?'} moves, due ${JSON.stringify(genericDeadlines(room))}; ${seen.join('; ')}`;
  };
  try {
    await until(() => room.state.gameNumber === n && room.state.status === 'finished', 150_000, `game ${n} ends`);
    await until(
      () => everyone.every((p) => p.room.state.gameNumber === n && p.room.state.status === 'finished'),
      20_000,
      `every client sees game ${n} end`,
    );
  } catch (e) {
    throw new Error(`${(e as Error).message}: ${said()}`);
  }
}

/** The host switches; everyone's new token (from their own moveSeat) and the new table's id. */
async function switchTo(host: Player, everyone: Player[], game: string): Promise<{ id: string; tokens: string[] }> {
  const before = everyone.map((p) => p.messages.length);
  host.room.send('switchGame', { game });
  await until(
    () => everyone.every((p, i) => p.messages.slice(before[i]).some((m) => m.type === 'moved')),
    10_000,
    'moved',
  );
  const fresh = everyone.map((p, i) => p.messages.slice(before[i]));
  const told = fresh[0]?.find((m) => m.type === 'moved')?.message as { table: string } | undefined;
  const id = told?.table ?? '';
  const tokens = fresh.map((msgs, i) => {
    const mine = msgs
      .filter((m) => m.type === 'moveSeat')
      .map((m) => m.message as { table: string; seatToken: string });
    expect(mine.length, `${everyone[i]?.name}: one new token`).toBe(1);
    expect(mine[0]?.table).toBe(id);
    // `moved` names the table only.
    for (const m of msgs.filter((x) => x.type === 'moved')) expect(m.message).toEqual({ table: id });
    return mine[0]?.seatToken as string;
  });
  expect(new Set(tokens).size).toBe(everyone.length);
  return { id, tokens };
}

/** Nobody's frames hold a token that is not their own; no log line or metric holds any. */
async function expectTokensPrivate(everyone: Player[], tokens: string[]): Promise<void> {
  const logsAndMetrics = logText.join('') + (await registry.metrics());
  everyone.forEach((p, i) => {
    const seen = Buffer.concat(p.frames).toString('latin1');
    tokens.forEach((t, k) => {
      if (k !== i) expect(seen.includes(t), `${p.name} saw another's token`).toBe(false);
    });
    expect(seen.includes(tokens[i] as string), `${p.name} got their own`).toBe(true);
  });
  for (const t of tokens) expect(logsAndMetrics.includes(t)).toBe(false);
}

/** The old link: 301 to the new table, and the join page's look-up says where it went. */
async function expectMoved(oldId: string, newId: string): Promise<void> {
  await until(() => matchMaker.getLocalRoomById(oldId) === undefined, 10_000, 'old table closed');
  const res = await fetch(`${http()}/api/tables/${oldId}`, { redirect: 'manual' });
  expect(res.status).toBe(301);
  expect(res.headers.get('location')).toBe(`/api/tables/${newId}`);
  expect(await res.json()).toMatchObject({ code: 'MOVED', table: newId });
  const lookup = await (await fetch(`${http()}/api/tables/${oldId}/lookup`)).json();
  expect(lookup).toEqual({ exists: false, closed: true, movedTo: newId });
}

/** Everyone joins the new table with their new token; answers the new clients, in the same order. */
async function follow(id: string, everyone: Player[], tokens: string[]): Promise<Player[]> {
  const next: Player[] = [];
  for (const [i, p] of everyone.entries()) {
    await p.room.leave(true);
    // Someone watching comes back watching (as the web client asks), or the new table would seat them.
    const spectate = p.seat < 0 ? { spectate: true } : {};
    next.push(await join(srv.endpoint, id, { name: p.name, seatToken: tokens[i] as string, ...spectate }));
  }
  await until(() => next.every((p) => p.token !== ''), 5_000, 'seated at the new table');
  next.forEach((p, i) => {
    expect(p.token).toBe(tokens[i]);
  });
  return next;
}

const board = (p: Player) =>
  [...p.room.state.scoreboard]
    .map((r) => `${r.game}:${r.name}:${r.games}/${r.wins}/${r.points}`)
    .sort()
    .join(' ');

it('Blaze -> Durak -> Bla5t: tokens to their owners alone, the old link moved, one evening scoreboard', async () => {
  // The shortest take-back window (R-settings: 500 ms): at the default 3 s, windows made most of a
  // game's time (28 s alone; past a minute beside the other server files in CI).
  const blaze = await createTable(srv.endpoint, { clock: 'fast', botDelayMs: 10, windowMs: 500 });
  let ada = await join(srv.endpoint, blaze, { name: 'Ada' });
  let bob = await join(srv.endpoint, blaze, { name: 'Bob' });
  let eve = await join(srv.endpoint, blaze, { name: 'Eve', spectate: true });
  await until(() => ada.host && bob.seat === 1 && eve.token !== '', 5_000, 'seats');
  ada.room.send('addBot', { seat: 2 });
  await until(() => ada.room.state.players[2]?.occupied === true, 5_000, 'bot');
  let people = [ada, bob, eve];

  // Mid-game: refused, the game goes on.
  const sent = ada.errors.length;
  ada.room.send('start', {});
  await until(() => ada.room.state.status === 'playing', 5_000, 'playing');
  ada.room.send('switchGame', { game: 'durak' });
  expect((await nextError(ada, sent)).code).toBe('GAME_RUNNING');
  // Ada and Bob play as people do (the heuristic, at once), so the game does not wait on their clocks.
  const plays = [ada, bob].map((p) => autoplay(p, (v) => chooseAction('heuristic', v, Math.random)));
  const t0 = Date.now();
  try {
    await until(() => serverRoom(blaze).state.status === 'finished', 150_000, 'the Blaze game ends on the server');
    await until(() => people.every((p) => p.room.state.status === 'finished'), 20_000, 'every client sees it end');
  } catch (e) {
    const seen = people.map(
      (p) => `${p.name}: ${p.room.state.status}, ${p.room.connection.isOpen ? 'open' : `closed (${p.closedWith})`}`,
    );
    throw new Error(`${(e as Error).message}; server ${serverRoom(blaze).state.status}; ${seen.join('; ')}`);
  } finally {
    for (const run of plays) run.stop();
  }
  console.log(`switch game test: the Blaze game took ${Date.now() - t0} ms`);
  // Their moves drained their message buckets (20, 10 a second): full again before the refusals below.
  await sleep(2_500);

  // Not the host; a game this server does not play; too many seats for Durak (2-4): nothing moves.
  let from = bob.errors.length;
  bob.room.send('switchGame', { game: 'durak' });
  expect(await nextError(bob, from)).toMatchObject({ code: 'NOT_HOST', request: 'switchGame' });
  from = ada.errors.length;
  ada.room.send('switchGame', { game: 'chess' });
  expect((await nextError(ada, from)).code).toBe('MALFORMED');
  ada.room.send('addBot', { seat: 3 });
  ada.room.send('addBot', { seat: 4 });
  await until(() => ada.room.state.players[4]?.occupied === true, 5_000, 'five seated');
  from = ada.errors.length;
  ada.room.send('switchGame', { game: 'durak' });
  expect(await nextError(ada, from)).toMatchObject({
    code: 'TOO_MANY_PLAYERS',
    params: { game: 'durak', players: 5, max: 4 },
  });
  ada.room.send('removeBot', { seat: 3 });
  ada.room.send('removeBot', { seat: 4 });
  await until(() => ada.room.state.players[3]?.occupied === false && !ada.room.state.players[4]?.occupied, 5_000);
  expect(people.every((p) => messagesOf(p, 'moved').length === 0 && messagesOf(p, 'moveSeat').length === 0)).toBe(true);
  expect(serverRoom(blaze).state.status).toBe('finished');
  const blazeBoard = board(ada);

  // To Durak.
  const toDurak = await switchTo(ada, people, 'durak');
  await expectTokensPrivate(people, toDurak.tokens);
  people = await follow(toDurak.id, people, toDurak.tokens);
  await expectMoved(blaze, toDurak.id);
  [ada, bob, eve] = people as [Player, Player, Player];
  expect(serverRoom(toDurak.id).kind.game).toBe('durak');
  expect([ada.seat, bob.seat, eve.seat]).toEqual([0, 1, -1]);
  expect([ada.host, bob.host, eve.host]).toEqual([true, false, false]);
  const slot2 = ada.room.state.players[2];
  expect([slot2?.occupied, slot2?.bot, slot2?.name]).toEqual([true, true, 'Bot 1']);
  // The Blaze rows came along, before any Durak game.
  expect(board(ada)).toBe(blazeBoard);
  // Ada and Bob play (as a normal bot would): Durak seats left to their clocks can go round for ever.
  const durakPlays = [ada, bob].map((p) => playDurak(p, 'normal'));
  try {
    await playOne(ada, people);
  } finally {
    for (const run of durakPlays) run.stop();
  }
  const afterDurak = board(ada);
  expect(afterDurak).toMatch(/durak:Ada:1\//);

  // To Bla5t.
  const toBla5t = await switchTo(ada, people, 'bla5t');
  await expectTokensPrivate(people, toBla5t.tokens);
  people = await follow(toBla5t.id, people, toBla5t.tokens);
  await expectMoved(toDurak.id, toBla5t.id);
  // The first link leads to the second table, whose record leads on: each hop says where.
  expect(await (await fetch(`${http()}/api/tables/${blaze}/lookup`)).json()).toMatchObject({ movedTo: toDurak.id });
  [ada, bob, eve] = people as [Player, Player, Player];
  expect([ada.seat, bob.seat, eve.seat, ada.host]).toEqual([0, 1, -1, true]);
  await playOne(ada, people);
  const evening = board(ada);
  for (const game of ['blaze', 'durak', 'bla5t']) {
    for (const who of ['Ada', 'Bob', 'Bot 1']) expect(evening, `${game} ${who}`).toContain(`${game}:${who}:1/`);
  }
  expect(evening).not.toContain('Eve');

  // A restart: the scoreboard comes back from the record, the carried rows with it.
  const room = serverRoom(toBla5t.id);
  lifecycle.shuttingDown = true;
  try {
    await room.flushRecord();
    await room.disconnect(4000);
    await until(() => matchMaker.getLocalRoomById(toBla5t.id) === undefined, 5_000, 'gone');
  } finally {
    lifecycle.shuttingDown = false;
  }
  expect(await restoreTables(store, 'bla5t')).toContain(toBla5t.id);
  const back = await join(srv.endpoint, toBla5t.id, { name: 'Ada', seatToken: toBla5t.tokens[0] as string });
  await until(() => (back.room.state?.scoreboard?.length ?? 0) > 0, 5_000, 'scoreboard after restart');
  expect(board(back)).toBe(evening);
  await back.room.leave(true);
}, 480_000);
