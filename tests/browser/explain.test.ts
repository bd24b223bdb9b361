/// <reference lib="dom" />
/**
 * Issue #10: hover (mouse) or hold (touch) on any card or badge explains it. At a desktop with a
 * mouse: a hand card, a seat, the deck and the trump badge are explained in EN and DE, and a click
 * still selects. At a phone with a finger: a hold explains a card without selecting it, a tap still
 * selects, and a hold on a seat explains the seat; the bubble stays inside the screen.
 */
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARD_RE, newPlayer, seen, shot, tid } from '../support/blaze.js';
import { useProduct } from '../support/product.js';
import { regions, SIZES } from '../support/screens.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });
const CARD_ID = new RegExp(CARD_RE.source.slice(1, -1));

/** The bubble's words and box, or null while hidden. */
const bubble = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="explain"]');
    if (!el || el.hidden) return null;
    const r = el.getBoundingClientRect();
    return { text: el.textContent ?? '', x: r.left, y: r.top, w: r.width, h: r.height };
  });

const centre = (r: { x: number; y: number; w: number; h: number }) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });

describe('hover and hold explain the table (issue #10)', () => {
  const product = useProduct();

  /** A 3-seat table with two bots, the person first to play: nothing moves until they open. */
  async function seated(page: Page): Promise<void> {
    await page.goto(product.server.base);
    await tid(page, 'name-input').fill('Annemarie');
    await tid(page, 'new-table').click();
    await page.waitForURL(/\/t\//);
    for (const k of [1, 2]) {
      await tid(page, `add-bot-${k}`).click();
      await poll(() => tid(page, `remove-bot-${k}`).isVisible()).toBe(true);
    }
    await tid(page, 'setting-first').selectOption('0');
    await tid(page, 'setting-clock').selectOption('relaxed');
    await poll(() => tid(page, 'setting-first').inputValue()).toBe('0');
    await tid(page, 'start').click();
    await poll(async () => (await seen(page)).hand.length).toBe(5);
  }

  it('desktop: hovering a card, a seat, the deck and the trump explains each; a click still selects', async () => {
    const p = await newPlayer(product.browser, 'Annemarie', { viewport: { width: 1280, height: 800 } });
    const page = p.page;
    await seated(page);
    const card = (await seen(page)).hand[0];
    if (!card) throw new Error('no hand');

    await page.mouse.move(card.x, card.y);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(
      /You can open the challenge with it\. \(rule R4\.1\)/,
    );
    const onCard = await bubble(page);
    expect(onCard?.text).not.toMatch(CARD_ID);
    // Above the card, not over it: the card stays readable.
    expect((onCard?.y ?? 0) + (onCard?.h ?? 0)).toBeLessThan(card.y);
    await shot(page, 'explain-desktop-card');

    const rs = await regions(page);
    const seat1 = rs.find((r) => r.id === 'seat-1');
    const deck = rs.find((r) => r.kind === 'deck');
    if (!seat1 || !deck) throw new Error(`regions: ${rs.map((r) => r.id).join(',')}`);
    await page.mouse.move(centre(seat1).x, centre(seat1).y);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(/^Bot 1 is the target: .*\(rule R3\.3\)$/);
    await shot(page, 'explain-desktop-seat');
    await page.mouse.move(centre(deck).x, centre(deck).y);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(/^Draw deck, cards left: \d+\./);
    const trump = await tid(page, 'trump').boundingBox();
    if (!trump) throw new Error('no trump badge');
    await page.mouse.move(trump.x + trump.width / 2, trump.y + trump.height / 2);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(/^Trump is (red|yellow|blue) this round\./);
    const round = await tid(page, 'round').boundingBox();
    if (!round) throw new Error('no round badge');
    await page.mouse.move(round.x + round.width / 2, round.y + round.height / 2);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(/^Round 1 of 2, phase 1: .*\(rule R6\.1\)$/);

    // Off the table: the bubble goes.
    await page.mouse.move(2, 400);
    await poll(async () => await bubble(page)).toBeNull();

    await tid(page, 'language').selectOption('de');
    await page.mouse.move(centre(seat1).x, centre(seat1).y);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(/^Bot 1 ist das Ziel: .*\(Regel R3\.3\)$/);
    await tid(page, 'language').selectOption('ja');
    // Other words may size the bars around the canvas differently: look again where the card is.
    const again = (await seen(page)).hand.find((h) => h.card === card.card) ?? card;
    await page.mouse.move(again.x, again.y);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(
      /このカードでチャレンジを始められます。（ルール R4\.1）/,
    );

    // A click is a click: it selects, the bubble makes way.
    await page.mouse.click(again.x, again.y);
    await poll(async () => (await seen(page)).selected).toEqual([card.card]);
    expect(await bubble(page)).toBeNull();
    await tid(page, 'language').selectOption('en');
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('phone: a held card is explained, not selected; a tap still selects; a held seat is explained; hold then drag plays', async () => {
    const [, options] = SIZES.find(([label]) => label === 'phone-390x844') ?? [];
    const p = await newPlayer(product.browser, 'Annemarie', options);
    const page = p.page;
    await seated(page);
    const cdp: CDPSession = await p.ctx.newCDPSession(page);
    const hold = async (x: number, y: number, ms: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await page.waitForTimeout(ms);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const card = (await seen(page)).hand[2];
    if (!card) throw new Error('no hand');

    await hold(card.x, card.y, 900);
    const got = await bubble(page);
    expect(got?.text).toMatch(/You can open the challenge with it\. \(rule R4\.1\)/);
    // Inside the screen, and off the fingertip.
    expect(got && got.x >= 0 && got.x + got.w <= 390 && got.y >= 0).toBe(true);
    expect((got?.y ?? 0) + (got?.h ?? 0)).toBeLessThan(card.y);
    await shot(page, 'explain-phone-card');
    // The hold only explained: nothing got selected.
    await page.waitForTimeout(300);
    expect((await seen(page)).selected).toEqual([]);

    // A tap is a tap: it selects, and the bubble goes.
    await page.touchscreen.tap(card.x, card.y);
    await poll(async () => (await seen(page)).selected).toEqual([card.card]);
    await poll(async () => await bubble(page)).toBeNull();

    const seat2 = (await regions(page)).find((r) => r.id === 'seat-2');
    if (!seat2) throw new Error('no seat 2');
    await hold(centre(seat2).x, centre(seat2).y, 900);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(/^Bot 2 is the supporter: .*\(rule R3\.3\)$/);
    await shot(page, 'explain-phone-seat');
    // The selection stood through the hold on the seat.
    expect((await seen(page)).selected).toEqual([card.card]);

    // Read, then dragged on: the card is played after all (the drag opens the challenge).
    await page.touchscreen.tap(card.x, card.y);
    await poll(async () => (await seen(page)).selected).toEqual([]);
    const other = (await seen(page)).hand.find((c) => c.card !== card.card && c.lit);
    const felt = (await regions(page)).find((r) => r.id === 'seat-2');
    if (!other || !felt) throw new Error('nothing to drag');
    const to = { x: 195, y: felt.y + felt.h + 200 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: other.x, y: other.y }] });
    await page.waitForTimeout(800);
    await poll(async () => (await bubble(page))?.text ?? '').toMatch(/\(rule R4\.1\)/);
    for (let k = 1; k <= 8; k++) {
      const x = other.x + ((to.x - other.x) * k) / 8;
      const y = other.y + ((to.y - other.y) * k) / 8;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      await page.waitForTimeout(30);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await poll(async () => (await seen(page)).myHand).not.toContain(other.card);
    expect(await bubble(page)).toBeNull();
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });
});
