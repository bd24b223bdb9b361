/**
 * Plays every seat the bot controls (bots, and people who are away) through the same path as a
 * person's message, after a human-like delay. After each accepted action the room calls replan():
 * every controlled seat that can act now gets a time to act, so bots act concurrently (a bot
 * supporter may extend while the target thinks). Easy and normal bots decide their move only when
 * that time comes, against the state as it is then, so they never send a move planned for an old
 * state, and a change that comes first costs no decision at all (deciding at every change, with a
 * view per seat, was a fifth of what outlived a young collection under load: issue 9).
 *
 * Pacing (issue 10): a bot acts only once the previous move, anyone's, had time to be shown: at least
 * `onScreenMs(delay)` after it (900 ms at the default rhythm of 700 ms, scaled with the table's
 * setting, so fast test tables stay fast).
 *
 * Strengths (issue 12): easy and normal decide when due, at once; strong asks the bot pool at the
 * change, off the event loop, and the time it thinks counts toward its delay. Its answer is used only if the game did not
 * move on meanwhile (otherwise the replan that followed has already asked again); like anyone's, its
 * move may still be refused as stale by the rules.
 *
 * With a store that answers later (the writer thread, Redis), a move is shown once it is on record:
 * until then no bot moves, and its time on screen counts from the replan that shows it.
 *
 * A move the record could not take (NOT_RECORDED: the store is failing) was not made: the same move
 * is tried again on the record's own retry pace (from 100 ms, doubling to 5 s), not left until the
 * seat's clock runs out.
 */
import { MIN_ON_SCREEN_MS } from '@blaze/protocol';
import { type Action, type GameState, hasLegalAction, viewFor } from '@blaze/rules';
import type { Decision } from '../botPool/pool.js';
import { type BotKind, chooseAction, search } from '../bots.js';
import type { ClockHost } from './clocks.js';
import { SoonestTimer } from './soonestTimer.js';

/** The minimum time a move stays on screen before a bot answers, at the default bot delay (shared with the client). */
export { MIN_ON_SCREEN_MS };

const DEFAULT_DELAY_MS = 700;

/** What the room answers a bot's move: made, refused (stale), or not made because it could not be recorded. */
export type BotMoveAnswer = boolean | 'unrecorded';

/** The pause before a move that could not be recorded is tried again: 100 ms doubling to 5 s (as record.ts retries). */
function unrecordedPause(failures: number): number {
  return Math.min(100 * 2 ** Math.max(0, failures - 1), 5_000);
}

export function onScreenMs(delayMs: number): number {
  return delayMs <= 0 ? 0 : Math.round((delayMs * MIN_ON_SCREEN_MS) / DEFAULT_DELAY_MS);
}

/** Where strong bots search: the room passes the process's worker pool. */
export interface SearchPool {
  decide(view: ReturnType<typeof viewFor>, seed: string, stale: () => boolean): Promise<Decision>;
}

interface Planned {
  /** The move as JSON, to tell a new decision from the same one ('' while not decided yet). */
  plan: string;
  /** Null: decided when due (easy, normal), by this kind of bot. */
  action: Action | null;
  kind: BotKind;
  game: GameState;
  at: number;
}

export class BotDriver {
  /**
   * By seat. Slots, not Maps: a Map that empties reallocates its table, once per bot move, and the
   * new table lived until the next one (a young-generation survivor at every table).
   */
  private readonly planned: (Planned | undefined)[] = [];
  /** Seats whose strong bot is searching, and the state it searches. */
  private readonly thinking: (GameState | undefined)[] = [];
  private lastGame: GameState | null = null;
  private lastMoveAt = Number.NEGATIVE_INFINITY;
  /** Moves in a row that could not be recorded: the next try waits unrecordedPause(this). */
  private unrecorded = 0;
  /** One host timer for the soonest planned move (SoonestTimer). */
  private readonly timer: SoonestTimer;

  constructor(
    clock: ClockHost,
    private readonly rnd: () => number,
    /** Sends the action through the room's own path; answers whether it was made (BotMoveAnswer). */
    private readonly act: (action: Action) => BotMoveAnswer,
    private readonly game: () => GameState | null,
    private readonly pool: (() => SearchPool) | null = null,
    private readonly now: () => number = Date.now,
    /** How an easy or normal seat decides (tests count the decisions). */
    private readonly decide: typeof chooseAction = chooseAction,
  ) {
    this.timer = new SoonestTimer(
      clock,
      now,
      () => this.soonest(),
      () => this.playDue(),
    );
  }

