/**
 * Table clocks (R5.4, R5.5). The rules know no time: the take-back window is closed by a
 * `closeWindow` action when its timer fires, and idle people are acted for (attacker stands,
 * target passes, a bet is placed by the bot). The deadlines are re-planned whenever the state
 * moves on; one host timer per table wakes for the soonest.
 */
import { blazeModule } from '@blaze/blaze-game';
import type { ClockSpeed } from '@blaze/protocol';
import { CLOCK_STEP_MS, CLOCKS, ROUND_BREAK_MS } from '@blaze/protocol';
import { due, type GameState } from '@blaze/rules';
import { type ClockHost, SoonestTimer } from './soonestTimer.js';

export type { ClockHost };

export type ClockKind = 'window' | 'attacker' | 'target' | 'bet';

export interface Due {
  kind: ClockKind;
  seat: number;
}

export type ClockTable = Record<ClockSpeed, { attackerMs: number; targetMs: number; betMs: number }>;

/** Who must act for the game to go on (R4.7, R5.2, R9.1), apart from the window; by seat within each kind. */
export function whoMustAct(game: GameState): Due[] {
  const want = new Uint8Array(SLOTS);
  markMustAct(game, want);
  const out: Due[] = [];
  for (let slot = 0; slot < SLOTS; slot++) if (want[slot] === 1) out.push(dueOf(slot));
  return out;
}

const KINDS: readonly ClockKind[] = ['attacker', 'target', 'bet'];
/** The slots are Blaze's roles, for each seat Blaze has (its module's). */
const SEATS = blazeModule.seats.max;
/** Slots: attacker seats 0-4, target seats 5-9, bettors 10-14; the window has its own. */
const SLOTS = KINDS.length * SEATS;
const slotOf = (kind: Exclude<ClockKind, 'window'>, seat: number) => KINDS.indexOf(kind) * SEATS + seat;
const dueOf = (slot: number): Due => ({ kind: KINDS[Math.floor(slot / SEATS)] as ClockKind, seat: slot % SEATS });

/**
 * A table's clocks as deadlines in fixed slots, with one host timer for the soonest (SoonestTimer):
 * every change restarts the idle clocks, so they move later on every action without re-arming it.
 */
export class TableClocks {
  /** Deadline per slot (epoch ms on the step grid), 0 when not running. */
  private readonly at = new Float64Array(SLOTS);
  private readonly want = new Uint8Array(SLOTS);
  private windowAt = 0;
  private windowSeat = -1;
  /** The window cards the window clock was started for: a longer list means the supporter played again. */
  private windowCards = 0;
  /** The round of the last replan, and until when a round's end holds people's clocks (ROUND_BREAK_MS). */
  private round = 0;
  private breakUntil = 0;
  /** The game of the last replan: idle clocks restart only when it moved on. */
  private planned: GameState | null = null;
  private readonly timer: SoonestTimer;

  constructor(
    clock: ClockHost,
    private readonly fire: (due: Due) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = new SoonestTimer(
      clock,
      now,
      () => this.soonest(),
      () => this.fireDue(),
    );
  }

