/** Card display helpers: sorting and words, all pure. */
import { type CardId, challengeValue, isFirebird, rankOf, type Suit, suitOf } from '@blaze/rules';
import { type Lang, t } from '../../../shell/host.js';

const SUIT_ORDER: Record<Suit, number> = { r: 0, y: 1, b: 2 };

/** By suit (trump last, so it sits at the right of the fan) or by value; stable on the card id. */
export function sortHand(hand: readonly CardId[], mode: 'suit' | 'value', trump: CardId | ''): CardId[] {
  const trumpSuit = trump ? suitOf(trump) : null;
  const suitKey = (c: CardId) => (suitOf(c) === trumpSuit ? 3 : SUIT_ORDER[suitOf(c)]);
  return hand.slice().sort((a, b) => {
    const va = challengeValue(a);
    const vb = challengeValue(b);
    const d = mode === 'suit' ? suitKey(a) - suitKey(b) || va - vb : va - vb || suitKey(a) - suitKey(b);
    return d || (a < b ? -1 : a > b ? 1 : 0);
  });
}

export function cardWords(card: CardId, l?: Lang): string {
  const suit = t(`suit.${suitOf(card)}`, undefined, l);
  return isFirebird(card) ? `${suit} ${t('card.firebird', undefined, l)}` : `${suit} ${rankOf(card)}`;
}

export function cardsWords(cards: readonly CardId[], l?: Lang): string {
  return cards.map((c) => cardWords(c, l)).join(t('list.glue', undefined, l));
}
