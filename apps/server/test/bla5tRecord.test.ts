/**
 * A Bla5t game's public record (the replay page's GET /api/games/<table>-<n>): nothing is served
 * while the game runs (its seed and actions would tell every face-down card, X1.7); once it is over,
 * the record holds the options with the seed and every action as the table took them, and the game
 * module rebuilds the game from it to the state the server ended in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { Action, State } from '@blaze/bla5t';
import { BLA5T_RULES_VERSION, bla5tModule } from '@blaze/bla5t/module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setStore } from '../src/store/current.js';
import { mountGameRecords, openStore } from '../src/store/open.js';
import type { TableStore } from '../src/store/types.js';
import { genericGame } from '../src/table/generic.js';
import { playEasy } from './bla5tClient.js';
import { FAST_ROOM, join, serverRoom, sleep, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM });
const http = () => srv.endpoint.replace('ws', 'http');
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-bla5t-record-'));
let store: TableStore;
beforeAll(() => {
  store = openStore({ DATA_DIR: dir });
  mountGameRecords(srv.server.api, store);
});
afterAll(async () => {
  setStore(null);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const game = (id: string) =>
  genericGame(serverRoom(id)) as { state: State; journal: Action[]; seed: string; options: object } | undefined;

it('serves no record of a game in progress, and the whole game once it is over', async () => {
  const res = await fetch(`${http()}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'bla5t', settings: { players: 3, maxScore: 50, botDelayMs: 5, clock: 'normal' } }),
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  await until(() => ada.seat >= 0);
  const run = playEasy(ada);
  ada.room.send('start', {});
  const url = `${http()}/api/games/${id}-1`;
  // Mid-game, looks made and cards moved: not served, not even part of it.
  await until(() => (game(id)?.journal.length ?? 0) > 12, 60_000, 'mid-game');
  expect(game(id)?.state.over).toBe(false);
  const early = await fetch(url);
  expect(early.status).toBe(404);
  const body = await early.text();
  expect(body).not.toContain(game(id)?.seed as string);
  expect(body).not.toContain('actions');

  await until(() => ada.room.state.status === 'finished', 120_000, 'the end');
  run.stop();
  // Saved apart from the table's record (results.ts saveGameRecord): a moment after the end.
  let done = await fetch(url);
  for (let i = 0; i < 100 && done.status !== 200; i++) {
    await sleep(50);
    done = await fetch(url);
  }
  expect(done.status).toBe(200);
  const rec = (await done.json()) as {
    rules: string;
    rulesVersion: number;
    names: string[];
    options: { seed: string; players: number };
    actions: Action[];
  };
  const g = game(id);
  if (!g) throw new Error('no game');
  expect(g.state.over).toBe(true);
  expect(rec.rules).toBe('bla5t');
  expect(rec.rulesVersion).toBe(BLA5T_RULES_VERSION);
  expect(rec.names[0]).toBe('Ada');
  expect(rec.names).toHaveLength(3);
  expect(rec.options.seed).toBe(g.seed);
  expect(rec.actions).toEqual(g.journal);
  // Rebuilt as the replay page does: the module's apply, action by action, from the options.
  const { seed, ...options } = rec.options;
  let s = bla5tModule.setup(options as never, seed);
  for (const a of rec.actions) {
    const r = bla5tModule.apply(s, a);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  expect(s).toEqual(g.state);
  expect((await fetch(`${http()}/api/games/${id}-2`)).status).toBe(404);
  // Gone before the store closes (its leaving is a line of the table's record).
  await ada.room.leave();
  await sleep(200);
}, 180_000);
