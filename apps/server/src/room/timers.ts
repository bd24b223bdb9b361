import type { TableHost } from './host.js';

/** What the table's timers need of it. */
export type TimerHost = Pick<TableHost, 'disposed' | 'onUncaughtException'>;

/**
 * Timers for clocks and bots. Node's own timers, not the room clock: that one only advances
 * when a patch interval ticks it, and there is none (see setUpTable). Each fires as a task of its
 * own; the handle is cleared by its owner, and on dispose by clearAll().
 */
export function timers(room: TimerHost) {
  return {
    setTimeout: (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        if (room.disposed) return;
        // Outside Colyseus' own wrapper, so guard here: a timer error must not end the process.
        try {
          fn();
        } catch (e) {
          room.onUncaughtException(e instanceof Error ? e : new Error(String(e)), 'setTimeout');
        }
      }, ms);
      // A pending timer must not keep a closing process alive.
      t.unref();
      return { clear: () => clearTimeout(t) };
    },
  };
}
