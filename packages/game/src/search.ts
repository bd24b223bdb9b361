/**
 * @blaze/game/search: the game-independent half of a strong bot. Monte Carlo search over
 * determinizations of one seat's information set: each sample draws one whole state consistent with
 * the seat's view (the game's `sample`), every candidate move is applied in that same sample and the
 * game is played on by the game's own policy with the same playout stream for each move (common
 * random numbers: the comparison measures the move, not the luck of the deal), and the end is scored
 * for the searching seat. The move with the best paired advantage over moves[0] (the game's baseline,
 * its normal bot's move) wins, but only when that advantage exceeds `margin` standard errors:
 * otherwise the baseline is kept, so the search improves on the heuristic where it sees a clear gain.
 *
 * Pure and seeded: the only randomness is `rnd` (and the streams made from the seeds it draws), so the
 * same view, moves, stream and iteration budget give the same move. A wall-clock cap is optional.
 */

export interface SearchBudget {
  /** Playouts per decision (the deterministic budget: same view and stream, same move). */
  iterations: number;
  /** Optional wall-clock cap per decision in ms; stops early once reached (after one sample). */
  timeMs?: number;
  /** Standard errors by which a move must beat moves[0] to be chosen instead (default 1). */
  margin?: number;
  now?: () => number;
}

/** What one game tells the search. V: a seat's view; S: a whole state; M: a candidate move. */
export interface SearchGame<V, S, M> {
  /** One whole state consistent with `view`, its hidden parts drawn with `rnd`. */
  sample(view: V, rnd: () => number): S;
  /** The state after `move` in `state`, or null when refused (such a move scores 0). */
  apply(state: S, move: M): S | null;
  /** `state` played on to the game's horizon by its policy for every seat, drawing from `rnd`. */
  playout(state: S, rnd: () => number): S;
  /** How good the end of a playout is for the viewer of `view`, in [0, 1]. */
  score(end: S, view: V): number;
  /** The playout stream for a seed the search drew (one per sample, shared by every move). */
  stream(seed: number): () => number;
}

export interface SearchOutcome<M> {
  /** The chosen move (moves[0] unless another beat it clearly), or null when `moves` is empty. */
  move: M | null;
  /** Its index in `moves`. */
  index: number;
  /** Playouts run. */
  iterations: number;
  /** Samples drawn. */
  samples: number;
}

/**
 * Picks among `moves` (moves[0] the baseline) for the viewer of `view`. With one move, or a budget
 * smaller than one sample of every move, it answers moves[0] without searching.
 */
export function searchMoves<V, S, M>(
  game: SearchGame<V, S, M>,
  view: V,
  moves: readonly M[],
  rnd: () => number,
  budget: SearchBudget,
): SearchOutcome<M> {
  const m = moves.length;
  if (m === 0) return { move: null, index: -1, iterations: 0, samples: 0 };
  if (m === 1 || budget.iterations < m) return { move: moves[0] as M, index: 0, iterations: 0, samples: 0 };
  /** Paired differences against moves[0]: sum and sum of squares. */
  const dSum = new Float64Array(m);
  const dSq = new Float64Array(m);
  const u = new Float64Array(m);
  const now = budget.now ?? (() => performance.now());
  const t0 = budget.timeMs === undefined ? 0 : now();
  let samples = 0;
  let playouts = 0;
  while (playouts + m <= budget.iterations) {
    if (budget.timeMs !== undefined && samples > 0 && now() - t0 >= budget.timeMs) break;
    const sample = game.sample(view, rnd);
    const seed = Math.floor(rnd() * 2 ** 32);
    for (let i = 0; i < m; i++) {
      const s = game.apply(sample, moves[i] as M);
      u[i] = s === null ? 0 : game.score(game.playout(s, game.stream(seed)), view);
    }
    for (let i = 0; i < m; i++) {
      const d = (u[i] as number) - (u[0] as number);
      dSum[i] = (dSum[i] as number) + d;
      dSq[i] = (dSq[i] as number) + d * d;
    }
    samples++;
    playouts += m;
  }
  let best = 0;
  let bestMean = 0;
  const margin = budget.margin ?? 1;
  for (let i = 1; i < m; i++) {
    const mean = (dSum[i] as number) / samples;
    const variance = Math.max(0, (dSq[i] as number) / samples - mean * mean);
    const se = Math.sqrt(variance / Math.max(1, samples - 1));
    if (mean > bestMean && mean > margin * se) {
      best = i;
      bestMean = mean;
    }
  }
  return { move: moves[best] as M, index: best, iterations: playouts, samples };
}
