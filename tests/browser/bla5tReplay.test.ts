/// <reference lib="dom" />
/**
 * A Bla5t game's replay (issue 38 item 4): a host watches three bots play a game to 50, opens the
 * replay from the results' link on a laptop (1280×800) and steps it by buttons and arrow keys to
 * the end, where the round scores and the verdict are shown; a phone (360×640) opens the same link
 * and plays it. Every card is face up on every step (the game is over), nothing on the page is cut
 * (screens.ts domProblems) and no seat box overlaps another (bla5t.ts checkLayout). Screenshots go to artifacts/screenshots/bla5t-replay/.
 */

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkLayout, poll } from '../support/bla5t.js';
import { newPlayer, tid } from '../support/blaze.js';
import { useProduct } from '../support/product.js';
import { domProblems } from '../support/screens.js';
import { saveShot } from '../support/shots.js';

async function shot(p: Page, name: string): Promise<void> {
  await saveShot(p, 'bla5t-replay', name);
}

const debug = (p: Page) =>
  p.evaluate(() => (window as unknown as { __bla5tReplay?: { step: number; total: number } }).__bla5tReplay ?? null);

/** No layout card face down: every slot holding a card shows its face (the draw pile stays a pile). */
const downCards = (p: Page) => p.locator('[data-testid="bla5t-board"] .b5-seat .b5-card.down').count();

