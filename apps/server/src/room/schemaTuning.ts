/**
 * Two allocation cuts in @colyseus/schema 3.0's encoder, which runs after every action at every
 * table (issue 9: what outlived young collections at 500 tables was mostly the encoder's own
 * bookkeeping, copied and promoted on every scavenge).
 *
 * - An ArraySchema copies its whole list (`tmpItems = items.slice()`) after every patch that touched
 *   it, so the 200-line log ring copied 200 slots per action. The copy is needed only when items were
 *   removed (tmpItems keeps them for the encoder until the patch is out); after sets and pushes alone
 *   the two lists are already equal, and the copy is skipped.
 * - Every changed structure got a new change set and a new operation map after each patch; they are
 *   now emptied in place. Keyed by item index, a fresh map for the log ring (items 0–199) grew a
 *   backing store of up to 200 slots on every action, and lived until that table's next patch: long
 *   enough to be copied by a scavenge, written into a long-lived structure (so remembered by the
 *   collector) and often promoted.
 *
 * Both keep what the encoder reads exactly as before: sync.test.ts and latejoin.test.ts decode every
 * patch and every late joiner's full state against the server's own.
 */
import { ArraySchema, ChangeTree } from '@colyseus/schema';

/** The encoder's hook names (plain strings in @colyseus/schema 3.0, see its `$onEncodeEnd`). */
const ON_ENCODE_END = '~onEncodeEnd';

interface ArrayInternals {
  items: unknown[];
  tmpItems: unknown[];
  deletedIndexes: Record<number, boolean>;
}

interface ChangeSet {
  indexes: Record<number, number>;
  operations: (number | undefined)[];
  queueRootNode?: unknown;
}

let installed = false;

export function installSchemaTuning(): void {
  if (installed) return;
  installed = true;
  const arrayProto = ArraySchema.prototype as unknown as Record<string, unknown>;
  const copyAfterEncode = arrayProto[ON_ENCODE_END] as (this: ArrayInternals) => void;
  if (typeof copyAfterEncode !== 'function') throw new Error('@colyseus/schema: ArraySchema has no encode-end hook');
  arrayProto[ON_ENCODE_END] = function (this: ArrayInternals) {
    if (sameItems(this)) return;
    copyAfterEncode.call(this);
  };

  const treeProto = ChangeTree.prototype as unknown as {
    endEncode(this: ChangeTreeInternals, name: string): void;
  };
  treeProto.endEncode = function (this: ChangeTreeInternals, name: string) {
    clearKeys(this.indexedOperations);
    const set = this[name] as ChangeSet;
    clearKeys(set.indexes);
    set.operations.length = 0;
    set.queueRootNode = undefined;
    (this.ref as Record<string, (() => void) | undefined>)[ON_ENCODE_END]?.();
    this.isNew = false;
  };
}

interface ChangeTreeInternals {
  [name: string]: unknown;
  indexedOperations: Record<number, number>;
  ref: unknown;
  isNew: boolean;
}

/** Empties a map in place: the structure that holds it is long-lived, the map's storage is kept. */
function clearKeys(o: Record<number, number>): void {
  for (const k in o) delete o[k];
}

/** No item removed since the last patch, and the encoder's copy already equal to the list. */
function sameItems(a: ArrayInternals): boolean {
  for (const _ in a.deletedIndexes) return false;
  const { items, tmpItems } = a;
  if (items.length !== tmpItems.length) return false;
  for (let i = 0; i < items.length; i++) if (items[i] !== tmpItems[i]) return false;
  return true;
}
