/**
 * The fast forms equal the plain definitions they replaced: subsets by an odometer instead of a
 * recursive walk, views copied field by field instead of by spread.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { applyAction } from '../src/engine.js';
import { legalActions, subsetsUpTo } from '../src/legal.js';
import { createGame } from '../src/setup.js';
import type { GameState, PlayerCount } from '../src/types.js';
import { viewFor } from '../src/view.js';

/** The definition before: a recursive walk, smallest subsets first. */
function subsetsReference<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const walk = (from: number, size: number) => {
    if (pick.length === size) {
      out.push(pick.slice());
      return;
    }
    for (let i = from; i <= items.length - (size - pick.length); i++) {
      pick.push(items[i] as T);
      walk(i + 1, size);
      pick.pop();
    }
  };
  for (let size = 1; size <= Math.min(max, items.length); size++) walk(0, size);
  return out;
}

it('subsetsUpTo lists exactly the reference subsets, in the same order', () => {
  fc.assert(
    fc.property(fc.array(fc.integer(), { maxLength: 9 }), fc.integer({ min: -1, max: 10 }), (items, max) => {
      expect(subsetsUpTo(items, max)).toEqual(subsetsReference(items, max));
    }),
  );
});

it('viewFor copies what the spread copy did, and shares no array or entry with the state', () => {
  fc.assert(
    fc.property(fc.constantFrom<PlayerCount>(3, 4, 5), fc.string(), fc.nat(400), (players, seed, steps) => {
      let s: GameState = createGame({ players, seed });
      let k = 0;
      for (let i = 0; i < steps && !s.over; i++) {
        const seat = (k++ % players) as number;
        const a = legalActions(s, seat)[0];
        if (!a) continue;
        const r = applyAction(s, a);
        if (r.ok) s = r.state;
      }
      for (const viewer of [null, ...Array.from({ length: players }, (_, i) => i)]) {
        const v = viewFor(s, viewer);
        expect(v.table).toEqual(s.table.map((e) => ({ ...e })));
        expect(v.feathers).toEqual(s.feathers.map((f) => ({ ...f })));
        for (let i = 0; i < s.table.length; i++) expect(v.table[i]).not.toBe(s.table[i]);
        for (let i = 0; i < s.feathers.length; i++) expect(v.feathers[i]).not.toBe(s.feathers[i]);
      }
    }),
    { numRuns: 40 },
  );
});
