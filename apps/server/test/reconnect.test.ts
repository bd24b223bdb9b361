/**
 * Must show 4: a socket dropped mid-challenge comes back with its token to the same seat and hand;
 * a player away past the grace time has the bot play on for them, and reclaims the seat after.
 */

import { readLog } from '@blaze/protocol/wire';
import { Client } from 'colyseus.js';
import { expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import {
  autoplay,
  createTable,
  FAST_ROOM,
  join,
  type Player,
  serverRoom,
  sleep,
  until,
  useServer,
  viewFromState,
  wrap,
} from './helpers.js';

const srv = useServer({ room: FAST_ROOM });

// Right after a reconnect the state may not be decoded yet: no hand until it is.
const handOf = (p: Player) => [...(p.room.state?.players?.[p.seat]?.hand ?? [])].sort();

it('drop mid-challenge, come back (reconnect and fresh join with the token), bot plays while away', async () => {
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 150, clock: 'relaxed', reconnectSeconds: 5 });
  const a = await join(srv.endpoint, id, { name: 'Ann' });
  const b = await join(srv.endpoint, id, { name: 'Ben' });
  const c = await join(srv.endpoint, id, { name: 'Cat' });
  await until(() => [a, b, c].every((p) => p.seat >= 0));
  a.room.send('start', { firstSeat: 0 });
  await until(() => a.room.state.status === 'playing');
  const room = serverRoom(id);
  // Ann (active) opens; Ben is the target, mid-challenge.
  expect(a.room.state.target).toBe(b.seat);
  const open = chooseAction('heuristic', viewFromState(a.room.state, a.seat), Math.random);
  expect(open?.type).toBe('play');
  if (open?.type === 'play') a.room.send('play', { cards: open.cards });
  await until(() => b.room.state.table.length > 0, 5_000, 'challenge open');
  const seatBefore = b.seat;
  const handBefore = handOf(b);
  expect(handBefore).toEqual([...(room.game?.hands[b.seat] ?? [])].sort());

  // 1. Drop without consent, come straight back with the reconnection token.
  const token = b.token;
  const reconnectionToken = b.room.reconnectionToken;
  await b.room.leave(false);
  await until(() => a.room.state.players[seatBefore]?.connected === false, 5_000, 'seen away');
  expect(a.room.state.players[seatBefore]?.standIn).toBe(false);
  const back = (await new Client(srv.endpoint).reconnect(reconnectionToken)) as typeof b.room;
  wrap(back, 'Ben', b);
  await until(() => a.room.state.players[seatBefore]?.connected === true, 5_000, 'seen back');
  await until(() => handOf(b).length > 0);
  expect(b.room.state.players[seatBefore]?.name).toBe('Ben');
  expect(handOf(b)).toEqual([...(room.game?.hands[seatBefore] ?? [])].sort());
  expect(b.room.state.table.length).toBeGreaterThan(0);

  // 2. Drop again and stay away past the grace time: the bot plays the seat on.
  const runs = [a, c].map((p) => autoplay(p, (v) => chooseAction('heuristic', v, Math.random), 150));
  await b.room.leave(false);
  const botMovesBefore = room.attempts.filter(
    (x) => x.source === 'bot' && 'seat' in x.action && x.action.seat === seatBefore,
  ).length;
  await sleep(5_600);
  expect(a.room.state.players[seatBefore]?.occupied).toBe(true);
  expect(a.room.state.players[seatBefore]?.connected).toBe(false);
  await until(
    () =>
      room.attempts.filter((x) => x.source === 'bot' && 'seat' in x.action && x.action.seat === seatBefore).length >
      botMovesBefore,
    10_000,
    'the bot to play for Ben',
  );
  expect(readLog(a.room.state).some((l) => l.kind === 'botTookOver' && l.seat === seatBefore)).toBe(true);
  // Everyone sees that the bot stands in (within the grace it was only 'offline').
  await until(() => a.room.state.players[seatBefore]?.standIn === true, 5_000, 'the stand-in shown');

  // 3. Reclaim with the seat token from a fresh connection (another tab or device).
  const fresh = await join(srv.endpoint, id, { name: 'Ben again', seatToken: token });
  await until(() => fresh.seat === seatBefore, 5_000, 'same seat');
  expect(fresh.token).toBe(token);
  await until(() => a.room.state.players[seatBefore]?.connected === true);
  expect(room.game?.over).toBe(false);
  expect(a.room.state.players[seatBefore]?.standIn).toBe(false);
  // The others play on meanwhile (a round's refill may deal Ben cards): the client's hand is the
  // server's once the patch that follows a move arrives, not at any instant.
  const serverHand = () => JSON.stringify([...(room.game?.hands[seatBefore] ?? [])].sort());
  await until(() => JSON.stringify(handOf(fresh)) === serverHand(), 5_000, 'the hand the server holds');
  {
    // The person has the seat again: the bot stops playing it (clocks aside).
    const botNow = room.attempts.filter(
      (x) => x.source === 'bot' && 'seat' in x.action && x.action.seat === seatBefore,
    ).length;
    await sleep(500);
    const botLater = room.attempts.filter(
      (x) => x.source === 'bot' && 'seat' in x.action && x.action.seat === seatBefore,
    ).length;
    expect(botLater).toBe(botNow);
  }
  expect(fresh.room.state.players[seatBefore]?.name).toBe('Ben');
  for (const r of runs) r.stop();
  for (const p of [a, c, fresh]) await p.room.leave();
});

it('the host away past the grace time hands the role on, and has it back on return', async () => {
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 150, clock: 'relaxed', reconnectSeconds: 5 });
  const a = await join(srv.endpoint, id, { name: 'Ann' });
  const b = await join(srv.endpoint, id, { name: 'Ben' });
  const c = await join(srv.endpoint, id, { name: 'Cat' });
  await until(() => [a, b, c].every((p) => p.seat >= 0));
  expect(a.host).toBe(true);
  a.room.send('start', { firstSeat: 0 });
  await until(() => a.room.state.status === 'playing');
  const seat = a.seat;
  const token = a.token;
  await a.room.leave(false);
  await until(() => b.host, 15_000, 'Ben to stand in as host (after the 5 s grace)');
  expect(b.room.state.players[seat]?.host).toBe(false);
  expect(b.room.state.players[b.seat]?.host).toBe(true);

  const back = await join(srv.endpoint, id, { name: 'Ann', seatToken: token });
  await until(() => back.seat === seat && back.host, 5_000, 'Ann host again');
  await until(() => !b.host, 5_000, 'Ben no longer host');
  expect(c.host).toBe(false);
  await until(() => b.room.state.players[seat]?.host === true, 5_000, 'the seat shows its host');
  for (const p of [back, b, c]) await p.room.leave();
});
