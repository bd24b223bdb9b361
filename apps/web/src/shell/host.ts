/**
 * What a game client may use of the shell (the import rule in apps/web/.dependency-cruiser.cjs lets a
 * game import this file and no other shell file): the page's words and DOM helpers, the table's store
 * and its snapshot, the saved settings, the message sender, and opening a table page for a table the
 * game feeds itself (practice, the guided game). What a game's own table page needs besides (the
 * connection, join screen and lobby) is in hostTable.ts, so this light file keeps them out of the
 * home page's chunk (a game's words reach it through the game's meta).
 */
export { clearOnLangChange, sayLive } from './a11y/liveLine.js';
export { reducedMotion } from './a11y/motion.js';
export { h, patch, setText as setTextOf } from './dom.js';
export { keepFocus } from './focusKeeper.js';
export { en } from './i18n/en.js';
export { format, type Lang, lang, type MessageKey, onLangChange, type Params, t, tn } from './i18n/index.js';
export type { ConnectionEvents } from './net/connection.js';
export type { TableSource } from './net/source.js';
export { keys, load, remove, save } from './net/storage.js';
export type { Send } from './send.js';
export { beep } from './sound.js';
export type { PaceKind } from './store/pacer.js';
export {
  type ClientTable,
  type DeadlineInfo,
  emptyTable,
  type LogLine,
  nameOf,
  type ResultRow,
  type ScoreRow,
  type Settings,
  type StateLike,
  toClientTable,
} from './store/snapshot.js';
export { type Pending, Store, type StoreState } from './store/store.js';
export { topBar } from './topbar.js';

import type { TableSource } from './net/source.js';

/**
 * The table page for a table `gameId`'s client feeds itself (practice, the guided game): resolves
 * once the page's code and the game's client are loaded; calling it draws the page and returns its
 * disposer.
 */
export async function tableOpener(
  gameId: string,
): Promise<(root: HTMLElement, tableId: string, source: TableSource) => () => void> {
  const [{ tablePage }, { loadGame }] = await Promise.all([import('./tablePage.js'), import('../games/registry.js')]);
  const game = await loadGame(gameId);
  return (root, tableId, source) => tablePage(root, tableId, game, source);
}
