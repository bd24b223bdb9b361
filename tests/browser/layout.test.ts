/// <reference lib="dom" />
/**
 * Issue #10: a table a newcomer can follow. At two phones (360x640, 390x844), a tablet (768x1024)
 * and two desktop sizes (home and lobby shot at each), with five
 * seats: the boxes of seats, bet markers, deck/discard/feathers, the limit, the challenge and the
 * hand never intersect, and stay inside the canvas; the rule coach words a refusal in EN, DE and JA
 * next to the card (never over the seats) without a raw card id; the trump is named; and a round
 * ends on a summary with every bet revealed. Screenshots go to artifacts/screenshots/.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_RE, newPlayer, seen, shot, step, tid } from '../support/blaze.js';
import { launchChromium } from '../support/browser.js';
import { startServer } from '../support/processes.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 150 });

interface Region {
  kind: string;
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
const regions = (page: Page): Promise<Region[]> =>
  page.evaluate(() => (window as unknown as { __blaze?: { regions: Region[] } }).__blaze?.regions ?? []);
const overlap = (a: Region, b: Region) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const CARD_ID = new RegExp(CARD_RE.source.slice(1, -1));

/** Every pair of drawn things of different kinds is apart (fanned hand cards and staggered pairs overlap by design). */
async function expectClean(page: Page, label: string, given?: Region[]): Promise<Region[]> {
  const rs = given ?? (await regions(page));
  // The visible part of the canvas: its host clips it, so a drawing past the host's edge is cut.
  const canvas = await page.locator('.canvas-host').boundingBox();
  expect(canvas).not.toBeNull();
  if (!canvas) return rs;
  expect(rs.filter((r) => r.kind === 'seat').length, `${label}: five seat boxes`).toBe(5);
  for (const r of rs) {
    expect(r.x, `${label}: ${r.id} left`).toBeGreaterThanOrEqual(canvas.x - 0.5);
    expect(r.x + r.w, `${label}: ${r.id} right`).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
    expect(r.y, `${label}: ${r.id} top`).toBeGreaterThanOrEqual(canvas.y - 0.5);
    expect(r.y + r.h, `${label}: ${r.id} bottom`).toBeLessThanOrEqual(canvas.y + canvas.height + 0.5);
  }
  for (let i = 0; i < rs.length; i++) {
    for (let j = i + 1; j < rs.length; j++) {
      const a = rs[i] as Region;
      const b = rs[j] as Region;
      if (a.kind === b.kind && (a.kind === 'table' || a.kind === 'hand')) continue;
      expect(overlap(a, b), `${label}: ${a.id} overlaps ${b.id}`).toBe(false);
    }
  }
  // The banner (with the trump chip) and the action bar are outside the canvas, never over it.
  for (const id of ['banner', 'actions']) {
    const box = await tid(page, id).boundingBox();
    if (box) expect(box.y + box.height <= canvas.y + 0.5 || box.y >= canvas.y + canvas.height - 0.5, id).toBe(true);
  }
  return rs;
}

