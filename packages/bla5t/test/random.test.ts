import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Action, applyAction, createGame, legalActions, type State } from '../src/index.js';
import { countCards } from './helpers.js';

function randomGame(
  players: 2 | 3 | 4 | 5,
  seed: string,
  rnd: () => number,
  advanced = false,
): { steps: number; s: State } {
  let s = createGame({ players, seed, advanced });
  const total = countCards(s);
  let steps = 0;
  while (!s.over) {
    const acts: Action[] = [];
    for (let seat = 0; seat < players; seat++) acts.push(...legalActions(s, seat));
    expect(acts.length).toBeGreaterThan(0);
    const a = acts[Math.floor(rnd() * acts.length)] as Action;
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} ${r.error.code} ${r.error.message}`);
    s = r.state;
    expect(countCards(s)).toBe(total);
    steps++;
    if (steps > 20000) throw new Error('did not end');
  }
  return { steps, s };
}

describe('random legal play', () => {
  it('X10.1 random legal play at 2-5 players always ends, cards conserved (X1.3)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer(), (p, seed) => {
        let x = seed >>> 0;
        const rnd = () => {
          x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
          return x / 2 ** 32;
        };
        const { s } = randomGame(p as 2 | 3 | 4 | 5, `r${seed}`, rnd);
        expect(s.over).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
