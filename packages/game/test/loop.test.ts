/**
 * The table loop's general parts for offline play, on a toy game and a hand-driven clock: a held
 * table runs no timer, a person's own automatic step can wait for them, and a table may give a
 * seat's bot (a lesson's script) while the loop keeps its delay and timeout path. The loop's play of
 * real games is tested beside each game (packages/durak/test/loop.test.ts, packages/bla5t/...).
 */
import { expect, it } from 'vitest';
import type { AnyGameModule, Due } from '../src/index.js';
import { type LoopConfig, type LoopHooks, type SeatPlayer, type Source, TableLoop } from '../src/loop.js';
import { fakeClock } from './fakeClock.js';

/** Two seats take turns adding 1 or 2 until 6; the third move of each three is forced (role `auto`). */
interface S {
  n: number;
  turn: number;
}
interface A {
  type: 'add';
  seat: number;
  by: 1 | 2;
}
const forced = (s: S) => s.n % 3 === 2;
const toy = {
  id: 'toy',
  version: 1,
  seats: { min: 2, max: 2 },
  setup: (): S => ({ n: 0, turn: 0 }),
  parseAction: (raw: { by?: 1 | 2 }, seat: number) => ({ ok: true, value: { type: 'add', seat, by: raw.by ?? 1 } }),
  apply: (s: S, a: A) =>
    a.seat !== s.turn || s.n >= 6 || (forced(s) && a.by !== 1)
      ? { ok: false, error: { code: 'NOT_YOUR_TURN', message: 'no' } }
      : { ok: true, state: { n: s.n + a.by, turn: 1 - s.turn }, events: [{ type: 'added' }] },
  legal: () => [],
  view: (s: S, viewer: number | null) => ({ ...s, me: viewer }),
  redact: (e: unknown) => e,
  due: (s: S): Due[] => (s.n >= 6 ? [] : [{ seat: s.turn, role: forced(s) ? 'auto' : 'move' }]),
  onTimeout: (_s: S, d: Due): A => ({ type: 'add', seat: d.seat as number, by: 1 }),
  outcome: (s: S) => ({ over: s.n >= 6, scores: [], ranks: [], winners: [], losers: [] }),
  bots: {
    strengths: ['plain'],
    decide: (_: string, v: S & { me: number }): A | null =>
      v.turn === v.me ? { type: 'add', seat: v.me, by: 1 } : null,
  },
} as unknown as AnyGameModule;

const CONFIG: LoopConfig = { clockMs: () => null, botDelayMs: 100, autoDelayMs: [300, 300] };

function table(
  who: (seat: number) => SeatPlayer,
  config: Partial<LoopConfig> = {},
  more: Partial<LoopHooks<S, A, never>> = {},
) {
  const clock = fakeClock();
  const moves: { action: A; source: Source; at: number }[] = [];
  const hooks: LoopHooks<S, A, never> = {
    player: who,
    accept: (action, _n, _e, source) => {
      moves.push({ action, source, at: clock.now() });
      return true;
    },
    changed: () => {},
    ...more,
  };
  const loop = new TableLoop<S, A, never>(toy, {}, 'seed', hooks, { ...CONFIG, ...config }, clock, () => 0.5);
  return { loop, clock, moves };
}

const bots = (): SeatPlayer => ({ kind: 'bot', strength: 'plain' });

it('a held table runs no timer; released, whoever is due gets fresh timers, and people may act while held', () => {
  const { loop, clock, moves } = table((seat) => (seat === 0 ? { kind: 'person' } : bots()), { clockMs: () => 1_000 });
  loop.plan();
  expect(loop.deadlines()).toHaveLength(1);
  loop.hold(true);
  expect(loop.deadlines()).toEqual([]);
  clock.advanceTo(10_000);
  // Neither the person's clock nor anything else ran out while held.
  expect(moves).toEqual([]);
  expect(loop.message({ by: 1 }, 0)).toBeNull();
  // The bot is due now, but held: it waits.
  clock.advanceTo(20_000);
  expect(moves.map((m) => m.source)).toEqual(['person']);
  expect(loop.deadlines()).toEqual([]);
  loop.hold(false);
  expect(loop.deadlines()).toMatchObject([{ seat: 1, kind: 'bot', at: 20_100 }]);
  clock.advanceTo(20_100);
  expect(moves.map((m) => [m.source, m.at])).toEqual([
    ['person', 10_000],
    ['bot', 20_100],
  ]);
});

