/**
 * A Durak game played in this page (practice, the guided game): the rules of @blaze/durak on the same
 * table loop as the server's table (@blaze/game/loop), with no server and no network, so a move is
 * judged, timed and answered for exactly as online. The person sits at seat 0 with no clock; every
 * other seat's move comes from `policy` after a pause a person can follow (the loop's bot delay).
 * Forced steps (DT3, DN15) are made after the same pause (the loop's automatic steps), for the person
 * too unless `manualForced` (the guided game asks for them).
 */
import { type Action, createGame, type Event, type Options, type State } from '@blaze/durak';
import { durakModule } from '@blaze/durak/module';
import { type LoopHooks, TableLoop } from '@blaze/game/loop';
import { pageTimers, rethrowLater } from '../../../kit/pageLoop.js';

export const HUMAN = 0;

export interface SessionOptions {
  game: Options;
  /** Another seat's move now; null: nothing to do (the loop then makes the seat's timeout move). */
  policy: (s: State, seat: number) => Action | null;
  /** The pause before a bot's move or a forced step, in ms. */
  delayMs: number;
  /** The person makes their own forced steps (the guided game names them). */
  manualForced?: boolean;
  /** Every accepted action, after it is applied (the guided game follows its script with it). */
  onAction?: (a: Action, before: State, events: readonly Event[]) => void;
}

export class LocalSession {
  private loop: TableLoop<State, Action, Event>;
  private listeners: (() => void)[] = [];
  private stopped = false;
  private held = false;
  /** The action being counted and the state it met: `accept` hears it, `changed` tells the page. */
  private counting: { a: Action; before: State } | null = null;

  constructor(private o: SessionOptions) {
    this.loop = this.newLoop(o.game);
  }

  get state(): State {
    return this.loop.state;
  }

  onChange(f: () => void): void {
    this.listeners.push(f);
  }

  start(): void {
    this.loop.plan();
    this.tell();
  }

  /** The person's move: null when applied, else the refusal's code (DT2). */
  act(a: Action): string | null {
    if (a.seat !== HUMAN) return 'NOT_YOUR_TURN';
    return this.loop.act(a, 'person')?.code ?? null;
  }

  /** A new game at this table (D11.1's dealer is the caller's to pass in `game`). */
  restart(game: Options): void {
    this.loop.stop();
    this.loop = this.newLoop(game);
    this.start();
  }

  /** No bot moves while held (the guided game holds the table while the coach explains). */
  hold(on: boolean): void {
    this.held = on;
    this.loop.hold(on);
  }

  stop(): void {
    this.stopped = true;
    this.loop.stop();
  }

  private newLoop(game: Options): TableLoop<State, Action, Event> {
    // Dealt as the page asks: the guided game stacks the deck (createGame's `deck`, for no host).
    const module = { ...durakModule, setup: () => createGame(game) };
    const hooks: LoopHooks<State, Action, Event> = {
      player: (seat) => (seat === HUMAN ? { kind: 'person' } : { kind: 'bot', strength: 'normal' }),
      accept: (a) => {
        this.counting = { a, before: this.loop.state };
        return true;
      },
      changed: (_s, events) => {
        const c = this.counting;
        this.counting = null;
        if (c) this.o.onAction?.(c.a, c.before, events);
        this.tell();
      },
      // The page's bots (its strengths, a lesson's script) play on the loop's delay.
      bot: (seat) => ({ observe: () => {}, decide: () => this.o.policy(this.loop.state, seat) }),
      fault: rethrowLater,
    };
    const ms = this.o.delayMs;
    const config = {
      clockMs: () => null,
      botDelayMs: ms,
      autoDelayMs: [ms, ms] as const,
      personMakesAuto: this.o.manualForced === true,
    };
    const loop = new TableLoop<State, Action, Event>(module, game, game.seed, hooks, config, pageTimers);
    if (this.held) loop.hold(true);
    return loop;
  }

  private tell(): void {
    if (this.stopped) return;
    for (const f of this.listeners) f();
  }
}
