/** The contract's helpers, judged without any game (the package imports none). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSystemAction, messageOf, parseOptions, replayGame } from '../src/index.js';

const counter = {
  seats: { min: 2, max: 4 },
  options: {
    schema: z.object({ players: z.number().int(), target: z.number().int().min(1).max(9) }).strict(),
    defaults: (players: number) => ({ players, target: 3 }),
    players: (o: { players: number }) => o.players,
  },
  setup: (o: { players: number; target: number }, seed: string) => ({ n: 0, target: o.target, seed }),
  apply: (s: { n: number; target: number; seed: string }, a: { type: string; by?: number }) =>
    a.type === 'add' && typeof a.by === 'number'
      ? { ok: true as const, state: { ...s, n: s.n + a.by }, events: [{ type: 'added' }] }
      : { ok: false as const, error: { code: 'MALFORMED', message: 'add needs by' } },
};

describe('@blaze/game helpers', () => {
  it('parseOptions: defaults for the seat count, the host overrides judged by the schema, coded refusals', () => {
    expect(parseOptions(counter, 3, undefined)).toEqual({ ok: true, value: { players: 3, target: 3 } });
    expect(parseOptions(counter, 2, { target: 7 })).toEqual({ ok: true, value: { players: 2, target: 7 } });
    expect(parseOptions(counter, 5, {})).toMatchObject({ ok: false, error: { code: 'BAD_PLAYERS' } });
    expect(parseOptions(counter, 3, { target: 0 })).toMatchObject({ ok: false, error: { code: 'BAD_OPTIONS' } });
    expect(parseOptions(counter, 3, { extra: 1 })).toMatchObject({ ok: false, error: { code: 'BAD_OPTIONS' } });
    // Options that set up another seat count than the table has are refused, not silently used.
    expect(parseOptions(counter, 3, { players: 4 })).toMatchObject({ ok: false, error: { code: 'BAD_OPTIONS' } });
  });

  it('replayGame: the state after every action, or where the record stops making sense', () => {
    const o = { players: 2, target: 3 };
    const r = replayGame(counter, o, 's', [
      { type: 'add', by: 2 },
      { type: 'add', by: 1 },
    ]);
    expect(r).toMatchObject({ ok: true, state: { n: 3 }, events: [{ type: 'added' }, { type: 'added' }] });
    expect(replayGame(counter, o, 's', [{ type: 'add', by: 2 }, { type: 'add' }])).toMatchObject({
      ok: false,
      index: 1,
      error: { code: 'MALFORMED' },
      state: { n: 2 },
    });
  });

  it("a message is the action less its seat; an action without a seat is the table's", () => {
    expect(messageOf({ type: 'bet', seat: 2, on: 0, value: 1 } as { type: string; seat: number })).toEqual({
      type: 'bet',
      on: 0,
      value: 1,
    });
    expect(isSystemAction({ type: 'closeWindow' })).toBe(true);
    expect(isSystemAction({ type: 'pass', seat: 0 })).toBe(false);
  });
});
