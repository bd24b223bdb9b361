/// <reference lib="dom" />
/**
 * Issue 12, must show 4: the lobby offers a strength per bot seat, and a game starts with one bot of
 * each strength; every bot then plays its seat (the strong one through the server's search threads).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type Player, shot, tid } from '../support/blaze.js';
import { launchChromium } from '../support/browser.js';
import { startServer } from '../support/processes.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 200 });
const MOVES = ['opened', 'extended', 'rejected', 'passed', 'stood', 'betPlaced'];

describe('bots of three strengths', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let A: Player;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    A = await newPlayer(browser, 'Ana', { viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('picks easy, normal and strong in the lobby and each bot plays its seat', async () => {
    const page = A.page;
    await page.goto(server.base);
    await tid(page, 'name-input').fill('Ana');
    await tid(page, 'new-table').click();
    await poll(() => tid(page, 'leave').isVisible()).toBe(true);
    const want = { 1: 'easy', 2: 'normal', 3: 'strong' } as const;
    for (const [seat, strength] of Object.entries(want)) {
      await tid(page, `add-bot-${seat}`).click();
      await poll(() => tid(page, `strength-${seat}`).isVisible()).toBe(true);
      // A new bot is normal; the picker sends the change and shows what the server now holds.
      expect(await tid(page, `strength-${seat}`).inputValue()).toBe('normal');
      await tid(page, `strength-${seat}`).selectOption(strength);
    }
    const strengths = () => page.evaluate(() => (window.__blaze?.snapshot?.seats ?? []).map((s) => s.strength ?? ''));
    await poll(strengths).toEqual(['', 'easy', 'normal', 'strong', '']);
    for (const [seat, strength] of Object.entries(want))
      expect(await tid(page, `strength-${seat}`).inputValue()).toBe(strength);
    await shot(page, 'lobby-bot-strengths');

    await tid(page, 'setting-clock').selectOption('fast');
    await tid(page, 'start').click();
    // Every bot makes moves of its own (Ana's fast clock keeps her seat moving too).
    const movers = () =>
      page.evaluate((kinds) => {
        const log = window.__blaze?.snapshot?.log ?? [];
        return [...new Set(log.filter((l) => kinds.includes(l.kind)).map((l) => l.seat))].sort();
      }, MOVES);
    await poll(movers, 150_000).toEqual(expect.arrayContaining([1, 2, 3]));
    await shot(page, 'game-with-three-strengths');
    expect(A.errors).toEqual([]);
  });
});
