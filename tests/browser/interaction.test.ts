/// <reference lib="dom" />
/**
 * Issue #4 interaction and journey 2: dragging a card to the table plays it, dragging a card onto a
 * challenge card rejects it, and a player who loses the network for a while is put back in the seat
 * with the hand.
 */
import { canBeat } from '@blaze/rules';
import { Client } from 'colyseus.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type Player, seen, step, tid } from '../support/blaze.js';
import { launchChromium } from '../support/browser.js';
import { startServer } from '../support/processes.js';
import { type Relay, startRelay } from '../support/proxy.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

/** Waits in a hook, where expect.poll is not allowed. */
async function until(f: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out: ${f.toString().slice(0, 120)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A real pointer drag in small steps, as a hand would do it. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++)
    await page.mouse.move(from.x + ((to.x - from.x) * k) / 8, from.y + ((to.y - from.y) * k) / 8);
  await page.mouse.up();
}

/** From the home page: a new table, this person in seat 0 and bots in seats 1 and 2. */
async function tableWithTwoBots(page: Page, base: string, name: string): Promise<void> {
  await page.goto(base);
  await tid(page, 'name-input').fill(name);
  await tid(page, 'new-table').click();
  await until(() => tid(page, 'leave').isVisible());
  for (const s of [1, 2]) {
    await tid(page, `add-bot-${s}`).click();
    await until(() => tid(page, `remove-bot-${s}`).isVisible());
  }
}

describe('drag to play, drag to reject, and a dropped network', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let A: Player;
  let relay: Relay;

  beforeAll(async () => {
    server = await startServer();
    // Ana reaches the server through a relay whose link the last test cuts.
    relay = await startRelay(server.port);
    browser = await launchChromium();
    A = await newPlayer(browser, 'Ana', { viewport: { width: 1280, height: 800 } });
    const page = A.page;
    await tableWithTwoBots(page, relay.base, 'Ana');
    await tid(page, 'setting-first').selectOption('0');
    await tid(page, 'setting-clock').selectOption('relaxed');
    await until(async () => (await tid(page, 'setting-first').inputValue()) === '0');
    await tid(page, 'start').click();
    await until(async () => (await seen(page)).hand.length === 5);
  });

  afterAll(async () => {
    await browser?.close();
    await relay?.close();
    await server?.stop();
  });

  it('drags a card to the table to open a challenge', async () => {
    const page = A.page;
    const s = await seen(page);
    expect(s.role).toBe('active');
    const card = s.hand.find((h) => h.lit);
    expect(card, 'an opening card lights up').toBeTruthy();
    if (!card) return;
    const canvas = await tid(page, 'table-canvas').boundingBox();
    expect(canvas).not.toBeNull();
    if (!canvas) return;
    await drag(page, card, { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height * 0.45 });
    await poll(async () => (await seen(page)).challenges.map((c) => c.card)).toContain(card.card);
    expect((await seen(page)).myHand).not.toContain(card.card);
  });

  it('drags a card onto a challenge card to reject it', async () => {
    const page = A.page;
    const t0 = Date.now();
    let rejectedByDrag: string | null = null;
    // Play on (by clicks) until Ana is the target with a card that can reject, then drag it there.
    while (!rejectedByDrag) {
      expect(Date.now() - t0, 'Ana never had a rejection to drag').toBeLessThan(150_000);
      const s = await seen(page);
      if (s.role === 'target' && s.unrejected > 0 && s.selected.length === 0) {
        // Judge with the rules' own predicate which hand card can reject which challenge card.
        const view = await page.evaluate(() => window.__blaze?.snapshot?.view ?? null);
        const open = new Set(view?.table.filter((e) => e.rejection === null).map((e) => e.challenge) ?? []);
        let move: { from: (typeof s.hand)[number]; to: (typeof s.challenges)[number] } | null = null;
        for (const from of s.hand) {
          const to = s.challenges.find((c) => open.has(c.card) && view && canBeat(c.card, from.card, view.trump));
          if (to) {
            move = { from, to };
            break;
          }
        }
        if (move) {
          await drag(page, move.from, move.to);
          const card = move.from.card;
          // A drop on a challenge still landing (a bot's card in flight, read where it was a moment
          // before) meets nothing and the card goes back to the hand: look again and drag again, as a
          // person would (CI, stop 55: the card still in hand 30 s later, on a loaded run).
          const took = await poll(async () => (await seen(page)).myHand.includes(card), 10_000)
            .toBe(false)
            .then(() => true)
            .catch(() => false);
          if (took) {
            rejectedByDrag = card;
            break;
          }
          continue;
        }
      }
      const did = await step(page);
      if (!did) await page.waitForTimeout(100);
    }
    expect(rejectedByDrag).toMatch(/^[ryb][1-9F][ab]$/);
    expect(A.errors).toEqual([]);
  });

  it('loses the network for a while and is put back in the seat with the hand', async () => {
    const page = A.page;
    const before = await seen(page);
    expect(before.mySeat).toBe(0);
    relay.cut();
    // The client notices the lost link (its socket drops) and says it is reconnecting.
    await poll(
      () => page.evaluate(() => document.querySelector('.table-page')?.classList.contains('reconnecting')),
      20_000,
    ).toBe(true);
    await page.waitForTimeout(2000);
    relay.restore();
    await poll(async () => {
      const s = await seen(page);
      return s.status === 'playing' && s.mySeat === 0 && s.myHand.length > 0;
    }, 60_000).toBe(true);
    expect(A.errors).toEqual([]);
  });

  it('a Start pressed as a friend sits down still starts the game', async () => {
    // Was: the lobby was drawn again on the friend's patch between the pointer's down and up (down on
    // the old Start, up on its copy), and the browser sent no click: the host had to press again.
    const B = await newPlayer(browser, 'Bea', { viewport: { width: 1280, height: 800 } });
    const page = B.page;
    await tableWithTwoBots(page, `http://127.0.0.1:${server.port}/`, 'Bea');
    await until(() => tid(page, 'start').isEnabled());
    const box = await tid(page, 'start').boundingBox();
    if (!box) throw new Error('no Start');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    const cy = await new Client(`ws://127.0.0.1:${server.port}`).joinById(id, { name: 'Cy' });
    // Cy reads nothing the server tells them (their seat, their token).
    cy.onMessage('*', () => {});
    try {
      // The page has Cy's seat in its state while the pointer is still down.
      await until(() => page.evaluate(() => window.__blaze?.snapshot?.seats[3]?.occupied === true));
      await page.mouse.up();
      await poll(async () => (await seen(page)).hand.length, 15_000).toBe(5);
    } finally {
      await cy.leave();
    }
    expect(B.errors).toEqual([]);
    await B.ctx.close();
  });
});