  /**
   * Re-plan after a change: when the game moved on, idle clocks of attackers and target restart (the
   * situation changed under them), bet clocks run on from when betting began, the window clock restarts only
   * when the supporter played into it again (R5.4).
   */
  replan(
    game: GameState | null,
    windowMs: number,
    /** null: an untimed table, where only the take-back window runs. */
    speed: { attackerMs: number; targetMs: number; betMs: number } | null,
  ): void {
    const now = this.now();
    // A new round of the same game (not a restored table's first plan, nor a new game): a break.
    const round = game?.round ?? 0;
    if (this.round !== 0 && round > this.round) this.breakUntil = now + ROUND_BREAK_MS;
    this.round = round;
    const from = Math.max(now, this.breakUntil);
    // Someone joining, leaving, reloading or watching is no change under the idle players: their
    // clocks run on (a reload showed 15 s left, then 23 s; issue #40).
    const moved = game !== this.planned;
    this.planned = game;
    this.want.fill(0);
    if (game && speed) markMustAct(game, this.want);
    for (let slot = 0; slot < SLOTS; slot++) {
      if (this.want[slot] === 0 || !speed) this.at[slot] = 0;
      else if (slot >= 2 * SEATS) {
        if (this.at[slot] === 0) this.at[slot] = onGrid(from + speed.betMs);
      } else if (moved || this.at[slot] === 0)
        this.at[slot] = onGrid(from + (slot < SEATS ? speed.attackerMs : speed.targetMs));
    }
    const w = game && !game.over ? game.window : null;
    if (w === null) {
      this.windowAt = 0;
      this.windowCards = 0;
    } else if (this.windowAt === 0 || w.cards.length > this.windowCards || w.seat !== this.windowSeat) {
      this.windowCards = w.cards.length;
      this.windowSeat = w.seat;
      this.windowAt = onGrid(now + windowMs);
    }
    this.timer.update();
  }

  /** Deadlines for the state, soonest first. */
  deadlines(): { kind: ClockKind; seat: number; at: number }[] {
    const out: { kind: ClockKind; seat: number; at: number }[] = [];
    for (let slot = 0; slot < SLOTS; slot++) {
      const at = this.at[slot] as number;
      if (at !== 0) out.push({ ...dueOf(slot), at });
    }
    if (this.windowAt !== 0) out.push({ kind: 'window', seat: this.windowSeat, at: this.windowAt });
    return out.sort((a, b) => a.at - b.at || a.seat - b.seat);
  }

  clearAll(): void {
    this.planned = null;
    this.at.fill(0);
    this.windowAt = 0;
    this.windowCards = 0;
    this.timer.clear();
  }

  private soonest(): number {
    let soonest = this.windowAt === 0 ? Number.POSITIVE_INFINITY : this.windowAt;
    for (let slot = 0; slot < SLOTS; slot++) {
      const at = this.at[slot] as number;
      if (at !== 0 && at < soonest) soonest = at;
    }
    return soonest;
  }

  /** Fires every clock now due, soonest first; each may change the others (it replans). */
  private fireDue(): void {
    for (;;) {
      const due = this.nextDue(this.now());
      if (due === null) return;
      this.fire(due);
    }
  }

  /** The soonest clock at or before now (ties: the lower seat, the window last), taken off. */
  private nextDue(now: number): Due | null {
    let best = -1;
    let bestAt = Number.POSITIVE_INFINITY;
    for (let slot = 0; slot < SLOTS; slot++) {
      const at = this.at[slot] as number;
      if (at === 0 || at > now) continue;
      if (at < bestAt || (at === bestAt && slot % SEATS < best % SEATS)) {
        best = slot;
        bestAt = at;
      }
    }
    if (this.windowAt !== 0 && this.windowAt <= now && this.windowAt < bestAt) {
      this.windowAt = 0;
      return { kind: 'window', seat: this.windowSeat };
    }
    if (best < 0) return null;
    this.at[best] = 0;
    return dueOf(best);
  }
}

/** On the 100 ms grid (up to 99 ms later), so a deadline travels in a few characters (wire.ts). */
function onGrid(ms: number): number {
  return Math.ceil(ms / CLOCK_STEP_MS) * CLOCK_STEP_MS;
}

/**
 * whoMustAct's seats as slot flags. The rules decide who is due (`due`, one source for the clocks,
 * practice and the game module); the window is planned apart, from `game.window` (its restarts).
 */
function markMustAct(game: GameState, want: Uint8Array): void {
  for (const d of due(game)) if (d.seat !== null && d.role !== 'window') want[slotOf(d.role, d.seat)] = 1;
}

/** The idle times of a table's clock setting; null when it is off (nobody is timed). */
export function speedOf(
  table: ClockTable,
  clock: string,
): { attackerMs: number; targetMs: number; betMs: number } | null {
  if (clock === 'off') return null;
  return table[clock as ClockSpeed] ?? CLOCKS.normal;
}
