/**
 * A replay's place among its steps, for any game's replay page: first, back, play or pause, next,
 * last, and the arrow, Home and End keys. The page draws (`draw` is called after every move); this
 * keeps the step and the play timer, and stops at the last step.
 */
export class Stepper {
  step = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  private readonly onKey = (e: KeyboardEvent): void => {
    // A focused language or seat picker keeps its own arrow keys.
    if (e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') this.go(this.step + 1);
    else if (e.key === 'ArrowLeft') this.go(this.step - 1);
    else if (e.key === 'Home') this.go(0);
    else if (e.key === 'End') this.go(this.total);
    else return;
    e.preventDefault();
  };

  constructor(
    /** The last step's number (steps run from 0 to it). */
    readonly total: number,
    private readonly stepMs: number,
    private readonly draw: () => void,
  ) {
    document.addEventListener('keydown', this.onKey);
  }

  get playing(): boolean {
    return this.timer !== undefined;
  }

  get atStart(): boolean {
    return this.step === 0;
  }

  get atEnd(): boolean {
    return this.step === this.total;
  }

  go(to: number): void {
    this.step = Math.max(0, Math.min(this.total, to));
    if (this.atEnd) this.stop();
    this.draw();
  }

  /** Play from here (from the start once at the end), or pause. */
  toggle(): void {
    if (this.playing) {
      this.stop();
      this.draw();
      return;
    }
    if (this.atEnd) this.step = 0;
    this.timer = setInterval(() => this.go(this.step + 1), this.stepMs);
    this.draw();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.stop();
    document.removeEventListener('keydown', this.onKey);
  }
}
