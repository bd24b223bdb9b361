/**
 * Trying a store's write again while it fails (the file locked by another process, Redis away): the
 * one loop behind the table's record (record.ts) and the finished games' records (room/results.ts).
 */

/** Pauses from `first` ms, doubling to `max`; `count` of them, or without end. */
export function* doubling(first: number, max: number, count = Number.POSITIVE_INFINITY): Generator<number> {
  for (let i = 0; i < count; i++) yield Math.min(first * 2 ** i, max);
}

/**
 * Runs `attempt` until it succeeds, waiting the next of `pauses` after each failure (told to
 * `failed` first). Throws the last error once the pauses run out or `stop(error)` says so.
 */
export async function retry<T>(
  attempt: () => Promise<T>,
  pauses: Iterable<number>,
  failed: (e: unknown, pause: number) => void,
  stop: (e: unknown) => boolean = () => false,
): Promise<T> {
  const next = pauses[Symbol.iterator]();
  for (;;) {
    try {
      return await attempt();
    } catch (e) {
      const pause = next.next();
      if (pause.done || stop(e)) throw e;
      failed(e, pause.value);
      await new Promise((r) => setTimeout(r, pause.value));
      // Told to stop during the pause: no further attempt (a start given up must not land later).
      if (stop(e)) throw e;
    }
  }
}
