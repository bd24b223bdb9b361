/// <reference lib="dom" />
/**
 * Battle of Durak in the browser (issue 37 item 4): a host on a phone (360×640) picks the game on
 * the home page and makes a table, sets 3 players in the lobby; a friend on a laptop (1280×800)
 * joins by the link; a bot takes the third seat at the start. They play one whole game by clicks on
 * their canvases (cards lit from @blaze/durak's legalActions, the Retreat / End / Pass buttons) to
 * the results. One refusal of the server is shown worded with its rule id. Screenshots of the lobby,
 * a battle and the results at both sizes go to artifacts/screenshots/durak/, and every drawn box is checked
 * to lie inside its canvas without overlapping a box of another part.
 */
import { describe, expect, it } from 'vitest';
import { phoneHostDesktopFriend, tid } from '../support/blaze.js';
import { rendererOf } from '../support/browser.js';
import { checkLayout, look, move, poll, shot } from '../support/durak.js';
import { useProduct } from '../support/product.js';
import { createTablesWith } from '../support/tables.js';

describe('Battle of Durak in the browser', () => {
  // Pixi's canvas fallback: WebGL drew this game for 2 cores × 90 s here; headers.test draws Durak's
  // table with WebGL.
  const product = useProduct({}, 'canvas');

  it('a host and a friend and a bot play a whole game by clicks, at 360×640 and 1280×800', async () => {
    const { base } = product.server;
    const [A, B] = await phoneHostDesktopFriend(product.browser);
    const a = A.page;
    const b = B.page;
    // The bot plays at once (a table setting the home page has no control for).
    await createTablesWith(a, { botDelayMs: 0 });
    await a.goto(base);
    await tid(a, 'name-input').fill('Ann');
    await tid(a, 'new-game').selectOption('durak');
    await tid(a, 'new-table').click();
    await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await poll(() => tid(a, 'seat-0').textContent()).toContain('Ann');
    // Durak's own options in the lobby, not Blaze's.
    expect(await tid(a, 'setting-window').count()).toBe(0);
    await tid(a, 'setting-players').selectOption('3');
    await poll(() => tid(a, 'setting-players').inputValue()).toBe('3');
    await tid(a, 'setting-ambush').check();
    await poll(() => tid(a, 'setting-ambush').isChecked()).toBe(true);
    expect(await tid(a, 'setting-team').isDisabled()).toBe(true);
    const invite = await tid(a, 'invite-link').inputValue();

    await b.goto(invite);
    await tid(b, 'name-input').fill('Ben');
    await tid(b, 'join-sit').click();
    await poll(() => tid(a, 'seat-1').textContent()).toContain('Ben');
    await poll(() => tid(b, 'setting-players').inputValue()).toBe('3');
    // The seats of the chosen count (the room has five), and the game named on top.
    for (const p of [a, b]) await poll(() => p.locator('li[data-testid^="seat-"]').count()).toBe(3);
    expect(await tid(b, 'game-name').textContent()).toBe('Battle of Durak');
    // Chat: Ben writes in his side panel; Ann's phone, its panel closed, shows the line and a count.
    await tid(b, 'tab-chat').click();
    await tid(b, 'chat-input').fill('hi there');
    await tid(b, 'chat-send').click();
    await poll(() => tid(a, 'chat-toast').textContent()).toContain('hi there');
    await poll(() => tid(a, 'panel-unread').textContent()).toBe('1');
    await tid(b, 'tab-log').click();
    await shot(a, 'lobby-360');
    await shot(b, 'lobby-1280');

    await tid(a, 'start').click();
    for (const p of [a, b]) await poll(async () => (await look(p))?.view?.hand.length ?? 0).toBe(6);
    // The bot took the third seat.
    expect(await a.evaluate(() => window.__durak?.view()?.viewer)).toBe(0);
    const words = await tid(a, 'table-words').textContent();
    expect(words).toMatch(/Trump/);

    // The acting seat's clock counts down in the banner.
    await poll(() => tid(b, 'deadline').textContent()).toMatch(/^\d+s$/);
    const refusal = { shown: false };
    let battleShots = false;
    const deadline = Date.now() + 360_000;
    let moves = 0;
    while (Date.now() < deadline) {
      if ((await tid(a, 'results').isVisible()) && (await tid(b, 'results').isVisible())) break;
      let acted = false;
      for (const p of [A, B]) acted = (await move(p, refusal)) || acted;
      if (acted) moves++;
      const la = await look(a);
      if (!battleShots && la?.view && la.view.table.length >= 2 && la.view.table.some((x) => x.defence !== null)) {
        const lb = await look(b);
        if (lb) {
          checkLayout(la, 'Ann');
          checkLayout(lb, 'Ben');
          await shot(a, 'battle-360');
          await shot(b, 'battle-1280');
          for (const p of [a, b]) expect(await rendererOf(p), 'the table drawn by the fallback').toBe('canvas');
          battleShots = true;
        }
      }
      await a.waitForTimeout(acted ? 60 : 40);
    }
    await poll(() => tid(a, 'results').isVisible(), 10_000).toBe(true);
    await poll(() => tid(b, 'results').isVisible(), 10_000).toBe(true);
    expect(moves).toBeGreaterThan(3);
    // A table that does not change draws nothing (Pixi's own loop redrew it 60 times a second): the
    // results are up, nothing moves, and a second later no canvas draw was added.
    for (const p of [a, b]) {
      const renders = () => p.evaluate(() => window.__durak?.renders() ?? -1);
      const before = await renders();
      expect(before, 'the table was drawn').toBeGreaterThan(0);
      await p.waitForTimeout(1000);
      expect(await renders(), 'an idle table draws nothing').toBe(before);
    }
    // Ben's log (his panel is open at 1280) told the game's moves in words.
    expect(await tid(b, 'log').textContent()).toMatch(/attacks with .+ of /);
    expect(refusal.shown).toBe(true);
    expect(await tid(a, 'durak-verdict').textContent()).toMatch(/Durak|Nobody/);
    expect(await tid(a, 'durak-rematch').isVisible()).toBe(true);
    await shot(a, 'results-360');
    await shot(b, 'results-1280');

    // The replay (issue 37 item 3): the results link to it; it rebuilds the game from its public record
    // step by step with the rules package, worded as the log words it, following a chosen seat's hand.
    const replayHref = await tid(b, 'durak-replay').getAttribute('href');
    expect(replayHref).toMatch(/^\/r\/[A-Za-z0-9_-]+-1$/);
    // The record is written just after the game's end.
    await poll(async () => (await fetch(`${base}/api/games/${replayHref?.slice(3)}`)).status, 10_000).toBe(200);
    await tid(b, 'durak-replay').click();
    await b.waitForURL(/\/r\//);
    await poll(() => tid(b, 'replay-title').textContent()).toMatch(/Battle of Durak, game 1/);
    const total = await b.evaluate(
      () => (window as unknown as { __durakReplay: { total: number } }).__durakReplay.total,
    );
    expect(total).toBeGreaterThan(3);
    await poll(() => tid(b, 'replay-step').textContent()).toBe(`Move 0 of ${total}`);
    await poll(() => tid(b, 'banner-text').textContent()).toBe('The cards are dealt.');
    await tid(b, 'replay-next').click();
    await poll(() => tid(b, 'replay-step').textContent()).toBe(`Move 1 of ${total}`);
    expect(await tid(b, 'banner-text').textContent()).toMatch(/ attacks with .+ of /);
    await b.keyboard.press('ArrowRight');
    await poll(() => tid(b, 'replay-step').textContent()).toBe(`Move 2 of ${total}`);
    await tid(b, 'replay-follow').selectOption('1');
    await poll(() =>
      b.evaluate(() => (window as unknown as { __durakReplay: { seat: number } }).__durakReplay.seat),
    ).toBe(1);
    await tid(b, 'replay-last').click();
    await poll(() => tid(b, 'replay-step').textContent()).toBe(`Move ${total} of ${total}`);
    expect(await tid(b, 'replay-next').isDisabled()).toBe(true);
    // The last step says who lost, as the results did; the followed hand is named, not "you".
    expect(await tid(b, 'banner-text').textContent()).toContain((await tid(a, 'durak-verdict').textContent()) ?? '-');
    await shot(b, 'replay-1280');
    await a.goto(`${base}${replayHref}`);
    await poll(() => tid(a, 'replay-step').textContent()).toBe(`Move 0 of ${total}`);
    await tid(a, 'replay-play').click();
    await poll(() => tid(a, 'replay-step').textContent(), 10_000).not.toBe(`Move 0 of ${total}`);
    await shot(a, 'replay-360');
    expect([...A.errors, ...B.errors]).toEqual([]);
    await A.ctx.close();
    await B.ctx.close();
  }, 480_000);
});
