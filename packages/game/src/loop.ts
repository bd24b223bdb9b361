/**
 * The headless table loop for any game module: one game's state, its journal, who is due, and the
 * timers that move it on (clocks, bots, automatic steps). Pure apart from the timers and the random
 * source it is handed, so the server's table, offline practice and the guided lessons in the browser,
 * and tests all run this one loop: a game is written once and plays the same online and offline. It
 * knows no sockets, no schema and no record: `accept` is asked before an action counts (the room
 * writes it to the record there and may refuse), `changed` is told after.
 *
 * Every table plays on it: Blaze, Durak and Bla5t at the server's tables (apps/server/src/room/blazeLoop.ts,
 * apps/server/src/table/generic.ts), offline practice in the browser (Blaze's in its worker) and the
 * guided lessons. What a table adds comes through its hooks and config: a strong bot that searches in
 * the server's worker pool (`think`, with its bot's memory for Bla5t's), a move's least time on screen before a bot answers it
 * (`botGapMs`), the people's clocks held while a round's summary is up (`clockPause`), a table that
 * shows a move only once it is on record (`hold` while the store answers, then `shown`). Blaze's
 * guided lesson replays a fixed script and has no clocks or bots to run.
 */
import {
  type ActionBase,
  type AnyGameModule,
  type Due,
  type EventBase,
  type Outcome,
  type RuleError,
  type Seat,
  type SeatBot,
  seatBot,
} from './index.js';

export interface LoopTimers {
  setTimeout(fn: () => void, ms: number): { clear(): void };
  /** The timers' own time (a test's fake clock); the wall clock when absent. */
  now?(): number;
}

/** Who plays a seat now: a person (clocks only), or a bot of a strength (it decides by itself). */
export type SeatPlayer = { kind: 'person' } | { kind: 'bot'; strength: string };

export interface LoopConfig {
  /**
   * A due role's clock, ms (Durak's DT4: open, continue, defend, ambush); null at an untimed table
   * (issue #40: friends may play without clocks), where only bots and automatic steps are timed.
   */
  clockMs(role: string): number | null;
  /** A bot's thinking time before it acts, ms. */
  botDelayMs: number;
  /**
   * How far a bot's delay varies either way, as a share of `botDelayMs` drawn from the loop's random
   * source (0.4: 0.6 to 1.4 times it), so bots do not move like clockwork; none when absent.
   */
  botJitter?: number;
  /**
   * The random delay before an automatic step (role `auto`, DT3), ms: the same range whoever is due
   * and whatever they hold, so its timing tells nothing.
   */
  autoDelayMs: readonly [number, number];
  /**
   * A person's own automatic step waits for the person, on their clock for the role `auto` (none when
   * null), instead of being made for them: a lesson that teaches the step asks the learner to make it.
   * A bot's automatic steps are made as ever. Off at a real table, where the step reveals nothing.
   */
  personMakesAuto?: boolean;
  /**
   * A move's least time on screen before a bot answers it, ms: no bot acts sooner after the last move
   * counted, whatever its own delay (Blaze's pacing, issue 10: people see each move before the next).
   */
  botGapMs?: number;
}

export type Source = 'person' | 'bot' | 'clock' | 'auto';

export interface LoopHooks<S, A, E> {
  /** Who plays this seat now (read at every plan: a person may drop and a bot stand in). */
  player(seat: Seat): SeatPlayer;
  /**
   * An accepted action, before it counts: the room records it. Answer false (not recorded) and the
   * action did not happen.
   */
  accept(action: A, next: S, events: readonly E[], source: Source, due?: Due): boolean;
  /** After an action counted (and when the game is over, `outcome.over`). */
  changed(state: S, events: readonly E[], outcome: Outcome): void;
  /** A timer's error: never thrown out of a timer. */
  fault?(error: unknown): void;
  /**
   * The bot for a bot seat when the table gives its own (a lesson's scripted moves, a page's lighter
   * search), else null or absent: the module's (`seatBot`). Asked when the seat's bot is made. It
   * plays on the loop's path all the same: its delay, and the timeout move when it has none.
   */
  bot?(seat: Seat, strength: string): SeatBot<A, unknown, E> | null;
  /**
   * A bot's move decided elsewhere, or null to decide here as usual: the server sends a strong bot's
   * search to its worker threads, since a search that held the event loop (Durak's: up to 200 ms)
   * held every table in the process. The seat stays planned while the answer comes; an answer that
   * comes after the table moved on (`stale`) is dropped, and the seat is planned afresh as ever.
   * `memory`: what the seat's bot knows beyond the view (SeatBot.memory; undefined for a bot without
   * memory); the bot is told the move that came back (SeatBot.decided).
   */
  think?(seat: Seat, strength: string, view: unknown, stale: () => boolean, memory?: unknown): Promise<A | null> | null;
  /**
   * How long after this move the people's clocks wait before they run, ms (Blaze: a round's end, while
   * its summary is on screen); none when absent or 0. Clocks planned meanwhile start when it ends.
   */
  clockPause?(before: S, after: S): number;
}

