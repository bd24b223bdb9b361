/**
 * A kill -9 while a game's start waits for the writer thread: the real server process, its record
 * file's write lock held by another connection (as `sqlite3 blaze.sqlite` holding a transaction
 * does), so the start cannot be committed. Was: the deal shown at once, and after the kill the
 * table came back in its lobby, as if the game its players had seen never began.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { listeningPort, type Proc, spawnMain } from '../../../tests/support/processes.js';
import { join, sleep, until, watchForGame } from './helpers.js';

const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-start-crash-'));
const children: Proc[] = [];

afterAll(() => {
  for (const { child: c } of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** `src/main.ts` as its own process, SQLite on its writer thread; answers its websocket endpoint. */
async function startMain(): Promise<{ proc: Proc; endpoint: string }> {
  const proc = spawnMain({ DATA_DIR: dir, STORE_WRITER: 'thread' });
  children.push(proc);
  return { proc, endpoint: `ws://127.0.0.1:${await listeningPort(proc, 60_000)}` };
}

it('a table killed while its start waits for the writer thread comes back in its lobby, and no client saw the deal', async () => {
  const first = await startMain();
  const created = await fetch(`${first.endpoint.replace('ws', 'http')}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings: { botDelayMs: 10_000, clock: 'relaxed', reconnectSeconds: 60 } }),
  });
  const { id } = (await created.json()) as { id: string };
  const host = await join(first.endpoint, id, { name: 'Host' });
  await until(() => host.seat === 0 && host.token !== '', 10_000, 'host seat');
  const ben = await join(first.endpoint, id, { name: 'Ben' });
  await until(() => ben.seat === 1, 10_000, 'Ben seat');
  host.room.send('addBot', { seat: 3 });
  await until(() => host.room.state.players[3]?.occupied === true, 10_000, 'bot');
  const sawGame = [host, ben].map(watchForGame);
  // Seats and bot on file (the writer thread commits within a moment), then the file is locked.
  await sleep(1_000);
  const lock = new Database(joinPath(dir, 'blaze.sqlite'));
  lock.exec('BEGIN IMMEDIATE');
  const seen = host.errors.length;
  host.room.send('start', {});
  // The writer thread fails its commit and the record tries again, and again: the start waits.
  await sleep(1_500);
  expect(host.errors.slice(seen)).toEqual([]);
  // Was: status 'playing' and a hand of cards, a moment after the start.
  for (const saw of sawGame) expect(saw()).toBe(false);
  expect(host.room.state.status).toBe('lobby');

  first.proc.child.kill('SIGKILL');
  await new Promise((r) => first.proc.child.once('exit', r));
  lock.exec('ROLLBACK');
  lock.close();

  const second = await startMain();
  const back = await join(second.endpoint, id, { name: 'Host', seatToken: host.token });
  await until(() => back.seat === 0, 10_000, 'host back');
  // As the players last saw it: in its lobby, nobody moved, no game.
  expect(back.room.state.status).toBe('lobby');
  expect(back.room.state.gameNumber).toBe(0);
  expect(back.room.state.players.map((p) => p.occupied)).toEqual([true, true, false, true, false]);
  expect(watchForGame(back)()).toBe(false);
  // And it starts now, once, with the seats closed up.
  back.room.send('start', {});
  await until(() => back.room.state.status === 'playing', 10_000, 'the game started');
  expect(back.room.state.gameNumber).toBe(1);
  expect(back.room.state.players.map((p) => p.occupied)).toEqual([true, true, true, false, false]);
  await back.room.leave();
  await second.proc.stop();
}, 180_000);
