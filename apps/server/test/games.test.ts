/**
 * Must show 1: whole games at 3, 4 and 5 seats, people (colyseus.js clients deciding from their own
 * decoded view) and bots mixed, end with the scores the rules give for the actions played; a table
 * plays a rematch with the same seats and keeps the evening's scoreboard.
 */
import { replay } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import {
  autoplay,
  createTable,
  FAST_ROOM,
  join,
  type Player,
  request,
  serverRoom,
  until,
  useServer,
} from './helpers.js';

const srv = useServer({ room: FAST_ROOM });

async function table(people: number, bots: number) {
  const settings = { windowMs: 500, botDelayMs: 20, clock: 'fast' as const };
  const host = await join(srv.endpoint, await createTable(srv.endpoint, settings), { name: 'Host' });
  const id = host.room.roomId;
  const players: Player[] = [host];
  for (let i = 1; i < people; i++) players.push(await join(srv.endpoint, id, { name: `P${i}` }));
  await until(() => players.every((p) => p.seat >= 0), 5_000, 'seats');
  for (let b = 0; b < bots; b++) host.room.send('addBot', { seat: people + b });
  await until(() => host.room.state.players.filter((s) => s.occupied).length === people + bots, 5_000, 'bots');
  return { id, host, players };
}

async function playToEnd(id: string, players: Player[], gameNumber: number) {
  const runs = players.map((p, i) =>
    autoplay(p, (v) => chooseAction(i % 2 === 0 ? 'heuristic' : 'random', v, Math.random), 5),
  );
  await until(
    () => players.every((p) => p.room.state.gameNumber === gameNumber && p.room.state.status === 'finished'),
    50_000,
    `game ${gameNumber} to end`,
  );
  for (const r of runs) r.stop();
  const room = serverRoom(id);
  const game = room.game;
  expect(game?.over).toBe(true);
  // The scores on the wire are the rules' scores for exactly the actions the room accepted.
  const again = replay(room.gameOptions as never, room.journal);
  expect(again.ok).toBe(true);
  if (!again.ok || !game) return;
  expect(again.state).toEqual(game);
  for (const p of players) {
    const s = p.room.state;
    expect([...s.scores]).toEqual(game.scores);
    expect(s.winner).toBe(game.winner);
    expect(s.over).toBe(true);
    // The person's own hand arrived (and it is theirs): their decoded hand is the rules' hand.
    expect([...(s.players[p.seat]?.hand ?? [])].sort()).toEqual([...(game.hands[p.seat] ?? [])].sort());
  }
  // People really played through their sockets, not only the clocks for them.
  const byPeople = room.attempts.filter((a) => a.source === 'person' && a.code === null).length;
  expect(byPeople).toBeGreaterThan(10);
  // Every card of the game is somewhere: hands, discard, decks, box, table (R1, R2.1).
  const total =
    game.hands.flat().length +
    game.discard.length +
    game.deck.length +
    game.deck2.length +
    game.box.length +
    game.table.reduce((n, e) => n + 1 + (e.rejection ? 1 : 0), 0);
  expect(total).toBe(60);
  return game;
}

describe('whole games through real websockets', () => {
  it('3 seats: 2 people + 1 bot, then a rematch with the same seats and a running scoreboard', async () => {
    const { id, host, players } = await table(2, 1);
    const seatsBefore = host.room.state.players.map((s) => s.name);
    host.room.send('start', {});
    const g1 = await playToEnd(id, players, 1);
    await request(host, 'rematch', {}, () => host.room.state.gameNumber === 2);
    expect(host.room.state.players.map((s) => s.name)).toEqual(seatsBefore);
    const g2 = await playToEnd(id, players, 2);
    const s = host.room.state;
    expect(s.results.length).toBe(2);
    expect([...(s.results[0]?.scores ?? [])]).toEqual(g1?.scores);
    expect([...(s.results[1]?.scores ?? [])]).toEqual(g2?.scores);
    for (const row of s.scoreboard) {
      expect(row.games).toBe(2);
      const seat = seatsBefore.indexOf(row.name);
      expect(row.points).toBe((g1?.scores[seat] ?? 0) + (g2?.scores[seat] ?? 0));
    }
    expect(s.scoreboard.reduce((n, r) => n + r.wins, 0)).toBe(2);
    for (const p of players) await p.room.leave();
  });

  it('4 seats: 3 people + 1 bot', async () => {
    const { id, host, players } = await table(3, 1);
    host.room.send('start', { firstSeat: 2 });
    await until(() => host.room.state.status === 'playing');
    expect(host.room.state.active).toBe(2);
    await playToEnd(id, players, 1);
    for (const p of players) await p.room.leave();
  });

  it('5 seats: 2 people + 3 bots', async () => {
    const { id, host, players } = await table(2, 3);
    host.room.send('start', {});
    await playToEnd(id, players, 1);
    for (const p of players) await p.room.leave();
  });
});
