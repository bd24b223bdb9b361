/**
 * One host timer for the soonest of many deadlines (a table's clocks, its bots' planned moves).
 * Deadlines that move later keep the timer: it wakes, its owner finds nothing due, and it sleeps
 * again; only an earlier deadline re-arms it. A timer per deadline, re-armed on every action, was a
 * large share of what outlived young collections at 500 tables (issue 9).
 */
interface Timer {
  clear(): void;
}

export interface ClockHost {
  setTimeout(fn: () => void, ms: number): Timer;
}

export class SoonestTimer {
  private timer: { clear(): void } | null = null;
  private at = Number.POSITIVE_INFINITY;
  /** While the owner handles what is due (which may change its deadlines): set once, after. */
  private waking = false;

  constructor(
    private readonly clock: ClockHost,
    private readonly now: () => number,
    /** The owner's soonest deadline (epoch ms), or +Infinity for none. */
    private readonly soonest: () => number,
    /** Handles everything due by now. */
    private readonly due: () => void,
  ) {}

  /** After the deadlines changed: set for the soonest, unless already waking at or before it. */
  update(): void {
    if (this.waking) return;
    const soonest = this.soonest();
    if (soonest === Number.POSITIVE_INFINITY) {
      this.clear();
      return;
    }
    if (this.timer !== null && this.at <= soonest) return;
    this.timer?.clear();
    this.at = soonest;
    this.timer = this.clock.setTimeout(() => this.wake(), Math.max(0, soonest - this.now()));
  }

  clear(): void {
    this.timer?.clear();
    this.timer = null;
    this.at = Number.POSITIVE_INFINITY;
  }

  private wake(): void {
    this.timer = null;
    this.at = Number.POSITIVE_INFINITY;
    this.waking = true;
    try {
      this.due();
    } finally {
      // Even when handling threw (the room logs it): the deadlines still pending must keep a timer.
      this.waking = false;
      this.update();
    }
  }
}
