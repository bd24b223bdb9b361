/// <reference lib="dom" />
/**
 * Issue 36 item 5 in the browser: after a Blaze game (three quick bots), the host and a friend who
 * came by the link sit; the host's "Next game: Battle of Durak" is refused while five sit (Durak
 * seats four: the host is told so, nothing moves), then, a bot removed, one click moves both to a
 * new Durak table where both are seated, the host still host. The old link then leads there.
 */
import { describe, expect, it } from 'vitest';
import { newPlayer, shot, tid } from '../support/blaze.js';
import { useProduct } from '../support/product.js';
import { openTableWith } from '../support/tables.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

describe('switching games between games', () => {
  const product = useProduct();

  it('the host and a friend move from Blaze to Durak by one click and are seated there', async () => {
    const { base } = product.server;
    const A = await newPlayer(product.browser, 'Ann');
    const B = await newPlayer(product.browser, 'Ben', { viewport: { width: 390, height: 844 } });
    const a = A.page;
    const b = B.page;
    const url = await openTableWith(a, base, { botDelayMs: 0, windowMs: 500 });
    const oldPath = new URL(url).pathname;
    await tid(a, 'name-input').fill('Ann');
    await tid(a, 'watch').click();
    await poll(() => tid(a, 'watching').isVisible()).toBe(true);
    for (const seat of [0, 1, 2]) {
      await tid(a, `add-bot-${seat}`).click();
      await poll(() => tid(a, `remove-bot-${seat}`).isVisible()).toBe(true);
    }
    await tid(a, 'start').click();
    await poll(() => tid(a, 'final-scores').isVisible(), 120_000).toBe(true);

    // The friend comes by the link between games and sits; the host takes the last seat.
    await b.goto(url);
    await tid(b, 'name-input').fill('Ben');
    await tid(b, 'join-sit').click();
    await poll(() => tid(b, 'final-scores').isVisible()).toBe(true);
    await poll(() => tid(a, 'offer-sit-4').isVisible()).toBe(true);
    await tid(a, 'offer-sit-4').click();
    await poll(() => tid(a, 'offer-sit-4').count()).toBe(0);
    // Only the host is offered the next game.
    await poll(() => tid(a, 'next-game-durak').isVisible()).toBe(true);
    expect(await tid(b, 'next-game').count()).toBe(0);
    await shot(a, 'switch-results-host');

    // Five sit: Durak seats four. Refused, in words, and nobody moved.
    await tid(a, 'next-game-durak').click();
    // biome-ignore lint/performance/useDomNodeTextContent: what the host is shown, not hidden text
    await poll(() => a.evaluate(() => document.body.innerText)).toContain(
      'Battle of Durak seats at most 4; 5 sit here',
    );
    await shot(a, 'switch-refused');
    expect(new URL(a.url()).pathname).toBe(oldPath);

    // A bot goes; then one click moves the table.
    await tid(a, 'open-table').click();
    await tid(a, 'remove-bot-0').click();
    await poll(() => tid(a, 'add-bot-0').isVisible()).toBe(true);
    await tid(a, 'back-to-results').click();
    await tid(a, 'next-game-durak').click();
    for (const p of [a, b]) await p.waitForURL((u) => u.pathname !== oldPath, { timeout: 20_000 });
    expect(a.url()).toBe(b.url());
    // Both seated at the new table (Durak's lobby), Ann its host, Ben not.
    for (const p of [a, b]) await poll(() => tid(p, 'game-name').textContent()).toBe('Battle of Durak');
    await poll(() => tid(a, 'start').isVisible()).toBe(true);
    expect(await tid(b, 'start').count()).toBe(0);
    await poll(async () => (await a.locator('li[data-testid^="seat-"]').allTextContents()).join(' ')).toMatch(
      /Ann[\s\S]*Ben|Ben[\s\S]*Ann/,
    );
    for (const p of [a, b])
      expect(
        await tid(p, 'watching')
          .isVisible()
          .catch(() => false),
      ).toBe(false);
    await shot(a, 'switch-durak-lobby');
    await shot(b, 'switch-durak-lobby-friend');

    // The old link leads to the new table.
    const C = await newPlayer(product.browser, 'Cy');
    await C.page.goto(url);
    await C.page.waitForURL(a.url(), { timeout: 20_000 });
    for (const p of [A, B, C]) expect(p.errors).toEqual([]);
    for (const p of [A, B, C]) await p.ctx.close();
  }, 240_000);
});
