/// <reference lib="dom" />
/**
 * The cues of issue #40 in a real page against the real server: chat that arrives visibly (a badge,
 * a toast, a line for screen readers, ☰ on a phone opening on the new line) and quick phrases.
 * CUES_SHOTS=<prefix> saves screenshots to /tmp/shots-cues2/ for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, seen, step, tid } from '../support/blaze.js';
import { launchChromium } from '../support/browser.js';
import { startServer } from '../support/processes.js';
import { openTableWith, watchingHostGame } from '../support/tables.js';

declare global {
  interface Window {
    /** Set by the reload test's init script: the lobby was on screen at some point. */
    __lobbySeen?: string;
  }
}

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });
const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };

async function snap(page: Page, name: string): Promise<void> {
  const prefix = process.env.CUES_SHOTS;
  if (!prefix) return;
  mkdirSync('/tmp/shots-cues2', { recursive: true });
  await page.screenshot({ path: `/tmp/shots-cues2/${prefix}-${name}.png` });
}

async function sitDown(page: Page, url: string, name: string, watch = false): Promise<void> {
  await page.goto(url);
  await tid(page, 'name-input').fill(name);
  await tid(page, watch ? 'watch' : 'join-sit').click();
  await poll(() => tid(page, 'lobby').isVisible()).toBe(true);
}

