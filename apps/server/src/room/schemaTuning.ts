/**
 * Allocation cuts in @colyseus/schema 3.0's encoder and Colyseus' serializer, which runs after every action at every
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
 * - Containers that outlive a patch are reused instead of replaced (found in a profile of what
 *   outlived young collections at 500 tables with no full collection in the window: a third of it was
 *   the patch path). Per patch, V8 gave each of them a new backing store that then lived until that
 *   table's next patch, long enough to be copied: an operations list emptied by `length = 0` (V8 drops
 *   its store), the copy of a list after a removal (`items.slice()`) and its deleted-index map, the
 *   serializer's per-patch map of encoded views (`Map.clear()` always allocates a new table), and each
 *   client's view-changes map, cleared after every patch even when empty.
 *
 * All keep what the encoder reads exactly as before: schemaTuning.test.ts, sync.test.ts and
 * latejoin.test.ts decode every patch and every late joiner's full state against the server's own.
 */
import { SchemaSerializer } from '@colyseus/core';
import { ArraySchema, ChangeTree, StateView } from '@colyseus/schema';

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

/**
 * Set on ArraySchema's prototype once tuned: a test run may load this module twice (two module
 * graphs) over the one @colyseus/schema, and the second must not take the first's hook for the
 * library's own.
 */
const TUNED = Symbol.for('blaze.schemaTuning');

export function installSchemaTuning(): void {
  const arrayProto = ArraySchema.prototype as unknown as Record<string | symbol, unknown>;
  if (arrayProto[TUNED] === true) return;
  arrayProto[TUNED] = true;
  const copyAfterEncode = arrayProto[ON_ENCODE_END] as (this: ArrayInternals) => void;
  // Replaced, not wrapped: stop if an upgrade makes the hook do more than the copy it reimplements.
  if (typeof copyAfterEncode !== 'function' || !String(copyAfterEncode).includes('this.items.slice()'))
    throw new Error('@colyseus/schema: ArraySchema encode-end hook is not the one schemaTuning replaces');
  arrayProto[ON_ENCODE_END] = function (this: ArrayInternals) {
    if (sameItems(this)) return;
    copyInPlace(this);
  };

  const treeProto = ChangeTree.prototype as unknown as {
    endEncode(this: ChangeTreeInternals, name: string): void;
  };
  treeProto.endEncode = function (this: ChangeTreeInternals, name: string) {
    clearKeys(this.indexedOperations);
    const set = this[name] as ChangeSet;
    clearKeys(set.indexes);
    emptyList(set.operations);
    set.queueRootNode = undefined;
    (this.ref as Record<string, (() => void) | undefined>)[ON_ENCODE_END]?.();
    this.isNew = false;
  };

  const serializerProto = SchemaSerializer.prototype as unknown as {
    reset(this: SerializerInternals, state: unknown): void;
  };
  const reset = serializerProto.reset;
  serializerProto.reset = function (this: SerializerInternals, state: unknown) {
    reset.call(this, state);
    if (this.encodedViews !== undefined) this.encodedViews = new ViewSlots();
  };
}

/** What SchemaSerializer.applyPatches uses of its encodedViews map. */
interface EncodedViews {
  get(view: object): Uint8Array | undefined;
  set(view: object, encoded: Uint8Array): unknown;
  clear(): void;
}

interface SerializerInternals {
  encodedViews?: EncodedViews;
}

/**
 * The serializer's map of views already encoded in this patch (filled, read and cleared once per
 * patch): a table has a handful of views, so two short lists reused from patch to patch do.
 */
class ViewSlots implements EncodedViews {
  private readonly views: (object | undefined)[] = [];
  private readonly encoded: (Uint8Array | undefined)[] = [];
  private size = 0;

  get(view: object): Uint8Array | undefined {
    for (let i = 0; i < this.size; i++) if (this.views[i] === view) return this.encoded[i];
    return undefined;
  }

  set(view: object, encoded: Uint8Array): this {
    for (let i = 0; i < this.size; i++)
      if (this.views[i] === view) {
        this.encoded[i] = encoded;
        return this;
      }
    this.views[this.size] = view;
    this.encoded[this.size] = encoded;
    this.size++;
    return this;
  }

  clear(): void {
    // Slots are kept; what they held is let go (a patch's bytes are not kept until the next patch).
    for (let i = 0; i < this.size; i++) {
      this.views[i] = undefined;
      this.encoded[i] = undefined;
    }
    this.size = 0;
  }
}

/** A view's forced-change map, cleared by the encoder after every patch: only when there is something to clear. */
class QuietMap<K, V> extends Map<K, V> {
  override clear(): void {
    if (this.size > 0) super.clear();
  }
}

/** A client's StateView whose per-patch bookkeeping allocates nothing when nothing changed for it. */
export function tunedView(): StateView {
  const view = new StateView();
  view.changes = new QuietMap(view.changes);
  return view;
}

interface ChangeTreeInternals {
  [name: string]: unknown;
  indexedOperations: Record<number, number>;
  ref: unknown;
  isNew: boolean;
}

/**
 * Empties a list and keeps its storage: `length = 0` makes V8 drop the backing store, and the next
 * push allocates a new one; popping a short list (up to 16 slots) never shrinks it.
 */
function emptyList(list: unknown[]): void {
  while (list.length > 0) list.pop();
}

/** What the library's hook does (`tmpItems = items.slice(); deletedIndexes = {}`), into the same objects. */
function copyInPlace(a: ArrayInternals): void {
  const { items, tmpItems } = a;
  while (tmpItems.length > items.length) tmpItems.pop();
  for (let i = 0; i < items.length; i++) tmpItems[i] = items[i];
  clearKeys(a.deletedIndexes);
}

/** Empties a map in place: the structure that holds it is long-lived, the map's storage is kept. */
function clearKeys(o: Record<number, unknown>): void {
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
