/**
 * A Blaze practice table in the page's worker: Blaze's game module (@blaze/blaze-game) on the same
 * table loop as every other game's table (@blaze/game/loop), with no server. The bots at the
 * strength chosen per seat (the strong one searching here, in the worker), the take-back window's
 * timer and the person's idle clock are the loop's timers, on the module's timing (R5.4, R5.5) and
 * its timeout moves, as the server's room plays them (apps/server/src/room). LocalTable keeps the
 * public log and the snapshot the page draws; every change goes out as one snapshot through `publish`.
 */
import { blazeLoopConfig, blazeModule, type ClockSpeeds, clockPause, timeoutMove } from '@blaze/blaze-game';
import type { Strength } from '@blaze/bots';
import { type LoopHooks, type LoopTimers, TableLoop } from '@blaze/game/loop';
import { type Action, due, type GameEvent, type GameState, type Seat } from '@blaze/rules';
import { pageTimers, rethrowLater } from '../../../kit/pageLoop.js';
import type { DeadlineInfo } from '../../../shell/host.js';
import { actionOf, type Intent, type LocalOptions, LocalTable } from './localTable.js';

export type { ClockSpeeds };

export interface PracticeOptions extends LocalOptions {
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

export class PracticeSession {
  readonly table: LocalTable;
  private loop: TableLoop<GameState, Action, GameEvent>;
  private stopped = false;

  constructor(
    private readonly o: PracticeOptions,
    private readonly publish: (s: PracticeSession) => void,
    private readonly rnd: () => number,
    /** The page's timers; a test may hand in a fake clock. */
    private readonly timers: LoopTimers = pageTimers,
  ) {
    this.table = new LocalTable(o);
    this.loop = this.newLoop();
  }

  start(): void {
    this.loop.plan();
    this.tell();
  }

  /** The person's intention; a refusal comes back as the rule's message. */
  send(intent: Intent): string | null {
    return this.loop.act(actionOf(intent, this.o.human), 'person')?.message ?? null;
  }

  rematch(seed: string): void {
    this.loop.stop();
    this.table.rematch(seed);
    this.loop = this.newLoop();
    this.start();
  }

  /** The person's new name, shown at once; nothing of the game or its timers changes. */
  rename(name: string): void {
    this.table.rename(this.o.human, name);
    this.tell();
  }

  stop(): void {
    this.stopped = true;
    this.loop.stop();
  }

  /** The take-back window's deadline and the person's clock, as the page shows them (bots' are not shown). */
  deadlines(): DeadlineInfo[] {
    const out: DeadlineInfo[] = [];
    const w = this.table.game.window;
    const timers = this.loop.deadlines().filter((d) => d.kind === 'clock');
    for (const d of timers) if (d.role === 'window' && w) out.push({ kind: 'window', seat: w.seat, at: d.at });
    for (const d of timers) {
      if (d.seat === this.o.human) out.push({ kind: d.role as DeadlineInfo['kind'], seat: d.seat, at: d.at });
    }
    return out;
  }

  private newLoop(): TableLoop<GameState, Action, GameEvent> {
    const o = this.o;
    // The game as LocalTable dealt it (a fixed deck or start seat passes through), and the timeout
    // move with its fallback.
    const first = this.table.game;
    const module = { ...blazeModule, setup: () => first, onTimeout: timeoutMove };
    const hooks: LoopHooks<GameState, Action, GameEvent> = {
      player: (seat) =>
        seat === o.human ? { kind: 'person' } : { kind: 'bot', strength: o.strengths?.[seat] ?? 'normal' },
      accept: (action, _next, _events, source) => {
        if (source === 'clock' && 'seat' in action && action.seat === o.human) this.timedOut(action);
        return true;
      },
      changed: (state, events) => {
        this.table.adopt(state, events);
        this.tell();
      },
      fault: rethrowLater,
      clockPause,
    };
    // Blaze's pace as the server's tables keep it (@blaze/blaze-game's table.ts): the bots' least
    // time on screen after a move, the person's clock held over a round's summary.
    const config = blazeLoopConfig({
      windowMs: o.settings.windowMs,
      speed: o.clocks,
      botDelayMs: o.settings.botDelayMs,
    });
    return new TableLoop(module, { players: o.players }, o.seed, hooks, config, this.timers, this.rnd);
  }

  /** The person's clock ran out and moves for them: said first, as the server's line (apps/server/src/room/blazeLoop.ts). */
  private timedOut(action: Action): void {
    const seat = this.o.human;
    const role = owed(this.loop.state, seat);
    // Value 1 when the clock opens for the person, so the words say the bot opens, not that they
    // stand (an opener cannot) right before their cards go.
    this.table.addLog('timedOut', {
      seat,
      text: role ?? '',
      value: action.type === 'play' && this.loop.state.table.length === 0 ? 1 : -1,
    });
  }

  private tell(): void {
    if (!this.stopped) this.publish(this);
  }
}
