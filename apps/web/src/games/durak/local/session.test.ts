/**
 * The in-page Durak session that practice and the guided game run on: bots move only after the
 * pause, a refused move changes nothing and names its code, forced steps are made for the person
 * (unless the page asks for them), and a whole Team Battle with Ambush is played to its end by bots
 * at every other seat with the person playing the normal bot's choice.
 */
import { type Action, forcedAction, legalActions, viewFor } from '@blaze/durak';
import { decide } from '@blaze/durak/bots';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HUMAN, LocalSession } from './session.js';

const bots = (s: Parameters<typeof viewFor>[0], seat: number): Action | null =>
  decide('normal', viewFor(s, seat), () => 0.5);

describe('LocalSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits its pause before a bot moves, and refuses a wrong move without a change', () => {
    const s = new LocalSession({ game: { players: 3, seed: 'ls-1', dealer: 1 }, policy: bots, delayMs: 1000 });
    let changes = 0;
    s.onChange(() => changes++);
    s.start();
    const first = s.state;
    vi.advanceTimersByTime(999);
    expect(s.state).toBe(first);
    vi.advanceTimersByTime(1);
    expect(s.state.table).toHaveLength(1);
    // Seat 1 attacked seat 2: the person (seat 0) is not awaited.
    const card = (s.state.hands[HUMAN] as string[])[0] as string;
    const before = s.state;
    expect(s.act({ type: 'attack', seat: HUMAN, card })).toBe('NOT_YOUR_TURN');
    expect(s.act({ type: 'retreat', seat: 1 })).toBe('NOT_YOUR_TURN');
    expect(s.state).toBe(before);
    expect(changes).toBe(2);
    s.stop();
  });

  it('plays a Team Battle with Ambush to its end, forced steps of the person made for them', () => {
    const s = new LocalSession({
      game: { players: 4, seed: 'ls-2', ambush: true, team: true },
      policy: bots,
      delayMs: 500,
    });
    s.start();
    let forcedSeen = 0;
    for (let i = 0; i < 2000 && !s.state.over; i++) {
      const st = s.state;
      const mine = legalActions(st, HUMAN);
      if (mine.length > 0) {
        const forced = mine.length === 1 && mine[0]?.type !== 'attack';
        if (forced) {
          // DN15: the only move is made after the pause, without the person.
          forcedSeen++;
          vi.advanceTimersByTime(500);
          expect(s.state).not.toBe(st);
          continue;
        }
        const a = bots(st, HUMAN) as Action;
        expect(s.act(a)).toBeNull();
        continue;
      }
      vi.advanceTimersByTime(500);
    }
    expect(s.state.over).toBe(true);
    expect(s.state.winners.length).toBeGreaterThan(0);
    expect(forcedSeen).toBeGreaterThan(0);
  });

  it('holds its bots while asked (the guided game explains a step)', () => {
    const s = new LocalSession({
      game: { players: 2, seed: 'ls-3', dealer: 1 },
      policy: bots,
      delayMs: 100,
      manualForced: true,
    });
    s.hold(true);
    s.start();
    vi.advanceTimersByTime(1000);
    expect(s.state.table).toHaveLength(0);
    s.hold(false);
    vi.advanceTimersByTime(100);
    expect(s.state.table).toHaveLength(1);
    s.stop();
  });

  it("with manualForced the person's forced steps wait for them, and the game still ends", () => {
    const s = new LocalSession({
      game: { players: 4, seed: 'ls-2', ambush: true, team: true },
      policy: bots,
      delayMs: 500,
      manualForced: true,
    });
    s.start();
    let waited = 0;
    for (let i = 0; i < 2000 && !s.state.over; i++) {
      const st = s.state;
      if (legalActions(st, HUMAN).length === 0) {
        vi.advanceTimersByTime(500);
        continue;
      }
      const forced = forcedAction(st);
      if (forced) {
        // Nothing is made for the person, however long the table waits.
        vi.advanceTimersByTime(5_000);
        expect(s.state).toBe(st);
        waited++;
        expect(s.act(forced)).toBeNull();
        continue;
      }
      expect(s.act(bots(st, HUMAN) as Action)).toBeNull();
    }
    expect(s.state.over).toBe(true);
    expect(waited).toBeGreaterThan(0);
    s.stop();
  });
});
