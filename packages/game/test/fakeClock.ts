/** A hand-driven clock for the room's timers: they fire when the test advances time. */
export function fakeClock(start = 0) {
  let now = start;
  let timers: { at: number; fn: () => void; live: boolean }[] = [];
  const clock = {
    /** Timers set so far. */
    armed: 0,
    now: () => now,
    /** Timers set and neither fired nor cleared. */
    live: () => timers.filter((t) => t.live).length,
    setTimeout(fn: () => void, ms: number) {
      clock.armed++;
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return { clear: () => (t.live = false) };
    },
    advanceTo(target: number) {
      for (;;) {
        const next = timers.filter((t) => t.live && t.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        now = next.at;
        next.live = false;
        next.fn();
      }
      timers = timers.filter((t) => t.live);
      now = target;
    },
  };
  return clock;
}
