/**
 * Bla5t on the headless table loop (@blaze/game/loop), on a hand-driven clock: several seats due at
 * once (the initial looks, XT1 a) each keep their own deadline, which another seat's answer does not
 * push back, and time out into the XT4 default; bots play whole games at 2 to 5 seats, basic and
 * advanced, and the journal replays to the same state (what a restore does).
 */
import type { Action, State } from '@blaze/bla5t';
import { bla5tModule, type ModuleEvent } from '@blaze/bla5t/module';
import type { AnyGameModule } from '@blaze/game';
import { type LoopHooks, type SeatPlayer, type Source, TableLoop } from '@blaze/game/loop';
import { expect, it } from 'vitest';
import { fakeClock } from '../../game/test/fakeClock.js';

const module = bla5tModule as unknown as AnyGameModule;

function loopOf(options: object, who: (seat: number) => SeatPlayer, seed: string, clockMs = () => 1_000) {
  const clock = fakeClock();
  const accepted: { action: Action; source: Source; at: number }[] = [];
  const hooks: LoopHooks<State, Action, ModuleEvent> = {
    player: who,
    accept: (action, _next, _events, source) => {
      accepted.push({ action, source, at: clock.now() });
      return true;
    },
    changed: () => {},
  };
  const config = { clockMs, botDelayMs: 10, autoDelayMs: [50, 150] as const };
  const loop = new TableLoop<State, Action, ModuleEvent>(module, options, seed, hooks, config, clock, () => 0.5);
  loop.plan();
  return { loop, clock, accepted };
}

it('XT1/XT4: three seats look at once, each on its own deadline; one answer does not restart the others', () => {
  const { loop, clock, accepted } = loopOf({ players: 3 }, () => ({ kind: 'person' }), 'looks');
  expect(loop.deadlines().map((d) => d.seat)).toEqual([0, 1, 2]);
  clock.advanceTo(500);
  expect(loop.message({ type: 'look', slots: [2, 3] }, 0)).toBeNull();
  // Seat 0 has answered; seats 1 and 2 are still due, on the deadline they had from the start.
  expect(loop.deadlines().map((d) => d.seat)).toEqual([1, 2]);
  clock.advanceTo(999);
  expect(accepted.map((a) => a.source)).toEqual(['person']);
  clock.advanceTo(1_000);
  const timeouts = accepted.filter((a) => a.source === 'clock');
  expect(timeouts.map((a) => [a.action, a.at])).toEqual([
    [{ type: 'timeout', seat: 1 }, 1_000],
    [{ type: 'timeout', seat: 2 }, 1_000],
  ]);
  // XT4's default: the lowest-numbered slots; then the first player's turn is due alone.
  const s = loop.state as State;
  expect(s.shown[1]).toEqual(expect.arrayContaining([s.layouts[1]?.[0]?.card, s.layouts[1]?.[1]?.card]));
  expect(loop.deadlines().length).toBe(1);
});

it('a seat that answers stays off the clock; a re-plan without a move keeps every deadline', () => {
  const { loop, clock, accepted } = loopOf({ players: 4 }, () => ({ kind: 'person' }), 'replan');
  clock.advanceTo(300);
  loop.plan();
  clock.advanceTo(600);
  expect(loop.message({ type: 'look', slots: [0, 1] }, 2)).toBeNull();
  clock.advanceTo(1_000);
  expect(accepted.filter((a) => a.source === 'clock').map((a) => a.at)).toEqual([1_000, 1_000, 1_000]);
});

it('bots play whole games at 2 (heads-up), 3, 4 and 5 seats, basic and advanced; the journal replays', () => {
  const cases: object[] = [
    { players: 2 },
    { players: 3, bosses: false, maxScore: 50 },
    { players: 4, advanced: true, eleration: true, maxScore: 50 },
    { players: 5, advanced: true, maxScore: 50 },
  ];
  for (const o of cases) {
    const { loop, clock, accepted } = loopOf(
      o,
      (seat) => ({ kind: 'bot', strength: seat % 2 === 0 ? 'normal' : 'easy' }),
      `bots-${JSON.stringify(o)}`,
    );
    for (let i = 0; i < 200_000 && !loop.outcome().over; i++) clock.advanceTo(clock.now() + 200);
    expect(loop.outcome().over, JSON.stringify(o)).toBe(true);
    expect(accepted.some((a) => a.source === 'bot')).toBe(true);
    let s = module.setup(o, `bots-${JSON.stringify(o)}`);
    for (const a of loop.journal) {
      const r = module.apply(s, a);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.state;
    }
    expect(s).toEqual(loop.state);
  }
});

it("XT5: a normal bot at the table hears its own looks (with the card) and others' (without)", () => {
  const heard: [number, ModuleEvent][] = [];
  const bots = bla5tModule.bots;
  const spy = {
    ...bla5tModule,
    bots: {
      ...bots,
      create: (strength: string, seat: number, rnd: () => number) => {
        const b = bots.create?.(strength, seat, rnd) ?? null;
        const observe = (e: ModuleEvent) => {
          heard.push([seat, e]);
          b?.observe(e);
        };
        return b && { observe, decide: b.decide };
      },
    },
  } as unknown as AnyGameModule;
  const clock = fakeClock();
  const hooks: LoopHooks<State, Action, ModuleEvent> = {
    player: () => ({ kind: 'bot', strength: 'normal' }),
    accept: () => true,
    changed: () => {},
  };
  const config = { clockMs: () => 1_000, botDelayMs: 10, autoDelayMs: [50, 150] as const };
  const loop = new TableLoop<State, Action, ModuleEvent>(
    spy,
    { players: 3 },
    'memory',
    hooks,
    config,
    clock,
    () => 0.5,
  );
  loop.plan();
  for (let i = 0; i < 50; i++) clock.advanceTo(clock.now() + 200);
  const looks = heard.filter(([, e]) => e.type === 'looked') as unknown as [number, { seat: number; card: unknown }][];
  expect(looks.some(([seat, e]) => e.seat === seat && typeof e.card === 'string')).toBe(true);
  expect(looks.some(([seat, e]) => e.seat !== seat && e.card === null)).toBe(true);
  for (const [seat, e] of looks) if (e.seat !== seat) expect(e.card).toBeNull();
});
