/// <reference lib="dom" />
/** Helpers for the guided game and practice journeys: read the coach, press what it asks for. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dismissSummary, tid } from './blaze.js';
import { canvasStill } from './settle.js';

export interface Coach {
  step: string;
  kind: string;
  action: string;
  cards: string[];
  onto: string[];
  bet: string;
  pending: boolean;
  /** The step's lesson, and the claims of its words its table does not bear out ('' when all hold). */
  lesson: string;
  untrue: string;
}

export function coach(page: Page): Promise<Coach> {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLElement>('[data-testid="coach"]');
    const m = document.querySelector<HTMLElement>('[data-testid="coach-move"]');
    const b = window.__blaze;
    const split = (s: string | undefined) => (s ? s.split(' ').filter(Boolean) : []);
    return {
      step: c?.dataset.step ?? '',
      kind: c?.dataset.kind ?? '',
      action: m?.dataset.action ?? '',
      cards: split(m?.dataset.cards),
      onto: split(m?.dataset.onto),
      bet: m?.dataset.bet ?? '',
      pending: b?.ui.pending != null,
      lesson: c?.dataset.lesson ?? '',
      untrue: c?.dataset.untrue ?? '',
    };
  });
}

async function at(page: Page, list: 'hand' | 'challenges', card: string): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(
    ([l, c]) => {
      const b = window.__blaze;
      return (l === 'hand' ? b?.hand : b?.challenges)?.find((h) => h.card === c) ?? null;
    },
    [list, card] as const,
  );
  if (!p) throw new Error(`${card} is not in the ${list}`);
  return p;
}

/** Waits until the selection is exactly `cards`, and says what it is otherwise (a click went astray). */
async function selectedAre(page: Page, cards: string[], ms = 5000): Promise<void> {
  const want = [...cards].sort().join(' ');
  const got = async () => (await selection(page)).sort().join(' ');
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if ((await got()) === want) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`selected "${await got()}", the step asks for "${want}"`);
}

function selection(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window.__blaze?.ui.selected ?? [])]);
}

/** Does the coach's current move with mouse clicks: cards on the canvas, buttons in the bar. */
export async function doCoachedMove(page: Page, c: Coach): Promise<void> {
  await dismissSummary(page);
  switch (c.action) {
    case 'play':
      // A click that did not take (once in CI, cause not found) is made again, as a person would. A
      // click can also take the neighbour (about one run in twenty with the headless shell, both times
      // seen the card to the right, likely the hand still settling after the step before); a person who
      // sees the wrong card lit clears it and waits for the hand to lie still before pointing again.
      for (let attempt = 1; ; attempt++) {
        let now = await selection(page);
        if (now.some((card) => !c.cards.includes(card))) {
          await page.keyboard.press('Escape');
          await selectedAre(page, [], 2000);
          now = [];
        }
        await canvasStill(page, 100);
        for (const card of c.cards) {
          if (now.includes(card)) continue;
          const p = await at(page, 'hand', card);
          await page.mouse.click(p.x, p.y);
        }
        try {
          await selectedAre(page, c.cards, 2000);
          break;
        } catch (e) {
          if (attempt === 3) throw e;
        }
      }
      await tid(page, 'play').click();
      return;
    case 'reject': {
      const card = c.cards[0] as string;
      const onto = c.onto[0] as string;
      // The card pressed on the table may still be landing (a bot's challenge just flew in; under the
      // canvas fallback the test gets here sooner): a press that did not take is made again, as a
      // person would once the card lies still.
      for (let attempt = 1; ; attempt++) {
        if (!(await selection(page)).includes(card)) {
          const p = await at(page, 'hand', card);
          await page.mouse.click(p.x, p.y);
          await selectedAre(page, [card], 2000);
        }
        const q = await at(page, 'challenges', onto);
        await page.mouse.click(q.x, q.y);
        try {
          await expect.poll(async () => (await selection(page)).includes(card), { timeout: 2000 }).toBe(false);
          return;
        } catch (e) {
          if (attempt === 3) throw e;
        }
      }
    }
    case 'pass':
      await tid(page, 'pass').click();
      return;
    case 'stand':
      await tid(page, 'stand').click();
      return;
    case 'bet': {
      const [on, value] = c.bet.split(' ');
      await tid(page, `bet-on-${on}`).click();
      await tid(page, `bet-${value}`).click();
      return;
    }
    default:
      throw new Error(`unknown coached move ${c.action}`);
  }
}
