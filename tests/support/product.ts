/**
 * The set-up every browser test file shares: the server as `pnpm start` runs it on a loopback port
 * (serving the built client), and Debian's Chromium, started before the file's tests and stopped
 * after them. `const product = useProduct();` at the top of a describe block, then
 * `product.server.base` and `product.browser` inside its tests.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, type Renderer } from './browser.js';
import { ROOT, startServer } from './processes.js';

type Server = Awaited<ReturnType<typeof startServer>>;

export interface Product {
  readonly server: Server;
  readonly browser: Browser;
}

/** The built client the server serves; without it every page is a 404, so say so at once. */
const CLIENT = `${ROOT}apps/web/dist/index.html`;

/** `renderer`: how the table is drawn in this file (tests/support/browser.ts says why 'canvas' by default). */
export function useProduct(env: Record<string, string> = {}, renderer: Renderer = 'canvas'): Product {
  let server: Server | null = null;
  let browser: Browser | null = null;
  beforeAll(async () => {
    if (!existsSync(CLIENT)) throw new Error('no built client: run `pnpm --filter @blaze/web run build` first');
    server = await startServer(env);
    browser = await launchChromium({ renderer });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server(): Server {
      if (!server) throw new Error('the server is not started yet (use it inside a test)');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('Chromium is not launched yet (use it inside a test)');
      return browser;
    },
  };
}
