/**
 * A table link of a game this page has no client for (a card naming 'skat', which a newer server
 * could play): the page says which game the table plays and offers the way home, instead of opening
 * it as a Blaze table. A Durak table's link opens Durak's own table (issue 37 item 4); a Blaze
 * table's link still opens the table.
 */
import { describe, expect, it } from 'vitest';
import { newPlayer, tid } from '../support/blaze.js';
import { useProduct } from '../support/product.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

async function table(base: string, game: string): Promise<string> {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('a table of a game this page cannot show, and a Durak table', () => {
  const product = useProduct();

  it('says which game the table plays, in the reader language, and never opens it as Blaze', async () => {
    const { base } = product.server;
    const p = await newPlayer(product.browser, 'Ann', { viewport: { width: 360, height: 640 }, locale: 'de-DE' });
    // The table's card says 'skat' (as a server playing it would): the page has no client for it.
    await p.page.route('**/api/tables/*/lookup', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { card?: Record<string, unknown> };
      await route.fulfill({ response: res, json: { ...body, card: { ...body.card, game: 'skat' } } });
    });
    await p.page.goto(`${base}/t/${await table(base, 'durak')}`);
    await poll(() => tid(p.page, 'other-game').isVisible()).toBe(true);
    expect(await p.page.locator('h1').textContent()).toBe('An diesem Tisch wird skat gespielt');
    expect(await tid(p.page, 'join-sit').count()).toBe(0);
    expect(await tid(p.page, 'start').count()).toBe(0);
    await tid(p.page, 'other-game-home').click();
    await poll(() => tid(p.page, 'new-table').isVisible()).toBe(true);
    await p.page.unroute('**/api/tables/*/lookup');

    // A Durak table's link opens Durak's table: its join screen, then its own lobby options.
    await p.page.goto(`${base}/t/${await table(base, 'durak')}`);
    await poll(() => tid(p.page, 'join-sit').isVisible()).toBe(true);
    expect(await tid(p.page, 'other-game').count()).toBe(0);
    await tid(p.page, 'name-input').fill('Ann');
    await tid(p.page, 'join-sit').click();
    await poll(() => tid(p.page, 'setting-players').isVisible()).toBe(true);
    expect(await tid(p.page, 'setting-window').count()).toBe(0);

    // A Blaze table's link opens its join screen as before.
    await p.page.goto(`${base}/t/${await table(base, 'blaze')}`);
    await poll(() => tid(p.page, 'join-sit').isVisible()).toBe(true);
    expect(await tid(p.page, 'other-game').count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 120_000);
});
