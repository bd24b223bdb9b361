/** Debian's Chromium driven by playwright-core: never a downloaded browser build. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/**
 * Debian's `chromium-headless-shell`: the same Chromium build in its old headless mode, which is what
 * Playwright itself runs for headless tests. `/usr/bin/chromium --headless` is the whole browser with
 * a hidden window (its display compositor, a browser process that manages windows), and every page
 * pays for that: the Blaze journey (four pages, a whole game) used 84-87 busy core-s with it and 67
 * with the shell, its browser process 10 core-s against 4; the browser files with bounds, one project
 * run alone (stop 57, docs/benchmarks.md). Pages, DOM, canvas, WebGL (SwiftShader, from
 * chromium-common as for the whole browser) and service workers are the same engine's.
 * CHROMIUM_PATH=/usr/bin/chromium runs the tests in the whole browser instead.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Why `--webgl-antialiasing-mode=none` (issue 36): with no GPU here, the table canvas's WebGL (PixiJS,
 * `antialias: true`) is drawn by SwiftShader in Chromium's GPU process, which was 75% of the tests'
 * Chromium CPU (journey alone: 160 of 215 s). apps/web/bench/raster.ts plays the same 40 replay steps
 * on three pages (1280x800 dpr 1 twice, a phone at dpr 2) per variant: the multisampled WebGL buffer
 * is most of it (Chromium CPU 26.4 s with it, 16.4 s without: -38%, same 126 renders). The Debian
 * wrapper's --enable-gpu-rasterization, running /usr/lib/chromium/chromium directly,
 * --disable-gpu-rasterization, --disable-gpu-compositing, --use-angle=swiftshader
 * (+--enable-unsafe-swiftshader), --in-process-gpu and --webgl-msaa-sample-count=2 all measured the
 * same as before (24.4-26.4 s). --disable-software-rasterizer is cheaper still (7.2 s) but takes
 * WebGL away: Pixi falls back to its canvas renderer, which players with WebGL never run, so the
 * tests would stop covering the WebGL path (shaders under the page's no-eval policy, context, batching).
 * Without antialiasing only the canvas's edges differ (no smoothing on rounded corners and text
 * sprites); sizes, positions, hit areas and everything the tests read are the same.
 */
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--webgl-antialiasing-mode=none',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * How the table's canvas is drawn. 'webgl' is what nearly every player runs; 'canvas' is PixiJS's own
 * fallback for a browser without WebGL, which Chromium gives when it may not draw WebGL in software
 * (--disable-software-rasterizer). Most browser files test what a person sees and does, which the
 * two draw alike (regions, labels and hit areas come from the layout, not the renderer), and on this
 * GPU-less machine the fallback costs far less: replay.test 80 -> 26 s, a11yKeyboard 100 -> 66 s.
 * So files default to 'canvas', and the Blaze and Durak whole-game journeys (Bla5t's board is DOM),
 * the Blaze screen sweep and the headers' no-eval check ask for 'webgl'; each asserts which renderer
 * drew it, as replay.test does for the fallback, so neither path goes untested.
 * BLAZE_RENDERER=webgl (or canvas) runs every file so; the benches measure WebGL.
 */
export type Renderer = 'webgl' | 'canvas';

const forced = process.env.BLAZE_RENDERER;

/** `variant`: another binary or more flags, for apps/web/bench/raster.ts to compare ways to run it. */
export async function launchChromium(
  variant: { executablePath?: string; args?: string[]; renderer?: Renderer } = {},
): Promise<Browser> {
  const renderer: Renderer = forced === 'webgl' || forced === 'canvas' ? forced : (variant.renderer ?? 'canvas');
  const browser = await chromium.launch({
    executablePath: variant.executablePath ?? CHROMIUM,
    headless: true,
    args: [...BASE_ARGS, ...(renderer === 'canvas' ? ['--disable-software-rasterizer'] : []), ...(variant.args ?? [])],
  });
  shareAutogroupNice();
  return browser;
}

/**
 * Chromium takes the scheduling priority of the lane that launched it. Linux's scheduler shares the
 * CPU fairly between sessions (autogroups) before it looks at processes, and playwright starts
 * Chromium in a session of its own (detached), whose priority is the default whatever the lane's:
 * scripts/test.sh lowers the lanes that hold no time bound (the light browser files, lint, typecheck)
 * so the files with bounds run nearly as fast as alone, and their Chromium must be lowered with them.
 * Nothing to do where the lane has the default priority, or the kernel has no autogroups.
 */
function shareAutogroupNice(): void {
  let nice: number;
  try {
    nice = Number(/nice (-?\d+)/.exec(readFileSync('/proc/self/autogroup', 'utf8'))?.[1] ?? 0);
  } catch {
    return;
  }
  if (!nice) return;
  // This process's children: its server (already in this session) and the Chromium just started.
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    } catch {
      // gone meanwhile, or not ours to set
    }
  }
}

/**
 * The client's pace in the browser tests (apps/web/src/kit/testPace.ts): a quarter of the product's
 * waits (someone else's move held 225 ms instead of 900, flights 95 ms, practice and guided-game bots
 * four times as quick). Tests about what a person sees and can do, not about pace, need not wait like
 * a person reading the table; pacing.test.ts keeps the product's pace (newPlayer's `pace: 'product'`).
 * Not quicker: with quick bots the action bar is then rebuilt several times a second, and a test's
 * tap can land on a bar being replaced (no person ever sees a table that fast).
 */
export const TEST_PACE = 0.25;

/** Every page of `ctx` loads at the tests' pace: set before any of the page's own scripts run. */
export async function quickPace(ctx: BrowserContext): Promise<void> {
  // BLAZE_PRODUCT_PACE=1: every page at the product's pace, to time a file both ways or to tell a
  // failure the quick pace causes from another.
  if (process.env.BLAZE_PRODUCT_PACE) return;
  await ctx.addInitScript((pace) => {
    (window as unknown as { __blazeTestPace?: number }).__blazeTestPace = pace;
  }, TEST_PACE);
}

/**
 * What drew the table's canvas on this page, read from the canvas itself (any game's page): 'canvas'
 * when it holds a 2D context, 'webgl' when it holds a WebGL one, null before there is a canvas. Asking
 * a canvas for the kind of context it already has returns that one; for another kind, null.
 */
export function rendererOf(page: import('playwright-core').Page): Promise<string | null> {
  return page.evaluate(() => {
    const c = document.querySelector('canvas');
    if (!c) return null;
    if (c.getContext('2d')) return 'canvas';
    if (c.getContext('webgl2') || c.getContext('webgl')) return 'webgl';
    return null;
  });
}
