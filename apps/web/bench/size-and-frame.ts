/**
 * `pnpm bench:web` (after `vite build`): the initial JavaScript of the production build, gzipped, and
 * the time to the first frame of a running table in headless Chromium, against the real server.
 *
 * Initial JS = every script the browser fetched from a cold load of /t/<id> until the table's first
 * frame (entry, the lazily loaded table page, Pixi's renderer chunks), gzipped at level 9.
 * First frame = performance.now() when the canvas first drew a table, i.e. ms since navigation
 * start, for a seated player reloading mid-game (reconnect with the seat token, full state sync).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const dist = resolve(here, '../dist');
const SIZE_BUDGET_KB = 300;
const FRAME_BUDGET_MS = 1500;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? ok(a.port) : fail(new Error('no port'))));
    });
  });
}

async function startServer(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  // Decorated schema classes need the base tsconfig (experimentalDecorators) for every package.
  const proc = spawn(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      '--tsconfig',
      join(root, 'tsconfig.base.json'),
      join(root, 'apps/server/src/main.ts'),
    ],
    {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: dist },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  proc.stdout?.on('data', (d) => {
    log += d;
  });
  proc.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return { url, proc };
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill();
  throw new Error(`server did not start:\n${log}`);
}

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

async function main(): Promise<void> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const entryGz = entry.reduce((a, f) => a + gz(join(dist, f)), 0);

  const { url, proc } = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
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
    proc.kill('SIGTERM');
  }
}

await main();
