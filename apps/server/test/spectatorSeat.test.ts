/**
 * Issue 10: a spectator is offered the free seats. Sitting from the spectators works in the lobby and
 * between games, and is refused with a clear code when the seat is taken or a game runs. The join
 * screen's card (GET /api/tables/:id) names the host and who sits, and holds nothing secret.
 */
import { type TableCard, tableCard, tableLookup } from '@blaze/protocol';
import { readLog } from '@blaze/protocol/wire';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import {
  autoplay,
  createTable,
  FAST_ROOM,
  join,
  nextError,
  type Player,
  request,
  until,
  useServer,
} from './helpers.js';

const srv = useServer({ room: FAST_ROOM });

async function expectRefused(p: Player, send: () => void, code: string): Promise<void> {
  const from = p.errors.length;
  send();
  const e = await nextError(p, from);
  expect(e.code, JSON.stringify(e)).toBe(code);
}

async function card(id: string): Promise<{ status: number; body: unknown; text: string }> {
  const res = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables/${id}`);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown, text };
}

describe('spectators take seats', () => {
  it('a spectator sits in a free seat in the lobby; a taken seat and a running game are refused', async () => {
    const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0, firstPlayer: 0 });
    const host = await join(srv.endpoint, id, { name: 'Hanna' });
    await until(() => host.seat === 0 && host.host);
    host.room.send('addBot', { seat: 1 });
    const watcher = await join(srv.endpoint, id, { name: 'Wim', spectate: true });
    await until(() => watcher.token !== '' && host.room.state.spectators === 1);
    expect(watcher.seat).toBe(-1);

    // The join screen's card: host and who sits, by name; no token anywhere in it.
    await until(() => host.room.state.players[1]?.bot === true);
    const c = await card(id);
    expect(c.status).toBe(200);
    const parsed = tableCard.parse(c.body) satisfies TableCard;
    expect(parsed.host).toBe('Hanna');
    expect(parsed.seats).toEqual([
      { seat: 0, name: 'Hanna', bot: false, host: true },
      { seat: 1, name: 'Bot 1', bot: true, host: false },
    ]);
    expect(parsed.free).toBe(3);
    expect(parsed.spectators).toBe(1);
    expect(c.text).not.toContain(host.token);
    expect(c.text).not.toContain(watcher.token);

    await expectRefused(watcher, () => watcher.room.send('sit', { seat: 1 }), 'SEAT_TAKEN');
    await expectRefused(watcher, () => watcher.room.send('sit', { seat: 0 }), 'SEAT_TAKEN');
    watcher.room.send('sit', { seat: 3 });
    await until(() => watcher.seat === 3, 5_000, 'the spectator seated');
    await until(() => host.room.state.spectators === 0 && host.room.state.players[3]?.name === 'Wim');
    const after = tableCard.parse((await card(id)).body);
    expect(after.seats.map((s) => s.name)).toEqual(['Hanna', 'Bot 1', 'Wim']);
    expect(after.spectators).toBe(0);

    // A game runs: a late spectator cannot sit, even in a free seat.
    host.room.send('start', {});
    await until(() => host.room.state.status === 'playing');
    const late = await join(srv.endpoint, id, { name: 'Lea', spectate: true });
    await until(() => late.token !== '');
    expect(late.seat).toBe(-1);
    await expectRefused(late, () => late.room.send('sit', { seat: 4 }), 'GAME_RUNNING');
    expect(tableCard.parse((await card(id)).body).status).toBe('playing');
    for (const p of [late, watcher, host]) await p.room.leave();
  });

  it('between games a spectator sits, and the rematch deals them in', async () => {
    const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0, firstPlayer: 0 });
    const host = await join(srv.endpoint, id, { name: 'Host' });
    await until(() => host.seat === 0);
    for (const seat of [1, 2]) host.room.send('addBot', { seat });
    await until(() => host.room.state.players[2]?.bot === true);
    host.room.send('start', {});
    await until(() => host.room.state.status === 'playing');
    const watcher = await join(srv.endpoint, id, { name: 'Wim', spectate: true });
    await until(() => watcher.token !== '');
    const run = autoplay(host, (v) => chooseAction('heuristic', v, Math.random), 0);
    await until(() => host.room.state.status === 'finished', 120_000, 'the game to finish');
    run.stop();
    watcher.room.send('sit', { seat: 3 });
    await until(() => watcher.seat === 3, 5_000, 'seated between games');
    // The host's autoplay may have just drained its message bucket: press Rematch again if refused.
    await request(host, 'rematch', {}, () => host.room.state.status === 'playing');
    const dealtIn = () => watcher.room.state.status === 'playing' && watcher.room.state.players[3]?.hand.length === 5;
    await until(dealtIn, 20_000, 'the watcher dealt in').catch((e: Error) => {
      const st = watcher.room.state;
      throw new Error(
        `${e.message}: the watcher sees ${st.status}, hand ${st.players[3]?.hand.length}; the host's last errors ${JSON.stringify(host.errors.slice(-3))}`,
      );
    });
    for (const p of [watcher, host]) await p.room.leave();
  }, 150_000);

  it('GET /api/tables/:id: unknown ids are 404, bad ids 400', async () => {
    expect((await card('nonexistent1')).status).toBe(404);
    const bad = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables/${encodeURIComponent('a b')}`);
    expect(bad.status).toBe(400);
  });

  it('GET /api/tables/:id/lookup: the join page learns that a table is gone from a 200, not a 404', async () => {
    const gone = await card('nonexistent1/lookup');
    expect(gone.status).toBe(200);
    expect(tableLookup.parse(gone.body)).toEqual({ exists: false, closed: false });
    const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0 });
    const host = await join(srv.endpoint, id, { name: 'Hanna' });
    await until(() => host.seat === 0);
    const found = await card(`${id}/lookup`);
    expect(found.status).toBe(200);
    // The same card as GET /api/tables/:id gives (whose 404 for others is unchanged, above).
    expect(found.body).toEqual({ exists: true, card: (await card(id)).body });
    expect(tableLookup.parse(found.body).exists).toBe(true);
    expect((await card(`${encodeURIComponent('a b')}/lookup`)).status).toBe(400);
    await host.room.leave();
  });

  it("a spectator's reload is not news: one 'joined', then nothing in the log for leaving and coming back", async () => {
    const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0 });
    const host = await join(srv.endpoint, id, { name: 'Hanna' });
    await until(() => host.seat === 0);
    const sue = await join(srv.endpoint, id, { name: 'Sue', spectate: true });
    await until(() => sue.token !== '' && host.room.state.spectators === 1, 5_000, 'Sue watching');
    const lines = () =>
      readLog(host.room.state)
        .filter((l) => l.text === 'Sue')
        .map((l) => l.kind);
    await until(() => lines().length === 1, 5_000, "Sue's line");
    expect(lines()).toEqual(['joined']);
    await sue.room.leave(false);
    await until(() => host.room.state.spectators === 0, 5_000, 'Sue gone');
    const back = await join(srv.endpoint, id, { name: 'Sue', spectate: true, seatToken: sue.token });
    await until(() => back.token === sue.token && host.room.state.spectators === 1, 5_000, 'Sue back');
    // A seated person's leaving is still said.
    const ben = await join(srv.endpoint, id, { name: 'Ben' });
    await until(() => ben.seat === 1);
    await ben.room.leave(true);
    await until(() => readLog(host.room.state).some((l) => l.kind === 'left' && l.text === 'Ben'), 5_000, 'Ben left');
    expect(lines()).toEqual(['joined']);
    for (const p of [host, back]) await p.room.leave();
  });

  it('a host who watches their bots and reloads finds the table still there, still theirs', async () => {
    const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 100, reconnectSeconds: 30 });
    const host = await join(srv.endpoint, id, { name: 'Hanna' });
    await until(() => host.seat === 0 && host.host);
    for (const seat of [1, 2, 3])
      await request(host, 'addBot', { seat }, () => host.room.state.players[seat]?.bot === true);
    await request(host, 'leave', {}, () => host.seat === -1);
    expect(host.host).toBe(true);
    host.room.send('start', {});
    await until(() => host.room.state.status === 'playing', 5_000, 'the bots to play');
    const token = host.token;
    await host.room.leave(false); // the page reloads: the table's only connection drops
    // Closing an empty table takes a moment: long enough to see it happen (it did, without the grace).
    await new Promise((r) => setTimeout(r, 1500));
    expect((await card(id)).status).toBe(200);
    const back = await join(srv.endpoint, id, { name: 'Hanna', seatToken: token });
    await until(() => back.token === token && back.host, 5_000, 'Hanna back as host');
    expect(back.seat).toBe(-1);
    const moves = back.room.state.log.length;
    await until(() => back.room.state.log.length > moves, 10_000, 'the game to go on');
    // Watching, her going and coming is not in the game's log.
    expect(
      readLog(back.room.state)
        .filter((l) => l.text === 'Hanna')
        .map((l) => l.kind),
    ).toEqual(['joined']);
    await back.room.leave();
  });

  it('watchers who drop hold no places: thirty come and go, and a seated person still gets back in', async () => {
    const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0, reconnectSeconds: 60 });
    const host = await join(srv.endpoint, id, { name: 'Hanna' });
    const ben = await join(srv.endpoint, id, { name: 'Ben' });
    await until(() => host.seat === 0 && ben.seat === 1);
    for (let i = 0; i < 30; i++) {
      const w = await join(srv.endpoint, id, { name: `Watcher ${i}`, spectate: true });
      await until(() => w.token !== '', 5_000, `watcher ${i}`);
      await w.room.leave(false);
    }
    const token = ben.token;
    await ben.room.leave(false);
    const back = await join(srv.endpoint, id, { name: 'Ben', seatToken: token });
    await until(() => back.seat === 1, 5_000, 'Ben back in his seat');
    for (const p of [host, back]) await p.room.leave();
  });
});
