/**
 * Must show 3 (R5): the target, the active player and the supporter send in the same instant, many
 * times. The room must judge every action against the state it meets, in arrival order (R5.1): so
 * re-running the rules over the room's arrival log gives exactly its verdicts and its state. The
 * active player's priority take-back (R5.3) and the window timer (R5.4) are shown on a fixed deck.
 */

import { readDeadlines, readLog, readTable } from '@blaze/protocol/wire';
import { applyAction, type CardId, cardsFor, createGame, type GameState } from '@blaze/rules';
import { matchMaker } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import type { TableRoom } from '../src/room/TableRoom.js';
import {
  autoplay,
  createTable,
  FAST_ROOM,
  join,
  type Player,
  request,
  serverRoom,
  sleep,
  until,
  useServer,
} from './helpers.js';

// Zero-delay robots answer every patch at once, far faster than a person: the per-person rate limit
// (abuse.test.ts covers it) would drop them, and this file is about arrival order, not rates.
const srv = useServer({
  room: { ...FAST_ROOM, allowFixedDeck: true, bucket: { capacity: 10_000, refillPerSecond: 10_000 } },
});

/** R5.1 check: the rules, run over the room's arrival log, give the same verdicts and the same state. */
function verifyArrivalOrder(room: TableRoom): { accepted: number; refused: number } {
  expect(room.gameOptions).not.toBeNull();
  let state: GameState = createGame(room.gameOptions as never);
  let accepted = 0;
  let refused = 0;
  for (const a of room.attempts) {
    const r = applyAction(state, a.action);
    expect(r.ok ? null : r.error.code).toBe(a.code);
    if (r.ok) {
      state = r.state;
      accepted++;
    } else refused++;
  }
  expect(state).toEqual(room.game);
  return { accepted, refused };
}

function cardCount(g: GameState): number {
  return (
    g.hands.flat().length +
    g.discard.length +
    g.deck.length +
    g.deck2.length +
    g.box.length +
    g.table.reduce((n, e) => n + 1 + (e.rejection ? 1 : 0), 0)
  );
}

/** 3 players, seat 0 starts: active 0, target 1, supporter 2, limit 5 (R3.3, R4.4). */
function fixedDeck(): CardId[] {
  const hands: CardId[] = [
    ...['r5a', 'y5a', 'b5a', 'r9a', 'y9a'],
    ...['r2a', 'y2a', 'r7a', 'r3a', 'y3a'],
    ...['r5b', 'y5b', 'b5b', 'r8a', 'y8a'],
  ];
  const trump = 'b9b';
  const rest = cardsFor(3).filter((c) => !hands.includes(c) && c !== trump);
  return [...hands, trump, ...rest];
}

async function fixedTable(): Promise<{ id: string; active: Player; target: Player; supporter: Player }> {
  const listing = await matchMaker.createRoom('blaze', {
    deck: fixedDeck(),
    settings: { windowMs: 500, botDelayMs: 0, clock: 'relaxed', firstPlayer: 0 },
  });
  const id = listing.roomId;
  const active = await join(srv.endpoint, id, { name: 'Active' });
  const target = await join(srv.endpoint, id, { name: 'Target' });
  const supporter = await join(srv.endpoint, id, { name: 'Supporter' });
  await until(() => supporter.seat === 2 && active.host);
  active.room.send('start', {});
  await until(() => [active, target, supporter].every((p) => p.room.state.status === 'playing'));
  expect(active.room.state.active).toBe(0);
  expect(active.room.state.target).toBe(1);
  expect(active.room.state.supporter).toBe(2);
  return { id, active, target, supporter };
}

const tableIds = (p: Player) => readTable(p.room.state).map((e) => e.challenge);

