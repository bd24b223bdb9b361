/// <reference lib="dom" />
/**
 * Issue #4, "Must show" 4: the hand, the table and the controls stay usable and legible on a phone in
 * portrait (360x640, touch) and on a 1920x1080 desktop; a game action works by tap / click on each.
 */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type Player, seen, shot, tid } from '../support/blaze.js';
import { launchChromium } from '../support/browser.js';
import { startServer } from '../support/processes.js';
import { domProblems } from '../support/screens.js';
import { watchingHostGame } from '../support/tables.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

const SIZES: [string, BrowserContextOptions, boolean][] = [
  [
    'phone-360x640',
    { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    true,
  ],
  ['desktop-1920x1080', { viewport: { width: 1920, height: 1080 } }, false],
];

describe('the table at phone and desktop sizes', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const players: Player[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // A phone held sideways is wider than 480 px, but its height is as short: the foot had its desktop
  // size there (no more than a third of the height sideways).
  const FEET: [string, number, number, number, number?][] = [
    // Upright, a quarter of the height at most, and room to spare: German's longer words took 151 px.
    ['phone-360x640', 360, 640, 140],
    // The narrowest phone: its foot took three rows (151 px in English), German's scores overflowed
    // the pane. German's foot still takes three (157 px): the seat offer's two-line buttons (198 px)
    // and Revanche (95) overrun its 292-px row, so it keeps a budget of its own.
    ['phone-320x568', 320, 568, 140, 160],
    ['phone-740x360', 740, 360, 360 / 3],
    ['phone-568x320', 568, 320, 320 / 3],
  ];
  for (const [label, width, height, most, germanMost = most] of FEET)
    it(`${label}: a host who watches their bots keeps the results' foot small, every control a finger's size`, async () => {
      const p = await newPlayer(browser, 'Host', {
        viewport: { width, height },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      players.push(p);
      const page = p.page;
      await watchingHostGame(page, server.base);
      // The foot holds the seat offer, Rematch, Seats & settings and the replay: it took 220 of 640 px.
      const rematch = { en: 'Rematch', de: 'Revanche', ja: 'もう一度' };
      for (const [lang, words] of Object.entries(rematch)) {
        await tid(page, 'language').selectOption(lang);
        await poll(() => tid(page, 'rematch').textContent()).toBe(words);
        await shot(page, `${label}-watching-host-results-${lang}`);
        const foot = await tid(page, 'results-next').boundingBox();
        expect(foot?.height ?? 999, `${lang}: the foot's height`).toBeLessThanOrEqual(
          lang === 'de' ? germanMost : most,
        );
        // The scores, not only the foot: at 568x320 the heading and the winner line took about 150 px and
        // only the table's top border showed above the foot.
        const firstRow = await page.evaluate(() => {
          const row = document.querySelector('[data-testid="final-scores"] tbody tr');
          const pane = document.querySelector('[data-testid="results"]');
          const next = document.querySelector('[data-testid="results-next"]');
          if (!row || !pane || !next) return null;
          const r = row.getBoundingClientRect();
          return {
            top: r.top,
            bottom: r.bottom,
            paneTop: pane.getBoundingClientRect().top,
            footTop: next.getBoundingClientRect().top,
            // Nothing wider than the pane: German's scores at 320 px overran it, the pane scrolling across.
            tableRight: (document.querySelector('[data-testid="final-scores"]') as HTMLElement).getBoundingClientRect()
              .right,
            paneRight: pane.getBoundingClientRect().left + pane.clientLeft + pane.clientWidth,
            across: pane.scrollWidth - pane.clientWidth,
            // The space between the heading, the winner and the tie-break's line (30-50 px once).
            gaps: [...pane.querySelectorAll(':scope > h2, [data-testid="winner"], [data-testid="tie-break"]')]
              .map((e) => e.getBoundingClientRect())
              .flatMap((b, i, all) => (i > 0 ? [Math.round(b.top - (all[i - 1]?.bottom ?? 0))] : [])),
          };
        });
        expect(firstRow, `${lang}: the first scores row`).not.toBeNull();
        expect(firstRow?.top ?? -1, `${lang}: the first scores row below the pane's top`).toBeGreaterThanOrEqual(
          firstRow?.paneTop ?? 0,
        );
        expect(firstRow?.bottom ?? 999, `${lang}: the first scores row above the foot`).toBeLessThanOrEqual(
          firstRow?.footTop ?? 0,
        );
        expect(firstRow?.across ?? 999, `${lang}: the pane scrolls across`).toBeLessThanOrEqual(0);
        // A shortened column head still reads as its full word: both in the DOM read "FedernFed." once.
        const heads = await page.$$eval('[data-testid="final-scores"] th .head-full', (es) =>
          es.map((e) => e.textContent ?? ''),
        );
        expect(heads.length, `${lang}: the shortened column heads`).toBeGreaterThanOrEqual(2);
        for (const word of new Set(heads))
          expect(
            await page.getByRole('columnheader', { name: word, exact: true }).count(),
            `${lang}: column heads read as "${word}"`,
          ).toBe(heads.filter((x) => x === word).length);
        expect(firstRow?.gaps.length ?? 0, `${lang}: the heading and the winner's lines`).toBeGreaterThanOrEqual(1);
        for (const gap of firstRow?.gaps ?? [])
          expect(gap, `${lang}: space between the results' first lines`).toBeLessThanOrEqual(16);
        expect(firstRow?.tableRight ?? 999, `${lang}: the scores inside the pane`).toBeLessThanOrEqual(
          firstRow?.paneRight ?? 0,
        );
        for (const id of ['offer-sit-3', 'offer-sit-4', 'rematch', 'open-table', 'replay-button']) {
          const box = await tid(page, id).boundingBox();
          expect(box, `${lang}: ${id}`).not.toBeNull();
          expect((box?.y ?? 0) + (box?.height ?? 0), `${lang}: ${id} on screen`).toBeLessThanOrEqual(height);
          // A finger's target: the foot's buttons were 37 px high and the replay link 19 px.
          expect(box?.height ?? 0, `${lang}: ${id}'s height`).toBeGreaterThanOrEqual(40);
        }
        expect(await domProblems(page), `${lang}: page texts`).toEqual([]);
      }
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }, 200_000);

  for (const [label, options, touch] of SIZES) {
    it(`${label}: hand, centre and controls fit, and a challenge opens by ${touch ? 'tap' : 'click'}`, async () => {
      const p = await newPlayer(browser, 'Ana', options);
      players.push(p);
      const page = p.page;
      const { width, height } = options.viewport as { width: number; height: number };
      await page.goto(server.base);
      await tid(page, 'name-input').fill('Ana');
      await tid(page, 'new-table').click();
      await page.waitForURL(/\/t\//);
      await poll(() => tid(page, 'leave').isVisible()).toBe(true);
      await tid(page, 'add-bot-1').click();
      await poll(() => tid(page, 'remove-bot-1').isVisible()).toBe(true);
      await tid(page, 'add-bot-2').click();
      await poll(() => tid(page, 'remove-bot-2').isVisible()).toBe(true);
      // Ana opens, and has the relaxed clock to do it by hand.
      await tid(page, 'setting-first').selectOption('0');
      await tid(page, 'setting-clock').selectOption('relaxed');
      await poll(() => tid(page, 'setting-first').inputValue()).toBe('0');
      await shot(page, `${label}-lobby`);
      await tid(page, 'start').click();
      await poll(async () => (await seen(page)).hand.length).toBe(5);

      const s = await seen(page);
      expect(s.role).toBe('active');
      // The banner's round, trump and clock are words, not controls: no Tab stops (at the game's end
      // the round and trump were the first stops after the top bar, before the scores and Rematch).
      const bannerStops = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="banner"] *')]
          .filter((e) => e.tabIndex >= 0)
          .map((e) => e.dataset.testid ?? e.tagName),
      );
      expect(bannerStops).toEqual([]);
      // Every hand card is on screen, and nothing covers it: the canvas is what a tap there hits.
      for (const h of s.hand) {
        expect(h.x, `${h.card} x`).toBeGreaterThan(0);
        expect(h.x, `${h.card} x`).toBeLessThan(width);
        expect(h.y, `${h.card} y`).toBeGreaterThan(0);
        expect(h.y, `${h.card} y`).toBeLessThan(height);
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x as number, y as number)?.tagName,
          [h.x, h.y],
        );
        expect(hit, `what lies over ${h.card}`).toBe('CANVAS');
      }
      // The controls are visible, inside the viewport, and clear of the hand.
      for (const id of ['play', 'stand']) {
        const box = await tid(page, id).boundingBox();
        expect(box, `${id} button`).not.toBeNull();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        expect(box.height, `${id} is big enough to hit`).toBeGreaterThanOrEqual(touch ? 32 : 24);
        for (const h of s.hand) {
          const inside = h.x >= box.x && h.x <= box.x + box.width && h.y >= box.y && h.y <= box.y + box.height;
          expect(inside, `${id} covers ${h.card}`).toBe(false);
        }
      }
      // Legible: the banner's text is at least 12 px.
      const fontPx = await page.evaluate(() =>
        Number.parseFloat(getComputedStyle(document.querySelector('[data-testid="banner-text"]') as Element).fontSize),
      );
      expect(fontPx).toBeGreaterThanOrEqual(12);

      // Open a challenge: select a lit card, then Play.
      const card = s.hand.find((h) => h.lit);
      expect(card, 'an opening card lights up').toBeTruthy();
      if (!card) return;
      if (touch) await page.touchscreen.tap(card.x, card.y);
      else await page.mouse.click(card.x, card.y);
      await poll(async () => (await seen(page)).selected).toEqual([card.card]);
      const play = (await seen(page)).buttons.play;
      expect(play?.enabled).toBe(true);
      if (touch) await page.touchscreen.tap(play?.x ?? 0, play?.y ?? 0);
      else await page.mouse.click(play?.x ?? 0, play?.y ?? 0);
      await poll(async () => (await seen(page)).challenges.map((c) => c.card)).toContain(card.card);
      const after = await seen(page);
      for (const c of after.challenges) {
        expect(c.x).toBeGreaterThan(0);
        expect(c.x).toBeLessThan(width);
        expect(c.y).toBeGreaterThan(0);
        expect(c.y).toBeLessThan(height);
      }
      await shot(page, `${label}-challenge`);
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    });
  }
});
