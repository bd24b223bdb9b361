/** Debian's Chromium driven by playwright-core: never a downloaded browser build. */
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The client's pace in the browser tests (apps/web/src/kit/testPace.ts): a quarter of the product's
 * waits (someone else's move held 225 ms instead of 900, flights 95 ms, practice and guided-game bots
 * four times as quick). Tests about what a person sees and can do, not about pace, need not wait like
 * a person reading the table; pacing.test.ts keeps the product's pace (newPlayer's `pace: 'product'`).
 * Not quicker: with quick bots the action bar is then rebuilt several times a second, and a test's
 * tap can land on a bar being replaced (no person ever sees a table that fast).
 */
export const TEST_PACE = 0.25;

/** Every page of `ctx` loads at the tests' pace: set before any of the page's own scripts run. */
export async function quickPace(ctx: BrowserContext): Promise<void> {
  // BLAZE_PRODUCT_PACE=1: every page at the product's pace, to time a file both ways or to tell a
  // failure the quick pace causes from another.
  if (process.env.BLAZE_PRODUCT_PACE) return;
  await ctx.addInitScript((pace) => {
    (window as unknown as { __blazeTestPace?: number }).__blazeTestPace = pace;
  }, TEST_PACE);
}