describe('issue #40 cues', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows a spectator's hello: badge, toast, live line; ☰ opens the phone's chat on it", async () => {
    const host = await newPlayer(browser, 'Host');
    const url = await openTableWith(host.page, server.base);
    await sitDown(host.page, url, 'Host');
    const phone = await newPlayer(browser, 'Pho', PHONE);
    await sitDown(phone.page, url, 'Pho');
    const vi = await newPlayer(browser, 'Vi');
    await sitDown(vi.page, url, 'Vi', true);

    await tid(vi.page, 'tab-chat').click();
    await tid(vi.page, 'chat-input').fill('hello');
    await tid(vi.page, 'chat-send').click();

    // The line reached both pages' tables (what they do with it is the point).
    const chatLen = (p: Page) => p.evaluate(() => window.__blaze?.snapshot?.chat.length ?? 0);
    await poll(() => chatLen(host.page)).toBe(1);
    await poll(() => chatLen(phone.page)).toBe(1);
    await snap(host.page, 'chat-toast-1280x800');
    await snap(phone.page, 'chat-toast-360x640');
    // The host's side panel shows the log: the chat is closed there.
    expect(await tid(host.page, 'chat-toast').textContent()).toBe('Vi: hello');
    expect(await tid(host.page, 'chat-unread').textContent()).toBe('1');
    expect(await tid(host.page, 'tab-chat').getAttribute('aria-label')).toBe('Chat, 1 unread');
    expect(await tid(host.page, 'chat-live').textContent()).toContain('Vi: hello');
    // Turn alerts (vibration, notification) wait for the player to turn them on.
    expect(await tid(host.page, 'turn-alerts').getAttribute('aria-pressed')).toBe('false');
    // Not for the one who said it.
    expect(await tid(vi.page, 'chat-toast').isVisible()).toBe(false);

    // The phone: the count on ☰, and ☰ opens the panel on the chat with the line in sight.
    await poll(() => tid(phone.page, 'panel-unread').textContent()).toBe('1');
    expect(await tid(phone.page, 'chat-toast').isVisible()).toBe(true);
    await tid(phone.page, 'panel-toggle').click();
    const newest = phone.page.locator('[data-testid="chat-list"] li').last();
    await poll(() => newest.isVisible()).toBe(true);
    expect(await newest.textContent()).toBe('Vi: hello');
    expect(await tid(phone.page, 'chat-input').isVisible()).toBe(true);
    expect(await tid(phone.page, 'panel-unread').count()).toBe(0);
    expect(await tid(phone.page, 'chat-toast').isVisible()).toBe(false);
    await snap(phone.page, 'chat-open-360x640');

    // The host opens the chat: the count goes.
    await tid(host.page, 'tab-chat').click();
    await poll(() => tid(host.page, 'chat-unread').count()).toBe(0);
    expect(await tid(host.page, 'chat-toast').isVisible()).toBe(false);

    // A quick phrase is a chat line like any other, in the sender's language.
    await tid(phone.page, 'phrase-2').click();
    await poll(() => tid(host.page, 'chat-list').textContent()).toContain('Pho: Good game!');
    await poll(() => tid(vi.page, 'chat-list').textContent()).toContain('Pho: Good game!');
    // The host had the chat open: no toast, no count.
    expect(await tid(host.page, 'chat-toast').isVisible()).toBe(false);
    expect(await tid(host.page, 'chat-unread').count()).toBe(0);

    for (const p of [host, phone, vi]) {
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }
  }, 200_000);

  it('plays on the first click on Play after a card was chosen in the table in words', async () => {
    const p = await newPlayer(browser, 'Kim');
    const page = p.page;
    await page.goto(`${server.base}/practice?seed=lost-click`);
    await tid(page, 'practice-seats').selectOption('3');
    await tid(page, 'practice-clock').selectOption('off');
    await tid(page, 'practice-start').click();
    await poll(() => page.evaluate(() => window.__blaze?.hand.length ?? 0)).toBe(5);
    // Play on (bets, rejections, Done) until this page is to open a challenge.
    let s = await seen(page);
    for (let k = 0; k < 600 && !(s.role === 'active' && s.tableLen === 0 && !s.betting && !s.pending); k++) {
      await step(page);
      await page.waitForTimeout(100);
      s = await seen(page);
    }
    expect(s.role).toBe('active');
    const card = s.hand.find((c) => c.lit)?.card as string;
    // Chosen with the keyboard in the table in words: the panel opens and lifts the action bar.
    await tid(page, `mirror-card-${card}`).focus();
    await page.keyboard.press('Enter');
    await poll(() => seen(page).then((x) => x.selected)).toEqual([card]);
    const play = (await seen(page)).buttons.play;
    expect(play?.enabled).toBe(true);
    await snap(page, 'lost-click-1280x800');
    // One real click where Play is drawn now.
    await page.mouse.click(play?.x ?? 0, play?.y ?? 0);
    await poll(() => seen(page).then((x) => x.tableLen), 10_000).toBe(1);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 200_000);

  it("reloads into the table, never the lobby, with the server's clock", async () => {
    const host = await newPlayer(browser, 'Host');
    const page = host.page;
    // Host opens (seat 0), on the relaxed clock: 30 s to reload in.
    const url = await openTableWith(page, server.base, { firstPlayer: 0, clock: 'relaxed', botDelayMs: 0 });
    await sitDown(page, url, 'Host');
    for (const seat of [1, 2]) {
      await tid(page, `add-bot-${seat}`).click();
      await poll(() => tid(page, `remove-bot-${seat}`).isVisible()).toBe(true);
    }
    await tid(page, 'start').click();
    let s = await seen(page);
    for (let k = 0; k < 600 && !(s.role === 'active' && s.tableLen === 0 && !s.betting && !s.pending); k++) {
      await step(page, { idleAttacker: true });
      await page.waitForTimeout(100);
      s = await seen(page);
    }
    expect(s.role).toBe('active');
    const deadline = () => tid(page, 'banner').getAttribute('data-deadline');
    const before = Number(await deadline());
    expect(before).toBeGreaterThan(0);
    // From the first paint of the reloaded page: was the lobby (or its banner) ever shown?
    await page.addInitScript(() => {
      const look = () => {
        const lobby = document.querySelector<HTMLElement>('[data-testid="lobby"]');
        const text = document.querySelector('[data-testid="banner-text"]')?.textContent ?? '';
        if (lobby?.checkVisibility() && lobby.childElementCount > 0) window.__lobbySeen = 'lobby';
        else if (text === 'Waiting in the lobby') window.__lobbySeen = text;
      };
      new MutationObserver(look).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    // A restarted clock would lie at least this much later (the server's clock steps are 100 ms).
    await page.waitForTimeout(500);
    await page.reload();
    await poll(() => seen(page).then((x) => x.status)).toBe('playing');
    await poll(deadline).not.toBe('');
    await snap(page, 'reloaded-1280x800');
    expect(Number(await deadline())).toBe(before);
    expect(await page.evaluate(() => window.__lobbySeen ?? '')).toBe('');
    expect(host.errors).toEqual([]);
    await host.ctx.close();
  }, 200_000);

  it('says the table in one language after a switch: no English lines left among German ones', async () => {
    const p = await newPlayer(browser, 'Lu');
    const page = p.page;
    await page.goto(`${server.base}/practice?seed=one-language`);
    await tid(page, 'practice-seats').selectOption('3');
    await tid(page, 'practice-clock').selectOption('off');
    await tid(page, 'practice-start').click();
    await poll(() => page.evaluate(() => window.__blaze?.hand.length ?? 0)).toBe(5);
    const lines = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="live"] p')].map((x) => `${x.lang}|${x.textContent}`),
      );
    const playUntilSaid = async () => {
      for (let k = 0; k < 600 && (await lines()).length === 0; k++) {
        await step(page);
        await page.waitForTimeout(100);
      }
    };
    await playUntilSaid();
    expect((await lines()).length).toBeGreaterThan(0);
    await tid(page, 'language').selectOption('de');
    await playUntilSaid();
    const said = await lines();
    expect(said.length).toBeGreaterThan(0);
    expect(said.filter((l) => !l.startsWith('de|'))).toEqual([]);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 200_000);

  it('ends a replay without a seat offer, and its Jump-to follows the step shown', async () => {
    const host = await newPlayer(browser, 'Host');
    const page = host.page;
    await watchingHostGame(page, server.base);
    // Opened by its address (the in-page link is another test's matter).
    await page.goto(new URL((await tid(page, 'replay-button').getAttribute('href')) ?? '', server.base).href);
    await poll(() => page.evaluate(() => window.__blazeReplay?.total ?? 0)).toBeGreaterThan(10);
    const jump = tid(page, 'replay-jump');
    const values = await jump.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const round2 = await jump.locator('option', { hasText: /^Round 2$/ }).getAttribute('value');
    const r2 = Number(round2);
    expect(r2).toBeGreaterThan(0);
    // Jump to round 2, then step back into round 1: Jump-to names round 1's last challenge, not round 2.
    await jump.selectOption(String(r2));
    await tid(page, 'replay-back').click();
    const shown = Number(await jump.inputValue());
    expect(shown).toBeLessThan(r2);
    expect(values).toContain(String(shown));
    expect(await jump.locator('option:checked').textContent()).toMatch(/^Round 1/);
    // The last step: the results, without "You are watching. Every seat is taken." nor a rematch wait.
    await tid(page, 'replay-last').click();
    await poll(() => tid(page, 'final-scores').isVisible()).toBe(true);
    await snap(page, 'replay-end-1280x800');
    expect(await tid(page, 'seat-offer').count()).toBe(0);
    expect(await tid(page, 'rematch-wait').count()).toBe(0);
    expect(await jump.locator('option:checked').textContent()).toMatch(/^Round 2/);
    expect(host.errors).toEqual([]);
    await host.ctx.close();
  }, 300_000);

  it('opens the replay from the results by its in-page link without a page error', async () => {
    const host = await newPlayer(browser, 'Host');
    const page = host.page;
    await watchingHostGame(page, server.base);
    // The table page is left while its scene may still get a patch: the scene must not draw after it
    // was destroyed ("Cannot read properties of null (reading 'screen')").
    await tid(page, 'replay-button').click();
    await poll(() => page.evaluate(() => window.__blazeReplay?.total ?? 0)).toBeGreaterThan(10);
    await tid(page, 'replay-last').click();
    await poll(() => tid(page, 'final-scores').isVisible()).toBe(true);
    expect(host.errors).toEqual([]);
    await host.ctx.close();
  }, 300_000);

  it('offers three ways in at home, each with its main button: new table, join by link or code, learn', async () => {
    const p = await newPlayer(browser, 'Home', PHONE);
    const page = p.page;
    await page.goto(server.base);
    await poll(() => tid(page, 'new-table').isVisible()).toBe(true);
    await snap(page, 'home-360x640');
    const ways = await page.locator('main h2').allTextContents();
    expect(ways).toEqual(['Play with friends', 'Join a table', 'On your own']);
    for (const id of ['new-table', 'join-button', 'learn']) {
      expect(await tid(page, id).getAttribute('class'), id).toContain('primary');
      expect(await tid(page, id).isVisible(), id).toBe(true);
    }
    expect(await tid(page, 'join-link').getAttribute('placeholder')).toBe('Invite link or table code');
    // A bare table code joins as the whole link does.
    const res = await fetch(`${server.base}/api/tables`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const { id } = (await res.json()) as { id: string };
    await tid(page, 'name-input').fill('Home');
    await tid(page, 'join-link').fill(id);
    await tid(page, 'join-button').click();
    await poll(() => new URL(page.url()).pathname).toBe(`/t/${id}`);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  }, 100_000);
});
