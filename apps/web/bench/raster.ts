/**
 * `pnpm --filter @blaze/web run build && pnpm build && tsx apps/web/bench/raster.ts`: what the same
 * animated work costs Chromium under each way of running it the browser tests could use (issue 36:
 * the e2e stage is CPU-bound, most of it in the GPU process drawing with SwiftShader).
 *
 * One game is played to its end on a real server (as tests/support/finishGame.ts does), then for each variant
 * (binary + flags, see VARIANTS) a browser opens its replay on three pages at the tests' pace (two at
 * 1280x800 and dpr 1, one phone at dpr 2) and steps all three forward STEPS times, one step every
 * STEP_MS: every step flies cards, so the canvas draws every frame of its tweens, as in a played game,
 * but the work is the same for every variant. ROUNDS repeats the list (interleaved) to see the noise.
 * Reported per variant: the Chromium CPU seconds by process type over the stepping, canvas renders,
 * CPU milliseconds per render, the WebGL renderer the page got, and a screenshot in OUT_DIR to compare.
 * `BENCH_VARIANTS=base,direct` runs only those.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, quickPace } from '../../../tests/support/browser.js';
import { finishGame } from '../../../tests/support/finishGame.js';
import { startServer } from '../../../tests/support/processes.js';
import { cpuByType } from './cpu.js';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '../dist');
const STEPS = Number(process.env.STEPS ?? 60);
const STEP_MS = Number(process.env.STEP_MS ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const OUT_DIR = process.env.OUT_DIR ?? '/tmp/blaze-raster';
const DIRECT = '/usr/lib/chromium/chromium';

const VARIANTS: Record<string, { executablePath?: string; args?: string[] }> = {
  // What launchChromium runs (tests/support/browser.ts), and what it ran before (antialiased WebGL).
  base: {},
  // The whole browser in its new headless mode, which the tests ran until stop 57 (Debian's `chromium`).
  whole: { executablePath: '/usr/bin/chromium' },
  webglAa: { args: ['--webgl-antialiasing-mode=explicit'] },
  direct: { executablePath: DIRECT },
  noGpuRaster: { args: ['--disable-gpu-rasterization'] },
  noGpuCompositing: { args: ['--disable-gpu-compositing'] },
  noGpuRasterCompositing: { args: ['--disable-gpu-rasterization', '--disable-gpu-compositing'] },
  angleSwiftshader: { args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] },
  angleSwiftshaderNoRaster: {
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu-rasterization'],
  },
  noSoftwareRasterizer: { args: ['--disable-software-rasterizer'] },
  webglMsaa2: { args: ['--webgl-msaa-sample-count=2'] },
  inProcessGpu: { args: ['--in-process-gpu', '--disable-gpu-rasterization'] },
};

interface Result {
  name: string;
  cpu: Map<string, number>;
  renders: number;
  secs: number;
  webgl: string;
}

async function openReplay(browser: Browser, url: string, phone: boolean): Promise<Page> {
  const ctx = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  await quickPace(ctx);
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __blazeReplay?: unknown }).__blazeReplay != null,
    undefined,
    {
      timeout: 30_000,
    },
  );
  await page.waitForFunction(() => window.__blaze?.firstTableFrame != null, undefined, { timeout: 30_000 });
  return page;
}

async function run(name: string, url: string): Promise<Result> {
  const browser = await launchChromium({ renderer: 'webgl', ...VARIANTS[name] });
  try {
    const pages = [
      await openReplay(browser, url, false),
      await openReplay(browser, url, false),
      await openReplay(browser, url, true),
    ];
    const webgl = await (pages[0] as Page).evaluate(() => {
      const r = window.__blaze?.app?.renderer as { name?: string; type?: number } | undefined;
      const pixi = `pixi ${r?.name ?? r?.type ?? '?'}`;
      const gl = document.createElement('canvas').getContext('webgl2');
      if (!gl) return `${pixi}, no webgl2`;
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return `${pixi}, ${info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'webgl2'}`;
    });
    await new Promise((r) => setTimeout(r, 1000));
    const count = () => Promise.all(pages.map((p) => p.evaluate(() => window.__blaze?.renderCount ?? 0)));
    const r0 = await count();
    const cpu0 = cpuByType(process.pid);
    const t0 = Date.now();
    for (let k = 0; k < STEPS; k++) {
      const next = Date.now() + STEP_MS;
      await Promise.all(
        pages.map((p) =>
          p.evaluate(() => (document.querySelector('[data-testid=replay-forward]') as HTMLElement).click()),
        ),
      );
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const secs = (Date.now() - t0) / 1000;
    const cpu1 = cpuByType(process.pid);
    const r1 = await count();
    const steps = await Promise.all(
      pages.map((p) => p.evaluate(() => (window as unknown as { __blazeReplay: { step: number } }).__blazeReplay.step)),
    );
    if (steps.some((s) => s !== STEPS)) throw new Error(`${name}: pages at steps ${steps.join(',')}, not ${STEPS}`);
    mkdirSync(OUT_DIR, { recursive: true });
    await (pages[0] as Page).screenshot({ path: join(OUT_DIR, `${name}.png`) });
    await (pages[2] as Page).screenshot({ path: join(OUT_DIR, `${name}-phone.png`) });
    const cpu = new Map<string, number>();
    for (const [ty, v] of cpu1) cpu.set(ty, v - (cpu0.get(ty) ?? 0));
    return { name, cpu, renders: r1.reduce((a, b, i) => a + b - (r0[i] ?? 0), 0), secs, webgl };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const names = process.env.BENCH_VARIANTS ? process.env.BENCH_VARIANTS.split(',') : Object.keys(VARIANTS);
  for (const n of names) if (!VARIANTS[n]) throw new Error(`unknown variant ${n}`);
  const server = await startServer({ STATIC_DIR: dist });
  try {
    const { id, room } = await finishGame(server.base);
    await room.leave(true);
    const url = `${server.base}/r/${id}-1`;
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of names) {
        try {
          const r = await run(n, url);
          let total = 0;
          for (const v of r.cpu.values()) total += v;
          const parts = [...r.cpu]
            .sort((a, b) => b[1] - a[1])
            .map(([ty, v]) => `${ty} ${v.toFixed(1)}`)
            .join(', ');
          console.log(
            `raster: ${n.padEnd(26)} CPU ${total.toFixed(1)} s (${parts}) over ${r.secs.toFixed(1)} s; ` +
              `${r.renders} renders, ${((total * 1000) / Math.max(1, r.renders)).toFixed(1)} ms/render; webgl: ${r.webgl}`,
          );
        } catch (e) {
          console.log(`raster: ${n.padEnd(26)} failed: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
