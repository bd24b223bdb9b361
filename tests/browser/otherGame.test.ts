/**
 * A table link of a game the server plays but this page has no client for yet (Battle of Durak):
 * the page says which game the table plays and offers the way home, instead of opening it as a
 * Blaze table (Blaze's lobby, its settings and "3 to 5 players" for a 2-4 player game). A Blaze
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

describe('a table of a game this page cannot show', () => {
  const product = useProduct();

  it('says which game the table plays, in the reader language, and never opens it as Blaze', async () => {
    const { base } = product.server;
    const p = await newPlayer(product.browser, 'Ann', { viewport: { width: 360, height: 640 }, locale: 'de-DE' });
    await p.page.goto(`${base}/t/${await table(base, 'durak')}`);
    await poll(() => tid(p.page, 'other-game').isVisible()).toBe(true);
    expect(await p.page.locator('h1').textContent()).toBe('An diesem Tisch wird Battle of Durak gespielt');
    expect(await tid(p.page, 'join-sit').count()).toBe(0);
    expect(await tid(p.page, 'start').count()).toBe(0);
    await tid(p.page, 'other-game-home').click();
    await poll(() => tid(p.page, 'new-table').isVisible()).toBe(true);

    // A Blaze table's link opens its join screen as before.
    await p.page.goto(`${base}/t/${await table(base, 'blaze')}`);
    await poll(() => tid(p.page, 'join-sit').isVisible()).toBe(true);
    expect(await tid(p.page, 'other-game').count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 120_000);
});
