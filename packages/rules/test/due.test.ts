/** due(): who the game waits for (R4.7, R5.2, R5.4, R9.1), the one source for clocks and modules. */
import { describe, expect, it } from 'vitest';
import { due } from '../src/due.js';
import { applyBuiltAction } from '../src/engine.js';
import { game, play, reject, run } from './helpers.js';

const T = 'b9b';

describe('due', () => {
  it('the opener before a challenge; every bettor who has not bet; nobody once over', () => {
    const s = game(3, [], T, { startSeat: 1 });
    expect(due(s)).toEqual([{ seat: 1, role: 'attacker' }]);
    const betting = { ...s, betting: true, bets: [{ by: 1, on: 0, round: 1 as const, value: 0 as const }] };
    expect(due(betting)).toEqual([
      { seat: 0, role: 'bet' },
      { seat: 2, role: 'bet' },
    ]);
    expect(due({ ...s, over: true })).toEqual([]);
  });

  it('R5.2 R5.4 the target owing an answer, attackers not standing, and the window as a table timer', () => {
    const s = game(
      4,
      [
        ['r5a', 'r8b', 'y8b', 'b5b', 'r2a'],
        ['r8a', 'y6a', 'y9a', 'b6a', 'r4a'],
        ['y5a', 'y8a', 'b8a', 'r5b', 'y2a'],
      ],
      T,
    );
    const open = run(s, [play(0, 'r5a')]).state;
    expect(due(open)).toEqual([
      { seat: 1, role: 'target' },
      { seat: 0, role: 'attacker' },
      { seat: 2, role: 'attacker' },
    ]);
    const windowOpen = run(open, [reject(1, ['r5a', 'r8a']), play(2, 'y5a')]).state;
    expect(due(windowOpen)).toEqual([
      { seat: 1, role: 'target' },
      { seat: 0, role: 'attacker' },
      { seat: 2, role: 'attacker' },
      { seat: null, role: 'window' },
    ]);
  });

  it('R9.1 a bet on a seat not at the table is refused, also when built in code (never a throw)', () => {
    const s = { ...game(3, [], T), betting: true };
    const r = applyBuiltAction(s, { type: 'bet', seat: 0, on: 4, value: 1 });
    expect(r.ok ? null : r.error.code).toBe('BAD_BET');
  });
});
