/**
 * What the table loop (@blaze/game/loop) needs from a page that runs a game offline (practice, the
 * guided lessons): the page's own timers, and a timer's error surfaced as any script error is (the
 * loop never throws out of a timer, so without this a broken move would stall the table silently).
 */

/** The loop's LoopTimers, by shape: the kit imports no package of a game's (its import rule). */
export const pageTimers: { setTimeout(fn: () => void, ms: number): { clear(): void } } = {
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
