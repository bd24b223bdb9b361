/**
 * Bla5t's web client: its own table page (the shell's is tuned to Blaze's schema), loaded through
 * games/registry.ts as its own chunk when a Bla5t table opens.
 */
import { bla5tTablePage } from './page.js';

export const bla5tClient = {
  openTable: bla5tTablePage,
  /** /r/<table>-<n>: a finished game's record replayed (its own chunk: only a replay loads it). */
  openReplay: async (root: HTMLElement, record: unknown): Promise<() => void> =>
    (await import('./replay/page.js')).openBla5tReplay(root, record),
};
