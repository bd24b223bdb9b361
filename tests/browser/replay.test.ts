/// <reference lib="dom" />
/**
 * Issue 7, must show 5 (replay): a game finished on a real server is opened at /r/<id> and stepped
 * forward to the end in the public view, then back from the end with every hand open. At every step
 * visited the table view shows exactly the rules' own replay of the record (GET /api/games/<id>).
 * Held sideways (740x360) its controls are a column beside the table, and nothing overlaps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Action, type CreateOptions, type GameState, replaySteps, viewFor } from '@blaze/rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newPlayer, type Player, shot, tid } from '../support/blaze.js';
import { launchChromium, rendererOf } from '../support/browser.js';
import { finishGame } from '../support/finishGame.js';
import { startServer } from '../support/processes.js';
import { domProblems, expectCanvasClean } from '../support/screens.js';

const dataDir = mkdtempSync(join(tmpdir(), 'blaze-replay-'));
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let A: Player;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launchChromium()]);
  // Reduced motion: each step is drawn at once, so stepping through a whole game stays quick.
  A = await newPlayer(browser, 'Viewer', { viewport: { width: 1100, height: 720 }, reducedMotion: 'reduce' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Shown {
  step: number;
  total: number;
  view: unknown;
  mySeat: number;
  hand: string[];
  hands: (string | null)[];
  banner: string;
  badge: string;
}

function read(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const w = window as unknown as {
      __blazeReplay: { step: number; total: number };
      __blaze: { snapshot: { view: unknown; mySeat: number } | null; hand: { card: string }[] };
    };
    const hands = [...document.querySelectorAll('[data-testid^="replay-hand-"]')].map((el) =>
      (el as HTMLElement).offsetParent === null ? null : (el.getAttribute('data-cards') ?? ''),
    );
    return {
      step: w.__blazeReplay.step,
      total: w.__blazeReplay.total,
      view: w.__blaze.snapshot?.view ?? null,
      mySeat: w.__blaze.snapshot?.mySeat ?? -2,
      hand: w.__blaze.hand.map((c) => c.card),
      hands,
      banner: document.querySelector('[data-testid="banner-text"]')?.textContent ?? '',
      badge: document.querySelector('[data-testid="watching"]')?.textContent ?? '',
    };
  });
}

/** A click on the button as the page receives it (no pointer travel: a game has a few hundred steps). */
function press(page: Page, testid: string): Promise<void> {
  return tid(page, testid).dispatchEvent('click');
}

/** A replay speaks as a replay: its own badge, and the banner tells the move that led to the step. */
function expectReplayWords(s: Shown, last: number): void {
  expect(s.badge).toBe('Replay');
  if (s.step === 0) expect(s.banner).toBe('The cards are dealt. Step forward to follow the game.');
  else if (s.step === last) expect(s.banner).toMatch(/^Last move: .+\. The game is over\.$/);
  else expect(s.banner).toMatch(new RegExp(`^Move ${s.step} of ${last}: .+`));
  expect(s.banner).not.toMatch(/Waiting for|watching|your turn/i);
}

function expectPublic(s: Shown, state: GameState): void {
  expect(s.mySeat).toBe(-1);
  expect(s.hand).toEqual([]);
  expect(s.hands).toEqual([]);
  expect(s.view).toEqual(viewFor(state, null));
}

function expectOpen(s: Shown, state: GameState): void {
  const pub = viewFor(state, null);
  expect(s.view).toEqual({ ...pub, bets: state.bets.map((b) => ({ ...b })) });
  expect(s.hands).toEqual(state.hands.map((h) => h.join(' ')));
}

