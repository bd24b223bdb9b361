/**
 * A connection's limits follow its person back (found from outside): a client that came back through
 * Colyseus' reconnection was counted on its own instead of with its address, and a connection
 * dropped for abuse came straight back through that reconnection, or by its token, with a clean slate.
 */

import { Client } from 'colyseus.js';
import { expect, it } from 'vitest';
import { CLOSE_ABUSE } from '../src/edge.js';
import { createTable, FAST_ROOM, join, type Player, sleep, until, useServer, wrap } from './helpers.js';

const DROP_AFTER = 10;
const srv = useServer({
  room: { ...FAST_ROOM, bucket: { capacity: 1_000, refillPerSecond: 1_000 } },
  // Every client here shares 127.0.0.1: a burst of eight messages, refilled at one a second (at eight a
  // second, a loaded machine refilled one while the test waited for the eight lines, and Ben got his).
  limits: { addressMessages: { capacity: 8, refillPerSecond: 1 }, refusalsBeforeDrop: DROP_AFTER },
});

const chat = (p: Player, text: string) => p.room.send('chat', { text });
const closed = (p: Player) => {
  const at = { code: 0 };
  p.room.onLeave((code) => {
    at.code = code;
  });
  return at;
};

it('a client back through reconnection still counts with its address', async () => {
  await sleep(1_500);
  const id = await createTable(srv.endpoint, { reconnectSeconds: 30 });
  const a = await join(srv.endpoint, id, { name: 'Ann' });
  const b = await join(srv.endpoint, id, { name: 'Ben' });
  await until(() => a.seat === 0 && b.seat === 1, 5_000, 'seats');
  await a.room.leave(false);
  wrap(await new Client(srv.endpoint).reconnect(a.room.reconnectionToken), 'Ann', a);
  await until(() => b.room.state.players[0]?.connected === true, 5_000, 'Ann back');
  // Ann spends the address's eight messages...
  for (let i = 0; i < 8; i++) chat(a, `hi ${i}`);
  await until(() => b.room.state.chat.length === 8, 5_000, 'eight lines');
  expect(a.errors).toEqual([]);
  // ...so Ben, at the same address, is held back (he was not, when Ann's reconnection counted alone).
  const from = b.errors.length;
  chat(b, 'me too');
  await until(() => b.errors.length > from, 5_000, 'Ben refused');
  expect(b.errors.at(-1)?.code).toBe('RATE_LIMITED');
});

it('a connection dropped for abuse gets no reconnection, and its strikes come back with its token', async () => {
  // The address's burst back (the first test spent it).
  await sleep(8_500);
  const id = await createTable(srv.endpoint, { reconnectSeconds: 30, botDelayMs: 10_000, clock: 'relaxed' });
  const c = await join(srv.endpoint, id, { name: 'Cat' });
  await until(() => c.seat === 0, 5_000, 'seat');
  c.room.send('addBot', { seat: 1 });
  c.room.send('addBot', { seat: 2 });
  await until(() => c.room.state.players[2]?.occupied === true, 5_000, 'bots');
  c.room.send('start', { firstSeat: 0 });
  // In a game the seat stays Cat's whatever happens to her connection.
  await until(() => c.room.state.status === 'playing', 5_000, 'start');
  const gone = closed(c);
  // Messages no client sends (and, once the address's burst is spent, too many): each a strike.
  for (let i = 0; i <= DROP_AFTER; i++) c.room.send('nonsense', {});
  await until(() => gone.code !== 0, 5_000, 'dropped');
  expect(gone.code).toBe(CLOSE_ABUSE);
  await expect(new Client(srv.endpoint).reconnect(c.room.reconnectionToken)).rejects.toThrow();

  // Dropped is not banned: the seat's token brings Cat back, but not with a fresh allowance.
  const c2 = await join(srv.endpoint, id, { name: 'Cat', seatToken: c.token });
  await until(() => c2.seat === 0, 5_000, 'back by token');
  const gone2 = closed(c2);
  for (let i = 0; i < 6; i++) c2.room.send('nonsense', {});
  await until(() => gone2.code !== 0, 5_000, 'dropped again within six');
  expect(gone2.code).toBe(CLOSE_ABUSE);
});
