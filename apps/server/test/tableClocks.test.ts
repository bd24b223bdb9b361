/**
 * R5.4, R5.5 with a hand-driven clock: which clocks run, when they fire, and that one host timer
 * per table serves them all (a timer per clock, re-armed on every action, was a large share of what
 * outlived young collections at 500 tables; issue 9).
 */
import { ROUND_BREAK_MS } from '@blaze/protocol';
import { type Action, applyAction, createGame, type GameState, legalActions, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import { type Due, TableClocks } from '../src/room/clocks.js';
import { fakeClock } from './fakeClock.js';

const SPEED = { attackerMs: 10_000, targetMs: 8_000, betMs: 20_000 };

function setUp() {
  const clock = fakeClock(1_000_000);
  const fired: (Due & { at: number })[] = [];
  let onFire: (d: Due) => void = () => {};
  const clocks = new TableClocks(
    clock,
    (d) => {
      fired.push({ ...d, at: clock.now() });
      onFire(d);
    },
    clock.now,
  );
  return { clock, clocks, fired, setOnFire: (f: (d: Due) => void) => (onFire = f) };
}

function opened(): GameState {
  const g = createGame({ players: 4, seed: 'clocks', startSeat: 0 });
  const open = legalActions(g, 0).find((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  if (!open) throw new Error('no opening');
  const r = applyAction(g, open);
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe('table clocks', () => {
  it('the opener’s clock fires at its deadline, on the 100 ms grid, and not before', () => {
    const { clock, clocks, fired } = setUp();
    const g = createGame({ players: 4, seed: 'clocks', startSeat: 0 });
    clocks.replan(g, 3_000, SPEED);
    expect(clocks.deadlines()).toEqual([{ kind: 'attacker', seat: 0, at: clock.now() + 10_000 }]);
    clock.advanceTo(clock.now() + 9_999);
    expect(fired).toEqual([]);
    clock.advanceTo(clock.now() + 1);
    expect(fired).toEqual([{ kind: 'attacker', seat: 0, at: 1_010_000 }]);
    expect(clocks.deadlines()).toEqual([]);
  });

  it('idle clocks restart on every change with one host timer; only an earlier deadline re-arms it', () => {
    const { clock, clocks, fired } = setUp();
    const g = opened();
    clocks.replan(g, 3_000, SPEED);
    const kinds = clocks.deadlines().map((d) => `${d.kind}:${d.seat}`);
    expect(kinds).toContain('target:1');
    expect(kinds).toContain('attacker:2');
    expect(clock.armed).toBe(1);
    // Fifty moves a second apart (each a new game state): every idle clock restarts each time, and
    // the one timer, woken early by the restarts, sleeps again; nothing fires while the table moves.
    for (let i = 0; i < 50; i++) {
      clock.advanceTo(clock.now() + 1_000);
      clocks.replan({ ...g }, 3_000, SPEED);
      expect(clock.live()).toBe(1);
    }
    expect(fired).toEqual([]);
    expect(clock.armed).toBeLessThanOrEqual(1 + 50 / 8 + 1);
    const target = clocks.deadlines().find((d) => d.kind === 'target');
    expect(target?.at).toBe(clock.now() + 8_000);
    clock.advanceTo(clock.now() + 8_000);
    expect(fired.map((d) => `${d.kind}:${d.seat}`)).toEqual(['target:1']);
  });

  it('a replan without a move (someone joined, left or reloaded) leaves the idle clocks running', () => {
    const { clock, clocks, fired } = setUp();
    const g = opened();
    clocks.replan(g, 3_000, SPEED);
    const first = clocks.deadlines();
    // A reload: the drop and the rejoin each replan the same game (issue #40: 15 s left became 23 s).
    clock.advanceTo(clock.now() + 2_000);
    clocks.replan(g, 3_000, SPEED);
    clock.advanceTo(clock.now() + 1_000);
    clocks.replan(g, 3_000, SPEED);
    expect(clocks.deadlines()).toEqual(first);
    const target = first.find((d) => d.kind === 'target');
    clock.advanceTo(target?.at ?? 0);
    expect(fired.map((d) => `${d.kind}:${d.seat}`)).toContain('target:1');
  });

  it('bet clocks run on from when betting began', () => {
    const { clock, clocks } = setUp();
    const g: GameState = { ...createGame({ players: 3, seed: 'bets', startSeat: 0 }), betting: true, bets: [] };
    const start = clock.now();
    clocks.replan(g, 3_000, SPEED);
    clock.advanceTo(start + 5_000);
    clocks.replan(g, 3_000, SPEED);
    expect(clocks.deadlines().map((d) => d.at)).toEqual([start + 20_000, start + 20_000, start + 20_000]);
  });

  it('a clock due while another fires is fired in the same wake, after the replan it caused', () => {
    const { clock, clocks, fired, setOnFire } = setUp();
    const g = opened();
    const quick = { attackerMs: 1_000, targetMs: 1_000, betMs: 1_000 };
    clocks.replan(g, 3_000, quick);
    // The first clock out acts (a new game state) and replans, as the room does: the others,
    // restarted by it, are no longer due.
    setOnFire(() => clocks.replan({ ...g }, 3_000, quick));
    clock.advanceTo(clock.now() + 1_000);
    expect(fired).toHaveLength(1);
    expect(clock.live()).toBe(1);
    clocks.clearAll();
    expect(clock.live()).toBe(0);
    expect(clocks.deadlines()).toEqual([]);
  });

  it('a clock whose move threw does not stop the others (the room logs the error)', () => {
    const { clock, clocks, fired, setOnFire } = setUp();
    clocks.replan(opened(), 3_000, SPEED);
    setOnFire(() => {
      setOnFire(() => {});
      throw new Error('handler failed');
    });
    const start = clock.now();
    expect(() => clock.advanceTo(start + 8_000)).toThrow('handler failed');
    clock.advanceTo(start + 10_000);
    expect(fired.map((d) => `${d.kind}:${d.seat}`)).toEqual(['target:1', 'attacker:2']);
  });

  it('nothing runs once the game is gone or over', () => {
    const { clock, clocks } = setUp();
    clocks.replan(opened(), 3_000, SPEED);
    clocks.replan({ ...opened(), over: true }, 3_000, SPEED);
    expect(clocks.deadlines()).toEqual([]);
    expect(clock.live()).toBe(0);
    clocks.replan(null, 3_000, SPEED);
    expect(clock.live()).toBe(0);
  });

  it("a round's end holds people's clocks for the round break, so the summary is read, not raced", () => {
    const { clock, clocks } = setUp();
    // A game played by bots to the first state of its second round.
    let g = createGame({ players: 4, seed: 'break', startSeat: 0 });
    let last = g;
    for (let i = 0; i < 2_000 && g.round === 1 && !g.over; i++) {
      // The window closes; otherwise the first seat whose bot has a move makes it.
      let action: Action | null = g.window !== null ? { type: 'closeWindow' } : null;
      for (let seat = 0; seat < 4 && action === null; seat++)
        if (legalActions(g, seat).length > 0) action = chooseAction('heuristic', viewFor(g, seat), () => 0.5);
      if (action === null) break;
      const r = applyAction(g, action);
      if (!r.ok) throw new Error(r.error.code);
      last = g;
      g = r.state;
    }
    expect(g.round).toBe(2);
    clocks.replan(last, 3_000, SPEED);
    clock.advanceTo(clock.now() + 1_000);
    clocks.replan(g, 3_000, SPEED);
    const first = Math.min(...clocks.deadlines().map((d) => d.at));
    expect(first).toBeGreaterThanOrEqual(clock.now() + ROUND_BREAK_MS + Math.min(SPEED.attackerMs, SPEED.betMs));
    // Moves within the break keep it; after it, clocks run from the move again.
    clock.advanceTo(clock.now() + ROUND_BREAK_MS + 1);
    clocks.replan(g, 3_000, SPEED);
    expect(Math.min(...clocks.deadlines().map((d) => d.at))).toBeLessThanOrEqual(clock.now() + SPEED.betMs + 100);
    // A restored table's first plan, already in round 2, has no break.
    const fresh = setUp();
    fresh.clocks.replan(g, 3_000, SPEED);
    expect(Math.min(...fresh.clocks.deadlines().map((d) => d.at))).toBeLessThanOrEqual(
      fresh.clock.now() + SPEED.betMs + 100,
    );
  });
});
