/// <reference lib="dom" />
/**
 * A start waits for its record (the writer thread here; Redis alike), and every page says so: found
 * with `sqlite3 blaze.sqlite` holding `BEGIN IMMEDIATE`, the lobby looked as before (Start enabled,
 * nothing said), a second press only brought a refusal bubble, and that bubble stayed over the new
 * game's hand. Here another connection holds the file's write lock while the host presses Start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newPlayer, type Player, shot, tid } from '../support/blaze.js';
import { ROOT } from '../support/processes.js';
import { type Product, useProduct } from '../support/product.js';

// The server's own SQLite driver (a dependency of apps/server, not of the tests' root): the little used here.
interface Lock {
  exec(sql: string): unknown;
  readonly inTransaction: boolean;
  close(): void;
}
const Database = createRequire(`${ROOT}apps/server/package.json`)('better-sqlite3') as new (file: string) => Lock;
const dataDir = mkdtempSync(join(tmpdir(), 'blaze-start-wait-'));
const giveUpDir = mkdtempSync(join(tmpdir(), 'blaze-start-given-up-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(giveUpDir, { recursive: true, force: true });
});

const poll = <T>(f: () => Promise<T> | T, timeout = 20_000) => expect.poll(f, { timeout, interval: 100 });

const activeId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid ?? '');

/** Annemarie at a new table of her own, bots in seats 1 and 2. */
async function hostWithBots(product: Product): Promise<Player> {
  const host = await newPlayer(product.browser, 'Annemarie');
  const h = host.page;
  await h.goto(product.server.base);
  await tid(h, 'name-input').fill('Annemarie');
  await tid(h, 'new-table').click();
  await h.waitForURL(/\/t\//);
  await poll(() => tid(h, 'leave').isVisible()).toBe(true);
  for (const seat of [1, 2]) {
    await tid(h, `add-bot-${seat}`).click();
    await poll(() => tid(h, `remove-bot-${seat}`).isVisible()).toBe(true);
  }
  return host;
}

/**
 * `body` while another connection holds the record file's write lock (as `sqlite3 blaze.sqlite` with
 * `BEGIN IMMEDIATE` does); the lock is let go after it, whatever happens.
 */
async function whileLocked(dir: string, body: () => Promise<void>): Promise<void> {
  const lock = new Database(join(dir, 'blaze.sqlite'));
  try {
    lock.exec('BEGIN IMMEDIATE');
    await body();
  } finally {
    if (lock.inTransaction) lock.exec('COMMIT');
    lock.close();
  }
}

describe('a start that waits for its record', () => {
  // The lock is held longer than a start waits by default (10 s) on a loaded machine: not given up here.
  const product = useProduct({ DATA_DIR: dataDir, STORE_WRITER: 'thread', START_SAVE_WAIT_SECONDS: '120' });

  it('is shown at every page, holds the lobby, and its refusal bubble goes when the game comes', async () => {
    const host = await hostWithBots(product);
    const h = host.page;
    const guest = await newPlayer(product.browser, 'Wim', { viewport: { width: 360, height: 640 }, isMobile: true });
    const g = guest.page;
    await g.goto(h.url());
    await tid(g, 'name-input').fill('Wim');
    await tid(g, 'watch').click();
    await poll(() => tid(g, 'seat-offer').isVisible()).toBe(true);
    await expect(tid(h, 'start').isEnabled()).resolves.toBe(true);

    await whileLocked(dataDir, async () => {
      // By keyboard, as a screen-reader user presses it.
      await tid(h, 'start').focus();
      await h.keyboard.press('Enter');
      for (const p of [h, g]) {
        // Was: "Waiting in the lobby", Start enabled, nothing in the live region.
        await poll(() => tid(p, 'banner-text').textContent()).toBe('The game is starting: dealing the cards…');
        await expect(tid(p, 'starting').textContent()).resolves.toBe('The game is starting: dealing the cards…');
        await expect(tid(p, 'live').textContent()).resolves.toContain('The game is starting');
        await expect(tid(p, 'setting-window').isDisabled()).resolves.toBe(true);
      }
      await expect(tid(h, 'start').isDisabled()).resolves.toBe(true);
      // The focus stays on the held Start (was: it fell to the page's heading as the lobby redrew).
      expect(await activeId(h)).toBe('start');
      await expect(tid(h, 'start').getAttribute('aria-disabled')).resolves.toBe('true');
      await expect(tid(h, 'start').getAttribute('aria-describedby')).resolves.toBe('lobby-starting');
      // A spectator is told they will watch it (was: "Take a free seat to play" over held Sit buttons).
      await expect(tid(g, 'seat-offer').textContent()).resolves.toContain('The game is starting');
      // Someone opening the link meanwhile is offered watching (was: "Waiting in the lobby", Join table).
      const late = await newPlayer(product.browser, 'Lotte');
      await late.page.goto(h.url());
      await poll(() => tid(late.page, 'join-status').textContent()).toContain('The game is starting');
      await expect(tid(late.page, 'join-sit').isHidden()).resolves.toBe(true);
      await expect(tid(late.page, 'watch').isVisible()).resolves.toBe(true);
      await expect(tid(h, 'remove-bot-1').isDisabled()).resolves.toBe(true);
      await expect(tid(h, 'leave').isDisabled()).resolves.toBe(true);
      await expect(tid(g, 'sit-3').isDisabled()).resolves.toBe(true);
      await shot(h, 'start-wait-host');
      await shot(g, 'start-wait-phone');
      // A press that beat the patch reaches the server, which refuses it (STARTING): the bubble shows.
      await h.evaluate(() => document.querySelector('[data-testid=start]')?.removeAttribute('aria-disabled'));
      await tid(h, 'start').click();
      await poll(() => tid(h, 'flash').isVisible()).toBe(true);
    });
    for (const p of [h, g]) await poll(() => p.evaluate(() => window.__blaze?.snapshot?.status)).toBe('playing');
    // The game shown, the focus goes where a started game puts it (a11yKeyboard): the page's heading.
    await poll(() => activeId(h)).toBe('page-heading');
    // Was: the bubble stood over the new game's hand for its full six seconds.
    await poll(() => tid(h, 'flash').isHidden(), 2_000).toBe(true);
    await expect(tid(h, 'banner-text').textContent()).resolves.not.toContain('starting');
    expect([...host.errors, ...guest.errors]).toEqual([]);
  });

  it('keeps the focus on Rematch pressed by keyboard while the rematch waits, then gives it to the heading', async () => {
    // A table of bots the host watches, quick enough to reach its results.
    const res = await fetch(`${product.server.base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { botDelayMs: 0, windowMs: 500 } }),
    });
    const id = ((await res.json()) as { id: string }).id;
    const host = await newPlayer(product.browser, 'Annemarie');
    const h = host.page;
    await h.goto(`${product.server.base}/t/${id}`);
    await tid(h, 'name-input').fill('Annemarie');
    await tid(h, 'join-sit').click();
    for (const seat of [1, 2, 3]) {
      await poll(() => tid(h, `add-bot-${seat}`).isVisible()).toBe(true);
      await tid(h, `add-bot-${seat}`).click();
      await poll(() => tid(h, `remove-bot-${seat}`).isVisible()).toBe(true);
    }
    await tid(h, 'leave').click();
    await poll(() => tid(h, 'sit-0').isVisible()).toBe(true);
    await poll(() => tid(h, 'start').isEnabled()).toBe(true);
    await tid(h, 'start').click();
    await poll(() => tid(h, 'rematch').isVisible(), 240_000).toBe(true);

    await whileLocked(dataDir, async () => {
      await tid(h, 'rematch').focus();
      await h.keyboard.press('Enter');
      await poll(() => tid(h, 'banner-text').textContent()).toBe('The game is starting: dealing the cards…');
      // Was: the results redrew with a disabled Rematch and the focus fell to the page's heading.
      expect(await activeId(h)).toBe('rematch');
      await expect(tid(h, 'rematch').getAttribute('aria-disabled')).resolves.toBe('true');
    });
    await poll(() => h.evaluate(() => window.__blaze?.snapshot?.status)).toBe('playing');
    await poll(() => activeId(h)).toBe('page-heading');
    expect(host.errors).toEqual([]);
    await host.ctx.close();
  }, 300_000);
});

describe('a start the record store does not take in time', () => {
  const product = useProduct({ DATA_DIR: giveUpDir, STORE_WRITER: 'thread', START_SAVE_WAIT_SECONDS: '2' });

  it('is given up: the host is told why, and the lobby is free again', async () => {
    const host = await hostWithBots(product);
    const h = host.page;
    await whileLocked(giveUpDir, async () => {
      await tid(h, 'start').click();
      // Was: "The game is starting" for as long as the file stayed locked, and nothing else said.
      await poll(() => tid(h, 'live').textContent()).toContain('Saving is delayed');
      await poll(() => tid(h, 'flash').textContent()).toContain('Could not start: saving is unavailable');
      await shot(h, 'start-given-up');
      // The lobby is free again while the file stays locked. Its banner is the lobby's, or, where the
      // lobby's own writes (the bots' seats) had not reached the file before the lock (a loaded
      // machine, CI at 15:56 on 2026-11-28), that saving is delayed, which is then true.
      await poll(() => tid(h, 'start').isEnabled()).toBe(true);
      await expect(tid(h, 'setting-window').isDisabled()).resolves.toBe(false);
      expect(['Waiting in the lobby', 'Saving is delayed']).toContain(
        ((await tid(h, 'banner-text').textContent()) ?? '').split(':')[0],
      );
    });
    await poll(() => tid(h, 'banner-text').textContent()).toBe('Waiting in the lobby');
    await tid(h, 'start').click();
    await poll(() => h.evaluate(() => window.__blaze?.snapshot?.status)).toBe('playing');
    await expect(h.evaluate(() => window.__blaze?.snapshot?.gameNumber)).resolves.toBe(1);
    expect(host.errors).toEqual([]);
    await host.ctx.close();
  }, 120_000);
});
