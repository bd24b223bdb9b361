/** The bench's random mover is uniform over exactly what legalActions lists, and always accepted. */
import { type Action, applyAction, type GameState, legalActions, randomStream } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { legalCounts, randomLegalAction } from '../src/mover.js';
import { simulateGame } from '../src/simulate.js';

function countsOf(actions: Action[]) {
  const out = { play: 0, reject: 0, pass: 0, stand: 0 };
  for (const a of actions) if (a.type in out) out[a.type as keyof typeof out]++;
  return out;
}

describe('random mover', () => {
  it('counts what legalActions lists, and every action it draws is accepted and listed', () => {
    for (const players of [3, 4, 5] as const) {
      for (let g = 0; g < 6; g++) {
        const rnd = randomStream(`mover-check-${players}-${g}`);
        let steps = 0;
        simulateGame({
          players,
          seed: `mover-${players}-${g}`,
          mover: randomLegalAction,
          onStep: (s: GameState) => {
            if (steps++ % 3 !== 0) return;
            for (let seat = 0; seat < players; seat++) {
              const listed = legalActions(s, seat);
              if (!s.betting) expect(legalCounts(s, seat)).toEqual(countsOf(listed));
              const a = randomLegalAction(s, seat, rnd);
              expect(a === null).toBe(listed.length === 0);
              if (a === null) continue;
              expect(applyAction(s, a).ok, JSON.stringify(a)).toBe(true);
              const key = (x: Action) => JSON.stringify(x.type === 'play' ? { ...x, cards: [...x.cards].sort() } : x);
              expect(listed.map(key)).toContain(key(a));
            }
          },
        });
      }
    }
  });

  it('draws the options of a seat about evenly', () => {
    // A fresh 4-player game: the active player's openings are all the subsets of each value group.
    const r = simulateGame({ players: 4, seed: 'even', mover: randomLegalAction, maxActions: 0 });
    const s = r.state;
    const listed = legalActions(s, s.active).map((a) => JSON.stringify(a.type === 'play' ? [...a.cards].sort() : a));
    const rnd = randomStream('even-draws');
    const seen = new Map<string, number>();
    const draws = listed.length * 400;
    for (let i = 0; i < draws; i++) {
      const a = randomLegalAction(s, s.active, rnd) as Action;
      const k = JSON.stringify(a.type === 'play' ? [...a.cards].sort() : a);
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([...listed].sort());
    for (const n of seen.values()) expect(Math.abs(n - 400)).toBeLessThan(100);
  });
});
