/**
 * A Durak game played in this page (practice, the guided game): the rules of @blaze/durak applied
 * here, with no server and no network. The person sits at seat 0; every other seat's move comes from
 * `policy` after a pause a person can follow. Forced steps (DT3, DN15) are the only legal move and are
 * made after the same pause, for the person too unless `manualForced` (the guided game asks for them).
 */
import {
  type Action,
  applyAction,
  awaitedSeat,
  createGame,
  type Event,
  forcedAction,
  type Options,
  type State,
} from '@blaze/durak';

export const HUMAN = 0;

export interface SessionOptions {
  game: Options;
  /** Another seat's move now; null: nothing to do yet (the page waits). */
  policy: (s: State, seat: number) => Action | null;
  /** The pause before a bot's move or a forced step, in ms. */
  delayMs: number;
  /** The person makes their own forced steps (the guided game names them). */
  manualForced?: boolean;
  /** Every accepted action, after it is applied (the guided game follows its script with it). */
  onAction?: (a: Action, before: State, events: readonly Event[]) => void;
}

export class LocalSession {
  state: State;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners: (() => void)[] = [];
  private stopped = false;
  private held = false;

  constructor(private o: SessionOptions) {
    this.state = createGame(o.game);
  }

  onChange(f: () => void): void {
    this.listeners.push(f);
  }

  start(): void {
    this.changed();
  }

  /** The person's move: null when applied, else the refusal's code (DT2). */
  act(a: Action): string | null {
    if (a.seat !== HUMAN) return 'NOT_YOUR_TURN';
    return this.apply(a);
  }

  /** A new game at this table (D11.1's dealer is the caller's to pass in `game`). */
  restart(game: Options): void {
    this.clear();
    this.state = createGame(game);
    this.changed();
  }

  /** No bot moves while held (the guided game holds the table while the coach explains). */
  hold(on: boolean): void {
    this.held = on;
    if (on) this.clear();
    else this.plan();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private apply(a: Action): string | null {
    const before = this.state;
    const r = applyAction(before, a);
    if (!r.ok) return r.error.code;
    this.state = r.state;
    this.o.onAction?.(a, before, r.events);
    this.changed();
    return null;
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private changed(): void {
    if (this.stopped) return;
    this.plan();
    for (const f of this.listeners) f();
  }

  private plan(): void {
    this.clear();
    if (this.held || this.stopped) return;
    const s = this.state;
    const seat = awaitedSeat(s);
    if (s.over || seat === null) return;
    const forced = forcedAction(s);
    if (seat === HUMAN && (forced === null || this.o.manualForced)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.state !== s || this.held || this.stopped) return;
      const a = seat === HUMAN ? forced : (forced ?? this.o.policy(s, seat));
      if (a) this.apply(a);
    }, this.o.delayMs);
  }
}
