/**
 * Runs a practice table: the bots at the strength chosen per seat (the strong one searching here, in the worker), the take-back window's timer and the
 * person's idle clock, on the same rules as the server's room (apps/server/src/room). Every change
 * goes out as one snapshot through `publish`.
 */
import { chooseAction, type Strength, timeoutAction } from '@blaze/bots';
import { type Action, due, type GameState, type Seat, viewFor } from '@blaze/rules';
import type { DeadlineInfo } from '../../../shell/host.js';
import { actionOf, type Intent, type LocalOptions, LocalTable } from './localTable.js';

export interface ClockSpeeds {
  attackerMs: number;
  targetMs: number;
  betMs: number;
}

export interface DriverOptions extends LocalOptions {
  /** null: no idle clock for the person (a learner's own pace). */
  clocks: ClockSpeeds | null;
  /** Each bot seat's strength (index = seat); a missing entry plays normal. */
  strengths?: readonly Strength[];
}

/** What the person at `seat` owes now (R4.7, R5.2, R9.1), or null: the rules' `due`, as the server's clocks. */
export function owed(g: GameState, seat: Seat): DeadlineInfo['kind'] | null {
  for (const d of due(g)) if (d.seat === seat) return d.role;
  return null;
}

export class PracticeDriver {
  readonly table: LocalTable;
  private bots = new Map<Seat, { plan: string; timer: ReturnType<typeof setTimeout> }>();
  private windowTimer: { cards: number; at: number; timer: ReturnType<typeof setTimeout> } | null = null;
  private clock: { kind: DeadlineInfo['kind']; at: number; timer: ReturnType<typeof setTimeout> } | null = null;
  private stopped = false;

  constructor(
    private readonly o: DriverOptions,
    private readonly publish: (d: PracticeDriver) => void,
    private readonly rnd: () => number,
  ) {
    this.table = new LocalTable(o);
  }

  start(): void {
    this.changed();
  }

  /** The person's intention; a refusal comes back as the rule's message. */
  send(intent: Intent): string | null {
    const e = this.act(actionOf(intent, this.o.human));
    return e;
  }

  rematch(seed: string): void {
    this.table.rematch(seed);
    this.changed();
  }

  /** The person's new name, shown at once; nothing of the game or its timers changes. */
  rename(name: string): void {
    this.table.rename(this.o.human, name);
    if (!this.stopped) this.publish(this);
  }

  stop(): void {
    this.stopped = true;
    for (const b of this.bots.values()) clearTimeout(b.timer);
    if (this.windowTimer) clearTimeout(this.windowTimer.timer);
    if (this.clock) clearTimeout(this.clock.timer);
  }

  deadlines(): DeadlineInfo[] {
    const out: DeadlineInfo[] = [];
    const w = this.table.game.window;
    if (this.windowTimer && w) out.push({ kind: 'window', seat: w.seat, at: this.windowTimer.at });
    if (this.clock) out.push({ kind: this.clock.kind, seat: this.o.human, at: this.clock.at });
    return out;
  }

  private act(action: Action): string | null {
    const e = this.table.act(action);
    if (e) return e.message;
    this.changed();
    return null;
  }

  private changed(): void {
    if (this.stopped) return;
    this.replanWindow();
    this.replanClock();
    this.replanBots();
    this.publish(this);
  }

  private replanWindow(): void {
    const g = this.table.game;
    const w = g.over ? null : g.window;
    if (!w) {
      if (this.windowTimer) clearTimeout(this.windowTimer.timer);
      this.windowTimer = null;
      return;
    }
    // The window restarts only when the supporter played into it again (R5.4).
    if (this.windowTimer && this.windowTimer.cards >= w.cards.length) return;
    if (this.windowTimer) clearTimeout(this.windowTimer.timer);
    const ms = this.o.settings.windowMs;
    this.windowTimer = {
      cards: w.cards.length,
      at: Date.now() + ms,
      timer: setTimeout(() => {
        this.windowTimer = null;
        this.act({ type: 'closeWindow' });
      }, ms),
    };
  }

  private replanClock(): void {
    const kind = this.o.clocks ? owed(this.table.game, this.o.human) : null;
    if (this.clock && this.clock.kind === kind && kind === 'bet') return;
    if (this.clock) clearTimeout(this.clock.timer);
    this.clock = null;
    if (!kind || !this.o.clocks) return;
    const c = this.o.clocks;
    const ms = kind === 'bet' ? c.betMs : kind === 'target' ? c.targetMs : c.attackerMs;
    this.clock = { kind, at: Date.now() + ms, timer: setTimeout(() => this.timeUp(kind), ms) };
  }

  /** The person idled: what the server does (R5.5). */
  private timeUp(kind: DeadlineInfo['kind']): void {
    this.clock = null;
    const g = this.table.game;
    const seat = this.o.human;
    const view = viewFor(g, seat);
    // The same move as the server's clock (bots' timeoutAction, one source).
    const action = timeoutAction(g, { seat, role: kind }, this.rnd);
    // As the server's line (gameFlow.onClock): value 1 when the clock opens for the person, so the
    // words say the bot opens, not that they stand (an opener cannot) right before their cards go.
    this.table.addLog('timedOut', { seat, text: kind, value: action?.type === 'play' ? 1 : -1 });
    if (!action || this.act(action) !== null) {
      const fallback = chooseAction('heuristic', view, this.rnd);
      if (!fallback || this.act(fallback) !== null) this.changed();
    }
  }

  private replanBots(): void {
    const g = this.table.game;
    for (let seat = 0; seat < g.players; seat++) {
      if (seat === this.o.human) continue;
      const strength = this.o.strengths?.[seat] ?? 'normal';
      // The plan only tells whether the seat has something to do now; a strong seat searches when
      // its move is due, so a change on the table costs one cheap heuristic call per seat, not a search.
      const planner = strength === 'easy' ? 'easy' : 'normal';
      const action = g.over ? null : chooseAction(planner, viewFor(g, seat), this.rnd);
      const plan = action ? JSON.stringify(action) : '';
      const prev = this.bots.get(seat);
      if (prev && prev.plan === plan) continue;
      if (prev) clearTimeout(prev.timer);
      this.bots.delete(seat);
      if (!action) continue;
      const delay = this.o.settings.botDelayMs;
      const wait = delay <= 0 ? 0 : Math.round(delay * (0.6 + 0.8 * this.rnd()));
      const timer = setTimeout(() => {
        if (this.bots.get(seat)?.timer !== timer) return;
        this.bots.delete(seat);
        const searched =
          strength === 'strong' ? chooseAction('strong', viewFor(this.table.game, seat), this.rnd) : null;
        if (searched === null || this.act(searched) !== null) this.act(action);
      }, wait);
      this.bots.set(seat, { plan, timer });
    }
  }
}