it("a person's own automatic step is made for them after its delay, or waits for them with personMakesAuto", () => {
  // Seat 0 is a person. Moves: person adds 2 (n 2: forced, seat 1 the bot), bot's step, then n 3.
  for (const personMakesAuto of [false, true]) {
    const { loop, clock, moves } = table((seat) => (seat === 0 ? { kind: 'person' } : bots()), { personMakesAuto });
    loop.plan();
    expect(loop.message({ by: 1 }, 0)).toBeNull(); // n 1
    clock.advanceTo(100); // the bot adds 1: n 2, the person's forced step
    expect(loop.state).toEqual({ n: 2, turn: 0 });
    clock.advanceTo(10_000);
    if (!personMakesAuto) {
      expect(moves.map((m) => [m.source, m.at])).toEqual([
        ['person', 0],
        ['bot', 100],
        ['auto', 400],
        ['bot', 500],
      ]);
      continue;
    }
    // Nothing was made for the person, and no clock runs (this table has none).
    expect(loop.state).toEqual({ n: 2, turn: 0 });
    expect(loop.deadlines()).toEqual([]);
    expect(loop.message({ by: 1 }, 0)).toBeNull();
    expect(moves.map((m) => m.source)).toEqual(['person', 'bot', 'person']);
  }
});

it("with personMakesAuto a bot's automatic step is still made, and a person's waits on their clock for `auto`", () => {
  const { loop, clock, moves } = table((seat) => (seat === 1 ? { kind: 'person' } : bots()), {
    personMakesAuto: true,
    clockMs: (role) => (role === 'auto' ? 5_000 : null),
  });
  loop.plan();
  clock.advanceTo(100); // bot adds 1
  expect(loop.message({ by: 1 }, 1)).toBeNull(); // n 2: the bot's forced step
  clock.advanceTo(400);
  expect(moves.map((m) => m.source)).toEqual(['bot', 'person', 'auto']);
  // n 3, the person's turn: no clock for 'move'. They add 2: n 5, the bot's forced step, n 6: over.
  expect(loop.deadlines()).toEqual([]);
  expect(loop.message({ by: 2 }, 1)).toBeNull();
  clock.advanceTo(10_000);
  expect(loop.outcome().over).toBe(true);
  expect(moves.map((m) => m.source)).toEqual(['bot', 'person', 'auto', 'person', 'auto']);
  // And a person's forced step runs out on the `auto` clock into the game's timeout move.
  const t = table((seat) => (seat === 0 ? { kind: 'person' } : bots()), {
    personMakesAuto: true,
    clockMs: (role) => (role === 'auto' ? 5_000 : null),
  });
  t.loop.plan();
  expect(t.loop.message({ by: 1 }, 0)).toBeNull();
  t.clock.advanceTo(100);
  expect(t.loop.deadlines()).toMatchObject([{ seat: 0, kind: 'clock', role: 'auto', at: 5_100 }]);
  t.clock.advanceTo(5_100);
  expect(t.moves.map((m) => m.source)).toEqual(['person', 'bot', 'clock']);
});

it("a bot the table gives plays instead of the module's, on the loop's delay, and its silence times out", () => {
  const asked: number[] = [];
  const { loop, clock, moves } = table(
    bots,
    {},
    {
      // Seat 0 follows a script of one move, then has nothing; seat 1 is left to the module.
      bot: (seat) => {
        asked.push(seat);
        if (seat !== 0) return null;
        const script: A[] = [{ type: 'add', seat: 0, by: 2 }];
        return { observe: () => {}, decide: () => script.shift() ?? null };
      },
    },
  );
  loop.plan();
  clock.advanceTo(10_000);
  expect(loop.outcome().over).toBe(true);
  // Seat 0's script (by 2) at the bot's delay; seat 1's forced step (n 2); seat 0's script has
  // nothing, so the game's timeout move is made at the bot's delay; seat 1's module bot; the last
  // forced step.
  expect(moves.map((m) => [m.action.seat, m.action.by, m.source, m.at])).toEqual([
    [0, 2, 'bot', 100],
    [1, 1, 'auto', 400],
    [0, 1, 'clock', 500],
    [1, 1, 'bot', 600],
    [0, 1, 'auto', 900],
  ]);
  // Each seat's bot is made once.
  expect(asked).toEqual([0, 1]);
});
