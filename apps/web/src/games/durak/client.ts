/**
 * Battle of Durak's web client: its own table page (the shell's is tuned to Blaze's schema), loaded
 * through games/registry.ts as its own chunk when a Durak table opens.
 */
import { durakTablePage } from './page.js';

export const durakClient = {
  openTable: durakTablePage,
};
