/**
 * Blaze at a table, online (the server's room, apps/server/src/room/blazeLoop.ts) or offline (practice
 * in the page's worker): what the table loop (@blaze/game/loop) is given besides the module, written
 * once so both play alike. The rules know no time; this is the pace people play at.
 */
import { chooseAction, timeoutAction } from '@blaze/bots';
import type { Due } from '@blaze/game';
import type { LoopConfig } from '@blaze/game/loop';
import { MIN_ON_SCREEN_MS, ROUND_BREAK_MS } from '@blaze/protocol';
import type { Action, GameState } from '@blaze/rules';
import { applyAction, viewFor } from '@blaze/rules';

/** The bots' delay at the table's default rhythm, ms. */
export const DEFAULT_BOT_DELAY_MS = 700;
/** A bot waits 0.6 to 1.4 times the table's delay, so bots do not move like clockwork. */
export const BOT_JITTER = 0.4;

/**
 * A move's least time on screen before a bot answers it (issue 10): MIN_ON_SCREEN_MS at the default
 * delay, scaled with the table's, so a fast test table stays fast.
 */
export function onScreenMs(delayMs: number): number {
  return delayMs <= 0 ? 0 : Math.round((delayMs * MIN_ON_SCREEN_MS) / DEFAULT_BOT_DELAY_MS);
}

/**
 * People's clocks wait while a round's end is on screen (its summary: the bets revealed, the new
 * trump), so the next opener's clock does not run out under it: ROUND_BREAK_MS after the move that
 * began a new round, none otherwise.
 */
export function clockPause(before: GameState, after: GameState): number {
  return after.round > before.round && !after.over ? ROUND_BREAK_MS : 0;
}

/**
 * The move for an idle seat (R5.5: the bots' timeoutAction, the module's onTimeout), or the
 * heuristic bot's should the rules refuse it: a clock running out always moves the game on.
 */
export function timeoutMove(s: GameState, d: Due, rnd: () => number): Action | null {
  const action = timeoutAction(s, d as Parameters<typeof timeoutAction>[1], rnd);
  if (d.seat === null || (action !== null && applyAction(s, action).ok)) return action;
  return chooseAction('heuristic', viewFor(s, d.seat), rnd);
}

export interface ClockSpeeds {
  attackerMs: number;
  targetMs: number;
  betMs: number;
}

/** A role's clock: the take-back window's runs on an untimed table (`speed` null) too. */
export function clockMsOf(windowMs: number, speed: ClockSpeeds | null): (role: string) => number | null {
  return (role) => {
    if (role === 'window') return windowMs;
    if (speed === null) return null;
    return role === 'bet' ? speed.betMs : role === 'target' ? speed.targetMs : speed.attackerMs;
  };
}

/** The loop's configuration for a Blaze table: its clocks, its bots' delay and their least gap. */
export function blazeLoopConfig(o: { windowMs: number; speed: ClockSpeeds | null; botDelayMs: number }): LoopConfig {
  return {
    clockMs: clockMsOf(o.windowMs, o.speed),
    botDelayMs: o.botDelayMs,
    botJitter: BOT_JITTER,
    botGapMs: onScreenMs(o.botDelayMs),
    // Blaze has no automatic steps.
    autoDelayMs: [0, 0],
  };
}
