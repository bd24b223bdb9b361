/**
 * Issue #40, finding 7: a seated person who leaves mid-game (the page's Home, a closed tab once
 * its grace has passed) is played by a stand-in bot at the bot's pace, not waited for on the whole
 * clock at each of their turns; their token gives them the seat back.
 */
import { readLog } from '@blaze/protocol/wire';
import { expect, it } from 'vitest';
import { createTable, FAST_ROOM, join, SLOW, serverRoom, until, useServer } from './helpers.js';

// A minute a turn: anything done for the leaver within seconds is the stand-in, never the clock.
const srv = useServer({ room: { ...FAST_ROOM, clocks: { relaxed: SLOW, normal: SLOW, fast: SLOW } } });

for (const how of ['leaves', 'drops and stays away'] as const) {
  it(`a person who ${how} is played by a stand-in bot, and takes the seat back by token`, async () => {
    const id = await createTable(srv.endpoint, { botDelayMs: 0, clock: 'normal', firstPlayer: 0, reconnectSeconds: 5 });
    const a = await join(srv.endpoint, id, { name: 'Ann' });
    const b = await join(srv.endpoint, id, { name: 'Ben' });
    const c = await join(srv.endpoint, id, { name: 'Cat' });
    await until(() => c.seat === 2);
    a.room.send('start', {});
    await until(() => a.room.state.status === 'playing');
    const room = serverRoom(id);
    // Ann, the opener, goes: her opening is the table's next move.
    const token = a.token;
    await a.room.leave(how === 'leaves');
    await until(() => b.room.state.players[0]?.connected === false, 5_000, 'seen away');
    const forAnn = () => room.attempts.filter((x) => 'seat' in x.action && x.action.seat === 0 && x.code === null);
    await until(() => forAnn().length > 0, 15_000, 'someone to open for Ann');
    expect(forAnn()[0]?.source).toBe('bot');
    expect(b.room.state.players[0]?.standIn).toBe(true);
    expect(readLog(b.room.state).some((l) => l.kind === 'botTookOver' && l.seat === 0)).toBe(true);
    expect(readLog(b.room.state).some((l) => l.kind === 'timedOut')).toBe(false);
    // Back by token: her seat and hand, and the stand-in stops.
    const back = await join(srv.endpoint, id, { name: 'Ann', seatToken: token });
    await until(() => back.seat === 0 && b.room.state.players[0]?.standIn === false, 5_000, 'Ann back');
    expect([...(back.room.state.players[0]?.hand ?? [])].sort()).toEqual([...(room.game?.hands[0] ?? [])].sort());
    for (const p of [back, b, c]) await p.room.leave();
  });
}
