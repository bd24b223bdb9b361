/** A recorded game as a table source: the viewer sets the step, the table view draws it; no intentions. */
import type { TableSource } from '../net/source.js';
import type { Send } from '../send.js';
import type { ClientTable } from '../store/snapshot.js';
import type { Store } from '../store/store.js';

export class ReplaySource implements TableSource {
  private store: Store | null = null;
  private pending: ClientTable | null = null;
  private said: { banner: string; badge: string } | null = null;

  start(store: Store, events: Parameters<TableSource['start']>[1]): void {
    this.store = store;
    events.onConnState('open');
    if (this.pending) store.setTable(this.pending);
  }

  /** The step's table, with the banner's words for it (a replay's own, not a live table's). */
  show(table: ClientTable, words: { banner: string; badge: string }): void {
    this.pending = table;
    this.said = words;
    this.store?.setTable(table);
  }

  /** A replay takes no moves: whatever the table view would send is dropped. */
  send: Send = () => {};

  words(): { banner: string; badge: string } | null {
    return this.said;
  }

  close(): void {
    this.store = null;
  }
}
