/**
 * Plays every seat the bot controls (bots, and people who are away) through the same path as a
 * person's message, after a human-like delay. After each accepted action the room calls replan():
 * every controlled seat decides again against the new state, so bots act concurrently (a bot
 * supporter may extend while the target thinks) and never send a move planned for an old state.
 */
import { type Action, type GameState, viewFor } from '@blaze/rules';
import { type BotKind, chooseAction } from '../bots.js';
import type { ClockHost } from './clocks.js';

interface Planned {
  action: string;
  timer: { clear(): void };
}

export class BotDriver {
  private planned = new Map<number, Planned>();

  constructor(
    private readonly clock: ClockHost,
    private readonly rnd: () => number,
    /** Sends the action through the room's own path; returns whether it was accepted. */
    private readonly act: (action: Action) => boolean,
    private readonly game: () => GameState | null,
  ) {}

  replan(controlled: (seat: number) => boolean, delayMs: number, kind: BotKind = 'heuristic'): void {
    const game = this.game();
    if (game === null || game.over) {
      this.clearAll();
      return;
    }
    for (let seat = 0; seat < game.players; seat++) {
      const action = controlled(seat) ? chooseAction(kind, viewFor(game, seat), this.rnd) : null;
      const plan = action === null ? '' : JSON.stringify(action);
      const prev = this.planned.get(seat);
      // Same move against the new state: let the running delay finish instead of starting over.
      if (prev && prev.action === plan) continue;
      prev?.timer.clear();
      this.planned.delete(seat);
      if (action === null) continue;
      const wait = delayMs <= 0 ? 0 : Math.round(delayMs * (0.6 + 0.8 * this.rnd()));
      const timer = this.clock.setTimeout(() => {
        if (this.planned.get(seat)?.timer !== timer) return;
        this.planned.delete(seat);
        this.act(action);
      }, wait);
      this.planned.set(seat, { action: plan, timer });
    }
  }

  clearAll(): void {
    for (const p of this.planned.values()) p.timer.clear();
    this.planned.clear();
  }
}
