/** @blaze/bots: pure, seeded Blaze players that decide from a PlayerView only (R11). */
import { type Action, type Due, type GameState, type PlayerView, viewFor } from '@blaze/rules';
import { easyBot } from './easy.js';
import { chooseBet, chooseOpening, heuristicBot } from './heuristic.js';
import { randomBot } from './random.js';
import { strongBot } from './strong.js';
import { canPass, canStand, mustBet, type Strategy, standingNow, targetOwes } from './view.js';

export { candidateActions } from './candidates.js';
export { determinize, unseenCards } from './determinize.js';
export { easyBot } from './easy.js';
export { chooseBet, chooseOpening, heuristicBot, planRejection, strength } from './heuristic.js';
export { legalCounts, randomLegalAction } from './mover.js';
export { playout, sharedView } from './playout.js';
export { binom, randomBot, randomSubset, subsetCount } from './random.js';
export {
  RefusedActionError,
  type SimOptions,
  type SimResult,
  seededStream,
  simulateGame,
  type ViewFn,
} from './simulate.js';
export { DEFAULT_BUDGET, type SearchBudget, type SearchResult, search, strongBot, utility } from './strong.js';
export type { Strategy } from './view.js';

/** The strengths a person picks per seat (issue 12). */
export const STRENGTHS = ['easy', 'normal', 'strong'] as const;
export type Strength = (typeof STRENGTHS)[number];

export type BotKind = Strength | 'heuristic' | 'random';

/** 'normal' is the heuristic; 'strong' searches with the default budget (on the server: in the bot pool). */
export const strategies: Readonly<Record<BotKind, Strategy>> = {
  easy: easyBot,
  normal: heuristicBot,
  strong: strongBot(),
  heuristic: heuristicBot,
  random: randomBot,
};

/** What a bot seat sends now (null: nothing to do until the view changes). */
export function chooseAction(kind: BotKind, view: PlayerView, rnd: () => number): Action | null {
  return strategies[kind].decide(view, rnd);
}

/**
 * What the server does for a person whose clock ran out (R5.5): place a bet, open with the weakest
 * value when the challenge waits on them, pass as a target who owes an answer, stand as an attacker.
 * Null when the seat owes nothing.
 */
export function chooseFallback(view: PlayerView, rnd: () => number): Action | null {
  const seat = view.viewer;
  if (seat === null || view.over) return null;
  if (view.betting) return mustBet(view) ? chooseBet(view, rnd) : null;
  if (targetOwes(view) && canPass(view)) return { type: 'pass', seat };
  if (view.table.length === 0) {
    if (seat !== view.active) return null;
    const cards = chooseOpening(view);
    return cards.length > 0 ? { type: 'play', seat, cards } : null;
  }
  if ((seat === view.active || seat === view.supporter) && !standingNow(view) && canStand(view)) {
    return { type: 'stand', seat };
  }
  return null;
}

/**
 * What a clock running out does (R5.4, R5.5): the window closes; an idle target passes; an idle
 * attacker stands, or opens as chooseFallback does when the challenge waits on them; an idle bettor
 * bets as the heuristic would. One source for the server's clocks and the game module; it lives with
 * the bots, not the rules, because two of its answers are a bot's choice. Null when `d` is not due.
 */
export function timeoutAction(game: GameState, d: Due, rnd: () => number): Action | null {
  if (game.over) return null;
  if (d.role === 'window') return game.window === null ? null : { type: 'closeWindow' };
  if (d.seat === null) return null;
  switch (d.role) {
    case 'target':
      return { type: 'pass', seat: d.seat };
    case 'bet':
      return chooseBet(viewFor(game, d.seat), rnd);
    case 'attacker':
      return game.table.length > 0 ? { type: 'stand', seat: d.seat } : chooseFallback(viewFor(game, d.seat), rnd);
  }
}
