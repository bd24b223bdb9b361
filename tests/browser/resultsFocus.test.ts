/// <reference lib="dom" />
/**
 * The game's end takes the focus to the results' heading (the winner is read next). The results are
 * redrawn when something they show changes after they first appear (someone takes a free seat, the
 * evening's scoreboard, a host leaving): the focus stays on the heading, not on the page's top.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, tid } from '../support/blaze.js';
import { launchChromium } from '../support/browser.js';
import { startServer } from '../support/processes.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

describe("the focus at a game's end", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("stays on the results' heading when the results are redrawn", async () => {
    const host = await newPlayer(browser, 'Host');
    const page = host.page;
    const res = await fetch(`${server.base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { botDelayMs: 0, windowMs: 500 } }),
    });
    const url = `${server.base}/t/${((await res.json()) as { id: string }).id}`;
    await page.goto(url);
    await tid(page, 'name-input').fill('Host');
    await tid(page, 'watch').click();
    await poll(() => tid(page, 'watching').textContent()).toBe('You are watching');
    for (const seat of [0, 1, 2]) {
      await tid(page, `add-bot-${seat}`).click();
      await poll(() => tid(page, `remove-bot-${seat}`).isVisible()).toBe(true);
    }
    await tid(page, 'start').click();
    await poll(() => tid(page, 'final-scores').isVisible(), 120_000).toBe(true);
    const focused = () =>
      page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        if (a?.tagName === 'H2' && a.closest('[data-testid="results"]')) return 'results heading';
        return a?.dataset.testid ?? a?.tagName ?? '';
      });
    await poll(focused).toBe('results heading');

    // Someone takes a free seat: the host's results lose that seat's offer, so the panel is rebuilt.
    const bo = await newPlayer(browser, 'Bo');
    await bo.page.goto(url);
    await tid(bo.page, 'name-input').fill('Bo');
    await tid(bo.page, 'join-sit').click();
    await poll(() => tid(page, 'offer-sit-3').count()).toBe(0);
    // Before, the heading rebuilt had no name to be found by: the focus went to the page's own heading.
    expect(await focused()).toBe('results heading');
    expect(host.errors).toEqual([]);
    expect(bo.errors).toEqual([]);
    await bo.ctx.close();
    await host.ctx.close();
  }, 200_000);
});
