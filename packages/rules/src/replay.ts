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
