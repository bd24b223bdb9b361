/// <reference lib="dom" />
/**
 * Issue 39, finding 7: every page of the client runs under the server's Content-Security-Policy with
 * no violation (the page itself, the practice bots' Web Worker and the service worker), and no page
 * can be framed by another origin (the host's buttons cannot be clickjacked).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seen, tid } from '../support/blaze.js';
import { rendererOf } from '../support/browser.js';
import { look } from '../support/durak.js';
import { finishGame } from '../support/finishGame.js';
import { useProduct } from '../support/product.js';
import { watchingHostStarts } from '../support/tables.js';

const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

const dataDir = mkdtempSync(join(tmpdir(), 'blaze-headers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Every violation the browser reports in a context: the pages' securitypolicyviolation events, and
 * the console lines Chromium writes for any violation, workers' and the service worker's included.
 */
const workers: Worker[] = [];

/** What the watched workers that are still running reported. */
async function workerViolations(): Promise<string[]> {
  const lists = await Promise.all(
    workers.map((w) => w.evaluate(() => (self as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [])),
  );
  return lists.flat();
}

async function watchViolations(ctx: BrowserContext): Promise<string[]> {
  const found: string[] = [];
  await ctx.exposeFunction('__cspViolation', (what: string) => found.push(what));
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (w: string) => void }).__cspViolation;
      report(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  ctx.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) found.push(`console: ${m.text()}`);
  });
  // A worker's violations fire in its own scope: listened to there as soon as the worker is known.
  ctx.on('page', (page) => {
    page.on('worker', (worker) => {
      void worker
        .evaluate(() => {
          const scope = self as unknown as { __csp: string[] } & EventTarget;
          scope.__csp = [];
          scope.addEventListener('securitypolicyviolation', (e) => {
            const v = e as SecurityPolicyViolationEvent;
            scope.__csp.push(`worker: ${v.effectiveDirective} blocked ${v.blockedURI}`);
          });
        })
        .catch(() => {});
      workers.push(worker);
    });
  });
  return found;
}

describe('security headers in Chromium', () => {
  // WebGL: its shaders must build under the page's no-eval policy, for Blaze's table and Durak's.
  const product = useProduct({ DATA_DIR: dataDir }, 'webgl');

  it('runs every page under the policy without a violation', async () => {
    const base = product.server.base;
    // A finished game to replay (played over colyseus.js, not in the page).
    const { id: played, room } = await finishGame(base);
    await room.leave(true);

    const ctx = await product.browser.newContext({ viewport: { width: 1100, height: 720 } });
    const violations = await watchViolations(ctx);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const home = await page.goto(base);
    expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The service worker installs under the policy: it fetches and caches every built file.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // A table with a game running against bots: the canvas, the websocket, the clocks.
    await watchingHostStarts(page, base, { botDelayMs: 200, windowMs: 500 });
    await poll(async () => (await seen(page)).status).toBe('playing');
    await poll(() => page.evaluate(() => window.__blaze?.firstTableFrame ?? null)).not.toBeNull();
    await poll(() => rendererOf(page)).toBe('webgl');
    // The bots' first challenge drawn on the table.
    await poll(async () => (await seen(page)).tableLen).toBeGreaterThan(0);

    // Learn, then practice: its rules and bots run in a module Web Worker.
    await page.goto(`${base}/learn`);
    await poll(() => tid(page, 'coach-step').textContent()).toMatch(/1/);
    await page.goto(`${base}/practice?seed=headers`);
    await tid(page, 'practice-start').click();
    await poll(async () => (await seen(page)).hand.length).toBe(5);
    // The hand was dealt in the worker.
    expect(workers.length).toBeGreaterThan(0);
    expect(await workerViolations()).toEqual([]);

    // Battle of Durak's table, drawn by its own renderer: the whole-game journeys run on Pixi's canvas
    // fallback (cheaper on CI's GPU-less cores), so this is where WebGL draws Durak's cards.
    await page.goto(`${base}/durak/practice`);
    await tid(page, 'durak-start').click();
    await poll(async () => (await look(page))?.view?.hand.length ?? 0).toBe(6);
    await poll(() => rendererOf(page)).toBe('webgl');

    // A replay of the finished game.
    await page.goto(`${base}/r/${played}-1`);
    await poll(() =>
      page.evaluate(() => Boolean((window as unknown as { __blazeReplay?: unknown }).__blazeReplay)),
    ).toBe(true);
    await poll(() => tid(page, 'replay-forward').isVisible()).toBe(true);

    expect(errors).toEqual([]);
    expect(violations).toEqual([]);

    // The watch itself works: an inline script, which the policy forbids, is reported.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'void 0';
      document.body.append(s);
    });
    await poll(() => violations.length).toBeGreaterThan(0);
    await ctx.close();
  });

  it('refuses to be framed by a page of another origin', async () => {
    const base = product.server.base;
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { id } = (await res.json()) as { id: string };
    const target = `${base}/t/${id}`;
    // The attacker: another loopback origin whose page puts the table in an iframe.
    const attacker: Server = createServer((_req, r) => {
      r.setHeader('content-type', 'text/html');
      r.end(`<!doctype html><title>x</title><iframe id="f" src="${target}" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
    try {
      const port = (attacker.address() as AddressInfo).port;
      const ctx = await product.browser.newContext();
      const page: Page = await ctx.newPage();
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refused.push(m.text());
      });
      await page.goto(`http://127.0.0.1:${port}/`);
      await poll(() => refused.length).toBeGreaterThan(0);
      // The frame holds Chromium's error page, never the table.
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame).toBeDefined();
      expect(frame?.url()).not.toBe(target);
      const appInFrame = await frame?.evaluate(() => document.getElementById('app') !== null).catch(() => false);
      expect(appInFrame).toBe(false);
      await ctx.close();
    } finally {
      await new Promise<void>((r) => attacker.close(() => r()));
    }
  });
});
