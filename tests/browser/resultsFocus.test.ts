/// <reference lib="dom" />
/**
 * The game's end takes the focus to the results' heading (the winner is read next). The results are
 * redrawn when something they show changes after they first appear (someone takes a free seat, the
 * evening's scoreboard, a host leaving): the focus stays on the heading, not on the page's top.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, tid } from '../support/blaze.js';
import { launchChromium } from '../support/browser.js';
import { startServer } from '../support/processes.js';
import { watchingHostGame } from '../support/tables.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

describe("the focus at a game's end", () => {
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

  it("stays on the results' heading when the results are redrawn", async () => {
    const host = await newPlayer(browser, 'Host');
    const page = host.page;
    const url = await watchingHostGame(page, server.base);
    const focused = () =>
      page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        if (a?.tagName === 'H2' && a.closest('[data-testid="results"]')) return 'results heading';
        return a?.dataset.testid ?? a?.tagName ?? '';
      });
    await poll(focused).toBe('results heading');

    // Someone takes a free seat: the host's results lose that seat's offer, so the panel is rebuilt.
    const bo = await newPlayer(browser, 'Bo');
    await bo.page.goto(url);
    await tid(bo.page, 'name-input').fill('Bo');
    await tid(bo.page, 'join-sit').click();
    await poll(() => tid(page, 'offer-sit-3').count()).toBe(0);
    // Before, the heading rebuilt had no name to be found by: the focus went to the page's own heading.
    expect(await focused()).toBe('results heading');
    expect(host.errors).toEqual([]);
    expect(bo.errors).toEqual([]);
    await bo.ctx.close();
    await host.ctx.close();
  }, 200_000);

  it('goes to the heading when the results are redrawn again before the focus moved there', async () => {
    // The pacer shows a held-back snapshot and the next one in one go when the first adds no move
    // (store/pacer.ts, pump): the game's end, then the evening's scoreboard. The results open and are
    // rebuilt before the focus moves (a microtask): it went to the heading first drawn, no longer in
    // the page, and stayed on <body>. keepFocus alone, in a real page, drawn as tablePage draws.
    const js = ts.transpileModule(readFileSync('apps/web/src/shell/focusKeeper.ts', 'utf8'), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    const p = await newPlayer(browser, 'Keeper');
    await p.page.setContent(
      '<main><div id="actions"><button data-testid="play">Play</button></div><section id="results" hidden></section></main>',
    );
    // A classic script (vitest rewrites import() in code it ships to the page): keepFocus on window.
    await p.page.addScriptTag({ content: `${js.replace(/^export /gm, '')}\nwindow.keepFocus = keepFocus;` });
    const after = await p.page.evaluate(async () => {
      const { keepFocus } = window as unknown as {
        keepFocus: (scope: HTMLElement, plan: object, render: () => void) => void;
      };
      const main = document.querySelector('main') as HTMLElement;
      const actions = document.getElementById('actions') as HTMLElement;
      const results = document.getElementById('results') as HTMLElement;
      (document.querySelector('button') as HTMLElement).focus();
      const draw = (scores: string) => {
        const wereHidden = results.hidden;
        keepFocus(
          main,
          {
            fallback: () => null,
            opened: () => (wereHidden && !results.hidden ? results.querySelector('h2') : null),
          },
          () => {
            actions.hidden = true;
            results.hidden = false;
            const h2 = document.createElement('h2');
            h2.tabIndex = -1;
            h2.dataset.testid = 'results-title';
            h2.textContent = scores;
            results.replaceChildren(h2);
          },
        );
      };
      draw('final scores');
      draw('final scores and the evening');
      await new Promise((r) => setTimeout(r, 0));
      const a = document.activeElement as HTMLElement | null;
      return `${a?.dataset.testid ?? a?.tagName}: ${a?.textContent}`;
    });
    expect(after).toBe('results-title: final scores and the evening');
    await p.ctx.close();
  });
});