it('replays a finished game forward in the public view and back with all hands open', async () => {
  const t0 = Date.now();
  const { id, room } = await finishGame(server.base);
  console.log(`game finished in ${Date.now() - t0} ms`);
  await room.leave(true);
  const gameId = `${id}-1`;
  const record = (await (await fetch(`${server.base}/api/games/${gameId}`)).json()) as {
    options: CreateOptions;
    actions: Action[];
  };
  const steps = replaySteps(record.options, record.actions);
  if (!Array.isArray(steps)) throw new Error(`record does not replay: ${steps.code}`);
  const states = steps.map((s) => s.state);
  const last = states.length - 1;
  expect(states[last]?.over).toBe(true);

  const page = A.page;
  await page.goto(`${server.base}/r/${gameId}`);
  await expect
    .poll(() => page.evaluate(() => Boolean((window as unknown as { __blazeReplay?: unknown }).__blazeReplay)), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect.poll(() => read(page).then((s) => s.total), { timeout: 30_000 }).toBe(last);
  console.log(`viewer up at ${Date.now() - t0} ms`);
  // A browser without WebGL (here by default: support/browser.ts) gets Pixi's canvas fallback, and
  // every step below is drawn and read through it.
  // (The scene makes its canvas after the page's hook is up: asked until there is one.)
  await expect.poll(() => rendererOf(page), { timeout: 30_000 }).toBe('canvas');
  expect(await tid(page, 'replay-link').getAttribute('href')).toBe(`${server.base}/r/${gameId}`);

  // Forward, one step at a time, to the end: the public view at every step.
  let shotTaken = false;
  for (let k = 0; k <= last; k++) {
    const s = await read(page);
    expect(s.step).toBe(k);
    expectPublic(s, states[k] as GameState);
    expectReplayWords(s, last);
    if (!shotTaken && (states[k]?.table.length ?? 0) >= 2) {
      await page.waitForTimeout(400);
      await shot(page, 'replay-public');
      shotTaken = true;
    }
    if (k < last) await press(page, 'replay-forward');
  }
  expect(await tid(page, 'replay-forward').isDisabled()).toBe(true);
  console.log(`${last} steps forward by ${Date.now() - t0} ms`);
  await expect(page.getByTestId('results').isVisible()).resolves.toBe(true);

  // Every hand open, back from the end step by step (the last challenges, the end of round 2), then
  // the start.
  await tid(page, 'replay-view').selectOption('open');
  const backTo = Math.max(0, last - 25);
  for (let k = last; k >= backTo; k--) {
    const s = await read(page);
    expect(s.step).toBe(k);
    expectOpen(s, states[k] as GameState);
    expectReplayWords(s, last);
    if (k > backTo) await press(page, 'replay-back');
  }
  await press(page, 'replay-first');
  expectOpen(await read(page), states[0] as GameState);
  expect((await read(page)).step).toBe(0);
  expect(await tid(page, 'replay-back').isDisabled()).toBe(true);
  console.log(`open view checked by ${Date.now() - t0} ms`);

  // Jump to a challenge of round 2 (its opening step), hands still open: the screenshot.
  const options = await tid(page, 'replay-jump').locator('option').allTextContents();
  const values = await tid(page, 'replay-jump')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const pick = options.findIndex((o) => /^Round 2, challenge \d+$/.test(o));
  expect(pick).toBeGreaterThan(0);
  const target = Number(values[pick]);
  await tid(page, 'replay-jump').selectOption(values[pick] as string);
  const s = await read(page);
  expect(s.step).toBe(target);
  expectOpen(s, states[target] as GameState);
  expect(states[target]?.table.length ?? 0).toBeGreaterThan(0);
  // Jumping over the round's end showed its summary: a tap puts it away, as at a live table.
  if (await tid(page, 'round-summary').isVisible()) await tid(page, 'round-summary').click();
  await page.waitForTimeout(400);
  await shot(page, 'replay-open');

  // Play at 4x runs on by itself.
  await tid(page, 'replay-speed').selectOption('4');
  await tid(page, 'replay-play').click();
  await expect.poll(() => read(page).then((r) => r.step), { timeout: 15_000 }).toBeGreaterThan(target + 2);
  await tid(page, 'replay-play').click();
  const now = await read(page);
  expectOpen(now, states[now.step] as GameState);

  // A phone held sideways: the controls are a column beside the table (under it, they left the table
  // a strip 85 px high at 740x360, its seats over one another); nothing overlaps, no word is cut.
  await page.setViewportSize({ width: 740, height: 360 });
  await page.waitForTimeout(600);
  await shot(page, 'replay-sideways');
  await expectCanvasClean(page, 'replay sideways', 4);
  expect(await domProblems(page), 'replay sideways: page texts').toEqual([]);
  const bar = await tid(page, 'replay-bar').boundingBox();
  const canvas = await page.locator('.canvas-host').boundingBox();
  expect(bar && canvas && bar.x + bar.width <= canvas.x + 0.5, 'the controls sit beside the table').toBe(true);
  expect(canvas?.height ?? 0).toBeGreaterThan(200);
  await page.setViewportSize({ width: 1100, height: 720 });
  expect(A.errors).toEqual([]);
}, 90_000);

it('on an upright phone the table keeps its height and nothing overlaps (issue #40 newcomer pass)', async () => {
  const { id, room } = await finishGame(server.base);
  await room.leave(true);
  const p = await newPlayer(browser, 'Phone', {
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  const page = p.page;
  await page.goto(`${server.base}/r/${id}-1`);
  await expect
    .poll(() => page.evaluate(() => Boolean((window as unknown as { __blazeReplay?: unknown }).__blazeReplay)), {
      timeout: 30_000,
    })
    .toBe(true);
  // A few moves in: a challenge on the table. All the controls in rows under it left the table
  // 150 px, the challenge over the seats and the deck's words over the limit.
  for (let k = 0; k < 6; k++) await tid(page, 'replay-forward').click();
  await page.waitForTimeout(600);
  await shot(page, 'replay-upright');
  expect((await page.locator('.canvas-host').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(300);
  await expectCanvasClean(page, 'replay upright', 4);
  expect(await domProblems(page), 'replay upright: page texts').toEqual([]);
  // The step buttons stay in view; the rest of the controls are a scroll away.
  expect(await tid(page, 'replay-forward').isVisible()).toBe(true);
  expect(p.errors).toEqual([]);
  await p.ctx.close();
}, 90_000);
