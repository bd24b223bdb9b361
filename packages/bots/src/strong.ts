/**
 * The strong bot: Monte Carlo search over determinizations of its own information set, from its own
 * PlayerView only. Each sample draws one hidden state consistent with the view (determinize.ts); every
 * candidate move (candidates.ts) is played in that same sample and the game is played on with the
 * normal heuristic for every seat, with the same random stream for each move (common random numbers),
 * up to the end of the round (round 1) or of the game (round 2). The move with the best paired
 * advantage over the normal move wins, but only when that advantage exceeds its standard error:
 * otherwise the normal move is kept, so the search improves on the heuristic where it sees a clear gain.
 *
 * It decides as any seat does at the moment it is asked (R5.1): a move may be refused as stale like a
 * person's, and the active player's over-the-limit extensions are candidates while a take-back window
 * is open (R5.3), so the search uses the priority when the playouts say it pays.
 */
import { type Action, applyBuiltAction, type GameState, type PlayerView, randomStream, type Seat } from '@blaze/rules';
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
  /** Standard errors by which a move must beat the normal move to be chosen instead (default 1). */
  margin?: number;
  now?: () => number;
}

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

export function search(view: PlayerView, rnd: () => number, budget: SearchBudget = DEFAULT_BUDGET): SearchResult {
  const me = view.viewer;
  if (me === null || view.over) return { action: null, iterations: 0, candidates: 0 };
  const moves: (Action | typeof WAIT)[] = candidateActions(view, rnd);
  // A seat whose normal move is to wait (an attacker with nothing it likes) may also keep waiting.
  const normal = heuristicBot.decide(view, rnd);
  if (normal === null && moves.length > 0 && !view.betting) moves.unshift(WAIT);
  if (moves.length === 0) return { action: null, iterations: 0, candidates: 0 };
  if (moves.length === 1 || budget.iterations < moves.length) {
    const first = moves[0] as Action | typeof WAIT;
    return { action: first === WAIT ? null : first, iterations: 0, candidates: moves.length };
  }
  // moves[0] is the normal heuristic's own move (or waiting, when that is what it does).
  const strategies: Strategy[] = Array.from({ length: view.players }, () => heuristicBot);
  const horizon = view.round === 1 ? 'round' : 'game';
  const m = moves.length;
  const sum = new Float64Array(m);
  /** Paired differences against moves[0]: sum and sum of squares. */
  const dSum = new Float64Array(m);
  const dSq = new Float64Array(m);
  const now = budget.now ?? (() => performance.now());
  const t0 = budget.timeMs === undefined ? 0 : now();
  const u = new Float64Array(m);
  let samples = 0;
  let playouts = 0;
  while (playouts + m <= budget.iterations) {
    if (budget.timeMs !== undefined && samples > 0 && now() - t0 >= budget.timeMs) break;
    // Common random numbers: every move meets the same hidden cards and the same playout stream, so
    // the comparison measures the move, not the luck of the deal.
    const sample = determinize(view, rnd);
    const seed = `${Math.floor(rnd() * 2 ** 32)}`;
    for (let i = 0; i < m; i++) {
      const move = moves[i] as Action | typeof WAIT;
      let s = sample;
      if (move !== WAIT) {
        const r = applyBuiltAction(sample, move);
        // Never expected (candidates come from the rules' predicates): such a move scores nothing.
        if (!r.ok) {
          u[i] = 0;
          continue;
        }
        s = r.state;
      }
      u[i] = utility(playout(s, strategies, randomStream(seed), horizon), me, view.round);
    }
    for (let i = 0; i < m; i++) {
      sum[i] = (sum[i] as number) + (u[i] as number);
      const d = (u[i] as number) - (u[0] as number);
      dSum[i] = (dSum[i] as number) + d;
      dSq[i] = (dSq[i] as number) + d * d;
    }
    samples++;
    playouts += m;
  }
  // Leave the normal move only for one that is better by more than the noise (one standard error).
  let best = 0;
  let bestMean = 0;
  for (let i = 1; i < m; i++) {
    const mean = (dSum[i] as number) / samples;
    const variance = Math.max(0, (dSq[i] as number) / samples - mean * mean);
    const se = Math.sqrt(variance / Math.max(1, samples - 1));
    if (mean > bestMean && mean > (budget.margin ?? 1) * se) {
      best = i;
      bestMean = mean;
    }
  }
  const chosen = moves[best] as Action | typeof WAIT;
  return { action: chosen === WAIT ? null : chosen, iterations: playouts, candidates: m };
}

export function strongBot(budget: SearchBudget = DEFAULT_BUDGET): Strategy {
  return { name: 'strong', decide: (view, rnd) => search(view, rnd, budget).action };
}
