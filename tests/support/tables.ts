/**
 * Tables for a test's page. First, tables a page creates through its own UI (home's "New table", its real POST /api/tables), with
 * settings the UI has no control for added to that request: quicker bots where a test walks a whole
 * game but does not measure its pace. What the page sends is otherwise unchanged; the server applies
 * the settings exactly as it does for any creator who asks for them over the API.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TableSettings } from '../../packages/protocol/src/messages.js';
import { tid } from './blaze.js';

export async function createTablesWith(page: Page, settings: Partial<TableSettings>): Promise<void> {
  await page.route('**/api/tables', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    const body = JSON.parse(req.postData() || '{}') as { settings?: Partial<TableSettings> };
    await route.continue({ postData: JSON.stringify({ ...body, settings: { ...body.settings, ...settings } }) });
  });
}

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

/**
 * A table made over the API with settings the UI has no control for (no body's settings when none are
 * given), opened in the page; its address.
 */
export async function openTableWith(page: Page, base: string, settings?: Partial<TableSettings>): Promise<string> {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: settings ? JSON.stringify({ settings }) : '{}',
  });
  const url = `${base}/t/${((await res.json()) as { id: string }).id}`;
  await page.goto(url);
  return url;
}

/**
 * A host who watches their three bots play: the table made over the API (with `settings`, if any),
 * Watch pressed as 'Host', three bots added, Start pressed. Its address.
 */
export async function watchingHostStarts(page: Page, base: string, settings?: Partial<TableSettings>): Promise<string> {
  const url = await openTableWith(page, base, settings);
  await tid(page, 'name-input').fill('Host');
  await tid(page, 'watch').click();
  await poll(() => tid(page, 'watching').textContent()).toBe('You are watching');
  for (const seat of [0, 1, 2]) {
    await tid(page, `add-bot-${seat}`).click();
    await poll(() => tid(page, `remove-bot-${seat}`).isVisible()).toBe(true);
  }
  await tid(page, 'start').click();
  return url;
}

/** watchingHostStarts with quick bots, resolving on the game's final scores. Its address. */
export async function watchingHostGame(page: Page, base: string): Promise<string> {
  const url = await watchingHostStarts(page, base, { botDelayMs: 0, windowMs: 500 });
  await poll(() => tid(page, 'final-scores').isVisible(), 120_000).toBe(true);
  return url;
}
