/** The practice worker as a table source: snapshots into the store, intentions out. */
import type { Send, Store, TableSource } from '../../../shell/host.js';
import type { Hint } from './hint.js';
import type { Intent } from './localTable.js';
import type { FromWorker, PracticeSetup, ToWorker } from './messages.js';

const INTENTS = new Set(['play', 'reject', 'pass', 'stand', 'bet']);

export class PracticeSource implements TableSource {
  private worker: Worker;
  private hintWaiters: ((h: Hint) => void)[] = [];

  constructor(private readonly setup: PracticeSetup) {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  }

  private post(m: ToWorker): void {
    this.worker.postMessage(m);
  }

  start(store: Store, events: Parameters<TableSource['start']>[1]): void {
    this.worker.onmessage = (ev: MessageEvent<FromWorker>) => {
      const m = ev.data;
      switch (m.kind) {
        case 'table':
          store.setTable(m.table);
          return;
        case 'refused':
          events.onError({ code: 'REFUSED', message: m.message });
          return;
        case 'hint':
          for (const w of this.hintWaiters.splice(0)) w(m.hint);
          return;
        default: {
          const never: never = m;
          return never;
        }
      }
    };
    events.onConnState('open');
    this.post({ kind: 'start', setup: this.setup });
  }

  send: Send = (type, payload) => {
    if (type === 'rematch') this.post({ kind: 'rematch' });
    else if (INTENTS.has(type)) this.post({ kind: 'intent', intent: { type, payload } as Intent });
  };

  hint(): Promise<Hint> {
    return new Promise((resolve) => {
      this.hintWaiters.push(resolve);
      this.post({ kind: 'hint' });
    });
  }

  rename(name: string): void {
    this.post({ kind: 'rename', name });
  }

  close(): void {
    this.worker.terminate();
  }
}
