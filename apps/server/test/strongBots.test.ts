/**
 * Issue 12: bot seats keep the strength the host picked, and strong bots play a whole game through
 * the worker pool (their searches run off the room's event loop; the room judges their moves like anyone's).
 */
import { describe, expect, it } from 'vitest';
import { sharedBotPool } from '../src/botPool/pool.js';
import { chooseAction } from '../src/bots.js';
import { autoplay, createTable, FAST_ROOM, join, serverRoom, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM });

describe('strong bots at a table', () => {
  it('one person and an easy, a normal and a strong bot finish a game; the strong one searched', async () => {
    const settings = { windowMs: 500, botDelayMs: 20, clock: 'fast' as const };
    const host = await join(srv.endpoint, await createTable(srv.endpoint, settings), { name: 'Host' });
    const id = host.room.roomId;
    await until(() => host.seat >= 0, 5_000, 'seat');
    host.room.send('addBot', { seat: 1, strength: 'easy' });
    host.room.send('addBot', { seat: 2 });
    host.room.send('addBot', { seat: 3, strength: 'normal' });
    host.room.send('botStrength', { seat: 2, strength: 'strong' });
    host.room.send('botStrength', { seat: 3, strength: 'bogus' }); // refused by the schema: stays normal
    await until(() => host.room.state.players[2]?.strength === 'strong', 5_000, 'strengths');
    expect([...host.room.state.players].map((p) => p.strength)).toEqual(['', 'easy', 'strong', 'normal', '']);
    const before = sharedBotPool().counts.search;
    host.room.send('start', {});
    const run = autoplay(host, (v) => chooseAction('heuristic', v, Math.random), 5);
    await until(() => host.room.state.status === 'finished', 120_000, 'game to end');
    run.stop();
    const room = serverRoom(id);
    expect(room.game?.over).toBe(true);
    const bySeat = (seat: number) =>
      room.attempts.filter((a) => a.source === 'bot' && a.code === null && 'seat' in a.action && a.action.seat === seat)
        .length;
    for (const seat of [1, 2, 3]) expect(bySeat(seat), `seat ${seat}`).toBeGreaterThan(5);
    expect(sharedBotPool().counts.search - before).toBeGreaterThan(5);
  }, 180_000);
});
