/// <reference lib="dom" />
/**
 * Issue 37: Battle of Durak played with the keyboard alone. A host (and one bot, two players) makes a
 * table and starts it with Tab and Enter, plays a few moves with the hand's keys (arrows move the focus
 * ring, Enter plays the focused card: apps/web/src/kit/handKeys.ts as page.ts attaches it), reaches
 * Retreat or End by Tab and Enter, and the table in words names the hand it holds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, tid } from '../support/blaze.js';
import { look, poll } from '../support/durak.js';
import { useProduct } from '../support/product.js';
import { createTablesWith } from '../support/tables.js';

const activeId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid ?? '');
const activeTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');

const shown = (page: Page, id: string) =>
  page.evaluate((i) => !!document.querySelector(`[data-testid="${i}"]`)?.getClientRects().length, id);

/** Tab (forwards, wrapping) until the control is focused; false if it is not (or no longer) there. */
async function tabTo(page: Page, id: string, max = 80): Promise<boolean> {
  for (let k = 0; k < max; k++) {
    if ((await activeId(page)) === id) return true;
    if (!(await shown(page, id))) return false;
    await page.keyboard.press('Tab');
  }
  return false;
}

const focusOf = (page: Page) =>
  page.evaluate(() => (window.__durak as unknown as { focus(): number } | undefined)?.focus() ?? -1);

// Durak's card words in English (apps/web/src/games/durak/words.ts): "12H" is the Queen of Hearts.
const VALUE: Record<string, string> = { '11': 'Jack', '12': 'Queen', '13': 'King', '14': 'Ace' };
const SUIT: Record<string, string> = { K: 'Skulls', S: 'Stars', H: 'Hearts', C: 'Crowns' };

describe('Battle of Durak by keyboard', () => {
  const product = useProduct();

  it('a host starts a table with a bot and plays a few moves with the keyboard alone', async () => {
    const { base } = product.server;
    const A = await newPlayer(product.browser, 'Kay', { viewport: { width: 1280, height: 800 } });
    const a = A.page;
    await createTablesWith(a, { botDelayMs: 0 });
    await a.goto(base);
    expect(await tabTo(a, 'name-input')).toBe(true);
    await a.keyboard.type('Kay');
    // A select's options open differently per platform; the choice is the one step not by keys.
    await tid(a, 'new-game').selectOption('durak');
    expect(await tabTo(a, 'new-table')).toBe(true);
    await a.keyboard.press('Enter');
    await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await poll(() => tid(a, 'seat-0').textContent()).toContain('Kay');
    await tid(a, 'setting-players').selectOption('2');
    await poll(() => tid(a, 'setting-players').inputValue()).toBe('2');
    expect(await tabTo(a, 'start')).toBe(true);
    await a.keyboard.press('Enter');
    await poll(async () => (await look(a))?.view?.hand.length ?? 0).toBe(6);

    // The table in words names every card of the hand.
    const hand = (await look(a))?.view?.hand ?? [];
    const words = (await tid(a, 'table-words').textContent()) ?? '';
    expect(words).toMatch(/Your hand: /);
    expect(words).toMatch(/Arrow keys choose a card, Enter plays it/);
    expect(hand.length).toBe(6);

    let cardMoves = 0;
    let buttonMoves = 0;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && (cardMoves < 3 || buttonMoves < 1)) {
      const l = await look(a);
      const v = l?.view;
      if (!l || !v || v.over) break;
      if (v.awaited !== v.viewer) {
        await a.waitForTimeout(50);
        continue;
      }
      const before = JSON.stringify(v.table) + v.hand.join();
      const target = l.moves.cards[0];
      // After some cards, the non-card move (End, or Retreat when defending) by Tab and Enter.
      const button = l.moves.retreat ? 'durak-retreat' : l.moves.end ? `durak-${l.moves.end}` : null;
      if (button && (cardMoves >= 2 || !target)) {
        // A defender with nothing that beats is retreated by the server after a moment (DT3): the
        // button may go while the focus travels to it; the loop then reads the table again.
        if (!(await tabTo(a, button))) continue;
        await a.keyboard.press('Enter');
        buttonMoves++;
      } else if (target) {
        const to = v.hand.indexOf(target);
        for (let k = 0; k < v.hand.length && (await focusOf(a)) !== to; k++) await a.keyboard.press('ArrowRight');
        expect(await focusOf(a)).toBe(to);
        // The focus rests on no button (the page's heading after Start), so Enter is the hand's.
        expect(await activeTag(a)).not.toBe('BUTTON');
        await a.keyboard.press('Enter');
        cardMoves++;
      } else break;
      await poll(async () => {
        const n = (await look(a))?.view;
        return n ? JSON.stringify(n.table) + n.hand.join() : before;
      }, 10_000).not.toBe(before);
    }
    expect(cardMoves).toBeGreaterThanOrEqual(2);
    expect(buttonMoves).toBeGreaterThanOrEqual(1);
    // The words follow the hand as it is now.
    const now = (await look(a))?.view?.hand ?? [];
    const last = (await tid(a, 'table-words').textContent()) ?? '';
    for (const c of now) {
      const value = c.slice(0, -1);
      expect(last).toContain(`${VALUE[value] ?? value} of ${SUIT[c.slice(-1)] ?? '?'}`);
    }
    expect(A.errors).toEqual([]);
    await A.ctx.close();
  }, 180_000);
});
