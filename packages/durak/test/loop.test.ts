/**
 * The headless table loop (@blaze/game/loop) with Battle of Durak's module, on a hand-driven clock:
 * bots play whole games from their own views, a person's clock runs out into the module's timeout
 * move, and forced steps (DT3) wait a random delay within one range whoever is due.
 */
import type { Action, Event, State } from '@blaze/durak';
import { durakModule } from '@blaze/durak/module';
import { type LoopHooks, type SeatPlayer, type Source, TableLoop } from '@blaze/game/loop';
import { expect, it } from 'vitest';
import { fakeClock } from '../../game/test/fakeClock.js';

const CONFIG = { clockMs: () => 1_000, botDelayMs: 10, autoDelayMs: [500, 1_500] as const };

function run(
  players: number,
  options: object,
  who: (seat: number) => SeatPlayer,
  seed: string,
  config: typeof CONFIG | { clockMs: () => null; botDelayMs: number; autoDelayMs: readonly [number, number] } = CONFIG,
) {
  const clock = fakeClock();
  const sources: Source[] = [];
  const autoDelays: number[] = [];
  let lastAt = 0;
  const hooks: LoopHooks<State, Action, Event> = {
    player: who,
    accept: (_a, _n, _e, source) => {
      sources.push(source);
      if (source === 'auto') autoDelays.push(clock.now() - lastAt);
      lastAt = clock.now();
      return true;
    },
    changed: () => {},
  };
  const opts = { players: players as 2 | 3 | 4, ambush: false, team: false, ...options };
  const loop = new TableLoop<State, Action, Event>(durakModule, opts, seed, hooks, config, clock, () => 0.5);
  loop.plan();
  for (let i = 0; i < 2_000 && !loop.outcome().over; i++) clock.advanceTo(clock.now() + 100);
  return { loop, sources, autoDelays, clock };
}

it('bots play whole games at 2, 3 and 4 players, with Ambush and Team Battle', () => {
  const cases: [number, object][] = [
    [2, {}],
    [3, { ambush: true }],
    [4, { team: true }],
    [4, { ambush: true, team: true }],
  ];
  for (const [n, o] of cases) {
    const { loop, sources } = run(n, o, () => ({ kind: 'bot', strength: 'normal' }), `loop-${n}`);
    expect(loop.outcome().over, `${n} ${JSON.stringify(o)}`).toBe(true);
    expect(loop.outcome().losers.length + loop.outcome().winners.length).toBeGreaterThan(0);
    expect(sources).toContain('bot');
    // The journal replays to the same state (what a restore does).
    let s = durakModule.setup({ players: n as 2 | 3 | 4, ambush: false, team: false, ...o }, `loop-${n}`);
    for (const a of loop.journal) {
      const r = durakModule.apply(s, a);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.state;
    }
    expect(s).toEqual(loop.state);
  }
});

it("a person's clock runs out into the module's timeout move, and the game still ends", () => {
  const { loop, sources } = run(
    2,
    {},
    (seat) => (seat === 0 ? { kind: 'person' } : { kind: 'bot', strength: 'easy' }),
    'p',
  );
  expect(loop.outcome().over).toBe(true);
  expect(sources).toContain('clock');
});

it("at an untimed table a person's turn waits: nothing is played for them (issue #40)", () => {
  const untimed = { ...CONFIG, clockMs: () => null };
  const { loop, sources } = run(
    2,
    {},
    (seat) => (seat === 0 ? { kind: 'person' } : { kind: 'bot', strength: 'easy' }),
    'p',
    untimed,
  );
  // 200 s of table time: the game waits on the person, and no move was made for them.
  expect(sources).not.toContain('clock');
  expect(loop.outcome().over).toBe(false);
});

it('forced steps wait a random delay in one range, not at once', () => {
  let delays: number[] = [];
  for (let i = 0; i < 6 && delays.length === 0; i++) {
    delays = run(3, { ambush: true }, () => ({ kind: 'person' }), `auto-${i}`).autoDelays;
  }
  expect(delays.length).toBeGreaterThan(0);
  // rnd 0.5: the middle of 500..1500, reached in 100 ms steps.
  for (const d of delays) expect(d).toBeGreaterThanOrEqual(1_000);
});

it('a refused action changes nothing; a message the module cannot read is MALFORMED', () => {
  const clock = fakeClock();
  const hooks: LoopHooks<State, Action, Event> = {
    player: () => ({ kind: 'person' }),
    accept: () => true,
    changed: () => {},
  };
  const loop = new TableLoop<State, Action, Event>(
    durakModule,
    { players: 2, ambush: false, team: false },
    's',
    hooks,
    CONFIG,
    clock,
  );
  const before = loop.state;
  expect(loop.message({ type: 'nope' }, 0)?.code).toBe('MALFORMED');
  expect(loop.message({ type: 'defend', card: '6K' }, loop.state.attacker)).not.toBeNull();
  expect(loop.state).toBe(before);
  expect(loop.journal).toEqual([]);
});

it('an action the room could not record did not happen', () => {
  const clock = fakeClock();
  const loop = new TableLoop<State, Action, Event>(
    durakModule,
    { players: 2, ambush: false, team: false },
    's',
    { player: () => ({ kind: 'person' }), accept: () => false, changed: () => {} },
    CONFIG,
    clock,
  );
  const before = loop.state;
  const a = durakModule.legal(before, before.attacker)[0] as Action;
  expect(loop.act(a, 'person')?.code).toBe('NOT_RECORDED');
  expect(loop.state).toBe(before);
  expect(loop.journal).toEqual([]);
});

it('an action the record refused later is reverted: the game is as before it, and moves on', () => {
  const clock = fakeClock();
  const loop = new TableLoop<State, Action, Event>(
    durakModule,
    { players: 2, ambush: false, team: false },
    's',
    { player: () => ({ kind: 'person' }), accept: () => true, changed: () => {} },
    CONFIG,
    clock,
  );
  const before = loop.state;
  const a = durakModule.legal(before, before.attacker)[0] as Action;
  expect(loop.act(a, 'person')).toBeNull();
  expect(loop.journal).toEqual([a]);
  loop.revert(a);
  expect(loop.journal).toEqual([]);
  expect(loop.state).toEqual(before);
  expect(loop.act(a, 'person')).toBeNull();
});