const SIZES: [string, BrowserContextOptions, boolean][] = [
  [
    'phone-360x640',
    { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    true,
  ],
  [
    'phone-390x844',
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    true,
  ],
  ['tablet-768x1024', { viewport: { width: 768, height: 1024 }, hasTouch: true }, false],
  ['desktop-1280x800', { viewport: { width: 1280, height: 800 } }, false],
  ['desktop-1920x1080', { viewport: { width: 1920, height: 1080 } }, false],
];

describe('a table a newcomer can follow (issue #10)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function hostWithBots(page: Page, bots: number[], first: string, label?: string) {
    await page.goto(server.base);
    await tid(page, 'name-input').fill('Annemarie');
    if (label) await shot(page, `layout-${label}-home`);
    await tid(page, 'new-table').click();
    await page.waitForURL(/\/t\//);
    await poll(() => tid(page, 'leave').isVisible()).toBe(true);
    for (const k of bots) {
      await tid(page, `add-bot-${k}`).click();
      await poll(() => tid(page, `remove-bot-${k}`).isVisible()).toBe(true);
    }
    await tid(page, 'setting-first').selectOption(first);
    await tid(page, 'setting-clock').selectOption('relaxed');
    await poll(() => tid(page, 'setting-first').inputValue()).toBe(first);
    if (label) await shot(page, `layout-${label}-lobby`);
  }

  for (const [label, options, touch] of SIZES) {
    it(`${label}: five seats, nothing overlaps; a grey card is explained next to it in EN, DE and JA`, async () => {
      const p = await newPlayer(browser, 'Annemarie', options);
      const page = p.page;
      await hostWithBots(page, [1, 2, 3, 4], '0', label);
      await tid(page, 'start').click();
      await poll(async () => (await seen(page)).hand.length).toBe(5);
      await expect(tid(page, 'trump').textContent()).resolves.toMatch(/Trump: (red|yellow|blue)/);
      await expectClean(page, `${label} start`);
      await shot(page, `layout-${label}-start`);

      // Open a challenge, then stay active: the other values in hand go grey.
      const s = await seen(page);
      const card = s.hand.find((h) => h.lit);
      expect(card).toBeTruthy();
      if (!card) return;
      const press = (x: number, y: number) => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
      await press(card.x, card.y);
      await poll(async () => (await seen(page)).selected).toEqual([card.card]);
      const play = (await seen(page)).buttons.play;
      await press(play?.x ?? 0, play?.y ?? 0);
      // Played (a quick bot may already have rejected it and ended the challenge).
      await poll(async () => (await seen(page)).myHand).not.toContain(card.card);
      // Any challenge in progress (bots challenge each other too): read its boxes in the same instant.
      let mid: Region[] = [];
      await poll(async () => {
        mid = await regions(page);
        return mid.some((r) => r.kind === 'table');
      }, 60_000).toBe(true);
      await shot(page, `layout-${label}-challenge`);
      await expectClean(page, `${label} mid-challenge`, mid);
      expect(
        mid.some((r) => r.kind === 'limit'),
        'limit pips are shown in their own place',
      ).toBe(true);

      const words: Record<string, RegExp> = { en: /\(rule R\d/, de: /\(Regel R\d/, ja: /（ルール R\d/ };
      for (const lang of ['en', 'de', 'ja']) {
        await tid(page, 'language').selectOption(lang);
        // Bots move on quickly; whatever the role now, a card that is not lit says why when pressed.
        let now = await seen(page);
        for (let k = 0; k < 100 && !now.hand.some((h) => !h.lit); k++) {
          // Opening with every card lit: make a move so some cards go grey.
          await step(page, { touch });
          await page.waitForTimeout(150);
          now = await seen(page);
        }
        const flash = tid(page, 'flash');
        let pressedX = 0;
        // The coach in this language (an earlier language's words may still be showing).
        const coached = async () =>
          (await flash.isVisible()) && (words[lang] as RegExp).test((await flash.textContent()) ?? '');
        // The table may move between looking and pressing (bots play on): ask again with a fresh look.
        for (let tries = 0; tries < 5 && !(await coached()); tries++) {
          now = await seen(page);
          const grey = now.hand.find((h) => !h.lit);
          expect(grey, 'a grey card to ask about').toBeTruthy();
          if (!grey) break;
          pressedX = grey.x;
          await press(grey.x, grey.y);
          await page.waitForTimeout(400);
        }
        await poll(coached).toBe(true);
        const text = (await flash.textContent()) ?? '';
        expect(text, `${lang} coach`).toMatch(words[lang] as RegExp);
        expect(text, `${lang}: no raw card id`).not.toMatch(CARD_ID);
        const box = await flash.boundingBox();
        expect(box).not.toBeNull();
        if (box) {
          const r = { kind: 'flash', id: 'flash', x: box.x, y: box.y, w: box.width, h: box.height };
          for (const seat of (await regions(page)).filter((x) => x.kind === 'seat')) {
            expect(overlap(r, seat), `${lang} coach covers ${seat.id}`).toBe(false);
          }
          expect(Math.abs(box.x + box.width / 2 - pressedX) < box.width / 2 + 120, 'coach stands by the card').toBe(
            true,
          );
        }
        await shot(page, `layout-${label}-refusal-${lang}`);
      }
      await tid(page, 'language').selectOption('en');
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    });
  }

  it('a round ends on a summary overlay with every bet revealed and the new trump', async () => {
    const p = await newPlayer(browser, 'Annemarie', { viewport: { width: 1280, height: 800 } });
    const page = p.page;
    await hostWithBots(page, [1, 2], '1');
    await tid(page, 'start').click();
    await poll(async () => (await seen(page)).status).toBe('playing');
    // Play round 1 through the UI, one sensible move at a time, until the round ends.
    const summary = tid(page, 'round-summary');
    const until = Date.now() + 240_000;
    while (!(await summary.isVisible()) && Date.now() < until) {
      const did = await step(page, { keepSummary: true });
      await page.waitForTimeout(did ? 120 : 250);
    }
    await poll(() => summary.isVisible()).toBe(true);
    const bets = await tid(page, 'summary-bets').locator('li').allTextContents();
    expect(bets.length).toBe(3);
    await tid(page, 'summary-bets').scrollIntoViewIfNeeded();
    for (const b of bets) expect(b, 'bet value revealed').toMatch(/bet [01] on .*(goes back to|\+1 for)/);
    await expect(tid(page, 'summary-loser').textContent()).resolves.toMatch(/loses the round/);
    await expect(tid(page, 'summary-trump').textContent()).resolves.toMatch(/New trump: (red|yellow|blue)/);
    await shot(page, 'layout-round-summary');
    // It closes by a tap.
    await summary.click();
    await poll(() => summary.isVisible()).toBe(false);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });
});
