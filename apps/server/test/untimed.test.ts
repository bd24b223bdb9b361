/**
 * Issue #40, finding 2: friends may play with no clock. On an untimed table nobody's clock runs,
 * however long they think; bots still pace themselves, and the take-back window still closes on
 * its own timer (R5.4 a), since that is a table timer and not anyone's clock (R5.5).
 */

import { readDeadlines, readLog } from '@blaze/protocol/wire';
import { type CardId, cardsFor } from '@blaze/rules';
import { matchMaker } from '@colyseus/core';
import { expect, it } from 'vitest';
import { createTable, FAST_ROOM, join, serverRoom, sleep, until, useServer } from './helpers.js';

/** Every speed times out in 300 ms: if any clock ran, someone would time out many times below. */
const QUICK = { attackerMs: 300, targetMs: 300, betMs: 300 };
const srv = useServer({
  room: { ...FAST_ROOM, allowFixedDeck: true, clocks: { relaxed: QUICK, normal: QUICK, fast: QUICK } },
});

/** 3 players, seat 0 starts: active 0, target 1, supporter 2 (R3.3); the supporter holds fives. */
function fixedDeck(): CardId[] {
  const hands: CardId[] = [
    ...['r5a', 'y5a', 'b5a', 'r9a', 'y9a'],
    ...['r2a', 'y2a', 'r7a', 'r3a', 'y3a'],
    ...['r5b', 'y5b', 'b5b', 'r8a', 'y8a'],
  ];
  const trump = 'b9b';
  return [...hands, trump, ...cardsFor(3).filter((c) => !hands.includes(c) && c !== trump)];
}

const timedOut = (p: { room: { state: Parameters<typeof readLog>[0] } }) =>
  readLog(p.room.state).filter((l) => l.kind === 'timedOut');

it('an untimed table times nobody out, and its take-back window still closes', async () => {
  const listing = await matchMaker.createRoom('blaze', {
    deck: fixedDeck(),
    settings: { windowMs: 500, botDelayMs: 0, clock: 'off', firstPlayer: 0 },
  });
  const id = listing.roomId;
  const active = await join(srv.endpoint, id, { name: 'Active' });
  const target = await join(srv.endpoint, id, { name: 'Target' });
  const supporter = await join(srv.endpoint, id, { name: 'Supporter' });
  await until(() => supporter.seat === 2 && active.host);
  expect(active.room.state.settings.clock).toBe('off');
  active.room.send('start', {});
  await until(() => active.room.state.status === 'playing');
  // The opener thinks for many times the clock: no deadline, nothing done for them.
  await sleep(1_500);
  expect(readDeadlines(active.room.state)).toEqual([]);
  expect(timedOut(active)).toEqual([]);
  expect(active.room.state.table.length).toBe(0);

  active.room.send('play', { cards: ['r5a', 'y5a'] });
  await until(() => supporter.room.state.table.length === 2);
  supporter.room.send('play', { cards: ['r5b', 'y5b', 'b5b'] });
  await until(() => active.room.state.window !== undefined, 5_000, 'the window opened');
  // The window is the only clock on the table, and it closes by itself (R5.4 a).
  expect(readDeadlines(active.room.state).map((d) => d.kind)).toEqual(['window']);
  await until(() => active.room.state.window === undefined, 5_000, 'the window closed on its timer');
  expect(readLog(active.room.state).some((l) => l.kind === 'windowClosed')).toBe(true);
  // The target facing five cards, and both attackers, think on: nobody is timed out.
  await sleep(1_500);
  expect(timedOut(active)).toEqual([]);
  expect(readDeadlines(active.room.state)).toEqual([]);
  expect(target.room.state.targetPassed).toBe(false);
  const clockMoves = serverRoom(id).attempts.filter((x) => x.source === 'clock');
  expect(clockMoves.map((x) => x.action.type)).toEqual(['closeWindow']);
  for (const p of [active, target, supporter]) await p.room.leave();
});

it('bots at an untimed table still play at their own pace', async () => {
  const id = await createTable(srv.endpoint, { botDelayMs: 0, clock: 'off', firstPlayer: 0 });
  const host = await join(srv.endpoint, id, { name: 'Host' });
  await until(() => host.host);
  for (const seat of [1, 2]) host.room.send('addBot', { seat });
  await until(() => host.room.state.players.filter((p) => p.occupied).length === 3);
  host.room.send('start', {});
  await until(() => host.room.state.status === 'playing');
  const card = [...(host.room.state.players[0]?.hand ?? [])][0] as string;
  host.room.send('play', { cards: [card] });
  // The bot target answers by itself (reject or pass), with no clock behind it.
  await until(
    () => readLog(host.room.state).some((l) => (l.kind === 'rejected' || l.kind === 'passed') && l.seat === 1),
    10_000,
    'the bot answered',
  );
  expect(timedOut(host)).toEqual([]);
  await host.room.leave();
});
