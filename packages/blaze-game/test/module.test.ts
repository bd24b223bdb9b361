/** The Blaze module's own parts: messages from clients, options, the outcome. */
import { parseOptions, replayGame } from '@blaze/game';
import type { Action, GameState } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { blazeModule as blaze } from '../src/index.js';

describe('blazeModule', () => {
  it('a message gets the seat the table knows, whatever it says; system and unknown types are refused', () => {
    expect(blaze.parseAction({ type: 'pass', seat: 3 }, 1)).toEqual({ ok: true, value: { type: 'pass', seat: 1 } });
    expect(blaze.parseAction({ type: 'bet', on: 2, value: 1 }, 0)).toEqual({
      ok: true,
      value: { type: 'bet', seat: 0, on: 2, value: 1 },
    });
    expect(blaze.parseAction({ type: 'closeWindow' }, 0)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_ACTION' },
    });
    expect(blaze.parseAction({ type: 'shuffle' }, 0)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ACTION' } });
    expect(blaze.parseAction('pass', 0)).toMatchObject({ ok: false, error: { code: 'MALFORMED' } });
    const hostile = Object.defineProperty({}, 'type', {
      enumerable: true,
      get() {
        throw new Error('gotcha');
      },
    });
    expect(blaze.parseAction(hostile, 0)).toMatchObject({ ok: false, error: { code: 'MALFORMED' } });
  });

  it('options: 3 to 5 seats, a start seat of the table, nothing else', () => {
    expect(parseOptions(blaze, 4, { startSeat: 3 })).toEqual({ ok: true, value: { players: 4, startSeat: 3 } });
    expect(parseOptions(blaze, 3, { startSeat: 3 })).toMatchObject({ ok: false, error: { code: 'BAD_OPTIONS' } });
    expect(parseOptions(blaze, 6, {})).toMatchObject({ ok: false, error: { code: 'BAD_PLAYERS' } });
    expect(parseOptions(blaze, 3, { deck: [] })).toMatchObject({ ok: false, error: { code: 'BAD_OPTIONS' } });
    expect(blaze.setup({ players: 4, startSeat: 2 }, 'x').active).toBe(2);
  });

  it('an action from a seat not at the table is refused BAD_SEAT, not judged', () => {
    const s = blaze.setup({ players: 3 }, 'seat');
    expect(blaze.apply(s, { type: 'pass', seat: 4 } as Action)).toMatchObject({
      ok: false,
      error: { code: 'BAD_SEAT' },
    });
  });

  it('R10.3 R10.4 the outcome: the winner first, then by score; no loser of the game', () => {
    // A whole game by always taking the first thing due's timeout or the first legal move.
    const o = { players: 3 as const };
    const actions: Action[] = [];
    let s: GameState = blaze.setup(o, 'outcome');
    for (let i = 0; i < 5000 && !s.over; i++) {
      const a = blaze.legal(s, blaze.due(s).find((d) => d.seat !== null)?.seat ?? 0)[0] ?? { type: 'closeWindow' };
      const r = blaze.apply(s, a as Action);
      if (!r.ok) throw new Error(r.error.message);
      actions.push(a as Action);
      s = r.state;
    }
    const out = blaze.outcome(s);
    expect(out.over).toBe(true);
    expect(out.winners).toEqual([s.winner]);
    expect(out.losers).toEqual([]);
    expect(out.ranks[0]).toEqual([s.winner]);
    const scores = out.ranks.slice(1).map((group) => s.scores[group[0] as number] as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(replayGame(blaze, o, 'outcome', actions)).toMatchObject({ ok: true, state: s });
  });
});
