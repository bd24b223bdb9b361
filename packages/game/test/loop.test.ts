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

/**
 * Both seats are due at once, beside a table timer (role `tick`) that a `mark` restarts and an `add`
 * does not: the shape of Blaze's challenge and its take-back window (R5.4).
 */
interface T {
  n: number;
  marked: number;
}
interface TA {
  type: 'add' | 'mark' | 'close';
  seat?: number;
}
const ticking = {
  ...toy,
  setup: (): T => ({ n: 0, marked: 0 }),
  apply: (s: T, a: TA) =>
    s.n >= 10
      ? { ok: false, error: { code: 'OVER', message: 'over' } }
      : {
          ok: true,
          state: a.type === 'close' ? { ...s, n: 10 } : { n: s.n + 1, marked: s.marked + (a.type === 'mark' ? 1 : 0) },
          events: [],
        },
  due: (s: T): Due[] =>
    s.n >= 10
      ? []
      : [
          { seat: 0, role: 'move' },
          { seat: 1, role: 'move' },
          { seat: null, role: 'tick' },
        ],
  onTimeout: (_s: T, d: Due): TA => (d.seat === null ? { type: 'close' } : { type: 'add', seat: d.seat }),
  outcome: (s: T) => ({ over: s.n >= 10, scores: [], ranks: [], winners: [], losers: [] }),
} as unknown as AnyGameModule;

function ticker(module: AnyGameModule) {
  const clock = fakeClock();
  const hooks: LoopHooks<T, TA, never> = { player: () => ({ kind: 'person' }), accept: () => true, changed: () => {} };
  const config: LoopConfig = { ...CONFIG, clockMs: (role) => (role === 'tick' ? 3_000 : 1_000) };
  const loop = new TableLoop<T, TA, never>(module, {}, 'seed', hooks, config, clock, () => 0.5);
  const at = () => Object.fromEntries(loop.deadlines().map((d) => [`${d.seat}:${d.role}`, d.at]));
  return { loop, clock, at };
}

it("by default one seat's move leaves the others' timers running while several are due (XT1)", () => {
  const { loop, clock, at } = ticker(ticking);
  loop.plan();
  clock.advanceTo(500);
  expect(loop.act({ type: 'mark', seat: 0 }, 'person')).toBeNull();
  expect(at()).toEqual({ '0:move': 1_500, '1:move': 1_000, 'null:tick': 3_000 });
});

it("a module's timerRunsOn decides after each move which timers run on and which start again", () => {
  const runsOn: [string, number, number][] = [];
  const { loop, clock, at } = ticker({
    ...ticking,
    // The tick runs on until a mark; a seat's clock starts again on every move (Blaze's idle clocks).
    timerRunsOn: (d: Due, before: T, after: T) => {
      runsOn.push([`${d.seat}:${d.role}`, before.n, after.n]);
      return d.role === 'tick' && after.marked === before.marked;
    },
  });
  loop.plan();
  clock.advanceTo(500);
  expect(loop.act({ type: 'add', seat: 0 }, 'person')).toBeNull();
  // Seat 1's clock started again although seat 0 moved; the tick runs on.
  expect(at()).toEqual({ '0:move': 1_500, '1:move': 1_500, 'null:tick': 3_000 });
  expect(runsOn).toEqual([
    ['0:move', 0, 1],
    ['1:move', 0, 1],
    ['null:tick', 0, 1],
  ]);
  clock.advanceTo(1_200);
  expect(loop.act({ type: 'mark', seat: 1 }, 'person')).toBeNull();
  // The mark starts the tick again.
  expect(at()).toEqual({ '0:move': 2_200, '1:move': 2_200, 'null:tick': 4_200 });
  // A re-plan with no move (a seat changed hands) asks nothing and keeps every timer.
  loop.plan();
  expect(runsOn).toHaveLength(6);
  expect(at()).toEqual({ '0:move': 2_200, '1:move': 2_200, 'null:tick': 4_200 });
});

