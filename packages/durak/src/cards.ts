/**
 * D1.1 Battle Cards: value + suit ids ('6K' .. '14C'), and D4's beating rule. Pure helpers.
 */
export type Card = string;
export type Suit = 'K' | 'S' | 'H' | 'C';

/** Suit order K, S, H, C: the order DT4's timeout opening breaks ties in. */
export const SUITS: readonly Suit[] = ['K', 'S', 'H', 'C'];
export const VALUES: readonly number[] = [6, 7, 8, 9, 10, 11, 12, 13, 14];

/** The 36 cards, suit by suit, low to high (DN1). */
export const FULL_DECK: readonly Card[] = SUITS.flatMap((s) => VALUES.map((v) => `${v}${s}`));

const CARD_RE = /^(6|7|8|9|10|11|12|13|14)([KSHC])$/;

export function isCard(x: unknown): x is Card {
  return typeof x === 'string' && CARD_RE.test(x);
}

/** Every card's value, read once: rankOf runs for each card of each legal-action question. */
const RANKS: ReadonlyMap<string, number> = new Map(FULL_DECK.map((c) => [c, Number(c.slice(0, -1))]));

export function rankOf(c: Card): number {
  return RANKS.get(c) ?? Number(c.slice(0, -1));
}

export function suitOf(c: Card): Suit {
  return c.charAt(c.length - 1) as Suit;
}

/** D4.1: b beats a iff same suit and higher, or b is trump and a is not. */
export function beats(b: Card, a: Card, trump: Suit): boolean {
  const sb = suitOf(b);
  const sa = suitOf(a);
  if (sb === sa) return rankOf(b) > rankOf(a);
  return sb === trump;
}

/** A sort key: non-trumps before trumps, then value, then suit order K, S, H, C (DT4). */
export function cost(c: Card, trump: Suit): number {
  return (suitOf(c) === trump ? 100 : 0) + rankOf(c) * 4 + SUITS.indexOf(suitOf(c));
}
