/** Issue 10 pacing: a bot answers only once the previous move had its minimum time on screen. */
import {
  type Action,
  applyAction,
  cloneState,
  createGame,
  type GameState,
  type PlayerView,
  viewFor,
} from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import { BotDriver, type BotMoveAnswer, MIN_ON_SCREEN_MS, onScreenMs } from '../src/room/botDriver.js';
import { fakeClock } from './fakeClock.js';

/**
 * Bots on the fake clock whose moves go through `act`; after each move made they plan again, as the
 * room does after every change. Starts them and answers nothing: the tests watch what `act` saw.
 */
function startBots(
  clock: ReturnType<typeof fakeClock>,
  rnd: () => number,
  game: () => GameState,
  act: (a: Action) => BotMoveAnswer,
  /**
   * How long a made move waits for its record before it is shown and the room plans again: 0 is
   * inline SQLite (within the move), more is the writer thread or Redis, whose answer comes later.
   */
  recordMs = 0,
): void {
  let driver: BotDriver;
  const replan = () =>
    driver.replan(
      () => true,
      700,
      () => 'normal',
    );
  driver = new BotDriver(
    clock,
    rnd,
    (a: Action) => {
      const answer = act(a);
      if (answer === true) {
        if (recordMs === 0) replan();
        else clock.setTimeout(replan, recordMs);
      }
      return answer;
    },
    game,
    null,
    clock.now,
  );
  replan();
}

describe('bot pacing', () => {
  it('scales the minimum on-screen time with the table rhythm', () => {
    expect(onScreenMs(700)).toBe(MIN_ON_SCREEN_MS);
    expect(onScreenMs(0)).toBe(0);
    expect(onScreenMs(20)).toBeLessThan(50);
  });

  /**
   * Four bots on the shortest human delay (pacing alone must hold them back) for a minute, each move
   * shown `recordMs` after it is made. Checks that no two moves land closer than the minimum
   * on-screen time (the next waits its time on screen from when the last was shown); answers the
   * most host timers ever live at once.
   */
  function botsForAMinute(recordMs: number): number {
    const clock = fakeClock();
    let game: GameState = createGame({ players: 4, seed: 'pace', startSeat: 0 });
    const times: number[] = [];
    let maxLive = 0;
    startBots(
      clock,
      () => 0.01,
      () => game,
      (a) => {
        const r = applyAction(game, a);
        if (!r.ok) return false;
        game = r.state;
        times.push(clock.now());
        return true;
      },
      recordMs,
    );
    for (let t = 100; t <= 60_000; t += 100) {
      clock.advanceTo(t);
      maxLive = Math.max(maxLive, clock.live());
    }
    expect(times.length).toBeGreaterThan(20);
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(MIN_ON_SCREEN_MS);
    return maxLive;
  }

  it('never lets two bot moves land closer than the minimum on-screen time', () => {
    // Four bot seats, one host timer for the soonest of their moves.
    expect(botsForAMinute(0)).toBe(1);
  });

  it('keeps that pace when the record answers later (writer thread, Redis): no bot moves on a state not yet shown', () => {
    // Each move is shown 5 ms after it is made.
    botsForAMinute(5);
  });

  it("tries a move the record could not take again on the record's pace (100 ms doubling to 5 s), not once", () => {
    const clock = fakeClock();
    let game: GameState = createGame({ players: 3, seed: 'unrecorded', startSeat: 0 });
    let storeBackAt = 13_000;
    const tries: number[] = [];
    const made: number[] = [];
    startBots(
      clock,
      () => 0.5,
      () => game,
      (a) => {
        tries.push(clock.now());
        if (clock.now() < storeBackAt) return 'unrecorded';
        const r = applyAction(game, a);
        if (!r.ok) return false;
        game = r.state;
        made.push(clock.now());
        return true;
      },
    );
    clock.advanceTo(20_000);
    const first = tries[0] as number;
    const landed = made[0] as number;
    // After each refusal: 100, 200, 400, ... ms, then every 5 s; the move lands on the first try after the store is back.
    expect(tries.filter((t) => t <= landed).map((t) => t - first)).toEqual([
      0, 100, 300, 700, 1_500, 3_100, 6_300, 11_300, 16_300,
    ]);
    expect(made.length).toBeGreaterThan(1);
    // Once a move is made, the next failure starts the pace from 100 ms again.
    storeBackAt = Number.POSITIVE_INFINITY;
    const before = tries.length;
    clock.advanceTo(40_000);
    const again = tries.slice(before);
    expect((again[1] as number) - (again[0] as number)).toBe(100);
  });

  it('decides a move only when it is due, against the state then: changes before it cost no decision', () => {
    const clock = fakeClock();
    let game: GameState = createGame({ players: 4, seed: 'lazy', startSeat: 0 });
    const decided: { at: number; view: PlayerView; game: GameState }[] = [];
    const made: Action[] = [];
    let driver: BotDriver;
    const replan = () =>
      driver.replan(
        (seat) => seat !== 2,
        700,
        () => 'normal',
      );
    driver = new BotDriver(
      clock,
      () => 0.5,
      (a) => {
        const r = applyAction(game, a);
        if (!r.ok) return false;
        game = r.state;
        made.push(a);
        replan();
        return true;
      },
      () => game,
      null,
      clock.now,
      (kind, view, rnd) => {
        decided.push({ at: clock.now(), view, game });
        return chooseAction(kind, view, rnd);
      },
    );
    replan();
    // Something changes every 300 ms (a person, a window closing): no bot's time comes, so none decides.
    for (let t = 300; t <= 6_000; t += 300) {
      clock.advanceTo(t);
      game = cloneState(game);
      replan();
    }
    expect(decided).toEqual([]);
    expect(made).toEqual([]);
    // Once the table is quiet, seats that can act decide, each against the state as it is then, and move.
    clock.advanceTo(12_000);
    expect(made.length).toBeGreaterThan(0);
    for (const d of decided) {
      expect(d.at).toBeGreaterThan(6_000);
      expect(d.view).toEqual(viewFor(d.game, d.view.viewer));
    }
    expect(decided.length).toBeGreaterThan(0);
    // A seat that chose to wait decided too, but never more than once per seat and change.
    expect(decided.length).toBeLessThanOrEqual(3 * (made.length + 1));
  });
});
