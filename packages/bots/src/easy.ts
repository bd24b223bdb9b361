/**
 * The easy bot: legal, sensible-looking but short-sighted play for newcomers.
 * - Target: rejects whenever it can (never passes to save strong cards), passes only when it must.
 * - Attackers: open with a random value group; extend with whatever fits, trumps included, now and then.
 * - Misses the active player's priority: never plays more than the free room (R5.3).
 * - Bets loosely: a random seat, a random betting card.
 * Some of the time it simply plays the normal move, so it is not a pushover in every challenge.
 */
import { type Action, type CardId, challengeValue, type PlayerView } from '@blaze/rules';
import { heuristicBot, planRejection } from './heuristic.js';
import { randomBot } from './random.js';
import { canPass, canStand, mustBet, playableCards, type Strategy, standingNow, targetOwes } from './view.js';

const NORMAL_SHARE = 0.35;
const pick = (rnd: () => number, n: number): number => Math.min(n - 1, Math.floor(rnd() * n));

function decideEasy(view: PlayerView, rnd: () => number): Action | null {
  const seat = view.viewer;
  if (seat === null || view.over) return null;
  if (view.betting) return mustBet(view) ? randomBot.decide(view, rnd) : null;
  if (rnd() < NORMAL_SHARE) return heuristicBot.decide(view, rnd);
  if (targetOwes(view)) {
    const plan = planRejection(view);
    if (plan !== null) return { type: 'reject', seat, pairs: plan };
    return canPass(view) ? { type: 'pass', seat } : null;
  }
  if (seat !== view.active && seat !== view.supporter) return null;
  const playable = playableCards(view, seat, view.hand);
  if (view.table.length === 0) {
    if (seat !== view.active || playable.length === 0) return null;
    const values = [...new Set(playable.map(challengeValue))];
    const v = values[pick(rnd, values.length)] as number;
    return { type: 'play', seat, cards: playable.filter((c) => challengeValue(c) === v).slice(0, view.limit) };
  }
  // No priority take-back: only the free room under the limit counts.
  const free = view.limit - view.table.length;
  if (free > 0 && playable.length > 0 && rnd() < 0.5) {
    const cards: CardId[] = [playable[pick(rnd, playable.length)] as CardId];
    return { type: 'play', seat, cards };
  }
  if (standingNow(view) || !canStand(view)) return null;
  return { type: 'stand', seat };
}

export const easyBot: Strategy = { name: 'easy', decide: decideEasy };
