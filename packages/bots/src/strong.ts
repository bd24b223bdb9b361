/**
 * The strong bot: Monte Carlo search over determinizations of its own information set, from its own
 * PlayerView only. Each sample draws one hidden state consistent with the view (determinize.ts); every
 * candidate move (candidates.ts) is played in that same sample and the game is played on with the
 * normal heuristic for every seat, with the same random stream for each move (common random numbers),
 * up to the end of the round (round 1) or of the game (round 2). The search loop is the shared
 * @blaze/game/search; this file gives it Blaze (sample, apply, playout, utility). The move with the best paired
 * advantage over the normal move wins, but only when that advantage exceeds its standard error:
 * otherwise the normal move is kept, so the search improves on the heuristic where it sees a clear gain.
 *
 * It decides as any seat does at the moment it is asked (R5.1): a move may be refused as stale like a
 * person's, and the active player's over-the-limit extensions are candidates while a take-back window
 * is open (R5.3), so the search uses the priority when the playouts say it pays.
 */

import { type SearchBudget, type SearchGame, searchMoves } from '@blaze/game/search';
import { type Action, applyBuiltAction, type GameState, type PlayerView, randomStream, type Seat } from '@blaze/rules';
import { candidateActions } from './candidates.js';
import { determinize } from './determinize.js';
import { heuristicBot } from './heuristic.js';
import { playout } from './playout.js';
import type { Strategy } from './view.js';

export type { SearchBudget };

/** 120 playouts (what the league measures), capped at 200 ms on a busy server. */
export const DEFAULT_BUDGET: SearchBudget = { iterations: 120, timeMs: 200, margin: 1 };

/** How good the end of a playout is for `me`, in [0, 1]. */
export function utility(s: GameState, me: Seat, startRound: 1 | 2): number {
  const mine = s.scores[me] as number;
  let best = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === me) continue;
    const v = s.scores[seat] as number;
    sum += v;
    if (v > best) best = v;
  }
  if (s.over) {
    // Winning is what counts; the margin breaks ties between playouts that all win or all lose.
    const margin = Math.max(-8, Math.min(8, mine - best));
    return (s.winner === me ? 0.8 : 0) + 0.2 * ((margin + 8) / 16);
  }
  // Round 1 (or a playout cut short): points against the field and the leader, squashed into [0, 1].
  const mean = sum / (s.players - 1);
  const lead = 0.6 * (mine - mean) + 0.4 * (mine - best);
  const roundLoss = startRound === 1 && s.roundLosers[0] === me ? 0.5 : 0;
  return 1 / (1 + Math.exp(-(lead - roundLoss) / 2));
}

export interface SearchResult {
  action: Action | null;
  iterations: number;
  candidates: number;
}

const WAIT = 'wait';
type Move = Action | typeof WAIT;

/** Blaze for the shared search (@blaze/game/search): every seat plays on as the normal heuristic. */
function blazeSearch(view: PlayerView, me: Seat): SearchGame<PlayerView, GameState, Move> {
  const strategies: Strategy[] = Array.from({ length: view.players }, () => heuristicBot);
  // The horizon is the round the decision is taken in, even when a move ends that round.
  const horizon = view.round === 1 ? 'round' : 'game';
  return {
    sample: determinize,
    apply(s, move) {
      if (move === WAIT) return s;
      const r = applyBuiltAction(s, move);
      // Never expected (candidates come from the rules' predicates): such a move scores nothing.
      return r.ok ? r.state : null;
    },
    playout: (s, rnd) => playout(s, strategies, rnd, horizon),
    score: (end) => utility(end, me, view.round),
    stream: (seed) => randomStream(`${seed}`),
  };
}

export function search(view: PlayerView, rnd: () => number, budget: SearchBudget = DEFAULT_BUDGET): SearchResult {
  const me = view.viewer;
  if (me === null || view.over) return { action: null, iterations: 0, candidates: 0 };
  const moves: Move[] = candidateActions(view, rnd);
  // A seat whose normal move is to wait (an attacker with nothing it likes) may also keep waiting.
  const normal = heuristicBot.decide(view, rnd);
  if (normal === null && moves.length > 0 && !view.betting) moves.unshift(WAIT);
  if (moves.length === 0) return { action: null, iterations: 0, candidates: 0 };
  // moves[0] is the normal heuristic's own move (or waiting, when that is what it does).
  const r = searchMoves(blazeSearch(view, me), view, moves, rnd, budget);
  return {
    action: r.move === WAIT || r.move === null ? null : r.move,
    iterations: r.iterations,
    candidates: moves.length,
  };
}

export function strongBot(budget: SearchBudget = DEFAULT_BUDGET): Strategy {
  return { name: 'strong', decide: (view, rnd) => search(view, rnd, budget).action };
}
