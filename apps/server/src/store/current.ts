/**
 * The process's one store, set by open.ts at start (tests may set their own). Rooms read it from
 * here, not from their options, so a client can never point a room at another table's record.
 */
import type { TableStore } from './types.js';

let current: TableStore | null = null;
/** Table ids this process is restoring right now: only these may take an old id. */
export const restoring = new Set<string>();
/** Set on SIGTERM: rooms take no more actions, so nothing is accepted that is not recorded. */
export const lifecycle = { draining: false, shuttingDown: false };

export function setStore(store: TableStore | null): void {
  current = store;
}

export function currentStore(): TableStore | null {
  return current;
}

/** Whether the store can write now (false while the disk is full or failing; store/health.ts). */
export function storeWritable(): boolean {
  return current?.writable?.() ?? true;
}
