/**
 * A table gone for good is marked closed on record (so a restart does not restore it), trying again
 * while the store fails: a full disk made this write throw out of the room's dispose and end the
 * process, every table with it. Given up only when the process shuts down: the table is then still
 * open on record, so the next start restores it, and it closes again by itself (nobody comes).
 * From 250 ms doubling to 5 s, as a table's own writes: one small write, closed soon after space returns.
 */
import { lifecycle } from './current.js';
import { storeFaults } from './faults.js';
import { doubling, retry } from './retry.js';
import type { TableStore } from './types.js';

export function closeOnRecord(
  store: Pick<TableStore, 'closeTable'>,
  table: string,
  pauses: Iterable<number> = doubling(250, 5_000),
): Promise<boolean> {
  return retry(
    () => store.closeTable(table),
    pauses,
    (e, pause) => storeFaults.failed(table, 'close', e, 'table not marked closed; trying again', { retryMs: pause }),
    () => lifecycle.shuttingDown,
  ).then(
    () => {
      storeFaults.succeeded(table, 'close', 'table marked closed');
      storeFaults.forget(table);
      return true;
    },
    (e: unknown) => {
      storeFaults.failed(table, 'close', e, 'table not marked closed; it is restored at the next start');
      storeFaults.forget(table);
      return false;
    },
  );
}
