/**
 * The in-page Bla5t session that practice and the guided round run on (the table loop of
 * @blaze/game/loop): the bots move only after their pause and are told to the page with the view
 * before their move, the person is never waited for and a refused move changes nothing, a whole game
 * ends with bots at every other seat, and a page's policy plays the bots instead of the module's.
 */
import { type Action, easyDecide, type View } from '@blaze/bla5t';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Bla5tSession, HUMAN, type Outcome, stream } from './session.js';

describe('Bla5tSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the bots look after their pause, told with the view before; a refused move changes nothing', () => {
    const s = new Bla5tSession({ seed: 'b5s-1' }, ['easy', 'normal'], 1000);
    const told: { player: number; kind: string | undefined; before: View }[] = [];
    s.onMove((out, player, before) => told.push({ player, kind: out.seen?.kind, before }));
    const first = s.view();
    s.start();
    expect(s.botsDue()).toEqual([1, 2]);
    expect(s.humanDue()).toBe(true);
    vi.advanceTimersByTime(999);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    // Both bots look at once (XT1: each due seat has its own pause), the first before anything moved.
    expect(told.map((t) => [t.player, t.kind])).toEqual([
      [1, 'looked'],
      [2, 'looked'],
    ]);
    expect(told[0]?.before).toEqual(first);
    expect(s.botsDue()).toEqual([]);
    // However long the table waits, nothing is played for the person.
    vi.advanceTimersByTime(60_000);
    expect(s.humanDue()).toBe(true);
    const before = s.state;
    expect(s.act({ type: 'draw' })).toMatchObject({ ok: false });
    expect(s.act({ type: 'look', slots: [0, 0, 1] })).toMatchObject({ ok: false });
    expect(s.state).toBe(before);
    const mine = s.act({ type: 'look', slots: [0, 1] });
    expect(mine.ok && mine.peeks.map((p) => p.at)).toEqual([
      { seat: HUMAN, slot: 0 },
      { seat: HUMAN, slot: 1 },
    ]);
    // The person's own move comes back from act, not to the listeners.
    expect(told).toHaveLength(2);
    s.stop();
  });

  it('plays a game to 50 with a bot of each strength, the person playing as an easy bot would', () => {
    const s = new Bla5tSession({ seed: 'b5s-2', maxScore: 50 }, ['easy', 'normal'], 500);
    const rnd = stream('person');
    const scored: number[] = [];
    const note = (out: Outcome) => {
      if (out.ok && out.scored) scored.push(out.scored.round);
    };
    s.onMove(note);
    s.start();
    for (let i = 0; i < 5000 && !s.state.over; i++) {
      const a = s.humanDue() ? easyDecide(s.view(), rnd) : null;
      if (a) {
        const { seat: _seat, ...message } = a as Action & { seat: number };
        const out = s.act(message);
        expect(out.ok).toBe(true);
        note(out);
      } else vi.advanceTimersByTime(500);
    }
    expect(s.state.over).toBe(true);
    expect(scored.length).toBeGreaterThan(0);
    expect(scored).toEqual(scored.map((_, k) => k + 1));
  });

  it("a page's policy plays the bots; when it has nothing the table's timeout move keeps the game going", () => {
    const policy = (v: View): Action | null =>
      v.awaiting.kind === 'look' && v.viewer !== null ? { type: 'look', seat: v.viewer, slots: [2, 3] } : null;
    const s = new Bla5tSession({ seed: 'b5s-3', dealer: 2 }, ['easy', 'easy'], 100, policy);
    const told: { player: number; kind: string | undefined; at: unknown }[] = [];
    s.onMove((out, player) => told.push({ player, kind: out.seen?.kind, at: out.seen?.at }));
    s.start();
    vi.advanceTimersByTime(100);
    // The policy's looks (the module's easy bot would look at slots 0 and 1).
    expect(told).toEqual([
      {
        player: 1,
        kind: 'looked',
        at: [
          { seat: 1, slot: 2 },
          { seat: 1, slot: 3 },
        ],
      },
      {
        player: 2,
        kind: 'looked',
        at: [
          { seat: 2, slot: 2 },
          { seat: 2, slot: 3 },
        ],
      },
    ]);
    expect(s.act({ type: 'look', slots: [0, 1] }).ok).toBe(true);
    expect(s.act({ type: 'draw' }).ok).toBe(true);
    expect(s.act({ type: 'discardDrawn' }).ok).toBe(true);
    // Seat 1's turn: the policy has no move, so the table times it out after the pause.
    const round = s.state;
    vi.advanceTimersByTime(100);
    expect(told).toHaveLength(3);
    expect(s.state).not.toBe(round);
    expect(s.botsDue()).not.toContain(1);
    s.stop();
  });
});
