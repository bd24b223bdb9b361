/**
 * The evening's scoreboard keys a bot's row by its name. A bot removed and another added in its place
 * was named "Bot 1" again (the lowest free number), so the new bot, maybe at another strength, shared
 * the row of the one that had played: its wins and points were added to the old bot's. A bot's name
 * on the scoreboard is now not given again at that table: the new bot is "Bot 3", with its own row.
 */
import { afterAll, expect, it } from 'vitest';
import { setStore } from '../src/store/current.js';
import { createTable, FAST_ROOM, join, serverRoom, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM });
afterAll(() => setStore(null));

it('a bot added after one that played is its own entry on the scoreboard, under a name of its own', async () => {
  const id = await createTable(srv.endpoint, { botDelayMs: 10_000, clock: 'relaxed' });
  const host = await join(srv.endpoint, id, { name: 'Host' });
  await until(() => host.seat === 0, 5_000, 'host seated');
  host.room.send('addBot', { seat: 1, strength: 'easy' });
  host.room.send('addBot', { seat: 2 });
  await until(() => host.room.state.players[2]?.name === 'Bot 2', 5_000, 'bots');
  expect(host.room.state.players[1]?.name).toBe('Bot 1');
  // The evening so far: one game played by Host, Bot 1 (easy) and Bot 2, Bot 1 winning.
  const room = serverRoom(id);
  room.results.add(1, ['Host', 'Bot 1', 'Bot 2'], [host.token, 'bot:Bot 1', 'bot:Bot 2'], [0, 3, 1], 1);

  host.room.send('removeBot', { seat: 1 });
  await until(() => host.room.state.players[1]?.occupied === false, 5_000, 'Bot 1 removed');
  host.room.send('addBot', { seat: 1, strength: 'strong' });
  await until(() => host.room.state.players[1]?.occupied === true, 5_000, 'a bot added');
  // Was: "Bot 1" again, whose row then held the easy bot's win and the strong bot's games alike.
  expect(host.room.state.players[1]?.name).toBe('Bot 3');
  const name = host.room.state.players[1]?.name ?? '';
  room.results.add(2, ['Host', name, 'Bot 2'], [host.token, `bot:${name}`, 'bot:Bot 2'], [0, 0, 4], 2);
  room.broadcastPatch();
  await until(() => host.room.state.scoreboard.length === 4, 5_000, 'the scoreboard');
  const rows = [...host.room.state.scoreboard].map((r) => [r.name, r.games, r.wins]);
  expect(rows).toEqual([
    ['Host', 2, 0],
    ['Bot 1', 1, 1],
    ['Bot 2', 2, 1],
    ['Bot 3', 1, 0],
  ]);
  // A bot that stays keeps its name and row through the evening; a seat freed before any game is reused.
  host.room.send('removeBot', { seat: 1 });
  await until(() => host.room.state.players[1]?.occupied === false, 5_000, 'Bot 3 removed');
  host.room.send('addBot', { seat: 3 });
  await until(() => host.room.state.players[3]?.occupied === true, 5_000, 'another bot');
  expect(host.room.state.players[3]?.name).toBe('Bot 4');
  host.room.send('removeBot', { seat: 3 });
  await until(() => host.room.state.players[3]?.occupied === false, 5_000, 'Bot 4 removed');
  host.room.send('addBot', { seat: 3 });
  await until(() => host.room.state.players[3]?.occupied === true, 5_000, 'Bot 4 again');
  // Bot 4 never played: its name is free again.
  expect(host.room.state.players[3]?.name).toBe('Bot 4');
  await host.room.leave();
}, 30_000);