  replan(controlled: (seat: number) => boolean, delayMs: number, kindOf: (seat: number) => BotKind): void {
    const game = this.game();
    if (game === null || game.over) {
      this.clearAll();
      return;
    }
    const now = this.now();
    if (game !== this.lastGame) {
      this.lastGame = game;
      this.lastMoveAt = now;
      this.unrecorded = 0;
    }
    const earliest = this.lastMoveAt + onScreenMs(delayMs);
    for (let seat = 0; seat < game.players; seat++) {
      if (!controlled(seat) || !hasLegalAction(game, seat)) {
        this.drop(seat);
        continue;
      }
      const kind = kindOf(seat);
      if (kind !== 'strong' || this.pool === null) {
        this.await(seat, kind, game, now, delayMs, earliest);
        continue;
      }
      const due = Math.max(earliest, now + this.humanDelay(delayMs));
      const view = viewFor(game, seat);
      // Strong: a seat with at most one sensible move needs no search.
      const quick = search(view, this.rnd, { iterations: 0 });
      if (quick.candidates <= 1) {
        this.thinking[seat] = undefined;
        this.schedule(seat, quick.action, kind, game, due, earliest);
        continue;
      }
      const prev = this.planned[seat];
      if (prev?.game === game || this.thinking[seat] === game) continue;
      this.planned[seat] = undefined;
      this.thinking[seat] = game;
      const seed = `${seat}:${Math.floor(this.rnd() * 2 ** 32)}`;
      void this.pool()
        .decide(view, seed, () => this.game() !== game)
        .then((d) => {
          if (this.thinking[seat] !== game) return;
          this.thinking[seat] = undefined;
          if (d.source === 'stale' || this.game() !== game) return;
          this.schedule(seat, d.action, kind, game, due, earliest);
          this.timer.update();
        });
    }
    this.timer.update();
  }

  /**
   * A seat that decides when due: a time to act, kept across changes while it still falls after the
   * last move's time on screen (as a person who was about to act does), otherwise a new one.
   */
  private await(seat: number, kind: BotKind, game: GameState, now: number, delayMs: number, earliest: number): void {
    this.thinking[seat] = undefined;
    const prev = this.planned[seat];
    if (prev !== undefined && prev.action === null && prev.kind === kind && prev.at >= earliest) {
      prev.game = game;
      return;
    }
    const at = Math.max(earliest, now + this.humanDelay(delayMs));
    if (prev === undefined) this.planned[seat] = { plan: '', action: null, kind, game, at };
    else {
      prev.plan = '';
      prev.action = null;
      prev.kind = kind;
      prev.game = game;
      prev.at = at;
    }
  }

  private humanDelay(delayMs: number): number {
    return delayMs <= 0 ? 0 : Math.round(delayMs * (0.6 + 0.8 * this.rnd()));
  }

  private schedule(
    seat: number,
    action: Action | null,
    kind: BotKind,
    game: GameState,
    at: number,
    earliest: number,
  ): void {
    const plan = action === null ? '' : JSON.stringify(action);
    const prev = this.planned[seat];
    // Same move against the new state: let the running delay finish instead of starting over, unless
    // it would fire before the last move was on screen long enough.
    if (prev && prev.action !== null && prev.plan === plan && prev.at >= earliest) {
      prev.game = game;
      return;
    }
    if (action === null) this.planned[seat] = undefined;
    else if (prev) {
      prev.plan = plan;
      prev.action = action;
      prev.kind = kind;
      prev.game = game;
      prev.at = at;
    } else this.planned[seat] = { plan, action, kind, game, at };
  }

  private soonest(): number {
    // Nothing is due while a move waits for its record (playDue): no timer until the replan after it.
    if (this.game() !== this.lastGame) return Number.POSITIVE_INFINITY;
    let soonest = Number.POSITIVE_INFINITY;
    for (const p of this.planned) if (p !== undefined && p.at < soonest) soonest = p.at;
    return soonest;
  }

  /** Plays every move now due, soonest first; each one replans the others. */
  private playDue(): void {
    for (;;) {
      // A move made but not yet on record (the writer thread, Redis: they answer later) is not shown
      // yet; a bot moving now would answer a state nobody has seen, and with no time on screen. The
      // replan that follows its record plans every seat again from then.
      if (this.game() !== this.lastGame) return;
      const now = this.now();
      let seat = -1;
      let at = Number.POSITIVE_INFINITY;
      for (let s = 0; s < this.planned.length; s++) {
        const p = this.planned[s];
        if (p !== undefined && p.at <= now && p.at < at) {
          seat = s;
          at = p.at;
        }
      }
      const p = this.planned[seat];
      if (p === undefined) return;
      this.planned[seat] = undefined;
      if (p.action === null) {
        // Decided now, against the state as it is (every change since has kept or reset this time).
        const game = this.game();
        if (game === null || game.over) continue;
        p.game = game;
        p.action = this.decide(p.kind, viewFor(game, seat), this.rnd);
        if (p.action === null) continue;
      }
      if (this.act(p.action) !== 'unrecorded') continue;
      // Not on record, so not made, and nothing changed to replan on: the same move again soon.
      this.unrecorded++;
      if (this.planned[seat] === undefined && this.game() === p.game) {
        p.at = now + unrecordedPause(this.unrecorded);
        this.planned[seat] = p;
      }
    }
  }

  private drop(seat: number): void {
    this.planned[seat] = undefined;
    this.thinking[seat] = undefined;
  }

  clearAll(): void {
    this.planned.fill(undefined);
    this.thinking.fill(undefined);
    this.timer.clear();
  }
}
