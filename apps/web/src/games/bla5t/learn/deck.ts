/**
 * The guided round's table: three players (you at seat 0, two bots), round 1 dealt from a fixed order
 * (X3.2 lets a game take a given order) so the lesson's draws, the match and the power come as its
 * steps say. Dealer seat 2, so seat 0 plays first (X3.3); one card at a time from seat 0 (X3.4).
 */
import { BASIC_BOSSES, BASIC_HEROES, type Card, cardsInUse, type Options } from '@blaze/bla5t';

/** Seat s's slot k is dealt as card 3k + s; then the discard's first card, then the draws in order. */
const DEAL: Card[] = [
  'm4a',
  'm10a',
  'm10b', // slot 0: your 4, then the bots'
  'm11a',
  'm9a',
  'm9b', // slot 1: your 11
  'm2a',
  'm8a',
  'm8b', // slot 2: your 2
  'm1a',
  'm12a',
  'm12b', // slot 3: your 1
  'm5a', // the discard pile's first card
  'm1b', // you draw a 1 and put it where the 11 was
  'm4b',
  'm4c', // the bots draw and discard two 4s: the top is a 4 for your match
  'm2b',
  'm3a', // the bots' second turns
  'm7a', // you draw a 7 and use its power
  'm3b',
  'm5b', // the bots' last turns after your Blast
];

export function lessonDeck(): Card[] {
  const rest = cardsInUse(false, [...BASIC_HEROES], [...BASIC_BOSSES]).filter((c) => !DEAL.includes(c));
  return [...DEAL, ...rest];
}

export const LESSON_GAME: Omit<Options, 'players'> = {
  seed: 'bla5t-lesson',
  dealer: 2,
  maxScore: 50,
  decks: [lessonDeck()],
};