describe('concurrency (R5)', () => {
  it('priority take-back: the active player extends past the limit inside the window (R5.3)', async () => {
    const { id, active, supporter } = await fixedTable();
    active.room.send('play', { cards: ['r5a', 'y5a'] });
    await until(() => tableIds(supporter).length === 2);
    supporter.room.send('play', { cards: ['r5b', 'y5b', 'b5b'] });
    await until(() => tableIds(active).length === 5 && active.room.state.window !== undefined);
    active.room.send('play', { cards: ['b5a'] });
    await until(() => tableIds(supporter).includes('b5a'));
    // The last card of the supporter's play goes back first; the window closes (R5.4 b).
    expect(tableIds(supporter)).toEqual(['r5a', 'y5a', 'r5b', 'y5b', 'b5a']);
    expect([...(supporter.room.state.players[2]?.hand ?? [])]).toContain('b5b');
    expect(supporter.room.state.window).toBeUndefined();
    const tookBack = readLog(supporter.room.state).find((l) => l.kind === 'tookBack');
    expect(tookBack?.seat).toBe(2);
    expect([...(tookBack?.cards ?? [])]).toEqual(['b5b']);
    const room = serverRoom(id);
    verifyArrivalOrder(room);
    expect(cardCount(room.game as GameState)).toBe(60);
    for (const p of [active, supporter]) await p.room.leave();
  });

  it('the window closes on its timer, and then the limit simply holds (R5.4 a)', async () => {
    const { id, active, supporter } = await fixedTable();
    active.room.send('play', { cards: ['r5a', 'y5a'] });
    await until(() => tableIds(supporter).length === 2);
    supporter.room.send('play', { cards: ['r5b', 'y5b', 'b5b'] });
    await until(() => active.room.state.window !== undefined);
    const deadline = readDeadlines(active.room.state).find((d) => d.kind === 'window');
    expect(deadline?.seat).toBe(2);
    await until(() => active.room.state.window === undefined, 3_000, 'window timer');
    const errors = active.errors.length;
    active.room.send('play', { cards: ['b5a'] });
    await until(() => active.errors.length > errors);
    expect(active.errors.at(-1)?.code).toBe('LIMIT_REACHED');
    expect(tableIds(active)).toEqual(['r5a', 'y5a', 'r5b', 'y5b', 'b5b']);
    verifyArrivalOrder(serverRoom(id));
  });

  it('target, active and supporter send in the same instant, 20 times: always per R5', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { id, active, target, supporter } = await fixedTable();
      active.room.send('play', { cards: ['r5a', 'y5a'] });
      await until(() => tableIds(target).length === 2 && tableIds(supporter).length === 2);
      const sends = [
        () => supporter.room.send('play', { cards: ['r5b', 'y5b', 'b5b'] }),
        () => active.room.send('play', { cards: ['b5a'] }),
        () => target.room.send('reject', { pairs: [{ challenge: 'r5a', card: 'r7a' }] }),
      ];
      if (i % 2 === 1) sends.reverse();
      for (const s of sends) s();
      const room = serverRoom(id);
      await until(() => room.attempts.length >= 4);
      await sleep(20);
      const { refused } = verifyArrivalOrder(room);
      expect(cardCount(room.game as GameState)).toBe(60);
      const g = room.game as GameState;
      // Whatever the order, nothing exceeds the limit and the take-back happened iff it was needed.
      expect(g.table.length).toBeLessThanOrEqual(g.limit);
      outcomes.add(`${room.attempts.map((a) => `${a.action.type}${a.code ? '✗' : '✓'}`).join(' ')} refused=${refused}`);
      // Every client's table is the server's table.
      for (const p of [active, target, supporter]) expect(tableIds(p)).toEqual(g.table.map((e) => e.challenge));
      for (const p of [active, target, supporter]) await p.room.leave();
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('whole games where three people answer every patch at once: verdicts per arrival order, no card lost', async () => {
    const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 0, clock: 'fast' });
    const people = [await join(srv.endpoint, id, { name: 'A' })];
    for (const n of ['B', 'C', 'D']) people.push(await join(srv.endpoint, id, { name: n }));
    await until(() => people.every((p) => p.seat >= 0));
    let refusedTotal = 0;
    for (let game = 1; game <= 3; game++) {
      await request(people[0] as Player, game === 1 ? 'start' : 'rematch', {}, () =>
        people.every((p) => p.room.state.gameNumber === game && p.room.state.status === 'playing'),
      );
      // Zero delay: every role answers the same patch in the same instant.
      const runs = people.map((p) => autoplay(p, (v) => chooseAction('random', v, Math.random), 0));
      await until(() => people.every((p) => p.room.state.status === 'finished'), 50_000, 'game end');
      for (const r of runs) r.stop();
      const room = serverRoom(id);
      const { refused } = verifyArrivalOrder(room);
      refusedTotal += refused;
      expect(cardCount(room.game as GameState)).toBe(60);
    }
    // Concurrency really happened: some moves met a state that had already moved on.
    expect(refusedTotal).toBeGreaterThan(0);
  });
});
