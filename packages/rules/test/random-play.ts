/** Random legal play for tests: any seat's legal action, or the server's closeWindow, chosen uniformly. */
import { legalActions } from '../src/legal.js';
import { randomStream } from '../src/rng.js';
import type { Action, GameState } from '../src/types.js';

export function allLegal(s: GameState): Action[] {
  const out: Action[] = [];
  for (let seat = 0; seat < s.players; seat++) out.push(...legalActions(s, seat));
  if (s.window !== null) out.push({ type: 'closeWindow' });
  return out;
}

export function randomChooser(seed: string): (s: GameState) => Action | null {
  const rnd = randomStream(seed);
  return (s) => {
    const all = allLegal(s);
    if (all.length === 0) return null;
    return all[Math.floor(rnd() * all.length)] as Action;
  };
}
