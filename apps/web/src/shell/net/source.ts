/**
 * Where a table page's state comes from when it is not a Colyseus room: a practice worker or the
 * guided game in the page. It feeds the same store and takes the same intentions.
 */

import type { Send } from '../send.js';
import type { ClientTable } from '../store/snapshot.js';
import type { Store } from '../store/store.js';
import type { ConnectionEvents } from './connection.js';

export interface TableSource {
  start(store: Store, events: ConnectionEvents): void;
  send: Send;
  close(): void;
  /** A source that is no live table (a replay) says its own words in the banner and the top bar. */
  words?(table: ClientTable): { banner: string; badge: string } | null;
}
