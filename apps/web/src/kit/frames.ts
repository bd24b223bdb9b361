/**
 * Render on demand: the canvas is drawn only when something asked for it (a state or UI change, a
 * resize, a drag) and on every animation frame while a tween runs; an idle table costs nothing.
 * Several requests before the next animation frame make one draw.
 */

/** What the scheduler needs of a tween.js Group. */
export interface TweenGroupLike<T extends { isPlaying(): boolean }> {
  update(time: number): void;
  getAll(): T[];
  remove(...tweens: T[]): void;
}

export interface FrameDeps {
  raf: (cb: (time: number) => void) => number;
  caf: (handle: number) => void;
  now: () => number;
}

export class FrameScheduler<T extends { isPlaying(): boolean }> {
  /** Canvas draws so far (for window.__blaze.renderCount and the idle bench). */
  count = 0;
  private handle: number | null = null;
  private dead = false;
  private readonly deps: FrameDeps;

  constructor(
    private readonly draw: () => void,
    private readonly tweens: TweenGroupLike<T>,
    deps?: Partial<FrameDeps>,
  ) {
    this.deps = {
      raf: deps?.raf ?? ((cb) => requestAnimationFrame(cb)),
      caf: deps?.caf ?? ((h) => cancelAnimationFrame(h)),
      now: deps?.now ?? (() => performance.now()),
    };
  }

  /** Ask for one draw on the next animation frame (coalesced). */
  request(): void {
    if (this.handle !== null || this.dead) return;
    this.handle = this.deps.raf(this.frame);
  }

  /** True while a tween is in the group (started, delayed or running). */
  get animating(): boolean {
    return this.tweens.getAll().length > 0;
  }

  /** Draw right away, outside the animation frame (the first frame of a table). */
  drawNow(): void {
    if (this.dead) return;
    this.count++;
    this.draw();
  }

  destroy(): void {
    this.dead = true;
    if (this.handle !== null) this.deps.caf(this.handle);
    this.handle = null;
  }

  private readonly frame = (): void => {
    this.handle = null;
    if (this.dead) return;
    this.tweens.update(this.deps.now());
    // tween.js keeps finished and stopped tweens in the group; drop them so "animating" means it.
    for (const tw of this.tweens.getAll()) if (!tw.isPlaying()) this.tweens.remove(tw);
    this.drawNow();
    if (this.animating) this.request();
  };
}