export const NOT_RUNNING: RuleError = { code: 'WRONG_PHASE', message: 'No game is running.' };
export const NOT_RECORDED: RuleError = {
  code: 'NOT_RECORDED',
  message: 'It could not be recorded, so it did not happen; try again.',
};

interface Planned {
  key: string;
  timer: { clear(): void };
  /** When it fires (epoch ms): shown as a deadline for clocks. */
  at: number;
  /** When it was planned (epoch ms): the clock a person would have runs from here (clocksWire.ts). */
  from: number;
  due: Due;
  kind: 'clock' | 'bot' | 'auto';
  /** The journal's length when planned or last kept across another seat's move. */
  moves: number;
  /** Planned while several seats were due at once (XT1: looks, carry-over, Helmut windows). */
  together: boolean;
}

export class TableLoop<S = unknown, A extends ActionBase = ActionBase, E extends EventBase = EventBase> {
  state: S;
  readonly journal: A[] = [];
  private planned: Planned[] = [];
  private stopped = false;
  /** No timer runs while held (see `hold`). */
  private held = false;
  /** The seat named by the last action counted (a timeout names whom it answered for). */
  private lastActor: unknown;
  /** When the last action counted (timers' time): bots answer no sooner than `botGapMs` after it. */
  private lastMoveAt = Number.NEGATIVE_INFINITY;
  /** Until when people's clocks wait (`clockPause`). */
  private clocksFrom = 0;
  /** Moves in a row the record could not take: the next try waits longer (`retry`). */
  private unrecorded = 0;
  /**
   * Each bot seat's bot, made when it is first due and told every event as its seat saw it: a bot
   * with memory (Bla5t's looks, XT5) remembers what it was shown. A module without `create`
   * (Durak) gets `decide` over the view, as before.
   */
  private bots = new Map<Seat, { strength: string; bot: SeatBot<ActionBase, unknown, EventBase> }>();

  constructor(
    readonly module: AnyGameModule,
    readonly options: unknown,
    readonly seed: string,
    private readonly hooks: LoopHooks<S, A, E>,
    private readonly config: LoopConfig,
    private readonly timers: LoopTimers,
    private readonly rnd: () => number = Math.random,
    /** A restored game: its journal replayed (module.apply), refused on the first bad action. */
    replayed?: { state: S; journal: readonly A[] },
  ) {
    this.state = replayed ? replayed.state : (module.setup(options, seed) as S);
    if (replayed) this.journal.push(...replayed.journal);
  }

  outcome(): Outcome {
    return this.module.outcome(this.state);
  }

  /** A person's untrusted message from the seat the table knows. */
  message(raw: unknown, seat: Seat): RuleError | null {
    const parsed = this.module.parseAction(raw, seat);
    if (!parsed.ok) return parsed.error;
    return this.act(parsed.value as A, 'person');
  }

  /** The one path every action takes (people, bots, clocks, automatic steps): judged, accepted, shown. */
  act(action: A, source: Source, due?: Due): RuleError | null {
    if (this.stopped || this.outcome().over) return NOT_RUNNING;
    const r = this.module.apply(this.state, action);
    if (!r.ok) return r.error;
    const next = r.state as S;
    const events = r.events as readonly E[];
    if (!this.hooks.accept(action, next, events, source, due)) {
      this.unrecorded++;
      return NOT_RECORDED;
    }
    this.unrecorded = 0;
    const before = this.state;
    this.state = next;
    this.journal.push(action);
    this.lastActor = (action as { seat?: unknown }).seat;
    this.lastMoveAt = this.now();
    const pause = this.hooks.clockPause?.(before, next) ?? 0;
    if (pause > 0) this.clocksFrom = this.lastMoveAt + pause;
    for (const [seat, b] of this.bots) {
      for (const e of events) {
        const seen = this.module.redact(e, seat) as EventBase | null;
        if (seen !== null) b.bot.observe(seen);
      }
    }
    this.replan(before);
    this.hooks.changed(next, events, this.outcome());
    return null;
  }

  /**
   * An accepted action the record refused after all (an asynchronous store): the game goes back to
   * the state before it, replayed from the journal without it and whatever followed it.
   */
  revert(action: A): void {
    const at = this.journal.lastIndexOf(action);
    if (at < 0) return;
    this.journal.length = at;
    let s = this.module.setup(this.options, this.seed) as S;
    for (const a of this.journal) {
      const r = this.module.apply(s, a);
      if (r.ok) s = r.state as S;
    }
    this.state = s;
    // Their memories may hold what no longer happened: they start again from the view.
    this.bots.clear();
    this.plan();
  }

