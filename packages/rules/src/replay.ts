/** replay: rebuild a game from its options (seed or deck) and its action list. */
import { applyAction } from './engine.js';
import { createGame } from './setup.js';
import type { Action, CreateOptions, GameEvent, GameState, RuleError } from './types.js';

export type ReplayResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; index: number; error: RuleError; state: GameState };

export function replay(options: CreateOptions, actions: readonly Action[]): ReplayResult {
  let state = createGame(options);
  const events: GameEvent[] = [];
  for (let i = 0; i < actions.length; i++) {
    const r = applyAction(state, actions[i]);
    if (!r.ok) return { ok: false, index: i, error: r.error, state };
    state = r.state;
    events.push(...r.events);
  }
  return { ok: true, state, events };
}

/** One step of a replay: the state after `index` actions (0: the deal), with that action's events. */
export interface ReplayStep {
  index: number;
  action: Action | null;
  state: GameState;
  events: GameEvent[];
}

/**
 * Every state of a recorded game, for stepping forward and back (and jumping to a round) in a
 * replay viewer. States are immutable values, so keeping them all costs only what changed.
 */
export function replaySteps(options: CreateOptions, actions: readonly Action[]): ReplayStep[] | RuleError {
  let state = createGame(options);
  const steps: ReplayStep[] = [{ index: 0, action: null, state, events: [] }];
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i] as Action;
    const r = applyAction(state, action);
    if (!r.ok) return r.error;
    state = r.state;
    steps.push({ index: i + 1, action, state, events: r.events });
  }
  return steps;
}
