/**
 * A quicker client for the browser tests that do not measure pace (issue 36): one factor, in [0, 1),
 * that scales the client's own waits: how long someone else's move is held on screen (the pacer's
 * 900 ms), card flights and the replay of a round's last move, and the bots' delay of practice and
 * the guided game (which run in this page, not on a server).
 *
 * It is read once, when the page's scripts load, from `window.__blazeTestPace`, which only a script
 * run before the page's own can set (the tests' Playwright init script, tests/support/browser.ts).
 * Nothing a player can reach sets it: no link, setting, stored value or server message, so a shared
 * URL or an old browser profile never changes the game's pace; a value that is not a number below 1
 * counts as none (the factor never slows anything, and never takes the product's pace from a player).
 */
import { z } from 'zod';

declare global {
  interface Window {
    /** Test-only: the factor for PACE (apps/web/src/kit/testPace.ts). */
    __blazeTestPace?: unknown;
  }
}

const factor = z.number().min(0).lt(1);

/** The factor a raw value stands for: 1 (the product's pace) unless it is a number in [0, 1). */
export function paceFactor(raw: unknown): number {
  const r = factor.safeParse(raw);
  return r.success ? r.data : 1;
}

/** This page's factor, fixed when it loaded. */
export const PACE = paceFactor((globalThis as { __blazeTestPace?: unknown }).__blazeTestPace);

/** `ms` at this page's pace (unchanged at the product's pace). */
export function paced(ms: number): number {
  return PACE === 1 ? ms : Math.round(ms * PACE);
}