  /** `strength` as the table asked it: a table's own bots (`hooks.bot`) may know more than the module's. */
  private botAt(seat: Seat, strength: string): SeatBot<ActionBase, unknown, EventBase> {
    const had = this.bots.get(seat);
    if (had && had.strength === strength) return had.bot;
    const given = this.hooks.bot?.(seat, strength) ?? null;
    const bot = (given ?? seatBot(this.module.bots, this.strengthOf(strength), seat, this.rnd)) as SeatBot<
      ActionBase,
      unknown,
      EventBase
    >;
    this.bots.set(seat, { strength, bot });
    return bot;
  }

  /** Who the game waits for, and the timer the loop runs for each (an automatic step's role is not told). */
  deadlines(): { seat: Seat | null; at: number; from: number; role: string; kind: Planned['kind'] }[] {
    return this.planned.map((p) => ({ seat: p.due.seat, at: p.at, from: p.from, role: p.due.role, kind: p.kind }));
  }

  /**
   * Timers for everyone due now: kept while nothing moved and the same player is due in the same role
   * (a re-plan after a seat change), made for the new ones, cleared for the rest.
   */
  plan(): void {
    this.replan(null);
  }

  /** `before`: the state the last move met, when this plan follows it (the module's timerRunsOn). */
  private replan(before: S | null): void {
    const due = this.stopped || this.held ? [] : (this.module.due(this.state) as readonly Due[]);
    const keep: Planned[] = [];
    const moves = this.journal.length;
    const wanted = due.map((d) => ({ d, key: this.keyOf(d) }));
    for (const p of this.planned) {
      const still = wanted.find((w) => w.key === p.key);
      if (still && this.stillRunning(p, still.d, moves, before)) {
        p.moves = moves;
        keep.push(p);
      } else p.timer.clear();
    }
    this.planned = keep;
    const together = wanted.length > 1;
    for (const { d, key } of wanted) {
      if (this.planned.some((p) => p.key === key)) continue;
      const planned = this.schedule(d, key, moves, together);
      if (planned) this.planned.push(planned);
    }
  }

  /**
   * A timer runs on while nothing moved. Every move starts fresh timers for whoever is due after it
   * (Durak: the situation changed), except one seat's answer while several were due at once (XT1,
   * XT4: each asked seat has its own deadline, which another's answer does not push back). A module
   * with its own timing (`timerRunsOn`) decides for each timer after each move instead.
   */
  private stillRunning(p: Planned, due: Due, moves: number, before: S | null): boolean {
    if (p.moves === moves) return true;
    // A bot that would answer this move sooner than its least time on screen waits for it afresh.
    const gap = this.config.botGapMs ?? 0;
    if (p.kind === 'bot' && gap > 0 && p.at < this.lastMoveAt + gap) return false;
    const m = this.module;
    if (m.timerRunsOn)
      return before !== null && p.moves === moves - 1 && m.timerRunsOn(due, before, this.state) === true;
    return p.together && p.moves === moves - 1 && this.lastActor !== p.due.seat;
  }

  /**
   * Held, no timer runs: nobody's clock, no bot, no automatic step (a lesson holds the table while the
   * coach explains). Released, whoever is due gets fresh timers; people may act throughout.
   */
  hold(on: boolean): void {
    this.held = on;
    this.plan();
  }

  /**
   * The last move is on screen now (a table that shows a move only once its record has it): a bot's
   * least gap (`botGapMs`) counts from here, not from when the move was judged.
   */
  shown(): void {
    this.lastMoveAt = this.now();
  }

  /** Ends the game's timers (the table closes, or a new game replaces this one). */
  stop(): void {
    this.stopped = true;
    for (const p of this.planned) p.timer.clear();
    this.planned = [];
  }

  private strengthOf(asked: string): string {
    const strengths = this.module.bots.strengths;
    return strengths.includes(asked) ? asked : (strengths.at(-1) as string);
  }

  private keyOf(d: Due): string {
    const who = d.seat === null ? { kind: 'person' as const } : this.hooks.player(d.seat);
    const by = who.kind === 'bot' ? `bot:${who.strength}` : 'person';
    return `${d.seat}:${d.role}:${by}`;
  }

  private now(): number {
    return this.timers.now?.() ?? Date.now();
  }

