/**
 * The strong bot: information-set Monte Carlo search over determinizations, from its own PlayerView
 * only. Each iteration samples one hidden state consistent with the view (determinize.ts), picks one of
 * the candidate moves at the root by UCB1 (the information set is the root: every sample shares it, so
 * the statistics of a move pool over all samples), plays the move, and plays the game on with the normal
 * heuristic for every seat up to the end of the round (round 1) or of the game (round 2). The move with
 * the most visits is sent.
 *
 * It decides as any seat does at the moment it is asked (R5.1): a move may be refused as stale like a
 * person's, and the active player's over-the-limit extensions are candidates while a take-back window
 * is open (R5.3), so the search uses the priority when the playouts say it pays.
 */
import { type Action, applyAction, type GameState, type PlayerView, type Seat } from '@blaze/rules';
import { candidateActions } from './candidates.js';
import { determinize } from './determinize.js';
import { heuristicBot } from './heuristic.js';
import { playout } from './playout.js';
import type { Strategy } from './view.js';

export interface SearchBudget {
  /** Playouts per decision (the deterministic budget: same view and stream, same move). */
  iterations: number;
  /** Optional wall-clock cap per decision in ms; stops early once reached. */
  timeMs?: number;
  /** Exploration constant of UCB1 on utilities in [0, 1]. */
  exploration?: number;
  now?: () => number;
}

export const DEFAULT_BUDGET: SearchBudget = { iterations: 400, timeMs: 200, exploration: 0.4 };

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

export function search(view: PlayerView, rnd: () => number, budget: SearchBudget = DEFAULT_BUDGET): SearchResult {
  const me = view.viewer;
  if (me === null || view.over) return { action: null, iterations: 0, candidates: 0 };
  const moves: (Action | typeof WAIT)[] = candidateActions(view, rnd);
  // A seat whose normal move is to wait (an attacker with nothing it likes) may also keep waiting.
  const normal = heuristicBot.decide(view, rnd);
  if (normal === null && moves.length > 0 && !view.betting) moves.push(WAIT);
  if (moves.length === 0) return { action: null, iterations: 0, candidates: 0 };
  if (moves.length === 1) {
    const only = moves[0] as Action | typeof WAIT;
    return { action: only === WAIT ? null : only, iterations: 0, candidates: 1 };
  }
  const strategies: Strategy[] = Array.from({ length: view.players }, () => heuristicBot);
  const horizon = view.round === 1 ? 'round' : 'game';
  const n = new Float64Array(moves.length);
  const w = new Float64Array(moves.length);
  const c = budget.exploration ?? 0.4;
  const now = budget.now ?? (() => performance.now());
  const t0 = budget.timeMs === undefined ? 0 : now();
  let it = 0;
  for (; it < budget.iterations; it++) {
    if (budget.timeMs !== undefined && (it & 7) === 0 && it > 0 && now() - t0 >= budget.timeMs) break;
    let arm = -1;
    if (it < moves.length) arm = it;
    else {
      let bestScore = Number.NEGATIVE_INFINITY;
      const logT = Math.log(it);
      for (let i = 0; i < moves.length; i++) {
        const ni = n[i] as number;
        const score = (w[i] as number) / ni + c * Math.sqrt(logT / ni);
        if (score > bestScore) {
          bestScore = score;
          arm = i;
        }
      }
    }
    const sample = determinize(view, rnd);
    const move = moves[arm] as Action | typeof WAIT;
    let s = sample;
    if (move !== WAIT) {
      const r = applyAction(sample, move);
      if (!r.ok) {
        // Never expected (candidates come from the rules' predicates); rule the move out.
        n[arm] = (n[arm] as number) + 1;
        continue;
      }
      s = r.state;
    }
    const end = playout(s, strategies, rnd, horizon);
    n[arm] = (n[arm] as number) + 1;
    w[arm] = (w[arm] as number) + utility(end, me, view.round);
  }
  let best = 0;
  for (let i = 1; i < moves.length; i++) {
    const better = (n[i] as number) > (n[best] as number);
    const tie = n[i] === n[best] && (w[i] as number) > (w[best] as number);
    if (better || tie) best = i;
  }
  const chosen = moves[best] as Action | typeof WAIT;
  return { action: chosen === WAIT ? null : chosen, iterations: it, candidates: moves.length };
}

export function strongBot(budget: SearchBudget = DEFAULT_BUDGET): Strategy {
  return { name: 'strong', decide: (view, rnd) => search(view, rnd, budget).action };
}