describe('Bla5t replay in the browser', () => {
  const product = useProduct();

  it('opens from the results, steps to the end with every card up, at 1280×800 and 360×640', async () => {
    const { base } = product.server;
    const H = await newPlayer(product.browser, 'Host', { viewport: { width: 1280, height: 800 } });
    const h = H.page;
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'bla5t', settings: { botDelayMs: 0, players: 3, maxScore: 50 } }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    await h.goto(`${base}/t/${id}`);
    await tid(h, 'name-input').fill('Host');
    await tid(h, 'watch').click();
    for (const seat of [0, 1, 2]) {
      await tid(h, `add-bot-${seat}`).click();
      await poll(() => tid(h, `remove-bot-${seat}`).isVisible()).toBe(true);
    }
    await tid(h, 'start').click();
    // The results link to the replay of game 1, once the game is over.
    await poll(() => tid(h, 'bla5t-replay').isVisible(), 180_000).toBe(true);
    const href = await tid(h, 'bla5t-replay').getAttribute('href');
    expect(href).toBe(`/r/${id}-1`);
    // Bots at full speed may score two rounds in one snapshot: the page holds the earlier round's end
    // in sight for a moment (page.ts holdRoundEnd), its verdict naming nobody until then.
    await poll(() => tid(h, 'bla5t-verdict').textContent(), 15_000).toMatch(/wins: [^.]/);
    const verdict = (await tid(h, 'bla5t-verdict').textContent()) ?? '-';
    await tid(h, 'bla5t-replay').click();
    await h.waitForURL(/\/r\//);
    await poll(() => tid(h, 'replay-title').textContent()).toBe('Replay: Bla5t, game 1');
    const total = (await debug(h))?.total ?? 0;
    expect(total).toBeGreaterThan(10);
    await poll(() => tid(h, 'replay-step').textContent()).toBe(`Step 0 of ${total}`);
    expect(await tid(h, 'banner-text').textContent()).toBe('The cards are dealt.');
    // Every dealt card is shown, those that lie face down in the game edged apart (3 seats × 4).
    expect(await downCards(h)).toBe(0);
    expect(await h.locator('[data-testid="bla5t-board"] .b5-card.peek').count()).toBe(12);
    expect(await tid(h, 'replay-back').isDisabled()).toBe(true);
    await shot(h, 'start-1280');
    expect(await domProblems(h)).toEqual([]);
    await tid(h, 'replay-next').click();
    await poll(() => tid(h, 'replay-step').textContent()).toBe(`Step 1 of ${total}`);
    expect(await tid(h, 'banner-text').textContent()).toMatch(/looks at their cards|draws a card/);
    await h.keyboard.press('ArrowRight');
    await h.keyboard.press('ArrowRight');
    await poll(() => tid(h, 'replay-step').textContent()).toBe(`Step 3 of ${total}`);
    await h.keyboard.press('ArrowLeft');
    await poll(() => tid(h, 'replay-step').textContent()).toBe(`Step 2 of ${total}`);
    // Stepping on by keys to the first round's end: every card up, the round scored.
    for (let i = 0; i < total && (await h.locator('[data-end="round"]').count()) === 0; i++)
      await h.keyboard.press('ArrowRight');
    await poll(() => tid(h, 'b5-scores').textContent()).toMatch(/^Last round: Bot/);
    expect(await tid(h, 'banner-text').textContent()).toMatch(/Round 1 is over: every card is turned up\..*scored/);
    expect(await downCards(h)).toBe(0);
    await shot(h, 'round-end-1280');
    expect(await domProblems(h)).toEqual([]);
    await tid(h, 'replay-last').click();
    await poll(() => tid(h, 'replay-step').textContent()).toBe(`Step ${total} of ${total}`);
    expect(await tid(h, 'replay-next').isDisabled()).toBe(true);
    // The last step: the round's scores and the verdict the results gave.
    expect(await tid(h, 'banner-text').textContent()).toContain(verdict);
    expect(await tid(h, 'b5-scores').isVisible()).toBe(true);
    expect(await downCards(h)).toBe(0);
    await shot(h, 'end-1280');
    expect(await domProblems(h)).toEqual([]);
    await checkLayout(h, 'replay 1280');

    const P = await newPlayer(product.browser, 'Phone', { viewport: { width: 360, height: 640 } });
    const p = P.page;
    await p.goto(`${base}${href}`);
    await poll(() => tid(p, 'replay-step').textContent()).toBe(`Step 0 of ${total}`);
    await shot(p, 'start-360');
    expect(await domProblems(p)).toEqual([]);
    await tid(p, 'replay-play').click();
    await poll(() => tid(p, 'replay-step').textContent(), 10_000).not.toBe(`Step 0 of ${total}`);
    await tid(p, 'replay-play').click();
    await shot(p, 'playing-360');
    await tid(p, 'replay-last').click();
    await poll(() => tid(p, 'replay-step').textContent()).toBe(`Step ${total} of ${total}`);
    expect(await tid(p, 'banner-text').textContent()).toContain(verdict);
    expect(await downCards(p)).toBe(0);
    await shot(p, 'end-360');
    expect(await domProblems(p)).toEqual([]);
    await checkLayout(p, 'replay 360');
    // The buttons show their marks alone on a phone; their words are still their names.
    expect(await tid(p, 'replay-last').getAttribute('aria-label')).toBe('To the end');
    // The words in German and Japanese too.
    await tid(p, 'language').selectOption('de');
    await poll(() => tid(p, 'replay-step').textContent()).toBe(`Schritt ${total} von ${total}`);
    await shot(p, 'end-de-360');
    expect(await domProblems(p)).toEqual([]);
    await tid(p, 'language').selectOption('ja');
    await poll(() => tid(p, 'replay-title').textContent()).toBe('リプレイ：Bla5t 第1ゲーム');
    await shot(p, 'end-ja-360');
    expect(await domProblems(p)).toEqual([]);
    // A tampered record (move 5 by another player) says which move the rules refuse, and draws nothing.
    const rec = (await (await fetch(`${base}/api/games/${id}-1`)).json()) as { actions: { seat?: number }[] };
    const moved = rec.actions[4] as { seat?: number };
    rec.actions[4] = { ...moved, seat: ((moved.seat ?? 0) + 1) % 3 };
    await tid(p, 'language').selectOption('en');
    await p.route(`**/api/games/${id}-1`, (route) => route.fulfill({ json: rec }));
    await p.goto(`${base}${href}`);
    await poll(() => tid(p, 'replay-message').textContent()).toMatch(
      /^This record cannot be replayed: the rules refuse move 5 \([A-Z_]+\)$/,
    );
    expect(await p.locator('[data-testid="bla5t-board"]').count()).toBe(0);
    await shot(p, 'tampered-360');
    expect([...H.errors, ...P.errors]).toEqual([]);
    await H.ctx.close();
    await P.ctx.close();
  }, 300_000);
});