  private schedule(d: Due, key: string, moves: number, together: boolean): Planned | null {
    const who = d.seat === null ? { kind: 'person' as const } : this.hooks.player(d.seat);
    let kind: Planned['kind'];
    let ms: number;
    const personWaits = this.config.personMakesAuto === true && d.seat !== null && who.kind === 'person';
    if (d.role === 'auto' && !personWaits) {
      kind = 'auto';
      const [lo, hi] = this.config.autoDelayMs;
      ms = lo + Math.floor(this.rnd() * (hi - lo + 1));
    } else if (who.kind === 'bot') {
      kind = 'bot';
      // Made now, when first due (a round's looks): it hears every event from here on.
      if (d.seat !== null) this.botAt(d.seat, who.strength);
      const jitter = this.config.botJitter ?? 0;
      ms = this.config.botDelayMs;
      if (jitter > 0 && ms > 0) ms = Math.round(ms * (1 - jitter + 2 * jitter * this.rnd()));
    } else {
      kind = 'clock';
      const clock = this.config.clockMs(d.role);
      if (clock === null) return null;
      ms = clock;
    }
    const now = this.now();
    // A seat's clock starts once a pause (a round's end) is over; the take-back window's does not.
    const from = d.seat !== null && kind !== 'auto' ? Math.max(now, this.clocksFrom) : now;
    if (kind === 'clock') ms += from - now;
    if (kind === 'bot' && this.config.botGapMs) ms = Math.max(ms, this.lastMoveAt + this.config.botGapMs - now);
    // A person's clock ends on a whole tenth of a second, as Blaze's do: it travels in fewer bytes.
    if (kind === 'clock') ms = Math.ceil((now + ms) / 100) * 100 - now;
    const timer = this.timers.setTimeout(() => this.fire(d, kind, key), ms);
    return { key, timer, at: now + ms, from, due: d, kind, moves, together };
  }

  /**
   * A timer's move the record could not take (the store is failing) was not made, and nothing moved
   * to re-plan on: the same timer runs again on the record's own retry pace (from 100 ms, doubling to
   * 5 s), not after a whole new delay or clock, and not replaced by the timeout move.
   */
  private retry(d: Due, kind: Planned['kind'], key: string): void {
    if (this.stopped || this.planned.some((p) => p.key === key)) return;
    const ms = Math.min(100 * 2 ** Math.max(0, this.unrecorded - 1), 5_000);
    const now = this.now();
    const timer = this.timers.setTimeout(() => this.fire(d, kind, key), ms);
    const together = this.planned.length > 0;
    this.planned.push({ key, timer, at: now + ms, from: now, due: d, kind, moves: this.journal.length, together });
  }

  private fire(d: Due, kind: Planned['kind'], key: string): void {
    const fired = this.planned.find((p) => p.key === key);
    this.planned = this.planned.filter((p) => p.key !== key);
    if (this.stopped) return;
    try {
      let action: A | null = null;
      if (kind === 'bot' && d.seat !== null) {
        const who = this.hooks.player(d.seat);
        const strength = who.kind === 'bot' ? who.strength : '';
        const view = this.module.view(this.state, d.seat);
        const bot = this.botAt(d.seat, strength);
        let dropped = false;
        const memory = bot.memory?.(view);
        const elsewhere = this.hooks.think?.(d.seat, strength, view, () => dropped || this.stopped, memory) ?? null;
        if (elsewhere && fired) {
          // Still planned while it thinks: a re-plan that would not keep this timer drops the answer.
          const thinking: Planned = { ...fired, timer: { clear: () => (dropped = true) } };
          this.planned.push(thinking);
          const answer = (a: A | null) => {
            if (dropped || this.stopped) return;
            this.planned = this.planned.filter((p) => p !== thinking);
            bot.decided?.(view, a);
            this.settle(d, kind, a);
          };
          elsewhere.then(answer, (e: unknown) => {
            this.hooks.fault?.(e);
            answer(null);
          });
          return;
        }
        action = bot.decide(view) as A | null;
      }
      this.settle(d, kind, action);
    } catch (e) {
      this.hooks.fault?.(e);
      this.plan();
    }
  }

  /** A bot's move (or none), else the game's timeout move; re-armed when neither moved the game on. */
  private settle(d: Due, kind: Planned['kind'], action: A | null): void {
    try {
      let refused: RuleError | null = { code: 'NOTHING', message: 'nothing to do' };
      if (action) refused = this.act(action, 'bot', d);
      if (refused !== null && refused !== NOT_RECORDED) {
        // A clock, an automatic step, or a bot with nothing accepted: the game's own timeout move,
        // so a table never stalls.
        const action = this.module.onTimeout(this.state, d, this.rnd) as A | null;
        if (action) refused = this.act(action, kind === 'auto' ? 'auto' : 'clock', d);
      }
      if (refused === NOT_RECORDED) this.retry(d, kind, this.keyOf(d));
      // Not moved on: re-arm, so it is tried again rather than stuck.
      else if (refused !== null) this.plan();
    } catch (e) {
      this.hooks.fault?.(e);
      this.plan();
    }
  }
}
