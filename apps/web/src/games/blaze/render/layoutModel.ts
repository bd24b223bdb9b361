/**
 * Blaze's table layout: what a layout is (the parts' places and zones), what it is computed from,
 * and the sizes every arrangement shares (seat boxes, card floors, the challenge's most pairs).
 */
import type { Box, Pt, Slot } from '../../../kit/geometry.js';

export interface Layout {
  w: number;
  h: number;
  /** Phone-sized texts, pips and tokens (a narrow canvas, or a short one: see `short`). */
  narrow: boolean;
  /**
   * A wide but short canvas (a phone held sideways, a low window): your own box beside the hand
   * instead of above it, and opponents' boxes of two lines, so the middle band keeps room for the challenge.
   */
  short: boolean;
  /**
   * Seat boxes of two lines, the role pill ending the name's line (the short canvas' bands); otherwise
   * the name, the counts and the bet each have a line and the pill sits at the bottom.
   */
  twoLineBoxes: boolean;
  /**
   * Two-line boxes lower still (the lowest sideways canvases, see lowCardSize): the bet a seat placed
   * ends its counts' line instead of taking a third.
   */
  lowBoxes: boolean;
  cardW: number;
  cardH: number;
  /** Scale of table cards relative to hand cards. */
  tableScale: number;
  seatBox: { w: number; h: number };
  /** Centre of each seat's box, by seat; the viewer's own seat sits bottom-left above the hand. */
  seats: Pt[];
  /** Where the bet markers on each seat go (a row under the seat's box). */
  betRows: Box[];
  hand: Slot[];
  /** Hand cards' size relative to cardW: under 1 for a hand too long for its band (see fan). */
  handScale: number;
  handTop: number;
  /** Left edge of the hand's band: 0, or on a short canvas the right of the column with your own box. */
  handLeft: number;
  table: Pt[];
  /** Offset and angle of a rejection card laid across its challenge card. */
  rejectOffset: Slot;
  limitRow: Pt;
  deck: Pt;
  discard: Pt;
  feathers: Pt;
  pending: Pt;
  centre: Pt;
  /** Font size of the pile labels. */
  small: number;
  /** The zones each part may draw in; they never intersect (see layout.test). */
  zones: {
    deck: Box;
    discard: Box;
    feathers: Box;
    table: Box;
    limit: Box;
  };
}

export interface LayoutInput {
  w: number;
  h: number;
  players: number;
  /** The seat at the bottom (own seat, or 0 when watching). */
  bottomSeat: number;
  handSize: number;
  tableSize: number;
  /** Whether a hand is shown at the bottom. */
  hasHand: boolean;
  /**
   * Bets are being placed (R9.1): no challenge is on the table until they are, so a canvas too low for
   * one need not keep its room (an upright phone's lowest canvas is the bet bar's: see narrowCardSize).
   */
  betting?: boolean;
}

export const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The largest hand card on a large screen (px); table cards are drawn at tableScale of it. */
export const MAX_CARD_W = 180;
/** A canvas lower than this (and wide) is laid out as `short`. */
const SHORT_BELOW_H = 330;
/** Hand cards on a short canvas: the largest that fits between these. */
export const SHORT_MAX_CARD_W = 90;
export const SHORT_MIN_CARD_W = 36;
/** Hand cards on a phone held sideways: no smaller than this while any arrangement keeps them (see lowCardSize). */
export const SHORT_FLOOR_CARD_W = 40;
/** Table cards on a short canvas, relative to hand cards. */
export const SHORT_TABLE_SCALE = 0.8;
/** The least the lowest short canvases shrink table cards to, to keep hand cards at SHORT_FLOOR_CARD_W. */
export const LOW_MIN_TABLE_SCALE = 0.6;
/** Hand cards on an upright phone whose canvas is low: no smaller than this to make room. */
export const NARROW_MIN_CARD_W = 36;
/**
 * An upright phone takes the short canvas' bands only while their seat boxes hold a name and its role
 * pill on one line: four opponents' boxes (82 px at 360) shrank 'Bot 3' to 5 px beside 'supporter'.
 */
export const SHORT_NARROW_MIN_BOX_W = 110;
/** The room a pile's label needs at a phone's smallest size ('Stapel 2: 17' at 9 px). */
export const LABEL_W = 66;
/** The stacked layout's seat box height on a phone (name, counts, bet, role pill: a line each). */
export const TALL_BOX_H = 62;
/** The short canvas' seat box height: the name and role, the counts, the bet. */
export const SHORT_BOX_H = 40;
/** The lowest sideways canvases' seat box height: the name and role, the counts and the bet. */
export const LOW_BOX_H = 32;
/** The most cards a challenge holds (R4.4: min(5, the target's hand)). */
export const MAX_TABLE = 5;
/**
 * Room between a seat box's edge and the bets above or under it. The box's outline is 3 px wide, half
 * of it outside: at 2 px the markers touched it (320x568, five players, betting in German). The row
 * keeps its band (from 2 px off the box) and gives the difference up, so nothing else moves.
 */
export const BET_GAP = 4;

/** A canvas' card size, and whether your box sits beside the hand (an upright phone's low canvas). */
export interface CardSize {
  cardW: number;
  beside: boolean;
  /** The short canvas' bands with the stacked layout's taller seat boxes (see narrowCardSize). */
  tall?: boolean;
  /** Table cards relative to hand cards, where a short canvas' lowest sizes shrink them (see lowCardSize). */
  tableScale?: number;
  /** Seat boxes of LOW_BOX_H (see lowCardSize). */
  lowBox?: boolean;
}

/**
 * Where a short canvas puts the limit: in your column, under the feathers, or beside the deck;
 * `slim`: in your column, no wider than its pips (see shortCardSize); `low`: at the left of the
 * challenge's band, the discard pile beside the deck (see lowCardSize).
 */
export type LimitAt = 'column' | 'slim' | 'feathers' | 'deck' | 'low';
/** A hand card's corner index (its rank and suit mark: cardGfx.ts) ends this far into the card, in card widths. */
export const INDEX_STRIP = 0.31;
/** The limit's five pips (16 px apart) and its word. */
export const LIMIT_W = 76;

/** Hand cards a short canvas should keep: below this the limit may leave your column (see shortCardSize). */
export const SHORT_COMFORT_CARD_W = 46;

/**
 * A phone held sideways (740x360 leaves a canvas of about 740x250) or a low window: stacking seats,
 * piles, your own box and the hand from top to bottom would overlap them (seen at 740x360: your box
 * over an opponent's, the hand over the challenge).
 */
export function isShort(w: number, h: number): boolean {
  return h < SHORT_BELOW_H && w >= 1.5 * h;
}
