/**
 * `pnpm bench:web` (after `vite build`): the initial JavaScript of the production build, gzipped, and
 * the time to the first frame of a running table in headless Chromium, against the real server.
 *
 * Initial JS = every script the browser fetched from a cold load of /t/<id> until the table's first
 * frame (entry, the lazily loaded table page, Pixi's renderer chunks), gzipped at level 9.
 * First frame = performance.now() when the canvas first drew a table, i.e. ms since navigation
 * start, for a seated player reloading mid-game (reconnect with the seat token, full state sync).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../../tests/support/browser.js';
import { startServer } from '../../../tests/support/processes.js';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '../dist');
const SIZE_BUDGET_KB = 300;
const FRAME_BUDGET_MS = 1500;

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

async function main(): Promise<void> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const entryGz = entry.reduce((a, f) => a + gz(join(dist, f)), 0);

  const server = await startServer({ STATIC_DIR: dist });
  const url = server.base;
  const browser = await launchChromium({ renderer: 'webgl' });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    const res = await fetch(`${url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`${url}/`);
    await page.evaluate(() => localStorage.setItem('blaze.name', 'Bench'));
    await page.goto(`${url}/t/${id}`);
    await page.click('[data-testid=join-sit]');
    await page.click('[data-testid=add-bot-1]');
    await page.click('[data-testid=add-bot-2]');
    await page.click('[data-testid=start]:not([disabled])');
    await page.waitForFunction(() => window.__blaze?.firstTableFrame != null, undefined, { timeout: 20_000 });
    const initial = [...scripts].filter((p) => p.startsWith('/assets/'));
    const initialGz = initial.reduce((a, f) => a + gz(join(dist, f)), 0);

    const frames: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.reload();
      const ms = await page.waitForFunction(() => window.__blaze?.firstTableFrame ?? null, undefined, {
        timeout: 20_000,
      });
      frames.push(Number(await ms.jsonValue()));
    }
    frames.sort((a, b) => a - b);
    const median = frames[Math.floor(frames.length / 2)] ?? Number.NaN;
    const worst = frames[frames.length - 1] ?? Number.NaN;
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(`web: home page initial JS ${kb(entryGz)} KB gzipped (${entry.length} file(s))`);
    console.log(
      `web: table page initial JS ${kb(initialGz)} KB gzipped (${initial.length} files; budget ${SIZE_BUDGET_KB} KB) ${
        initialGz / 1024 <= SIZE_BUDGET_KB ? 'OK' : 'OVER'
      }`,
    );
    console.log(
      `web: first frame of the table (reload mid-game, headless Chromium) median ${median.toFixed(0)} ms, worst ${worst.toFixed(
        0,
      )} ms of ${frames.length} (budget ${FRAME_BUDGET_MS} ms) ${worst <= FRAME_BUDGET_MS ? 'OK' : 'OVER'}`,
    );
    if (initialGz / 1024 > SIZE_BUDGET_KB || worst > FRAME_BUDGET_MS) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
