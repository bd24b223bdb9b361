/// <reference lib="dom" />
/**
 * Issue #10: the join screen (/t/<id> before joining) shows who hosts and who sits; a spectator is
 * told "You are watching" and offered the free seats, and sitting from the spectators works.
 */
import { describe, expect, it } from 'vitest';
import { newPlayer, shot, tid } from '../support/blaze.js';
import { useProduct } from '../support/product.js';
import { domProblems } from '../support/screens.js';
import { watchingHostStarts } from '../support/tables.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 20_000) => expect.poll(f, { timeout, interval: 100 });

describe('join screen and spectators (issue #10)', () => {
  const product = useProduct();

  it('the join screen names the host and who sits; a spectator is told so and takes a free seat', async () => {
    const host = await newPlayer(product.browser, 'Annemarie');
    await host.page.goto(product.server.base);
    await tid(host.page, 'name-input').fill('Annemarie');
    await tid(host.page, 'new-table').click();
    await host.page.waitForURL(/\/t\//);
    await poll(() => tid(host.page, 'leave').isVisible()).toBe(true);
    await tid(host.page, 'add-bot-1').click();
    await poll(() => tid(host.page, 'remove-bot-1').isVisible()).toBe(true);

    const guest = await newPlayer(product.browser, 'Wim', { viewport: { width: 390, height: 844 }, isMobile: true });
    const g = guest.page;
    await g.goto(host.page.url());
    await poll(() => tid(g, 'join-host').textContent()).toBe('Host: Annemarie');
    await expect(tid(g, 'join-seats').locator('li').allTextContents()).resolves.toEqual([
      'Annemarie' + 'host',
      'Bot 1',
    ]);
    await expect(tid(g, 'join-free').textContent()).resolves.toBe('3 free seats');
    await shot(g, 'spectate-join');
    expect(await domProblems(g), 'join screen texts').toEqual([]);

    await tid(g, 'name-input').fill('Wim');
    await tid(g, 'watch').click();
    await poll(() => tid(g, 'watching').textContent()).toBe('You are watching');
    // No hand, nothing to sort.
    await expect(tid(g, 'sort-toggle').isHidden()).resolves.toBe(true);
    await expect(tid(g, 'seat-offer').textContent()).resolves.toContain('Take a free seat');
    await poll(() => tid(host.page, 'watching').textContent()).toBe('watching: 1');
    // Every free seat has a Sit button for the spectator; taken ones do not.
    for (const seat of [2, 3, 4]) await expect(tid(g, `sit-${seat}`).isVisible()).resolves.toBe(true);
    for (const seat of [0, 1]) await expect(tid(g, `sit-${seat}`).count()).resolves.toBe(0);
    await shot(g, 'spectate-lobby');
    expect(await domProblems(g), 'lobby texts').toEqual([]);
    await tid(g, 'sit-3').click();
    await poll(() => tid(g, 'seat-3').textContent()).toContain('Wim');
    await poll(() => tid(g, 'watching').textContent()).toBe('');
    await expect(tid(g, 'sort-toggle').isVisible()).resolves.toBe(true);
    await expect(tid(g, 'seat-offer').count()).resolves.toBe(0);
    await poll(() => tid(host.page, 'seat-3').textContent()).toContain('Wim');

    // German words on the join screen, for a third person.
    const third = await newPlayer(product.browser, 'Lea');
    await third.page.goto(product.server.base);
    await tid(third.page, 'language').selectOption('de');
    await third.page.goto(host.page.url());
    await poll(() => tid(third.page, 'join-host').textContent()).toBe('Gastgeber: Annemarie');
    await expect(tid(third.page, 'join-seats').locator('li').allTextContents()).resolves.toEqual([
      'AnnemarieGastgeber',
      'Bot 1',
      'Wim',
    ]);
    await expect(tid(third.page, 'join-sit').isVisible()).resolves.toBe(true);

    // A full table offers watching only: "Join table" would have nowhere to put you.
    for (const seat of [2, 4]) {
      await tid(host.page, `add-bot-${seat}`).click();
      await poll(() => tid(host.page, `remove-bot-${seat}`).isVisible()).toBe(true);
    }
    // Someone reading the join screen sees the table change without reloading it.
    await poll(() => tid(third.page, 'join-seats').locator('li').count(), 10_000).toBe(5);
    await expect(tid(third.page, 'join-sit').isHidden()).resolves.toBe(true);
    await third.page.goto(product.server.base);
    await tid(third.page, 'language').selectOption('en');
    await third.page.goto(host.page.url());
    await poll(() => tid(third.page, 'join-free').textContent()).toBe('Every seat is taken: you can watch.');
    await expect(tid(third.page, 'join-sit').isHidden()).resolves.toBe(true);
    await expect(tid(third.page, 'watch').isVisible()).resolves.toBe(true);
    // Nothing of the table shows through before joining (an empty coach bubble once did).
    await expect(tid(third.page, 'flash').isHidden()).resolves.toBe(true);
    await shot(third.page, 'spectate-join-full');
    expect([...host.errors, ...guest.errors, ...third.errors]).toEqual([]);
    for (const p of [third, guest, host]) await p.ctx.close();
  });

  it("a table that does not exist says so at once, in the page's words, with only the way home", async () => {
    const p = await newPlayer(product.browser, 'Lea');
    const page = p.page;
    const base = product.server.base;
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tables/')) asked.push(new URL(r.url()).pathname);
    });
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(base);
    await tid(page, 'language').selectOption('de');
    await tid(page, 'name-input').fill('Lea');
    // A word is not a table link (ids are 12 characters of base64url): said at home, not opened.
    await tid(page, 'join-link').fill('hello');
    await tid(page, 'join-button').click();
    await expect(tid(page, 'home-message').textContent()).resolves.toBe('Das sieht nicht wie ein Tisch-Link aus.');
    expect(new URL(page.url()).pathname).toBe('/');

    const gone = 'Diesen Tisch gibt es nicht mehr.';
    // An id no table ever had is told so, not that its table closed (issue #40).
    const unknown =
      'Unter diesem Link gibt es keinen Tisch. Prüfe, ob der ganze Link kopiert wurde, oder bitte um einen neuen.';
    const onlyWayHome = async () => {
      for (const id of ['name-input', 'join-sit', 'watch']) expect(await tid(page, id).count(), id).toBe(0);
      await expect(tid(page, 'join-home').isVisible()).resolves.toBe(true);
    };
    // No table can have this id: nothing is asked, nothing offered but the way home.
    await page.goto(`${base}/t/nosuchtable`);
    await poll(() => tid(page, 'join-message').textContent(), 3_000).toBe(unknown);
    await onlyWayHome();
    // An id like the server's that it does not know: asked once, its answer said at once, never asked again.
    await page.goto(`${base}/t/AAAAAAAAAAAA`);
    await poll(() => tid(page, 'join-message').textContent(), 3_000).toBe(unknown);
    await onlyWayHome();
    await shot(page, 'spectate-no-such-table');
    await page.waitForTimeout(3_500);
    // An expected answer, not a failed request: not even the browser's 'Failed to load resource' line.
    expect(consoleErrors).toEqual([]);
    expect(asked).toEqual(['/api/tables/AAAAAAAAAAAA/lookup']);

    // A table gone between reading its card and pressing Join: the server's 'room "…" not found' is
    // worded by the page (its join is sent, unchanged, to an id the server does not know).
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`${base}/t/${id}`);
    await poll(() => tid(page, 'join-status').isVisible()).toBe(true);
    await page.route('**/matchmake/joinById/**', (route) =>
      route.continue({ url: route.request().url().replace(id, 'AAAAAAAAAAAA') }),
    );
    await tid(page, 'name-input').fill('Lea');
    await tid(page, 'join-sit').click();
    await poll(() => tid(page, 'join-message').textContent()).toBe(gone);
    await onlyWayHome();
    expect(await tid(page, 'join').textContent()).not.toMatch(/not found/);
    expect(p.errors).toEqual([]);
    await p.ctx.close();
  });

  it('a host who stands up to watch keeps the controls, starts a game of bots and watches it', async () => {
    const host = await newPlayer(product.browser, 'Annemarie');
    const page = host.page;
    // Bots quicker than the default and a short take-back window, so their game ends (the watcher's
    // offer to sit) soon: about 17 s, the late joiner watching from about 3 s (measured alone).
    const res = await fetch(`${product.server.base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { botDelayMs: 100, windowMs: 500 } }),
    });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`${product.server.base}/t/${id}`);
    await tid(page, 'name-input').fill('Annemarie');
    await tid(page, 'join-sit').click();
    await poll(() => tid(page, 'leave').isVisible()).toBe(true);
    for (const seat of [1, 2, 3]) {
      await poll(() => tid(page, `add-bot-${seat}`).isVisible()).toBe(true);
      await tid(page, `add-bot-${seat}`).click();
      await poll(() => tid(page, `remove-bot-${seat}`).isVisible()).toBe(true);
    }
    // Off the seat: watching, and still the one who runs the table (no seat says so any more).
    await tid(page, 'leave').click();
    await poll(() => tid(page, 'watching').textContent()).toBe('You are watching');
    // The seat message (host) and the state (no seat) arrive apart: wait for both to show.
    await poll(() => tid(page, 'sit-0').isVisible()).toBe(true);
    await poll(() => tid(page, 'add-bot-0').isVisible()).toBe(true);
    await poll(() => tid(page, 'remove-bot-2').isVisible()).toBe(true);
    await poll(() => tid(page, 'setting-clock').isEnabled()).toBe(true);
    await poll(() => tid(page, 'start').isEnabled()).toBe(true);
    await shot(page, 'spectate-host-lobby');
    await tid(page, 'start').click();
    await poll(() => page.evaluate(() => window.__blaze?.snapshot?.status)).toBe('playing');
    // The bots play (seats 0-2: the host's bots moved up); the host sees their moves and holds no hand.
    await poll(
      () => page.evaluate(() => window.__blaze?.snapshot?.log.filter((l) => l.kind === 'opened').length ?? 0),
      30_000,
    ).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__blaze?.snapshot?.view?.hand.length ?? -1)).toBe(0);
    await expect(tid(page, 'sort-toggle').isHidden()).resolves.toBe(true);

    // The invite link opened while the game runs, on a phone: the server seats nobody until it ends,
    // so the page offers watching and says so (it offered "Join table" over the free seats, and the
    // joiner only watched).
    const late = await newPlayer(product.browser, 'Ines', { viewport: { width: 360, height: 640 }, isMobile: true });
    await late.page.goto(page.url());
    await poll(() => tid(late.page, 'join-status').textContent()).toBe(
      'A game is running: you will watch it. When it ends, you can take a seat for the next game if one is free.',
    );
    await expect(tid(late.page, 'join-free').textContent()).resolves.toBe('2 free seats · watching: 1');
    await expect(tid(late.page, 'join-sit').isHidden()).resolves.toBe(true);
    await expect(tid(late.page, 'watch').getAttribute('class')).resolves.toContain('primary');
    await shot(late.page, 'spectate-join-running');
    expect(await domProblems(late.page), 'join screen texts').toEqual([]);
    // Enter in the name field does what the screen offers: watch.
    await tid(late.page, 'name-input').fill('Ines');
    await tid(late.page, 'name-input').press('Enter');
    await poll(() => tid(late.page, 'watching').textContent()).toBe('You are watching');
    // The host's page has shown all it is asked for: closed, it draws none of the rest of the game
    // (the bots play on on the server; only the late joiner's page is looked at from here).
    expect(host.errors).toEqual([]);
    await host.ctx.close();
    // At the game's end the offer of a seat is in sight on the phone, at the results' foot beside the
    // wait for a rematch (it sat above the scores, below the fold), and taken with the keyboard.
    await poll(() => late.page.evaluate(() => window.__blaze?.snapshot?.status), 120_000).toBe('finished');
    const sit = tid(late.page, 'offer-sit-3');
    await poll(() => sit.isVisible()).toBe(true);
    // Polled: for a moment after they open, the results' buttons let presses through (results.ts).
    const seen = () =>
      sit.evaluate((b) => {
        const r = b.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.bottom <= window.innerHeight && r.right <= window.innerWidth && (top === b || b.contains(top));
      });
    await expect.poll(seen, { message: 'Sit in sight and uncovered at 360x640', timeout: 5000 }).toBe(true);
    await shot(late.page, 'spectate-phone-results');
    await sit.focus();
    await late.page.keyboard.press('Enter');
    await poll(() => late.page.evaluate(() => window.__blaze?.snapshot?.mySeat)).toBe(3);
    expect(late.errors).toEqual([]);
    await late.ctx.close();
  });
  for (const [width, height] of [
    [568, 280],
    [844, 390],
  ] as const)
    it(`a spectator's table reaches the foot of a ${width}x${height} phone held sideways: no empty action bar`, async () => {
      // Someone watching never has a move, and the action bar kept its row empty under the table (40 px
      // of 280); the canvas takes it.
      const p = await newPlayer(product.browser, 'Host', {
        viewport: { width, height },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const page = p.page;
      await watchingHostStarts(page, product.server.base);
      await poll(() => page.evaluate(() => window.__blaze?.snapshot?.status)).toBe('playing');
      await expect(tid(page, 'actions').isHidden()).resolves.toBe(true);
      const canvasBottom = () =>
        page.evaluate(() => Math.round(document.querySelector('canvas')?.getBoundingClientRect().bottom ?? 0));
      await poll(canvasBottom).toBe(height);
      await shot(page, `spectate-sideways-${width}x${height}`);
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    });
});
