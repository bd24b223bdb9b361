/**
 * The Blaze table's layout on an upright phone as its canvas grows (issue #40): about 290,000 sizes,
 * apart from blazeLayout.test.ts so that the unit run's workers share the sweeps.
 */
import { describe, expect, it } from 'vitest';
import { isShort, layout } from '../src/games/blaze/render/layout.js';
import { apartFaults } from './blazeApart.js';

describe('an upright phone', () => {
  it("never shrinks an upright phone's hand cards as its canvas gets higher, and keeps its table apart", async () => {
    // Up to 360 px high the bands gave 54-60-px cards (420 px wide), at 361 the stacked rows first
    // fitted and gave 36: a hand shrank as the browser's bar hid. From 300 px, or from where the canvas
    // stops being sideways (lower, the room kept for a full challenge and the two-line boxes of a
    // sideways canvas still trade against the cards' size: see the report of this change).
    const faults: string[] = [];
    for (let w = 320; w <= 480; w += 2) {
      // A breath between widths: a sweep that holds the worker for minutes on a loaded machine starves
      // vitest's own calls to it ("Timeout calling onTaskUpdate"), which fails the run with every test passed.
      await new Promise((r) => setImmediate(r));
      for (const players of [3, 4, 5])
        for (const betting of [false, true]) {
          let was: number | undefined;
          for (let h = 300; h <= 900; h++) {
            if (isShort(w, h)) continue;
            const L = layout({ w, h, players, bottomSeat: 0, handSize: 9, tableSize: 0, hasHand: true, betting });
            const handW = L.cardW * L.handScale;
            if (was !== undefined && handW < was)
              faults.push(`${w}x${h} ${players}p betting=${betting}: hand cards ${handW} px, ${was} at ${h - 1}`);
            was = handW;
            if (w % 8 !== 0 || h % 7 !== 0) continue;
            if (betting) faults.push(...apartFaults(w, h, players, true, true, 0));
            else
              for (let pairs = 1; pairs <= 5; pairs++) faults.push(...apartFaults(w, h, players, true, false, pairs));
          }
        }
    }
    expect(faults.slice(0, 10)).toEqual([]);
    // About 290,000 layouts: well under a minute on a quiet 2-core machine, several on a loaded one.
  }, 240_000);
});
