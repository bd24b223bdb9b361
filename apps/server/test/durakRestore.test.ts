/**
 * A Durak table restored after a restart (issue 36 item 3): its SQLite record names game `durak` and
 * its rules version, restoreTables creates the room of the record's game (not the default game's),
 * the game is replayed from (options, seed, actions) to the same state, and it plays on to its end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { type Action, awaitedSeat, type Options, replay, type State, type View } from '@blaze/durak';
import { DURAK_RULES_VERSION } from '@blaze/durak/module';
import { CLOSE_RESTARTING } from '@blaze/protocol';
import { matchMaker } from '@colyseus/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOM_NAME } from '../src/app.js';
import { lifecycle, setStore } from '../src/store/current.js';
import { mountGameRecords, openStore, restoreTables } from '../src/store/open.js';
import type { TableStore } from '../src/store/types.js';
import { genericGame } from '../src/table/generic.js';
import { durakView } from './durakClient.js';
import { FAST_ROOM, join, type Player, serverRoom, sleep, until, useServer } from './helpers.js';

const srv = useServer({ room: { ...FAST_ROOM, autoDelayMs: [20, 60] } });
const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-durak-restore-'));
let store: TableStore;
beforeAll(() => {
  store = openStore({ DATA_DIR: dir });
});
afterAll(async () => {
  setStore(null);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const viewOf = durakView;

const game = (id: string) => genericGame(serverRoom(id)) as { state: State; journal: Action[]; seed: string };

/** One move by whoever is awaited, from that person's own view: its lowest legal card, else end/retreat. */
async function move(id: string, people: Player[]): Promise<void> {
  const before = game(id).journal.length;
  const awaited = viewOf(people[0] as Player)?.awaited;
  const p = people.find((x) => x.seat === awaited) as Player;
  const v = viewOf(p) as View;
  const open = v.table.length === 0;
  const undefended = v.table.some((pair) => !pair.defence);
  if (open) p.room.send('attack', { card: v.hand[0] });
  else if (undefended) p.room.send('retreat', {});
  else p.room.send('end', {});
  await until(() => game(id).journal.length > before, 10_000, 'the move');
  // Every client has seen it (or a step after it) before the next move is chosen from a view: a
  // view one patch behind chose a move the server then refused, and the loop waited for ever.
  const s = game(id).state;
  await until(
    () =>
      people.every((q) =>
        s.over
          ? q.room.state.status === 'finished'
          : JSON.stringify(viewOf(q)?.table) === JSON.stringify(s.table) && viewOf(q)?.awaited === awaitedSeat(s),
      ) || game(id).journal.length > before + 1,
    10_000,
    'the move shown',
  );
}

it('a Durak table comes back from its SQLite record mid-game, equal, and plays on to its end', async () => {
  setStore(store);
  const res = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // A slow clock: nothing moves but what the test sends (both seats are people).
    body: JSON.stringify({ game: 'durak', settings: { players: 2, clock: 'relaxed', reconnectSeconds: 60 } }),
  });
  const { id } = (await res.json()) as { id: string };
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  const bob = await join(srv.endpoint, id, { name: 'Bob' });
  await until(() => ada.seat === 0 && bob.seat === 1, 5_000, 'seats');
  ada.room.send('start', {});
  await until(() => viewOf(ada)?.hand.length === 6 && viewOf(bob)?.hand.length === 6, 5_000, 'deal');
  for (let i = 0; i < 3; i++) await move(id, [ada, bob]);
  const before = structuredClone(game(id));
  const record = await store.load(id);
  expect(record.find((e) => e.t === 'game')).toEqual({ t: 'game', game: 'durak', rulesVersion: DURAK_RULES_VERSION });

  // The restart: on record, the clients told, the room gone; then back from the record alone.
  lifecycle.shuttingDown = true;
  try {
    await serverRoom(id).flushRecord();
    await serverRoom(id).disconnect(CLOSE_RESTARTING);
    await until(() => matchMaker.getLocalRoomById(id) === undefined, 5_000, 'table gone');
  } finally {
    lifecycle.shuttingDown = false;
  }
  // The default game's name is passed, as main.ts does: the record's game picks the room.
  expect(await restoreTables(store, ROOM_NAME)).toContain(id);
  const after = game(id);
  expect(after.state).toEqual(before.state);
  expect(after.journal).toEqual(before.journal);
  expect(after.seed).toBe(before.seed);
  expect(serverRoom(id).roomName).toBe('durak');

  const ada2 = await join(srv.endpoint, id, { name: 'Ada', seatToken: ada.token });
  const bob2 = await join(srv.endpoint, id, { name: 'Bob', seatToken: bob.token });
  await until(() => ada2.seat === 0 && bob2.seat === 1 && viewOf(ada2) !== null, 5_000, 'back in their seats');
  // Her own hand reaches her again (the game may have moved on meanwhile: a forced step, a clock).
  const same = (a: readonly string[] = [], b: readonly string[] = []) =>
    JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  await until(() => same(viewOf(ada2)?.hand, game(id).state.hands[0]), 5_000, 'own hand back');
  expect(viewOf(ada2)?.hand.length).toBeGreaterThan(0);
  for (let i = 0; i < 400 && ada2.room.state.status !== 'finished'; i++) await move(id, [ada2, bob2]);
  expect(ada2.room.state.status).toBe('finished');
  expect(game(id).state.over).toBe(true);

  // The finished game's public record, served as Blaze's are (the replay page's GET /api/games):
  // its options with the seed and every action, so replay() rebuilds the game to its end, every hand
  // included (after the end nothing is secret, as for Blaze). Nothing of it was served before.
  mountGameRecords(srv.server.api, store);
  const url = `${srv.endpoint.replace('ws', 'http')}/api/games/${id}-1`;
  // Saved apart from the table's record (results.ts saveGameRecord): a moment after the end.
  let res2 = await fetch(url);
  for (let i = 0; i < 100 && res2.status !== 200; i++) {
    await sleep(50);
    res2 = await fetch(url);
  }
  expect(res2.status).toBe(200);
  const rec = (await res2.json()) as {
    rules: string;
    rulesVersion: number;
    options: Options;
    actions: Action[];
    names: string[];
    scores: number[];
    winner: number;
  };
  expect(rec.rules).toBe('durak');
  expect(rec.rulesVersion).toBe(DURAK_RULES_VERSION);
  expect(rec.names).toEqual(['Ada', 'Bob']);
  expect(rec.actions).toEqual(game(id).journal);
  const rebuilt = replay(rec.options, rec.actions);
  expect(rebuilt).toEqual(game(id).state);
  // Scores are losses (the durak 1), as the scoreboard counts them; the one winner named.
  expect(rec.scores).toEqual(
    rebuilt.losers.length === 1 ? [0, 1].map((s) => (rebuilt.losers.includes(s) ? 1 : 0)) : [0, 0],
  );
  expect(rec.winner).toBe(rebuilt.winners.length === 1 ? rebuilt.winners[0] : -1);
  expect((await fetch(`${srv.endpoint.replace('ws', 'http')}/api/games/${id}-2`)).status).toBe(404);
});
