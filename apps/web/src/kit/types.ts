/** What the scene's parts answer about what they drew, for the layout checks and the page. */

/** A card's id: the kit tells cards apart and knows nothing of what they mean. */
export type CardId = string;

/** A drawn thing's box in canvas CSS pixels, for the layout checks (nothing may overlap). */
export interface Region {
  kind: 'seat' | 'bets' | 'deck' | 'discard' | 'feathers' | 'limit' | 'table' | 'hand';
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A text drawn on the table (not on a card), in canvas CSS pixels, with its font size as shown. */
export interface Label {
  text: string;
  /** The seat box it belongs to (`seat-<n>`), or '' for the piles. */
  owner: string;
  x: number;
  y: number;
  w: number;
  h: number;
  px: number;
}

export interface CardPos {
  card: CardId;
  /** A point on the visible part of the card, in canvas CSS pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  lit?: boolean;
}