it("a bot's delay varies by botJitter either way, from the loop's random source", () => {
  const delays = [0, 0.9].map((r) => {
    const clock = fakeClock();
    const moves: number[] = [];
    const hooks: LoopHooks<S, A, never> = {
      player: () => bots(),
      accept: () => {
        moves.push(clock.now());
        return true;
      },
      changed: () => {},
    };
    const loop = new TableLoop<S, A, never>(toy, {}, 'seed', hooks, { ...CONFIG, botJitter: 0.4 }, clock, () => r);
    loop.plan();
    clock.advanceTo(1_000);
    return moves[0];
  });
  // 0.6 and 1.32 times the bot delay of 100 ms.
  expect(delays).toEqual([60, 132]);
});

/** A promise and its resolver: an answer that comes when the test says (a worker thread's search). */
function later<T>(): { promise: Promise<T>; answer: (v: T) => void } {
  let answer!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    answer = r;
  });
  return { promise, answer };
}

it("a bot decided elsewhere (a worker's search) keeps its seat planned until the answer, which then counts as the bot's", async () => {
  const asked: { seat: number; stale: () => boolean; answer: (a: A | null) => void }[] = [];
  const { loop, clock, moves } = table(
    bots,
    {},
    {
      think: (seat, _strength, _view, stale) => {
        const l = later<A | null>();
        asked.push({ seat, stale, answer: l.answer });
        return l.promise;
      },
    },
  );
  loop.plan();
  clock.advanceTo(100);
  expect(asked.map((a) => a.seat)).toEqual([0]);
  // While it thinks the seat is still planned: no second timer, no second question.
  loop.plan();
  clock.advanceTo(1_000);
  expect(asked).toHaveLength(1);
  expect(moves).toEqual([]);
  expect(asked[0]?.stale()).toBe(false);
  asked[0]?.answer({ type: 'add', seat: 0, by: 1 });
  await Promise.resolve();
  expect(moves.map((m) => [m.action.seat, m.action.by, m.source])).toEqual([[0, 1, 'bot']]);
  // The next seat is planned as ever, after the bot's delay.
  clock.advanceTo(1_100);
  expect(asked.map((a) => a.seat)).toEqual([0, 1]);
});

it('an answer that comes after the table moved on is dropped; a refused or failed one gives the timeout move', async () => {
  const asked: { stale: () => boolean; answer: (a: A | null) => void; fail: (e: Error) => void }[] = [];
  const faults: unknown[] = [];
  const { loop, clock, moves } = table(
    bots,
    {},
    {
      think: (_seat, _strength, _view, stale) =>
        new Promise<A | null>((answer, fail) => {
          asked.push({ stale, answer, fail });
        }),
      fault: (e) => faults.push(e),
    },
  );
  loop.plan();
  clock.advanceTo(100);
  // Held while it thinks (a lesson's coach, a table closing): the question is stale, its answer dropped.
  loop.hold(true);
  expect(asked[0]?.stale()).toBe(true);
  asked[0]?.answer({ type: 'add', seat: 0, by: 2 });
  await Promise.resolve();
  expect(moves).toEqual([]);
  loop.hold(false);
  clock.advanceTo(200);
  expect(asked).toHaveLength(2);
  // An answer the rules refuse (not this seat's turn): the game's timeout move instead, as a clock's.
  asked[1]?.answer({ type: 'add', seat: 1, by: 1 });
  await Promise.resolve();
  expect(moves.map((m) => [m.action.seat, m.action.by, m.source])).toEqual([[0, 1, 'clock']]);
  clock.advanceTo(300);
  asked[2]?.fail(new Error('thread died'));
  await new Promise((r) => setImmediate(r));
  expect(faults).toHaveLength(1);
  expect(moves.map((m) => [m.action.seat, m.source])).toEqual([
    [0, 'clock'],
    [1, 'clock'],
  ]);
  loop.stop();
});

it('botGapMs: a bot answers no sooner than the gap after the last move, however short its own delay', () => {
  // Two bots on a 100 ms delay: without the gap they would move every 100 ms.
  const { loop, clock, moves } = table(bots, { botGapMs: 700 });
  loop.plan();
  clock.advanceTo(10_000);
  expect(loop.outcome().over).toBe(true);
  const bySeats = moves.filter((m) => m.source === 'bot').map((m) => m.at);
  // The first bot's move meets no earlier move; every later one waits out the gap after the move before.
  expect(bySeats[0]).toBe(100);
  for (let i = 1; i < moves.length; i++) {
    const m = moves[i] as (typeof moves)[number];
    if (m.source === 'bot') expect(m.at - (moves[i - 1] as (typeof moves)[number]).at).toBeGreaterThanOrEqual(700);
  }
});

