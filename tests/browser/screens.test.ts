/// <reference lib="dom" />
/**
 * Issue #10, must show 1: one whole game (a person and four bots), and at each of the six sizes a
 * screenshot of home, join, lobby, mid-challenge, a refusal, betting, the round summary and the final
 * results, each checked automatically: the boxes of seats, bets, piles, limit, challenge and hand do
 * not intersect, texts drawn on the table stay inside their box at a readable size, the banner and
 * action bar stay off the canvas, and no text of the page is cut. Each screen of a game in progress
 * is a table restored from a record played headless to just that point (support/fixtures.ts), so
 * the game is not played in the browser to get there; what ends a round or the game is played live
 * from a few moves before it. Each screen is held (the table waits for the person) while the window
 * takes the six sizes in turn. Screenshots: artifacts/screenshots/screens-<screen>-<size>.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CARD_RE, newPlayer, type Seen, seen, shot, step, tid } from '../support/blaze.js';
import { askedToBet, holdSeat, serverWithTable, type TableFixture, waitsForSeat0 } from '../support/fixtures.js';
import { useProduct } from '../support/product.js';
import { domProblems, expectCanvasClean, overlap, regions, SIZES } from '../support/screens.js';
import { canvasStill } from '../support/settle.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 150 });
const CARD_ID = new RegExp(CARD_RE.source.slice(1, -1));
const DESK = { width: 1280, height: 800 };

describe('every screen at six sizes (issue #10)', () => {
  // WebGL, as players run it: the sweeps compared before and after a change are WebGL's pixels.
  const product = useProduct({}, 'webgl');

  /** The window takes each size; after it settles, `each` runs, then the checks and the screenshot. */
  async function sweep(page: Page, screen: string, seats: number | null, each?: (size: string) => Promise<void>) {
    for (const [size, options] of SIZES) {
      await page.setViewportSize(options.viewport as { width: number; height: number });
      // The canvas follows its host on the next frame (a resize lays the cards out without a glide):
      // photographed once it has drawn nothing new for a moment, not after a fixed 450 ms.
      await canvasStill(page);
      if (each) await each(size);
      await shot(page, `screens-${screen}-${size}`);
      if (seats !== null) await expectCanvasClean(page, `${screen} ${size}`, seats);
      expect(await domProblems(page), `${screen} ${size}: page texts`).toEqual([]);
    }
    await page.setViewportSize(DESK);
  }

  /**
   * Plays on through the UI until `want` holds and the table stands still (the game waits for this
   * page), so the same moment can be shown at every size.
   */
  async function playUntil(
    page: Page,
    want: (s: Seen) => boolean,
    what: string,
    keepSummary = false,
    /** False: only wait (a restored table already at its point must hold there, not be played on). */
    play = true,
  ) {
    const end = Date.now() + 240_000;
    let last = '';
    while (Date.now() < end) {
      const s = await seen(page);
      if (want(s)) {
        const now = JSON.stringify([await regions(page), s.hand, s.challenges]);
        if (now === last) return s;
        last = now;
        await page.waitForTimeout(700);
        continue;
      }
      last = '';
      if (!play) {
        await page.waitForTimeout(250);
        continue;
      }
      const did = await step(page, { keepSummary });
      await page.waitForTimeout(did ? 120 : 250);
    }
    throw new Error(`never reached: ${what}`);
  }

  /**
   * Annemarie's page at a table restored at `f`'s point, five players, seated by her seat token; the
   * table's own server stops with `done`. Quick bots, and the person has the relaxed clock, so each
   * screen holds.
   */
  async function atPoint(f: Omit<TableFixture, 'players'>) {
    const fx = await serverWithTable({
      players: 5,
      ...f,
      settings: { botDelayMs: 150, windowMs: 1000, clock: 'relaxed', ...f.settings },
    });
    // Stopped however the test ends: a failed check must not leave its server running.
    onTestFinished(() => fx.stop());
    const p = await newPlayer(product.browser, 'Annemarie', { viewport: DESK });
    await holdSeat(p.ctx, fx.table);
    await p.page.goto(fx.url);
    await poll(async () => (await seen(p.page)).status).toBe('playing');
    return {
      p,
      page: p.page,
      done: async () => {
        expect(p.errors).toEqual([]);
        await p.ctx.close();
      },
    };
  }

  it('home, join and lobby', async () => {
    const host = await newPlayer(product.browser, 'Annemarie', { viewport: DESK });
    const page = host.page;
    await page.goto(product.server.base);
    await tid(page, 'name-input').fill('Annemarie');
    await sweep(page, 'home', null);

    // A table whose bots answer quickly; the person has the relaxed clock, so each screen holds.
    const res = await fetch(`${product.server.base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { botDelayMs: 150, windowMs: 1000, clock: 'relaxed', firstPlayer: 4 } }),
    });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`${product.server.base}/t/${id}`);
    await tid(page, 'name-input').fill('Annemarie');
    await tid(page, 'join-sit').click();
    await poll(() => tid(page, 'leave').isVisible()).toBe(true);
    for (const k of [1, 2, 3, 4]) {
      await tid(page, `add-bot-${k}`).click();
      await poll(() => tid(page, `remove-bot-${k}`).isVisible()).toBe(true);
    }
    await sweep(page, 'lobby', null);

    // Someone with the link, before joining: the host and who sits.
    const guest = await newPlayer(product.browser, 'Guest', { viewport: DESK });
    await guest.page.goto(`${product.server.base}/t/${id}`);
    await poll(() => tid(guest.page, 'join-host').textContent()).toBe('Host: Annemarie');
    await sweep(guest.page, 'join', null);
    await guest.ctx.close();

    await tid(page, 'start').click();
    await poll(async () => (await seen(page)).status).toBe('playing');
    expect(host.errors).toEqual([]);
    await host.ctx.close();
  });

  it('mid-challenge and a refusal', async () => {
    // A challenge on Annemarie, the attackers standing: the table waits for her answer alone.
    const at = await atPoint({
      seed: 'screens-challenge',
      point: (s) => s.target === 0 && s.table.some((e) => e.rejection === null) && waitsForSeat0(s),
    });
    const page = at.page;
    // A challenge on the table that waits for this page, with a card in hand that cannot be played.
    await playUntil(
      page,
      (s) => s.tableLen > 0 && (s.role === 'target' || s.role === 'active') && s.hand.some((h) => !h.lit),
      'a challenge with a grey card',
      false,
      false,
    );
    await expect(tid(page, 'trump').textContent()).resolves.toMatch(/Trump: (red|yellow|blue)/);
    await sweep(page, 'challenge', 5);

    // A refusal: the grey card pressed at each size, its reason worded next to it, clear of the seats.
    const flash = tid(page, 'flash');
    await sweep(page, 'refusal', 5, async (size) => {
      const grey = (await seen(page)).hand.find((h) => !h.lit);
      expect(grey, `${size}: a grey card`).toBeTruthy();
      if (!grey) return;
      await page.mouse.click(grey.x, grey.y);
      await poll(() => flash.isVisible(), 5_000).toBe(true);
      const text = (await flash.textContent()) ?? '';
      expect(text).toMatch(/\(rule R\d/);
      expect(text, 'no raw card id').not.toMatch(CARD_ID);
      const box = await flash.boundingBox();
      if (box) {
        const r = { kind: 'flash', id: 'flash', x: box.x, y: box.y, w: box.width, h: box.height };
        for (const seat of (await regions(page)).filter((x) => x.kind === 'seat'))
          expect(overlap(r, seat), `${size}: the coach covers ${seat.id}`).toBe(false);
      }
    });

    await at.done();
  });

  it('betting', async () => {
    const at = await atPoint({ seed: 'screens-bets', point: askedToBet });
    const page = at.page;
    // Betting: this page has chosen whom to bet on; the value buttons and their hint show.
    await playUntil(page, (s) => s.betting && Object.values(s.buttons).some((b) => b.chosen), 'betting');
    await sweep(page, 'betting', 5, async (size) => {
      // However the bar wraps, each label sits on the row of its first button ("Card" was left at the
      // end of the names' row on a phone, its bets on the next).
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll('.actions .group')].map((g) => {
          const [label, first] = [g.querySelector('.label'), g.querySelector('button')];
          const mid = (e: Element | null) => {
            const r = e?.getBoundingClientRect();
            return r ? r.top + r.height / 2 : Number.NaN;
          };
          return Math.abs(mid(label) - mid(first));
        }),
      );
      expect(rows.length, `${size}: the bet's two groups`).toBe(2);
      for (const d of rows) expect(d, `${size}: a label apart from its buttons`).toBeLessThan(6);
    });

    await at.done();
  });

  it('round summary', async () => {
    // The last moment of round 1 before its end that waits for Annemarie alone: the round ends live.
    const at = await atPoint({ seed: 'screens-summary', point: (s) => s.round === 2, holdBefore: true });
    const page = at.page;
    // The round's summary: kept up while the pointer moves over it (as someone reading it).
    const summary = tid(page, 'round-summary');
    // Watched from before the round ends: attached only once the summary was due, it could come up
    // between the two looks and never be seen arriving (one run at load 11).
    await page.evaluate(() => {
      const w = window as unknown as { __arrived?: string };
      const el = document.querySelector('[data-testid="round-summary"]') as HTMLElement;
      const o = new MutationObserver(() => {
        if (el.hidden) return;
        w.__arrived = getComputedStyle(el).pointerEvents;
        o.disconnect();
      });
      o.observe(el, { attributes: true, attributeFilter: ['hidden'] });
    });
    const end = Date.now() + 240_000;
    while (!(await summary.isVisible()) && Date.now() < end) {
      // A round just ended: its summary comes in about a second. Pressing the table now could land on
      // it as it shows and close it (and the game's last round has no summary to catch instead).
      const due = await page.evaluate(() => window.__blaze?.summaryDue);
      if (due) {
        // As it appears it lets taps through to the table (one already on its way was meant for a card).
        // About a second on a quiet machine; 15 s was missed once with every group of the suite beside
        // it (CI at 15:56 on 2026-11-28). It stays up 9 s by itself, and the observer above saw it come.
        await summary.waitFor({ state: 'visible', timeout: 45_000 });
        await poll(() => page.evaluate(() => (window as unknown as { __arrived?: string }).__arrived), 5_000).toBe(
          'none',
        );
        // ...and a moment later it is there to be tapped away.
        await poll(() => summary.evaluate((el) => getComputedStyle(el).pointerEvents), 5_000).toBe('auto');
        break;
      }
      const s = await seen(page);
      if (s.status === 'finished') throw new Error('the game ended before a round summary was seen');
      const did = await step(page, { keepSummary: true });
      await page.waitForTimeout(did ? 120 : 250);
    }
    // However quickly it came, it came letting taps through.
    await expect(page.evaluate(() => (window as unknown as { __arrived?: string }).__arrived)).resolves.toBe('none');
    // Someone reading it: a mouse resting on it keeps it up (a loaded machine is slow here).
    const up = await summary.boundingBox();
    if (up) await page.mouse.move(up.x + up.width / 2, up.y + 12, { steps: 2 });
    // Who lost, every bet revealed with what it scored, and the new trump.
    const bets = await tid(page, 'summary-bets').locator('li').allTextContents();
    expect(bets.length).toBe(5);
    for (const b of bets) expect(b, 'bet value revealed').toMatch(/bet [01] on .*(goes back to|\+1 for)/);
    await expect(tid(page, 'summary-loser').textContent()).resolves.toMatch(/^(.+ loses|You lose) the round$/);
    await expect(tid(page, 'summary-trump').textContent()).resolves.toMatch(
      /(New trump: |Trump stays )(red|yellow|blue)$/,
    );
    // If it goes, the page notes when and what the table was doing then (printed on failure).
    await page.evaluate(() => {
      const w = window as unknown as {
        __summaryGone?: string[];
        __blaze?: { snapshot: { status: string; view: { round: number } | null } | null };
      };
      w.__summaryGone = [];
      const el = document.querySelector('[data-testid="round-summary"]') as HTMLElement;
      const t0 = performance.now();
      new MutationObserver(() => {
        const tb = w.__blaze?.snapshot;
        w.__summaryGone?.push(
          `${el.hidden ? 'hidden' : 'shown'} at +${Math.round(performance.now() - t0)} ms (${tb?.status}, round ${tb?.view?.round})`,
        );
      }).observe(el, { attributes: true, attributeFilter: ['hidden'] });
    });
    await sweep(page, 'summary', null, async (size) => {
      const box = await summary.boundingBox();
      if (box) await page.mouse.move(box.x + box.width / 2, box.y + 8, { steps: 2 });
      const gone = await page.evaluate(() => (window as unknown as { __summaryGone?: string[] }).__summaryGone);
      expect(await summary.isVisible(), `the summary is up at ${size}; it went: ${gone?.join(', ')}`).toBe(true);
      // Its heading can be read: a card taller than the table starts at the top and scrolls, never above it.
      const above = await page.evaluate(() => {
        const o = document.querySelector('[data-testid="round-summary"]') as HTMLElement;
        const c = o.querySelector('.summary-card') as HTMLElement;
        return o.getBoundingClientRect().top - o.scrollTop - c.getBoundingClientRect().top;
      });
      expect(above, `${size}: the summary's top is out of reach`).toBeLessThanOrEqual(0);
    });
    // Resting on it longer than it stays by itself (9 s), it is still up: someone is reading it.
    const rest = await summary.boundingBox();
    if (rest) await page.mouse.move(rest.x + rest.width / 2, rest.y + 10, { steps: 2 });
    await page.waitForTimeout(9_500);
    expect(await summary.isVisible(), 'the summary waits for a mouse resting on it').toBe(true);
    await summary.click();
    await at.done();
  });

  it('final results', async () => {
    // The last moment of the game that waits for Annemarie alone: the game ends live.
    const at = await atPoint({ seed: 'screens-final', point: (s) => s.over, holdBefore: true });
    const page = at.page;
    // The mouse goes off the felt's middle, so no summary shows under a resting mouse (which keeps it up).
    await page.mouse.move(2, 2);

    // The final results show at once when the game ends, the last round folded in (no summary over
    // them). The page notes when its table says "finished" and when the scores are in sight, uncovered.
    await page.evaluate(() => {
      const w = window as unknown as {
        __blaze?: { snapshot: { status: string } | null };
        __endAt?: number;
        __resultsAt?: number;
        __covered?: boolean;
      };
      const shown = (id: string) => (document.querySelector(`[data-testid="${id}"]`)?.getClientRects().length ?? 0) > 0;
      const timer = setInterval(() => {
        const now = performance.now();
        if (w.__endAt === undefined && w.__blaze?.snapshot?.status === 'finished') w.__endAt = now;
        if (w.__endAt === undefined) return;
        // A summary coming up over them later (the old round-2 overlay came ~1 s after the end) counts too.
        if (shown('round-summary')) w.__covered = true;
        else if (w.__resultsAt === undefined && shown('final-scores')) w.__resultsAt = now;
        if (now - w.__endAt > 4000) clearInterval(timer);
      }, 25);
    });
    // Nothing here taps a summary away: the results must not need it.
    await playUntil(page, (s) => s.status === 'finished', 'the end of the game', true);
    const times = () =>
      page.evaluate(() => {
        const w = window as unknown as { __endAt?: number; __resultsAt?: number; __covered?: boolean };
        return { end: w.__endAt ?? null, results: w.__resultsAt ?? null, covered: w.__covered ?? false };
      });
    await poll(async () => (await times()).results !== null, 15_000).toBe(true);
    const { end: endedAt, results } = await times();
    expect((results ?? Infinity) - (endedAt ?? 0), 'final results in sight after the end (ms)').toBeLessThan(2000);
    // Past the time a summary would have come up (the canvas' replay of the last move, REPLAY_MS).
    await page.waitForTimeout(2500);
    expect((await times()).covered, 'no round summary over the results').toBe(false);
    await expect(tid(page, 'final-round-loser').textContent()).resolves.toMatch(/^(.+ loses|You lose) the round$/);
    const lastBets = await tid(page, 'final-round-bets').locator('li').allTextContents();
    expect(lastBets.length).toBe(5);
    for (const b of lastBets) expect(b, 'last round bet revealed').toMatch(/bet [01] on .*(goes back to|\+1 for)/);
    await sweep(page, 'final', null);
    await at.done();
  });
});
