/** Cards and their values (R1). A card id is suit + rank + copy: 'r5a', 'bFb'. */
export type CardId = string;
export type Suit = 'r' | 'y' | 'b';
export type Rank = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'F';

export const SUITS: readonly Suit[] = ['r', 'y', 'b'];
export const RANKS: readonly Rank[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'F'];
const COPIES = ['a', 'b'] as const;

const CARD_RE = /^[ryb][1-9F][ab]$/;

export function isCardId(x: unknown): x is CardId {
  return typeof x === 'string' && x.length === 3 && CARD_RE.test(x);
}

export function suitOf(card: CardId): Suit {
  return card[0] as Suit;
}

export function rankOf(card: CardId): Rank {
  return card[1] as Rank;
}

export function isFirebird(card: CardId): boolean {
  return card[1] === 'F';
}

/** R1.2: a Firebird is worth 10 as a challenge card. */
export function challengeValue(card: CardId): number {
  const r = card.charCodeAt(1);
  return r === 70 ? 10 : r - 48; // 70 is 'F'
}

/** R1.2: a Firebird is worth 0 as a rejection card. */
export function rejectionValue(card: CardId): number {
  const r = card.charCodeAt(1);
  return r === 70 ? 0 : r - 48;
}

/** R1.1 / R2.1: the playing cards of a game, in a fixed canonical order (before shuffling). */
export function cardsFor(players: 3 | 4 | 5): CardId[] {
  const out: CardId[] = [];
  for (const s of SUITS) {
    for (const r of RANKS) {
      if (players === 3 && r === '1') continue;
      for (const c of COPIES) out.push(`${s}${r}${c}`);
    }
  }
  return out;
}

/** Every card id that exists in any game (60). */
export const ALL_CARDS: readonly CardId[] = cardsFor(4);

/** R1.4: the feather stack of a round, top first. */
export function featherStackFor(players: 3 | 4 | 5, round: 1 | 2): number[] {
  const top = round === 1 ? 1 : 2;
  const out: number[] = [];
  for (let v = top + players - 2; v >= top; v--) out.push(v);
  return out;
}
