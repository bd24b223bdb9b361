/**
 * The client's side of "every move is seen" (issue 10): snapshots from the server are shown in order,
 * each move by someone else for at least MIN_ON_SCREEN_MS before the next, so a person can follow a
 * fast table. It never blocks input: a snapshot that carries this person's own move, or asks them to
 * act, is shown at once (and everything queued before it with it), and a queue that falls behind
 * (several moves in a burst) drops the snapshots in between, since each one is the whole table.
 */
import { MIN_ON_SCREEN_MS } from '@blaze/protocol';
import { paced } from '../../kit/testPace.js';

/**
 * - `mine`: this person's own move, or a state that asks them to act: shown at once.
 * - `other`: someone else's move: shown for at least the minimum time.
 * - `quiet`: nothing moved (a clock, a flag): shown as soon as its turn comes, no time of its own.
 */
export type PaceKind = 'mine' | 'other' | 'quiet';

export interface PacerOptions {
  minMs: number;
  /** Snapshots that may wait at most; older waiting ones are dropped (the newest stands for them). */
  maxBacklog: number;
  now: () => number;
  /** A timer; answers its cancel. */
  later: (fn: () => void, ms: number) => () => void;
}

export const DEFAULT_PACER: PacerOptions = {
  // The product's 900 ms; only a test page's pace factor makes it shorter (kit/testPace.ts).
  minMs: paced(MIN_ON_SCREEN_MS),
  maxBacklog: 2,
  now: () => Date.now(),
  later: (fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

export class Pacer<T> {
  private queue: { item: T; kind: PaceKind }[] = [];
  private shownAt = Number.NEGATIVE_INFINITY;
  private holdMs = 0;
  private cancel: (() => void) | null = null;

  constructor(
    private readonly show: (item: T) => void,
    private readonly o: PacerOptions = DEFAULT_PACER,
  ) {}

  /** How many snapshots wait to be shown. */
  get waiting(): number {
    return this.queue.length;
  }

  push(item: T, kind: PaceKind): void {
    if (kind === 'mine') {
      // Newer than anything queued, and this person's to act on: now.
      this.queue = [];
      this.stopTimer();
      this.display(item, kind);
      return;
    }
    this.queue.push({ item, kind });
    // Fallen behind: skip to the newest few (each snapshot is the whole table).
    if (this.queue.length > this.o.maxBacklog) this.queue = this.queue.slice(-this.o.maxBacklog);
    this.pump();
  }

  /** Show the newest snapshot now (this person is about to act). */
  flush(): void {
    const last = this.queue[this.queue.length - 1];
    this.queue = [];
    this.stopTimer();
    if (last) this.display(last.item, last.kind);
  }

  destroy(): void {
    this.queue = [];
    this.stopTimer();
  }

  private pump(): void {
    if (this.cancel) return;
    while (this.queue.length > 0) {
      const wait = this.shownAt + this.holdMs - this.o.now();
      if (wait > 0) {
        this.cancel = this.o.later(() => {
          this.cancel = null;
          this.pump();
        }, wait);
        return;
      }
      const next = this.queue.shift();
      if (next) this.display(next.item, next.kind);
    }
  }

  private display(item: T, kind: PaceKind): void {
    this.shownAt = this.o.now();
    this.holdMs = kind === 'quiet' ? 0 : this.o.minMs;
    this.show(item);
  }

  private stopTimer(): void {
    this.cancel?.();
    this.cancel = null;
  }
}
