/** A recorded game as a table source: the viewer sets the step, the table view draws it; no intentions. */
import type { TableSource } from '../net/source.js';
import type { ClientTable } from '../store/snapshot.js';
import type { Store } from '../store/store.js';
import type { Send } from '../ui/send.js';

export class ReplaySource implements TableSource {
  private store: Store | null = null;
  private pending: ClientTable | null = null;

  start(store: Store, events: Parameters<TableSource['start']>[1]): void {
    this.store = store;
    events.onConnState('open');
    if (this.pending) store.setTable(this.pending);
  }

  show(table: ClientTable): void {
    this.pending = table;
    this.store?.setTable(table);
  }

  /** A replay takes no moves: whatever the table view would send is dropped. */
  send: Send = () => {};

  close(): void {
    this.store = null;
  }
}
