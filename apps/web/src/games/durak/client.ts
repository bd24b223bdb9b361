/**
 * Battle of Durak's web client: its own table page (the shell's is tuned to Blaze's schema), loaded
 * through games/registry.ts as its own chunk when a Durak table opens.
 */
import { durakTablePage } from './page.js';

export const durakClient = {
  openTable: durakTablePage,
  /** /r/<table>-<n>: a finished game's record replayed (its own chunk: only a replay loads it). */
  openReplay: async (root: HTMLElement, record: unknown): Promise<() => void> =>
    (await import('./replay/page.js')).openDurakReplay(root, record),
};
