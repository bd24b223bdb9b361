/**
 * "Hint": what the heuristic bot would do in the person's place, and why, as a reason code the page
 * turns into one line of words.
 */
import { heuristicBot } from '@blaze/bots';
import { type Action, type CardId, type PlayerView, suitOf } from '@blaze/rules';

export type HintReason =
  | 'open-weakest'
  | 'extend-weak'
  | 'stand'
  | 'reject-cheapest'
  | 'reject-trump'
  | 'pass-take'
  | 'bet-loser'
  | 'bet-self'
  | 'wait';

export interface Hint {
  reason: HintReason;
  action: Action | null;
  cards: CardId[];
  /** For a reject: the challenge each of `cards` covers. */
  onto: CardId[];
  /** For bets: the seat bet on and the value. */
  on: number;
  value: number;
}

export function hintFor(view: PlayerView, rnd: () => number): Hint {
  const action = heuristicBot.decide(view, rnd);
  const base = { action, cards: [] as CardId[], onto: [] as CardId[], on: -1, value: -1 };
  if (!action) return { ...base, reason: 'wait' };
  switch (action.type) {
    case 'play':
      return { ...base, cards: action.cards, reason: view.table.length === 0 ? 'open-weakest' : 'extend-weak' };
    case 'stand':
      return { ...base, reason: 'stand' };
    case 'reject': {
      const cards = action.pairs.map((p) => p.card);
      const onto = action.pairs.map((p) => p.challenge);
      const trumpy = action.pairs.some(
        (p) => suitOf(p.card) === suitOf(view.trump) && suitOf(p.challenge) !== suitOf(view.trump),
      );
      return { ...base, cards, onto, reason: trumpy ? 'reject-trump' : 'reject-cheapest' };
    }
    case 'pass':
      return { ...base, reason: 'pass-take' };
    case 'bet':
      return { ...base, on: action.on, value: action.value, reason: action.value === 0 ? 'bet-self' : 'bet-loser' };
    case 'closeWindow':
      return { ...base, reason: 'wait' };
    default: {
      const never: never = action;
      return never;
    }
  }
}
