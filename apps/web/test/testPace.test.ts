/**
 * Issue 36: the browser tests' quicker pace can only come from a factor a script set before the page
 * loaded, never slows anything, and leaves the product's defaults to every page without it.
 */
import { MIN_ON_SCREEN_MS } from '@blaze/protocol';
import { describe, expect, it } from 'vitest';
import { FLIGHT_MS, MIN_SHOW_MS } from '../src/games/blaze/render/motion.js';
import { PACE, paced, paceFactor } from '../src/kit/testPace.js';
import { DEFAULT_PACER } from '../src/shell/store/pacer.js';

describe('test pace', () => {
  it('without the factor, the product pace: 900 ms on screen, the flights and replays as designed', () => {
    expect(PACE).toBe(1);
    expect(paced(900)).toBe(900);
    expect(DEFAULT_PACER.minMs).toBe(MIN_ON_SCREEN_MS);
    expect(MIN_ON_SCREEN_MS).toBe(900);
    expect([FLIGHT_MS, MIN_SHOW_MS]).toEqual([380, 700]);
  });

  it('only a number in [0, 1) counts; anything else (a string from a URL or storage, a slower pace) is none', () => {
    expect(paceFactor(0.25)).toBe(0.25);
    expect(paceFactor(0)).toBe(0);
    for (const raw of [undefined, null, '0.1', '0', 1, 2, -0.5, Number.NaN, Number.POSITIVE_INFINITY, {}, [0.1]])
      expect(paceFactor(raw), String(raw)).toBe(1);
  });
});
