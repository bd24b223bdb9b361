/**
 * Bytes on the wire by schema field, for the load bench's server (BENCH_BREAKDOWN=1). Every schema
 * class's field encoder (and ArraySchema's) is wrapped to see how many bytes each change writes, and
 * which structure it belongs to; the bytes Colyseus writes between two changes (the switch to
 * another structure: one byte and its refId) go to the structure that follows. A shared patch
 * reaches every client of the room, so its bytes count once per client; a client's own view
 * (hands, betting cards, hidden bet) counts once. Figures are totals since the last reset; run.ts
 * divides them by accepted actions × clients, as it does for the whole frames.
 */
import * as schema from '@blaze/protocol/schema';
import { $changes, $encoder, ArraySchema, Schema } from '@colyseus/schema';

type Meta = Record<number, { name: string }>;
type Encode = (...args: unknown[]) => void;
interface Tree {
  ref: object;
  parent?: object;
  parentIndex?: number;
}

export interface Breakdown {
  /** Per label: bytes (weighted by the clients that receive them) and changes (shared changes counted once). */
  [label: string]: { bytes: number; changes: number };
}

let totals: Breakdown = {};
/** Shared patches by the fields they touched ("shape"): how many, and their bytes. */
let shapes = new Map<string, { count: number; bytes: number }>();
let shape = new Map<string, number>();
/** Clients of the room whose patch is being encoded: a shared change reaches each of them. */
let clients = 1;
let lastIt: object | null = null;
let lastEnd = 1;

const metaOf = (o: object): Meta | undefined =>
  (o.constructor as unknown as Record<symbol, Meta | undefined>)[Symbol.metadata as symbol];

/** "log › LogEntry.text": the state's top-level field a change sits under, then the field itself. */
function label(tree: Tree, index: number): string {
  const ref = tree.ref;
  let leaf: string;
  if (ref instanceof ArraySchema) {
    const p = tree.parent;
    const name = p ? (metaOf(p)?.[tree.parentIndex ?? -1]?.name ?? '?') : '?';
    leaf = `${p?.constructor.name ?? '?'}.${name}[]`;
  } else leaf = `${ref.constructor.name}.${metaOf(ref)?.[index]?.name ?? index}`;
  // Walk up to the child of the root state.
  let top: Tree = tree;
  let topIndex = index;
  for (let guard = 0; guard < 10; guard++) {
    const p = top.parent as (object & { [$changes]?: Tree }) | undefined;
    if (!p) break;
    topIndex = top.parentIndex ?? -1;
    if (p instanceof schema.BlazeState) {
      const field = metaOf(p)?.[topIndex]?.name ?? '?';
      return `${field} › ${leaf}`;
    }
    const next = p[$changes];
    if (!next) break;
    top = next;
  }
  return `(root) › ${leaf}`;
}

function wrap(ctor: Record<string, unknown>): void {
  const original = ctor[$encoder] as Encode;
  ctor[$encoder] = function (this: unknown, ...args: unknown[]) {
    const tree = args[2] as Tree;
    const index = args[3] as number;
    const it = args[5] as { offset: number };
    const hasView = args[7] as boolean;
    if (it !== lastIt) {
      lastIt = it;
      lastEnd = 1;
    }
    const start = it.offset;
    original.apply(this, args);
    const l = label(tree, index);
    const t = totals[l] ?? { bytes: 0, changes: 0 };
    totals[l] = t;
    const w = hasView ? 1 : clients;
    t.bytes += (it.offset - Math.min(start, lastEnd)) * w;
    if (!hasView) {
      t.changes++;
      const leaf = l.slice(l.indexOf('›') + 2);
      shape.set(leaf, (shape.get(leaf) ?? 0) + it.offset - Math.min(start, lastEnd));
    }
    lastEnd = it.offset;
  } as Encode;
}

let installed = false;
export function installBreakdown(): void {
  if (installed) return;
  installed = true;
  for (const c of Object.values(schema)) {
    if (typeof c === 'function' && c.prototype instanceof Schema) wrap(c as unknown as Record<string, unknown>);
  }
  wrap(ArraySchema as unknown as Record<string, unknown>);
}

/** Called by the room just before it encodes a patch. */
export function patchingFor(n: number): void {
  clients = Math.max(1, n);
  if (shape.size === 0) return;
  const key = [...shape.keys()].sort().join(' + ');
  const bytes = [...shape.values()].reduce((a, b) => a + b, 0);
  const x = shapes.get(key) ?? { count: 0, bytes: 0 };
  x.count++;
  x.bytes += bytes;
  shapes.set(key, x);
  shape = new Map();
}

/** The most frequent patch shapes: fields touched, count, mean shared bytes (without the frame header). */
export function takeShapes(top = 12): { fields: string; count: number; meanBytes: number }[] {
  return [...shapes.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, top)
    .map(([fields, x]) => ({ fields, count: x.count, meanBytes: x.bytes / x.count }));
}

export function takeBreakdown(): Breakdown {
  return totals;
}

export function resetBreakdown(): void {
  totals = {};
  shapes = new Map();
}
