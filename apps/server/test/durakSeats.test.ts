/**
 * A Durak table's seats and scoreboard after its games, as Blaze's (issue 37 item 3): someone who
 * leaves or drops for good during a game is played by a stand-in bot, and their seat is free once
 * the game ends (gameFlow.ts releaseDeparted for Blaze, table/afterGame.ts here); the evening's
 * scoreboard counts each seat's losses (who was the durak) across games.
 */
import type { State } from '@blaze/durak';
import { expect, it } from 'vitest';
import { sharedBotPool } from '../src/botPool/pool.js';
import { genericGame } from '../src/table/generic.js';
import { playDurak } from './durakClient.js';
import { adaAndTwoStrongBots, FAST_ROOM, join, type Player, serverRoom, until, useServer } from './helpers.js';

// Short clocks: people who never move are played by their clocks, so a game ends by itself.
const QUICK = { attackerMs: 60, targetMs: 60, betMs: 60 };
const srv = useServer({
  room: { ...FAST_ROOM, clocks: { ...FAST_ROOM.clocks, fast: QUICK }, autoDelayMs: [10, 30] },
});

async function createDurak(settings: object): Promise<string> {
  const res = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'durak', settings: { botDelayMs: 5, clock: 'fast', ...settings } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function startAndFinish(host: Player, type: 'start' | 'rematch', game: number): Promise<void> {
  host.room.send(type, {});
  await until(() => host.room.state.gameNumber === game, 10_000, `${type} ${game}`);
  await until(() => host.room.state.status === 'finished', 60_000, `game ${game} over`);
}

for (const how of ['leaves', 'drops and stays away'] as const) {
  it(`one who ${how} during a Durak game is stood in for, and the seat is free after it`, async () => {
    const id = await createDurak({ players: 3, reconnectSeconds: 5 });
    const ada = await join(srv.endpoint, id, { name: 'Ada' });
    const bob = await join(srv.endpoint, id, { name: 'Bob' });
    const cy = await join(srv.endpoint, id, { name: 'Cy' });
    await until(() => cy.seat === 2, 5_000, 'seated');
    ada.room.send('start', {});
    await until(() => ada.room.state.status === 'playing', 5_000, 'playing');
    await bob.room.leave(how === 'leaves');
    await until(() => ada.room.state.players[1]?.standIn === true, 10_000, 'a stand-in for Bob');
    // Ada and Cy play: two seats left to their clocks can go round for ever (see playDurak).
    const plays = [ada, cy].map((p) => playDurak(p));
    // A whole game played by Ada, Cy and the stand-in (the strongest bot, which searches): 7-15 s alone,
    // past 60 s once when CI ran the other unit projects beside it, past 150 s once on a slow CI machine
    // (stop 50: the server's units took 294 s, not 196): the server, its record and three clients share
    // this test's thread, and the stand-in's searches run in the bot pool's lowest-priority thread, whose
    // answer a saturated machine can hold back to the pool's 500 ms limit before the normal bot answers.
    // What this guards is the seat, not the game's speed.
    try {
      await until(() => ada.room.state.status === 'finished', 270_000, 'the game over');
    } finally {
      for (const run of plays) run.stop();
    }
    // Was: Bob's seat stayed taken by nobody until the next start closed it up.
    // (one who dropped keeps it while their grace runs, as at Blaze's table)
    await until(() => ada.room.state.players[1]?.occupied === false, 10_000, "Bob's seat free");
    expect(ada.room.state.players.map((p) => p.name).slice(0, 3)).toEqual(['Ada', '', 'Cy']);
    expect(serverRoom(id).seating.people.has(bob.token)).toBe(false);
    for (const p of [ada, cy]) await p.room.leave();
  }, 320_000);
}

it("the scoreboard keeps each seat's losses (who was the durak) across the evening's games", async () => {
  const id = await createDurak({ players: 3 });
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  await until(() => ada.seat === 0, 5_000, 'seated');
  const room = serverRoom(id);
  const losses = new Map<string, number>();
  for (let game = 1; game <= 3; game++) {
    await startAndFinish(ada, game === 1 ? 'start' : 'rematch', game);
    const end = genericGame(room)?.state as State;
    expect(end.over).toBe(true);
    for (let seat = 0; seat < end.players; seat++) {
      const name = room.seating.nameAt(seat);
      losses.set(name, (losses.get(name) ?? 0) + (end.losers.includes(seat) ? 1 : 0));
    }
  }
  await until(() => ada.room.state.scoreboard.length === 3, 5_000, 'the scoreboard');
  const shown = new Map(ada.room.state.scoreboard.map((r) => [r.name, { games: r.games, points: r.points }]));
  for (const [name, n] of losses) expect(shown.get(name), name).toEqual({ games: 3, points: n });
  // One durak a game at most (none when everyone went out together).
  expect([...losses.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3);
  await ada.room.leave();
}, 120_000);

it("a strong bot's search runs in the bot pool's threads, not on the event loop every table shares", async () => {
  const id = await createDurak({ players: 3 });
  const { ada, before } = await adaAndTwoStrongBots(srv.endpoint, id);
  // Ada never moves: her clock plays her, the two strong bots search.
  await startAndFinish(ada, 'start', 1);
  const after = sharedBotPool().counts;
  expect(after.search - before.search).toBeGreaterThan(5);
  expect(after.error - before.error).toBe(0);
  await ada.room.leave();
}, 120_000);
