/**
 * Issue 7, must show 1: after many games (the log has wrapped its ring more than once), a spectator
 * who joins late and a person who reloads and rejoins by seat token decode exactly the state of a
 * spectator who was there from the start, field by field; the person's own hand is the one before.
 */
import type { BlazeState } from '@blaze/protocol/schema';
import { expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import { LOG_MAX } from '../src/room/log.js';
import {
  autoplay,
  createTable,
  FAST_ROOM,
  join,
  lastSeq,
  type Player,
  request,
  sleep,
  until,
  useServer,
  viewFromState,
} from './helpers.js';

// Clocks far away: once the people stop, the table stands still and can be compared.
const SLOW = { attackerMs: 120_000, targetMs: 120_000, betMs: 120_000 };
const srv = useServer({ room: { ...FAST_ROOM, clocks: { relaxed: SLOW, normal: SLOW, fast: SLOW } } });

/** Everything a client decoded, minus the seats' private fields (compared separately). */
function publicOf(s: BlazeState): unknown {
  const json = s.toJSON() as { players: Record<string, unknown>[] };
  json.players = json.players.map(({ hand: _h, betHand: _b, myBet: _m, ...rest }) => rest);
  return json;
}

/** What a stalled game's report shows of the table. */
const STALL_FIELDS = [
  'status',
  'gameNumber',
  'round',
  'betting',
  'active',
  'target',
  'supporter',
  'table',
  'targetPassed',
  'standing',
  'window',
  'deadlines',
] as const;

const handOf = (p: Player) => [...(p.room.state.players[p.seat]?.hand ?? [])];

it('late spectator and token rejoin decode the same state as an early spectator after 6+ games', async () => {
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0, clock: 'normal' });
  const a = await join(srv.endpoint, id, { name: 'Ann' });
  const b = await join(srv.endpoint, id, { name: 'Ben' });
  const c = await join(srv.endpoint, id, { name: 'Cat' });
  const early = await join(srv.endpoint, id, { name: 'Early', spectate: true });
  await until(() => [a, b, c].every((p) => p.seat >= 0), 5_000, 'seats');
  const people = [a, b, c];
  const decide = (v: Parameters<typeof chooseAction>[1]) => chooseAction('heuristic', v, Math.random);
  let runs = people.map((p) => autoplay(p, decide, 0));
  // A game that does not end says what the table waits for and what each person would do.
  const stalled = async (what: string, cond: () => boolean, ms: number) => {
    try {
      await until(cond, ms, what);
    } catch (e) {
      const s = early.room.state;
      const pick = (st: BlazeState) => {
        const json = st.toJSON() as Record<string, unknown>;
        return Object.fromEntries(STALL_FIELDS.map((k) => [k, json[k]]));
      };
      const each = people.map((p) => {
        const v = p.seat >= 0 ? viewFromState(p.room.state, p.seat) : null;
        const own = p.room.state;
        const link = p.room.connection.isOpen ? 'open' : `closed (${p.closedWith})`;
        return `${p.name} (seat ${p.seat}, socket ${link}, sees game ${own.gameNumber} ${own.status} at line ${lastSeq(own)}): would ${JSON.stringify(v && decide(v))}; hand ${JSON.stringify(v?.hand)}; last errors ${JSON.stringify(p.errors.slice(-3))}`;
      });
      throw new Error(
        `${(e as Error).message}\nearly spectator: socket ${early.room.connection.isOpen ? 'open' : 'closed'}, line ${lastSeq(s)}\ntable: ${JSON.stringify(pick(s))}\nlog: ${JSON.stringify([...s.log].sort().slice(-6))}\n${each.join('\n')}`,
      );
    }
  };
  a.room.send('start', {});
  for (let g = 1; g <= 6; g++) {
    await stalled(
      `game ${g}`,
      () => early.room.state.gameNumber === g && early.room.state.status === 'finished',
      60_000,
    );
    for (const p of [a, b, c]) p.room.send('chat', { text: `gg ${g} from ${p.name}` });
    await request(a, 'rematch', {}, () => a.room.state.gameNumber === g + 1);
  }
  // Game 7 runs a little, then everybody stops mid-game.
  await until(
    () => lastSeq(early.room.state) > 7 * 10 && early.room.state.table.length > 0,
    30_000,
    'game 7 under way',
  );
  for (const r of runs) r.stop();
  runs = [];
  await sleep(800);
  const s = early.room.state;
  expect(s.status).toBe('playing');
  expect(lastSeq(s)).toBeGreaterThan(2 * LOG_MAX);
  expect(s.log.length).toBe(LOG_MAX);

  const handBefore = handOf(b);
  expect(handBefore.length).toBeGreaterThan(0);
  const seatBefore = b.seat;
  // A reload: the socket drops without consent, the page comes back with the seat token.
  await b.room.leave(false);
  await until(() => s.players[seatBefore]?.connected === false, 5_000, 'seen away');
  const back = await join(srv.endpoint, id, { name: 'Ben', seatToken: b.token });
  const late = await join(srv.endpoint, id, { name: 'Late', spectate: true });
  await until(() => back.seat === seatBefore && s.players[seatBefore]?.connected === true, 5_000, 'Ben back');
  await sleep(300);
  console.log(`full state for a late spectator: ${late.frames.reduce((m, f) => Math.max(m, f.length), 0)} bytes`);

  // Nothing moved meanwhile (no bot played for Ben during his grace), so all decode the same table.
  expect(publicOf(late.room.state)).toEqual(publicOf(s));
  expect(publicOf(back.room.state)).toEqual(publicOf(s));
  expect(publicOf(a.room.state)).toEqual(publicOf(s));
  expect(handOf(back)).toEqual(handBefore);
  // A spectator sees no hand at all; the rejoined person only their own.
  for (const slot of late.room.state.players) expect(slot.hand?.length ?? 0).toBe(0);
  back.room.state.players.forEach((slot, i) => {
    if (i !== seatBefore) expect(slot.hand?.length ?? 0).toBe(0);
  });
  // And they stay equal as play goes on: finish game 7 with everyone, Ben from his new socket.
  runs = [a, back, c].map((p) => autoplay(p, decide, 0));
  await stalled('game 7 to end', () => s.gameNumber === 7 && s.status === 'finished', 60_000);
  for (const r of runs) r.stop();
  await sleep(300);
  expect(publicOf(late.room.state)).toEqual(publicOf(s));
  expect(publicOf(back.room.state)).toEqual(publicOf(s));
  expect(s.results.length).toBe(7);
  for (const p of [a, back, c, early, late]) await p.room.leave();
});
