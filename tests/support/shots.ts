/**
 * Screenshots for people to look at: no test reads them. Each one costs Chromium a PNG at the page's
 * device scale (a fifth of a second of CPU, some 490 a run), so CI, where nobody looks, turns them off
 * with BLAZE_SHOTS=off (.ci/run); anywhere else `pnpm test` writes them under artifacts/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ROOT } from './processes.js';

export const SHOTS_ROOT = `${ROOT}artifacts/screenshots`;
const wanted = process.env.BLAZE_SHOTS !== 'off';

/** Writes `<folder>/<name>.png` under artifacts/screenshots/ ('' for its top), unless shots are off. */
export async function saveShot(
  page: Page,
  folder: string,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const dir = folder ? `${SHOTS_ROOT}/${folder}` : SHOTS_ROOT;
  const path = `${dir}/${name}.png`;
  if (!wanted) return path;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path, ...options });
  return path;
}
