/**
 * What the table loop (@blaze/game/loop) needs from a page that runs a game offline (practice, the
 * guided lessons): the page's own timers, and a timer's error surfaced as any script error is (the
 * loop never throws out of a timer, so without this a broken move would stall the table silently).
 */
import type { LoopTimers } from '@blaze/game/loop';

export const pageTimers: LoopTimers = {
  setTimeout(fn, ms) {
    const id = setTimeout(fn, ms);
    return { clear: () => clearTimeout(id) };
  },
};

export function rethrowLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  }, 0);
}
