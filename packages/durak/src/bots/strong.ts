/**
 * Durak's strong bot: the shared determinized search (@blaze/game/search) over the cards it cannot
 * see (determinize.ts). Candidates are its legal actions with the normal bot's choice first; each is
 * played on to the end of the game by `normal` at every seat, and scored 1 when the bot is not the
 * durak (its team won, in Team Battle), 0 when it is, ½ for a game with no loser or one cut short.
 * It leaves the normal move only for one clearly better over the samples (one standard error).
 */

import { type SearchBudget, type SearchGame, searchMoves } from '@blaze/game/search';
import { randomStream } from '@blaze/rules';
import { cost, suitOf } from '../cards.js';
import { type Action, applyAction, awaitedSeat, type Seat, type State, type View } from '../engine.js';
import { determinize } from './determinize.js';
import { legalFromView, normal } from './heuristic.js';

export { determinize, publicKnowledge } from './determinize.js';

/** What the league measures (no clock, so a seed gives one game): p95 ≤ 250 ms on one core. */
export const LEAGUE_BUDGET: SearchBudget = { iterations: 320, margin: 1 };
/** On a table: the league's budget, capped at 200 ms on a busy server. */
export const DEFAULT_BUDGET: SearchBudget = { ...LEAGUE_BUDGET, timeMs: 200 };

/** A View of a sampled state for the normal bot, sharing its arrays (the sample is the search's own). */
function playView(s: State, seat: Seat): View {
  return {
    viewer: seat,
    players: s.players,
    ambush: s.ambush,
    team: s.team,
    dealer: s.dealer,
    hand: s.hands[seat] as string[],
    handCounts: [],
    deckCount: s.deck.length,
    trump: s.trump,
    trumpDrawnBy: s.trumpDrawnBy,
    attacker: s.attacker,
    defender: s.defender,
    ambusher: s.ambusher,
    awaited: seat,
    table: s.table,
    graveyardCount: s.graveyard.length,
    out: [],
    places: s.places,
    losers: s.losers,
    winners: s.winners,
    over: s.over,
    teams: [],
    log: [],
  };
}

/** `s` played on by `normal` at every seat until the game ends or `maxActions` pass. */
export function playout(s0: State, rnd: () => number, maxActions = 1000): State {
  let s = s0;
  for (let n = 0; n < maxActions && !s.over; n++) {
    const seat = awaitedSeat(s);
    if (seat === null) break;
    const a = normal(playView(s, seat), rnd);
    if (a === null) break;
    const r = applyAction(s, a);
    if (!r.ok) break;
    s = r.state;
    // The playout keeps no history and no graveyard (only its size could matter, and no policy reads
    // it): every step's copy stays small.
    s.log = [];
    s.graveyard = [];
  }
  return s;
}

function outcomeFor(s: State, me: Seat): number {
  if (!s.over) return 0.5;
  if (s.losers.includes(me)) return 0;
  if (s.winners.includes(me)) return s.losers.length === 0 && s.team ? 0.5 : 1;
  return 0.5;
}

const durakSearch = (me: Seat): SearchGame<View, State, Action> => ({
  sample: determinize,
  apply(s, a) {
    const r = applyAction(s, a);
    if (!r.ok) return null;
    r.state.log = [];
    return r.state;
  },
  playout: (s, rnd) => playout(s, rnd),
  score: (end) => outcomeFor(end, me),
  stream: (seed) => randomStream(`${seed}`),
});

/** Candidates per decision, the normal move included (a hand after a retreat can hold a dozen). */
export const MAX_CANDIDATES = 6;

export interface SearchResult {
  action: Action | null;
  iterations: number;
  candidates: number;
}

export function search(view: View, rnd: () => number, budget: SearchBudget = DEFAULT_BUDGET): SearchResult {
  const me = view.viewer;
  const base = normal(view, rnd);
  if (me === null || base === null) return { action: null, iterations: 0, candidates: 0 };
  const card = (a: Action) => ('card' in a ? a.card : null);
  const trump = suitOf(view.trump);
  // The normal move first; then retreating or ending, then the cheapest cards: more samples for each.
  const others = legalFromView(view)
    .filter((a) => a.type !== base.type || card(a) !== card(base))
    .sort((a, b) => {
      const ca = card(a);
      const cb = card(b);
      return (ca === null ? -1 : cost(ca, trump)) - (cb === null ? -1 : cost(cb, trump));
    });
  const moves = [base, ...others.slice(0, MAX_CANDIDATES - 1)];
  const r = searchMoves(durakSearch(me), view, moves, rnd, budget);
  return { action: r.move, iterations: r.iterations, candidates: moves.length };
}

export function strongBot(budget: SearchBudget = DEFAULT_BUDGET): (view: View, rnd: () => number) => Action | null {
  return (view, rnd) => search(view, rnd, budget).action;
}

export const strong = strongBot();
