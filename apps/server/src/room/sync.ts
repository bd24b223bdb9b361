/**
 * Minimal-change copies into schema collections: only what differs is assigned, so a patch carries
 * the change and nothing else (and unchanged hands do not churn).
 */
import type { ArraySchema } from '@colyseus/schema';

export function syncList<T extends string | number>(arr: ArraySchema<T>, values: readonly T[]): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as T;
    if (i < arr.length) {
      if (arr[i] !== v) arr[i] = v;
    } else arr.push(v);
  }
  while (arr.length > values.length) arr.pop();
}

/**
 * For lists whose order nobody reads (a hand: every client sorts its own for display): a card that
 * left gives its slot to a card that came, or to the last card, so one play rewrites one or two
 * slots where syncList rewrote every slot after it (about 6 bytes each). Items must be unique.
 */
export function syncSet<T extends string | number>(arr: ArraySchema<T>, values: readonly T[]): void {
  // Most hands do not change on most actions: check that first, without allocating (this runs for
  // every seat on every change).
  if (arr.length === values.length && values.every((v) => arr.includes(v))) return;
  const holes: number[] = [];
  for (let i = 0; i < arr.length; i++) if (!values.includes(arr[i] as T)) holes.push(i);
  const adds = values.filter((v) => !arr.includes(v));
  let h = 0;
  for (const v of adds) {
    if (h < holes.length) arr[holes[h++] as number] = v;
    else arr.push(v);
  }
  // Holes left over, from the back: each takes the last item (every later hole is already gone).
  for (let k = holes.length - 1; k >= h; k--) {
    const i = holes[k] as number;
    const last = arr.pop() as T;
    if (i < arr.length) arr[i] = last;
  }
}

export function syncObjects<S, V>(
  arr: ArraySchema<S>,
  values: readonly V[],
  make: () => S,
  assign: (target: S, value: V) => void,
): void {
  for (let i = 0; i < values.length; i++) {
    let target = arr[i];
    if (target === undefined) {
      target = make();
      assign(target, values[i] as V);
      arr.push(target);
    } else assign(target, values[i] as V);
  }
  while (arr.length > values.length) arr.pop();
}

/** Assign a primitive field only when it changes. */
export function setField<S extends object, K extends keyof S>(target: S, key: K, value: S[K]): void {
  if (target[key] !== value) target[key] = value;
}

/**
 * A bounded history in stable slots (log, chat): entries are appended until `max`, then the oldest
 * slot is overwritten in place. The front of a synced array is never shifted or spliced, because
 * @colyseus/schema 3 then encodes a broken full state for clients that join later (upstream
 * colyseus/schema#231: StateView.addParentOf with a stale parent index). Readers order by `seq`.
 */
export function ringPut<S extends { seq: number }>(
  arr: ArraySchema<S>,
  max: number,
  seq: number,
  make: () => S,
  assign: (target: S) => void,
): void {
  if (arr.length < max) {
    const e = make();
    e.seq = seq;
    assign(e);
    arr.push(e);
    return;
  }
  const e = arr[(seq - 1) % max] as S;
  e.seq = seq;
  assign(e);
}

/** A ring's entries, oldest first. */
export function ringOrdered<S extends { seq: number }>(arr: Iterable<S>): S[] {
  return [...arr].sort((a, b) => a.seq - b.seq);
}
