/**
 * One seeded game played by bots (each from its own view), for tests and the league. Pure: the
 * bots' randomness comes from a stream seeded by the game's seed.
 */
import { randomStream } from '@blaze/rules';
import type { Action, View } from '../engine.js';
import { applyAction, createGame, type Options, type Seat, type State, viewFor } from '../engine.js';
import { decide } from './index.js';
import { LEAGUE_BUDGET, strongBot } from './strong.js';

export type Decide = (strength: string, view: View, rnd: () => number) => Action | null;

const leagueStrong = strongBot(LEAGUE_BUDGET);

/** The module's bots, but `strong` without its wall-clock cap: a seed gives one game on any machine. */
export const leagueDecide: Decide = (strength, view, rnd) =>
  strength === 'strong' ? leagueStrong(view, rnd) : decide(strength, view, rnd);

export interface MatchResult {
  losers: Seat[];
  winners: Seat[];
  actions: number;
  state: State;
}

export function playMatch(
  strengths: readonly string[],
  o: Omit<Options, 'players'>,
  maxActions = 5000,
  bot: Decide = leagueDecide,
): MatchResult {
  let s = createGame({ ...o, players: strengths.length as 2 | 3 | 4 });
  const rnd = randomStream(`bots-${o.seed}`);
  let n = 0;
  for (; n < maxActions && !s.over; n++) {
    const seat = viewFor(s, null).awaited as Seat;
    const a = bot(strengths[seat] as string, viewFor(s, seat), rnd);
    if (a === null) throw new Error(`bot at seat ${seat} has no action`);
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`bot at seat ${seat} sent a refused action: ${r.error.code}`);
    s = r.state;
  }
  if (!s.over) throw new Error(`game ${o.seed} did not end within ${maxActions} actions`);
  return { losers: s.losers, winners: s.winners, actions: n, state: s };
}
