/// <reference lib="dom" />
/** Waiting for the page to stand still, instead of sleeping a fixed time that must cover the slowest machine. */
import type { Page } from 'playwright-core';

/**
 * Resolves once the canvas has drawn nothing new for `quietMs`: the scene renders on demand, so a
 * relayout after a resize or a card's glide draws frame after frame, and then stops. Gives up
 * quietly after `timeoutMs` (what follows checks the page anyway).
 */
export async function canvasStill(page: Page, quietMs = 150, timeoutMs = 3_000): Promise<void> {
  await page.evaluate(
    async ([quiet, timeout]) => {
      const count = () => window.__blaze?.renderCount ?? 0;
      const end = performance.now() + timeout;
      let last = count();
      let since = performance.now();
      while (performance.now() < end) {
        await new Promise((r) => setTimeout(r, 25));
        const n = count();
        if (n !== last) {
          last = n;
          since = performance.now();
        } else if (performance.now() - since >= quiet) return;
      }
    },
    [quietMs, timeoutMs] as const,
  );
}
