/**
 * R5.5: a table never stalls. Three people who never act: the clocks open for the idle active
 * player (the bot's choice), pass for the idle target, stand for idle attackers; deadlines are in
 * the state while they run, and every clock move goes through the rules like any other.
 */

import { readDeadlines, readLog } from '@blaze/protocol/wire';
import { expect, it } from 'vitest';
import { createTable, FAST_ROOM, join, serverRoom, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM });

it('idle attacker stands, idle target passes, idle opener is opened for; deadlines shown', async () => {
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0, clock: 'fast', firstPlayer: 0 });
  const a = await join(srv.endpoint, id, { name: 'A' });
  const b = await join(srv.endpoint, id, { name: 'B' });
  const c = await join(srv.endpoint, id, { name: 'C' });
  await until(() => c.seat === 2);
  a.room.send('start', {});
  await until(() => a.room.state.status === 'playing');
  // The opener's deadline is public, with an epoch time in the near future.
  await until(() => readDeadlines(a.room.state).length > 0);
  const d = readDeadlines(a.room.state)[0];
  expect(d?.kind).toBe('attacker');
  expect(d?.seat).toBe(0);
  expect(d?.at).toBeGreaterThan(Date.now());
  expect(d?.at).toBeLessThan(Date.now() + 1_000);
  const kinds = () =>
    new Set(
      readLog(a.room.state)
        .filter((l) => l.kind === 'timedOut')
        .map((l) => l.text),
    );
  await until(() => readLog(a.room.state).some((l) => l.kind === 'took'), 15_000, 'a challenge ended by the clocks');
  expect(kinds().has('attacker')).toBe(true);
  expect(kinds().has('target')).toBe(true);
  expect(readLog(a.room.state).some((l) => l.kind === 'passed')).toBe(true);
  const room = serverRoom(id);
  expect(room.attempts.every((x) => x.source === 'clock')).toBe(true);
  expect(room.attempts.some((x) => x.code === null)).toBe(true);
  for (const p of [a, b, c]) await p.room.leave();
});