it("clockPause: people's clocks planned after such a move start when the pause ends; bots are not held", () => {
  // A pause of 5 s after each move that makes n even (a round's end, say).
  const { loop, clock, moves } = table(
    (seat) => (seat === 0 ? { kind: 'person' } : bots()),
    { clockMs: () => 1_000 },
    { clockPause: (before: S, after: S) => (after.n % 2 === 0 && after.n !== before.n ? 5_000 : 0) },
  );
  loop.plan();
  expect(loop.message({ by: 1 }, 0)).toBeNull(); // n 1: the bot's turn
  clock.advanceTo(100); // the bot adds 1: n 2, a pause; the person's forced step... is `auto`: n 3
  clock.advanceTo(400);
  expect(loop.state).toEqual({ n: 3, turn: 1 });
  // n 3 is the bot's (not held by the pause): it moves after its delay, n 4 (another pause).
  clock.advanceTo(500);
  expect(loop.state).toEqual({ n: 4, turn: 0 });
  // The person's clock starts when the pause ends: 500 + 5,000 + 1,000.
  expect(loop.deadlines()).toMatchObject([{ seat: 0, kind: 'clock', at: 6_500, from: 5_500 }]);
  expect(moves.map((m) => m.source)).toEqual(['person', 'bot', 'auto', 'bot']);
});

it("a move the record could not take is tried again on the record's pace, the same timer, not the timeout move", () => {
  let failing = true;
  const tries: number[] = [];
  const { loop, clock, moves } = table(
    bots,
    {},
    {
      accept: (action, _n, _e, source) => {
        tries.push(clock.now());
        if (failing) return false;
        moves.push({ action, source, at: clock.now() });
        return true;
      },
    },
  );
  loop.plan();
  clock.advanceTo(1_600);
  // The bot's move at 100, then again 100, 200, 400, 800 ms after each refusal.
  expect(tries).toEqual([100, 200, 400, 800, 1_600]);
  expect(loop.journal).toEqual([]);
  failing = false;
  clock.advanceTo(3_200);
  expect(moves[0]).toMatchObject({ source: 'bot', at: 3_200 });
});

it('shown(): a move shown later than it was judged gives the bots their gap from when it was shown', () => {
  const { loop, clock, moves } = table((seat) => (seat === 0 ? { kind: 'person' } : bots()), { botGapMs: 700 });
  loop.plan();
  loop.hold(true);
  expect(loop.message({ by: 1 }, 0)).toBeNull(); // judged at 0, on record (and shown) at 300
  clock.advanceTo(300);
  loop.shown();
  loop.hold(false);
  clock.advanceTo(10_000);
  expect(moves[1]).toMatchObject({ source: 'bot', at: 1_000 });
});

it('a bot with memory sends it with its view to be decided elsewhere, and is told the move that came back', async () => {
  const sent: unknown[] = [];
  const told: (A | null)[] = [];
  const asked: ((a: A | null) => void)[] = [];
  const { loop, clock, moves } = table(
    bots,
    {},
    {
      bot: () => ({
        observe: () => {},
        decide: () => null,
        memory: () => ({ remembered: told.length }),
        decided: (_view, a) => told.push(a),
      }),
      think: (_seat, _strength, _view, _stale, memory) => {
        sent.push(memory);
        const l = later<A | null>();
        asked.push(l.answer);
        return l.promise;
      },
    },
  );
  loop.plan();
  clock.advanceTo(100);
  asked[0]?.({ type: 'add', seat: 0, by: 1 });
  await Promise.resolve();
  expect(sent).toEqual([{ remembered: 0 }]);
  expect(told).toEqual([{ type: 'add', seat: 0, by: 1 }]);
  expect(moves.map((m) => [m.action.seat, m.action.by, m.source])).toEqual([[0, 1, 'bot']]);
  // A stale answer is not the bot's move: it is not told.
  clock.advanceTo(200);
  loop.hold(true);
  asked[1]?.({ type: 'add', seat: 1, by: 1 });
  await Promise.resolve();
  expect(sent).toEqual([{ remembered: 0 }, { remembered: 1 }]);
  expect(told).toHaveLength(1);
  loop.stop();
});
