/**
 * `pnpm --filter @blaze/web build && tsx apps/web/bench/idle.ts`: what four open table pages cost while
 * nobody moves, in headless Chromium (software rendering) against the real server.
 *
 * Four players (one browser context each) sit at one table, the game starts on the relaxed clock, and
 * after the deal has settled nobody acts for IDLE_MS. Reported: canvas renders per second per page
 * (counted by wrapping the Pixi renderer's render(), so it measures any version of the client), the
 * pages' main-thread task time (CDP Performance.TaskDuration), and the CPU time of every Chromium
 * process by type (renderer, gpu, ...) from /proc, all over the idle window.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../../tests/support/browser.js';
import { startServer } from '../../../tests/support/processes.js';
import { cpuByType } from './cpu.js';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '../dist');
const IDLE_MS = Number(process.env.IDLE_MS ?? 10_000);
const PAGES = 4;

async function main(): Promise<void> {
  const server = await startServer({ STATIC_DIR: dist });
  const url = server.base;
  const browser = await launchChromium({ renderer: 'webgl' });
  try {
    const res = await fetch(`${url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { id } = (await res.json()) as { id: string };
    const pages: Page[] = [];
    for (let i = 0; i < PAGES; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      await page.goto(`${url}/`);
      await page.evaluate((n) => localStorage.setItem('blaze.name', n), `P${i}`);
      await page.goto(`${url}/t/${id}`);
      await page.click('[data-testid=join-sit]');
      await page.waitForSelector('[data-testid=lobby]:not([hidden])');
      pages.push(page);
    }
    const host = pages[0] as Page;
    await host.selectOption('[data-testid=setting-clock]', 'relaxed');
    await host.click('[data-testid=start]:not([disabled])');
    for (const p of pages) {
      await p.waitForFunction(() => window.__blaze?.firstTableFrame != null, undefined, { timeout: 20_000 });
    }
    await new Promise((r) => setTimeout(r, 2000));
    const cdp = await Promise.all(pages.map((p) => p.context().newCDPSession(p)));
    for (const c of cdp) await c.send('Performance.enable');
    const taskTime = async () =>
      Promise.all(
        cdp.map(async (c) => {
          const m = (await c.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
          return m.metrics.find((x) => x.name === 'TaskDuration')?.value ?? 0;
        }),
      );
    for (const p of pages) {
      await p.evaluate(() => {
        const w = window as unknown as { __renders?: number };
        const r = window.__blaze?.app?.renderer;
        if (!r || w.__renders !== undefined) return;
        w.__renders = 0;
        const orig = r.render.bind(r);
        r.render = ((...a: Parameters<typeof orig>) => {
          w.__renders = (w.__renders ?? 0) + 1;
          return orig(...a);
        }) as typeof r.render;
      });
    }
    const pid = process.pid;
    const cpu0 = cpuByType(pid);
    const task0 = await taskTime();
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const secs = (Date.now() - t0) / 1000;
    const task1 = await taskTime();
    const cpu1 = cpuByType(pid);
    const renders = await Promise.all(
      pages.map((p) => p.evaluate(() => (window as unknown as { __renders?: number }).__renders ?? 0)),
    );
    const statuses = await Promise.all(pages.map((p) => p.evaluate(() => window.__blaze?.snapshot?.status ?? '?')));
    console.log(`idle: ${PAGES} table pages (status ${statuses.join(',')}), ${secs.toFixed(1)} s without a move`);
    console.log(`idle: canvas renders/s per page: ${renders.map((n) => (n / secs).toFixed(1)).join(', ')}`);
    console.log(
      `idle: main-thread task time per page: ${task0.map((v, i) => ((((task1[i] ?? 0) - v) * 1000) / secs).toFixed(0)).join(', ')} ms/s`,
    );
    const types = [...new Set([...cpu0.keys(), ...cpu1.keys()])].sort();
    let total = 0;
    const parts = types.map((ty) => {
      const d = (cpu1.get(ty) ?? 0) - (cpu0.get(ty) ?? 0);
      total += d;
      return `${ty} ${((d / secs) * 100).toFixed(1)}%`;
    });
    console.log(
      `idle: Chromium CPU (% of one core): total ${((total / secs) * 100).toFixed(1)}% = ${parts.join(', ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
