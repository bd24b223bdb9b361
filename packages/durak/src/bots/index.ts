/**
 * Bots for Battle of Durak (DT5), by strength: each decides from its own View only (D1.5, D1.6).
 * `easy` and `normal` are heuristics (heuristic.ts); `strong` searches over the cards it cannot see
 * with the shared search of @blaze/game/search, playing on as `normal` (strong.ts).
 */
import type { Action, View } from '../engine.js';
import { easy, normal } from './heuristic.js';
import { strong } from './strong.js';

export { easy, legalFromView, normal } from './heuristic.js';
export { DEFAULT_BUDGET, determinize, LEAGUE_BUDGET, playout, publicKnowledge, search, strongBot } from './strong.js';

export const STRENGTHS = ['easy', 'normal', 'strong'] as const;
export type Strength = (typeof STRENGTHS)[number];

export function decide(strength: string, view: View, rnd: () => number): Action | null {
  if (strength === 'easy') return easy(view, rnd);
  if (strength === 'normal') return normal(view, rnd);
  if (strength === 'strong') return strong(view, rnd);
  return null;
}
