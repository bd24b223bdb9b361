/**
 * Blaze's game on the table's loop (room/blazeLoop.ts) with a hand-driven clock and a stand-in table:
 * the clocks of R5.4 and R5.5 (on the 100 ms grid, restarted by every move, a bet's running on, a
 * round's break), a clock's own log line before its move, the bots' least time on screen (issue 10)
 * whether the record answers at once or later, and a move the record could not take tried again on
 * the record's pace.
 */

import { onScreenMs } from '@blaze/blaze-game';
import { CLOCKS, MIN_ON_SCREEN_MS, ROUND_BREAK_MS } from '@blaze/protocol';
import { BlazeState, PlayerSlot } from '@blaze/protocol/schema';
import { type Action, applyAction, createGame, type GameState, legalActions, replay, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import { type BlazeLoop, blazeDeadlines, blazeLoop, tableClockMs } from '../src/room/blazeLoop.js';
import { DEFAULT_ROOM_CONFIG } from '../src/room/config.js';
import { GameLog } from '../src/room/log.js';
import type { TableEntry } from '../src/store/types.js';
import { fakeClock } from './fakeClock.js';

const START = 1_000_000;
const SPEED = CLOCKS.normal;

interface Stand {
  clock: ReturnType<typeof fakeClock>;
  loop: BlazeLoop;
  written: TableEntry[][];
  /** When each write was tried (refused ones too). */
  tries: number[];
  deadlines: () => { kind: string; seat: number; at: number }[];
}

/**
 * A table of `players` whose seats `bot` says are bots (the rest people, who never act here), its
 * record answering at once (recordMs 0: inline SQLite), `recordMs` later (the writer thread, Redis), or
 * refusing while `failing()` says so.
 */
function stand(
  o: {
    players?: number;
    seed?: string;
    game?: GameState;
    bot?: (seat: number) => boolean;
    recordMs?: number;
    failing?: () => boolean;
    clock?: 'normal' | 'off';
    over?: (loop: BlazeLoop) => void;
  } = {},
): Stand {
  const clock = fakeClock(START);
  const players = o.players ?? 4;
  const state = new BlazeState();
  for (let i = 0; i < 5; i++) state.players.push(new PlayerSlot());
  const written: TableEntry[][] = [];
  const tries: number[] = [];
  const settings = { windowMs: 3_000, clock: o.clock ?? 'normal', botDelayMs: 700 };
  const bot = o.bot ?? (() => false);
  const room = {
    afterChange: () => {},
    attempts: [],
    config: DEFAULT_ROOM_CONFIG,
    disposed: false,
    log: new GameLog(state),
    onUncaughtException: (e: Error) => {
      throw e;
    },
    recorder: {
      write: (entries: TableEntry[], then: () => void, unrecorded?: () => void) => {
        tries.push(clock.now());
        if (o.failing?.()) {
          unrecorded?.();
          return;
        }
        written.push(entries);
        if (!o.recordMs) then();
        else clock.setTimeout(then, o.recordMs);
      },
    },
    seating: {
      botPlays: bot,
      slots: Array.from({ length: players }, (_, i) => (bot(i) ? { kind: 'bot', strength: 'normal' } : null)),
      strengthAt: () => 'normal',
    },
    settings,
    state,
  };
  const options = { players: players as 3, seed: o.seed ?? 'loop', startSeat: 0 };
  const game = o.game ?? createGame(options);
  const loop: BlazeLoop = blazeLoop(
    room as never,
    game,
    options,
    () => o.over?.(loop),
    [],
    clock,
    () => 0.5,
  );
  loop.plan();
  const deadlines = () => blazeDeadlines(loop, tableClockMs(DEFAULT_ROOM_CONFIG.clocks, settings), loop.state.window);
  return { clock, loop, written, tries, deadlines };
}

/** A move the heuristic bot would make for the first seat that has one. */
function someMove(g: GameState): Action {
  for (let seat = 0; seat < g.players; seat++) {
    if (legalActions(g, seat).length === 0) continue;
    const a = chooseAction('heuristic', viewFor(g, seat), () => 0.5);
    if (a) return a;
  }
  throw new Error('nobody can move');
}

describe("Blaze's clocks on the table's loop (R5.4, R5.5)", () => {
  it("the opener's clock runs out at its deadline, on the 100 ms grid, and says so before its move", () => {
    const t = stand();
    expect(t.deadlines()).toEqual([{ kind: 'attacker', seat: 0, at: START + SPEED.attackerMs }]);
    t.clock.advanceTo(START + SPEED.attackerMs - 1);
    expect(t.written).toEqual([]);
    t.clock.advanceTo(START + SPEED.attackerMs);
    expect(t.loop.journal).toHaveLength(1);
    const [action, first] = t.written[0] ?? [];
    expect(action).toMatchObject({ t: 'action', action: { seat: 0 } });
    // R5.5: the clock's own line first, in the same write as the move it makes.
    expect(first).toMatchObject({ t: 'log', line: { kind: 'timedOut', seat: 0, text: 'attacker' } });
  });

  it('idle clocks restart on every move; a move-less re-plan (a reload) leaves them running', () => {
    const t = stand();
    t.loop.act(someMove(t.loop.state), 'person');
    for (let i = 0; i < 5; i++) {
      t.clock.advanceTo(t.clock.now() + 1_000);
      const before = t.deadlines();
      // Someone reloads: nothing moved, nothing restarts (issue #40: 15 s left became 23 s).
      t.loop.plan();
      expect(t.deadlines()).toEqual(before);
      t.loop.act(someMove(t.loop.state), 'person');
      const now = t.clock.now();
      for (const d of t.deadlines()) {
        if (d.kind === 'attacker') expect(d.at).toBe(now + SPEED.attackerMs);
        if (d.kind === 'target') expect(d.at).toBe(now + SPEED.targetMs);
      }
    }
    expect(t.deadlines().length).toBeGreaterThan(0);
  });

  it('bet clocks run on from when betting began', () => {
    const g: GameState = { ...createGame({ players: 3, seed: 'bets', startSeat: 0 }), betting: true, bets: [] };
    const t = stand({ players: 3, game: g });
    expect(t.deadlines().map((d) => d.at)).toEqual([1, 2, 3].map(() => START + SPEED.betMs));
    t.clock.advanceTo(START + 5_000);
    const bet = legalActions(t.loop.state, 1).find((a) => a.type === 'bet');
    if (!bet) throw new Error('no bet');
    expect(t.loop.act(bet, 'person')).toBeNull();
    expect(t.deadlines().map((d) => `${d.kind}:${d.seat}@${d.at - START}`)).toEqual([
      `bet:0@${SPEED.betMs}`,
      `bet:2@${SPEED.betMs}`,
    ]);
  });

  it("a round's end holds people's clocks for the round break, so the summary is read, not raced", () => {
    let g = createGame({ players: 4, seed: 'break', startSeat: 0 });
    let last: { before: GameState; action: Action } | null = null;
    for (let i = 0; i < 2_000 && g.round === 1 && !g.over; i++) {
      const action: Action = g.window !== null ? { type: 'closeWindow' } : someMove(g);
      const r = applyAction(g, action);
      if (!r.ok) throw new Error(r.error.code);
      last = { before: g, action };
      g = r.state;
    }
    expect(g.round).toBe(2);
    if (!last) throw new Error('no move');
    const t = stand({ game: last.before });
    t.clock.advanceTo(START + 1_000);
    expect(t.loop.act(last.action, last.action.type === 'closeWindow' ? 'clock' : 'person')).toBeNull();
    const soonest = Math.min(...t.deadlines().map((d) => d.at));
    expect(soonest).toBeGreaterThanOrEqual(START + 1_000 + ROUND_BREAK_MS + Math.min(SPEED.betMs, SPEED.attackerMs));
  });

  it('the take-back window runs at an untimed table too; nobody else is timed there', () => {
    const g = createGame({ players: 3, seed: 'untimed', startSeat: 0 });
    const opened = applyAction(g, someMove(g));
    if (!opened.ok) throw new Error(opened.error.code);
    const t = stand({ players: 3, game: { ...opened.state, window: { seat: 1, cards: [] } }, clock: 'off' });
    expect(t.deadlines()).toEqual([{ kind: 'window', seat: 1, at: START + 3_000 }]);
  });
});

describe("Blaze's game on the table's loop, to its end", () => {
  it('ends the game once its last move is counted: the journal the game record saves replays to the end', () => {
    const ends: { moves: number; over: boolean }[] = [];
    const t = stand({
      players: 3,
      seed: 'to the end',
      bot: () => true,
      over: (loop) => {
        const again = replay({ players: 3, seed: 'to the end', startSeat: 0 }, [...loop.journal]);
        ends.push({ moves: loop.journal.length, over: again.ok && again.state.over });
      },
    });
    for (let at = START; at <= START + 3_600_000 && !t.loop.state.over; at += 1_000) t.clock.advanceTo(at);
    expect(t.loop.state.over).toBe(true);
    expect(ends).toEqual([{ moves: t.loop.journal.length, over: true }]);
  });
});

describe("Blaze's bots on the table's loop (issue 10: pacing)", () => {
  it('scales the least time on screen with the table rhythm', () => {
    expect(onScreenMs(700)).toBe(MIN_ON_SCREEN_MS);
    expect(onScreenMs(0)).toBe(0);
    expect(onScreenMs(20)).toBeLessThan(50);
  });

  /** Four bots for a minute, each move shown `recordMs` after it is made: no two closer than the least time on screen. */
  function botsForAMinute(recordMs: number): void {
    const t = stand({ seed: 'pace', bot: () => true, recordMs });
    const shown: number[] = [];
    const moves = () => t.loop.journal.length;
    let seen = 0;
    for (let at = START + 10; at <= START + 60_000; at += 10) {
      t.clock.advanceTo(at);
      if (moves() > seen) {
        // Judged now; shown once on record.
        for (; seen < moves(); seen++) shown.push(at + recordMs);
      }
    }
    expect(shown.length).toBeGreaterThan(20);
    for (let i = 1; i < shown.length; i++) {
      const gap = (shown[i] as number) - (shown[i - 1] as number);
      // A window closing is the rules' own timer (R5.4), not a bot answering.
      const a = t.loop.journal[i];
      if (a?.type !== 'closeWindow') expect(gap).toBeGreaterThanOrEqual(MIN_ON_SCREEN_MS);
    }
  }

  it('never lets two bot moves land closer than the least time on screen', () => botsForAMinute(0));

  it('keeps that pace when the record answers later (writer thread, Redis): no bot moves on a state not yet shown', () =>
    botsForAMinute(5));

  it("tries a move the record could not take again on the record's pace (100 ms doubling to 5 s)", () => {
    let storeBackAt = START + 13_000;
    const t = stand({ players: 3, seed: 'unrecorded', bot: () => true, failing: () => t.clock.now() < storeBackAt });
    t.clock.advanceTo(START + 20_000);
    const first = t.tries[0] as number;
    const landed = START + 13_000;
    expect(
      t.tries
        .filter((x) => x <= landed + 5_000)
        .map((x) => x - first)
        .slice(0, 9),
    ).toEqual([0, 100, 300, 700, 1_500, 3_100, 6_300, 11_300, 16_300]);
    expect(t.loop.journal.length).toBeGreaterThan(1);
    // Once a move is made, the next failure starts the pace from 100 ms again.
    storeBackAt = Number.POSITIVE_INFINITY;
    const before = t.tries.length;
    t.clock.advanceTo(START + 40_000);
    const again = t.tries.slice(before);
    expect((again[1] as number) - (again[0] as number)).toBe(100);
  });
});
