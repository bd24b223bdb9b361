/** Test helpers: games from a chosen card order, so a scenario is exactly the one described. */
import { type CardId, cardsFor, createGame, type GameState, type PlayerCount } from '@blaze/rules';

/** A deck whose deal gives `hands[seat]` to each seat (five each), turns `trump`, then the rest in canonical order. */
export function deckFor(players: PlayerCount, hands: CardId[][], trump: CardId): CardId[] {
  const dealt = hands.flat();
  const used = new Set([...dealt, trump]);
  if (used.size !== dealt.length + 1 || hands.some((h) => h.length !== 5)) {
    throw new Error(`bad scenario: ${JSON.stringify(hands)} / ${trump}`);
  }
  return [...dealt, trump, ...cardsFor(players).filter((c) => !used.has(c))];
}

export function scenario(players: PlayerCount, hands: CardId[][], trump: CardId, startSeat = 0): GameState {
  return createGame({ players, seed: 'scenario', startSeat, deck: deckFor(players, hands, trump) });
}

export const sorted = (cards: readonly CardId[]) => cards.slice().sort();
