/**
 * Issue 7, must show 2: the target reloads with a legal rejection in hand. While their reconnection
 * grace is open nobody plays for them before their own clock's deadline; the clock then passes for
 * them and says so in the log (naming the clock); no bot takes the seat; the token gives it back.
 */

import { readDeadlines, readLog } from '@blaze/protocol/wire';
import { legalActions } from '@blaze/rules';
import { expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import {
  createTable,
  FAST_ROOM,
  join,
  type Player,
  serverRoom,
  sleep,
  until,
  useServer,
  viewFromState,
} from './helpers.js';

const TARGET_MS = 2_500;
const CLOCK = { attackerMs: 20_000, targetMs: TARGET_MS, betMs: 20_000 };
const srv = useServer({ room: { ...FAST_ROOM, clocks: { relaxed: CLOCK, normal: CLOCK, fast: CLOCK } } });

/** A table where Ann has opened against Ben and Ben could reject. */
async function challengeWithRejection(): Promise<{ id: string; a: Player; b: Player; c: Player } | null> {
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0, clock: 'normal', reconnectSeconds: 30 });
  const a = await join(srv.endpoint, id, { name: 'Ann' });
  const b = await join(srv.endpoint, id, { name: 'Ben' });
  const c = await join(srv.endpoint, id, { name: 'Cat' });
  await until(() => [a, b, c].every((p) => p.seat >= 0), 5_000, 'seats');
  a.room.send('start', { firstSeat: 0 });
  await until(() => a.room.state.status === 'playing', 5_000, 'start');
  const open = chooseAction('heuristic', viewFromState(a.room.state, 0), Math.random);
  if (open?.type !== 'play') return null;
  a.room.send('play', { cards: open.cards });
  await until(() => b.room.state.table.length > 0, 5_000, 'challenge open');
  const game = serverRoom(id).game;
  if (!game || game.target !== b.seat) return null;
  if (legalActions(game, b.seat).some((x) => x.type === 'reject')) return { id, a, b, c };
  for (const p of [a, b, c]) await p.room.leave();
  return null;
}

it('a reload during your turn keeps it: only your clock acts, after its deadline, and says so', async () => {
  let t = await challengeWithRejection();
  for (let i = 0; i < 10 && t === null; i++) t = await challengeWithRejection();
  if (t === null) throw new Error('no deal gave the target a rejection in 11 tries');
  const { id, a, b, c } = t;
  const room = serverRoom(id);
  const seat = b.seat;
  const token = b.token;
  const handBefore = [...(b.room.state.players[seat]?.hand ?? [])].sort();
  const forBen = () => room.attempts.filter((x) => 'seat' in x.action && x.action.seat === seat);
  expect(forBen().length).toBe(0);

  await b.room.leave(false); // the page reloads: the socket drops without consent
  await until(() => a.room.state.players[seat]?.connected === false, 5_000, 'seen away');
  const deadline = readDeadlines(a.room.state).find((d) => d.kind === 'target' && d.seat === seat)?.at ?? 0;
  expect(deadline).toBeGreaterThan(Date.now() + TARGET_MS - 1_000);

  // Until the deadline: nothing for Ben from anyone (bot or clock), and no bot takes his seat.
  while (Date.now() < deadline - 100) {
    expect(forBen()).toEqual([]);
    await sleep(50);
  }
  await until(() => forBen().length > 0, 3_000, 'the clock to act for Ben');
  const first = forBen()[0];
  expect(first?.source).toBe('clock');
  expect(first?.action.type).toBe('pass');
  // The room clock ticks at the patch rate, so a timer fires within one tick of the shown deadline.
  expect(Date.now()).toBeGreaterThanOrEqual(deadline - 50);
  const timedOut = () => readLog(a.room.state).find((l) => l.kind === 'timedOut' && l.seat === seat);
  await until(() => timedOut() !== undefined, 2_000, 'the clock line in the log');
  const line = timedOut();
  expect(line?.text).toBe('target');
  expect(readLog(a.room.state).some((l) => l.kind === 'botTookOver')).toBe(false);
  expect(room.attempts.some((x) => x.source === 'bot')).toBe(false);

  // The token gives the seat back, hand and all (Ben took the challenge's cards when he passed).
  const back = await join(srv.endpoint, id, { name: 'Ben', seatToken: token });
  await until(() => back.seat === seat && (back.room.state.players[seat]?.hand.length ?? 0) > 0, 5_000, 'Ben back');
  const handNow = [...(back.room.state.players[seat]?.hand ?? [])].sort();
  expect(handNow).toEqual([...(room.game?.hands[seat] ?? [])].sort());
  expect(handNow.length).toBeGreaterThanOrEqual(handBefore.length);
  for (const p of [a, back, c]) await p.room.leave();
});
