/**
 * Table clocks (R5.4, R5.5). The rules know no time: the take-back window is closed by a
 * `closeWindow` action when its timer fires, and idle people are acted for (attacker stands,
 * target passes, a bet is placed by the bot). Every timer runs on the room's clock and is cleared
 * or re-armed whenever the state moves on.
 */
import type { ClockSpeed } from '@blaze/protocol';
import { CLOCK_STEP_MS, CLOCKS } from '@blaze/protocol';
import { type GameState, isStanding } from '@blaze/rules';

export type ClockKind = 'window' | 'attacker' | 'target' | 'bet';

export interface Due {
  kind: ClockKind;
  seat: number;
}

export type ClockTable = Record<ClockSpeed, { attackerMs: number; targetMs: number; betMs: number }>;

/** Who must act for the game to go on (R4.7, R5.2, R9.1), apart from the window. */
export function whoMustAct(game: GameState): Due[] {
  if (game.over) return [];
  const out: Due[] = [];
  if (game.betting) {
    for (let seat = 0; seat < game.players; seat++) {
      if (!game.bets.some((b) => b.round === game.round && b.by === seat)) out.push({ kind: 'bet', seat });
    }
    return out;
  }
  if (game.table.length === 0) return [{ kind: 'attacker', seat: game.active }];
  if (!game.targetPassed && game.table.some((e) => e.rejection === null)) {
    out.push({ kind: 'target', seat: game.target });
  }
  for (const seat of [game.active, game.supporter]) {
    if (seat === null) continue;
    if (!isStanding(game, seat, game.hands[seat] ?? [], game.standing)) out.push({ kind: 'attacker', seat });
  }
  return out;
}

interface Timer {
  clear(): void;
}

export interface ClockHost {
  setTimeout(fn: () => void, ms: number): Timer;
}

interface Armed extends Due {
  at: number;
  timer: Timer;
}

const key = (d: Due) => `${d.kind}:${d.seat}`;

export class TableClocks {
  private armed = new Map<string, Armed>();
  /** The window cards the window timer was armed for: a longer list means the supporter played again. */
  private windowCards = 0;

  constructor(
    private readonly clock: ClockHost,
    private readonly fire: (due: Due) => void,
  ) {}

  /**
   * Re-plan after the game moved on: idle clocks of attackers and target restart (the situation
   * changed under them), bet clocks run on from when betting began, the window timer restarts only
   * when the supporter played into it again (R5.4).
   */
  replan(
    game: GameState | null,
    windowMs: number,
    speed: { attackerMs: number; targetMs: number; betMs: number },
  ): void {
    const want = game ? whoMustAct(game) : [];
    const wantKeys = new Set(want.map(key));
    for (const [k, a] of this.armed) {
      if (a.kind === 'window') continue;
      if (!wantKeys.has(k) || a.kind !== 'bet') this.disarm(k);
    }
    for (const d of want) {
      if (this.armed.has(key(d))) continue;
      const ms = d.kind === 'bet' ? speed.betMs : d.kind === 'target' ? speed.targetMs : speed.attackerMs;
      this.arm(d, ms);
    }
    const w = game && !game.over ? game.window : null;
    const wk = 'window';
    if (w === null) {
      this.disarm(wk);
      this.windowCards = 0;
    } else if (!this.armed.has(wk) || w.cards.length > this.windowCards) {
      this.disarm(wk);
      this.windowCards = w.cards.length;
      this.arm({ kind: 'window', seat: w.seat }, windowMs, wk);
    }
  }

  /** Deadlines for the state, soonest first. */
  deadlines(): { kind: ClockKind; seat: number; at: number }[] {
    return [...this.armed.values()]
      .map(({ kind, seat, at }) => ({ kind, seat, at }))
      .sort((a, b) => a.at - b.at || a.seat - b.seat);
  }

  clearAll(): void {
    for (const k of [...this.armed.keys()]) this.disarm(k);
    this.windowCards = 0;
  }

  private arm(d: Due, ms: number, k = key(d)): void {
    // On the 100 ms grid (up to 99 ms more), so the deadline travels in a few characters (wire.ts).
    const now = Date.now();
    const at = Math.ceil((now + ms) / CLOCK_STEP_MS) * CLOCK_STEP_MS;
    const timer = this.clock.setTimeout(() => {
      if (this.armed.get(k)?.timer !== timer) return;
      this.armed.delete(k);
      this.fire(d);
    }, at - now);
    this.armed.set(k, { ...d, at, timer });
  }

  private disarm(k: string): void {
    const a = this.armed.get(k);
    if (!a) return;
    a.timer.clear();
    this.armed.delete(k);
  }
}

export function speedOf(table: ClockTable, clock: string): { attackerMs: number; targetMs: number; betMs: number } {
  return table[clock as ClockSpeed] ?? CLOCKS.normal;
}
