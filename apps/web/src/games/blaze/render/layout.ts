/**
 * Where everything sits on the table, in CSS pixels, for a given canvas size. Pure, so both the
 * renderer and the tests agree on positions.
 *
 * The canvas is cut into bands so nothing can overlap by construction (issue #10): opponents in a
 * row along the top with their bet markers under them; a middle band with the deck on the left, the
 * discard pile and the feathers on the right and the challenge between; your own seat box (and, on a
 * phone, the limit pips) in a row above the hand; the hand along the bottom.
 */
import { type Box, intersects, type Pt, type Slot } from '../../../kit/geometry.js';
import { discardRise } from './pileBoxes.js';

// The shared geometry lives in the kit; Blaze's parts keep importing it from here.
export type { Box, Pt, Slot };
export { intersects };

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

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The largest hand card on a large screen (px); table cards are drawn at tableScale of it. */
const MAX_CARD_W = 180;
/** A canvas lower than this (and wide) is laid out as `short`. */
const SHORT_BELOW_H = 330;
/** Hand cards on a short canvas: the largest that fits between these. */
const SHORT_MAX_CARD_W = 90;
const SHORT_MIN_CARD_W = 36;
/** Hand cards on a phone held sideways: no smaller than this while any arrangement keeps them (see lowCardSize). */
const SHORT_FLOOR_CARD_W = 40;
/** Table cards on a short canvas, relative to hand cards. */
const SHORT_TABLE_SCALE = 0.8;
/** The least the lowest short canvases shrink table cards to, to keep hand cards at SHORT_FLOOR_CARD_W. */
const LOW_MIN_TABLE_SCALE = 0.6;
/** Hand cards on an upright phone whose canvas is low: no smaller than this to make room. */
const NARROW_MIN_CARD_W = 36;
/**
 * An upright phone takes the short canvas' bands only while their seat boxes hold a name and its role
 * pill on one line: four opponents' boxes (82 px at 360) shrank 'Bot 3' to 5 px beside 'supporter'.
 */
const SHORT_NARROW_MIN_BOX_W = 110;
/** The room a pile's label needs at a phone's smallest size ('Stapel 2: 17' at 9 px). */
const LABEL_W = 66;
/** The stacked layout's seat box height on a phone (name, counts, bet, role pill: a line each). */
const TALL_BOX_H = 62;
/** The short canvas' seat box height: the name and role, the counts, the bet. */
const SHORT_BOX_H = 40;
/** The lowest sideways canvases' seat box height: the name and role, the counts and the bet. */
const LOW_BOX_H = 32;
/** The most cards a challenge holds (R4.4: min(5, the target's hand)). */
const MAX_TABLE = 5;
/**
 * Room between a seat box's edge and the bets above or under it. The box's outline is 3 px wide, half
 * of it outside: at 2 px the markers touched it (320x568, five players, betting in German). The row
 * keeps its band (from 2 px off the box) and gives the difference up, so nothing else moves.
 */
export const BET_GAP = 4;

/** A canvas' card size, and whether your box sits beside the hand (an upright phone's low canvas). */
interface CardSize {
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
type LimitAt = 'column' | 'slim' | 'feathers' | 'deck' | 'low';
/** A hand card's corner index (its rank and suit mark: cardGfx.ts) ends this far into the card, in card widths. */
export const INDEX_STRIP = 0.31;
/** The limit's five pips (16 px apart) and its word. */
const LIMIT_W = 76;

const sizeCache = new Map<string, CardSize & { limitAt?: LimitAt }>();

/** Hand cards a short canvas should keep: below this the limit may leave your column (see shortCardSize). */
const SHORT_COMFORT_CARD_W = 46;

/**
 * A desktop or tablet table uses its space: the card size is the largest that still fits a full
 * challenge (five pairs) in the middle band with the piles, seats and hand around it, never smaller
 * than the proportional size it had before. It depends only on the canvas and the seats, so cards do
 * not change size as the hand or the challenge grows. A phone keeps its proportional size.
 */
export function layout(i: LayoutInput): Layout {
  const { w, h } = i;
  const short = isShort(w, h);
  const narrow = w < 640 && !short;
  // A phone's lowest canvases keep room for the pairs on the table only (see narrowCardSize).
  const pairs = narrow ? `:${i.tableSize}` : '';
  const key = `${short ? 'short' : narrow ? 'narrow' : 'wide'}:${w}x${h}:${i.players}:${i.hasHand}:${i.betting === true}${pairs}`;
  let size = sizeCache.get(key);
  if (size === undefined) {
    size = narrow
      ? narrowCardSize(i)
      : short
        ? shortCardSize(i, false, MAX_TABLE, 1, w < 640 ? evenUprightMost(w) : SHORT_MAX_CARD_W)
        : { cardW: largestFitting(i), beside: false };
    if (sizeCache.size > 64) sizeCache.clear();
    sizeCache.set(key, size);
  }
  if (size.limitAt) return layoutShort(i, size.cardW, size.limitAt, size.tall, size.tableScale, size.lowBox);
  return layoutAt(i, size.cardW, size.beside);
}

/**
 * A short canvas has no proportional size to keep: the largest card that fits, down to a floor, with
 * the limit in your column while cards keep SHORT_COMFORT_CARD_W (740x360); on a lower one (568x320: a canvas of about 568x210, where that column left no room for the deck over
 * it) the limit under the feathers or beside the deck, whichever gives the larger cards.
 */
function shortCardSize(
  i: LayoutInput,
  tall = false,
  tableSize = MAX_TABLE,
  least = 1,
  cap = SHORT_MAX_CARD_W,
): CardSize & { limitAt: LimitAt } {
  const best = (limitAt: LimitAt, most = cap) => {
    for (let cw = most; cw >= SHORT_MIN_CARD_W; cw -= 2)
      if (fits(i, tableSize, (j) => layoutShort(j, cw, limitAt, tall), least)) return cw;
    return 0;
  };
  let size = { cardW: best('column'), beside: false, limitAt: 'column' as LimitAt, tall };
  // A spectator has no hand to make room for: the column as it is, unless nothing fitted at all (its
  // table's cards were 0 px wide on canvases under ~176 px high, a small phone held sideways in a
  // browser with its bars); then the slim limit and the floor, as a player's gets below.
  if (size.cardW >= SHORT_COMFORT_CARD_W || (!i.hasHand && size.cardW > 0)) return size;
  // On a phone held sideways the others only bring the cards up to SHORT_COMFORT_CARD_W: larger ones
  // shrank as the canvas grew, where the column took over (237 to 238 px, three players: 48 to 46;
  // four and five, 243 to 244: 50 to 46). An upright phone's bands (narrowCardSize) keep theirs.
  const most = isShort(i.w, i.h) ? SHORT_COMFORT_CARD_W : cap;
  for (const limitAt of i.hasHand ? (['feathers', 'deck'] as const) : []) {
    const cardW = best(limitAt, most);
    if (cardW > size.cardW) size = { cardW, beside: false, limitAt, tall };
  }
  // Lower still (568x320 under a bet bar of two rows: 568x200-209; 740x204) neither kept cards of
  // SHORT_FLOOR_CARD_W: they fell to 36-38 px, and under 200 px overlapped. At the floor itself too,
  // where 'low' keeps larger cards (600-844 px: 42 at 209 px, then 40 at 210 without).
  if (i.hasHand && size.cardW <= SHORT_FLOOR_CARD_W && !tall && isShort(i.w, i.h)) {
    const low = lowCardSize(i, tableSize, least);
    // The lower boxes where the usual ones keep cards under the floor, if theirs are larger (tried only
    // where nothing else fitted, they gave 183-185 px 40-px cards and left 186-190 px 36-38).
    const lowBox = low && low.cardW >= SHORT_FLOOR_CARD_W ? null : lowCardSize(i, tableSize, least, true);
    const lowest = lowBox && lowBox.cardW > (low?.cardW ?? 0) ? lowBox : low;
    if (lowest && (size.cardW < SHORT_FLOOR_CARD_W || lowest.cardW > size.cardW)) return lowest;
  }
  // Nothing fits (an upright phone's 98-120 px column: 320x275, four players in practice; 320x260,
  // three): a full challenge takes three rows there, and the limit across the column's width lay
  // under the lower rows' left pairs. Its pips need only LIMIT_W; the pairs then pass beside it.
  if (size.cardW === 0) size = { cardW: best('slim'), beside: false, limitAt: 'slim', tall };
  return { ...size, cardW: Math.max(size.cardW, SHORT_MIN_CARD_W) };
}

/**
 * The lowest phones held sideways ('low'): the discard pile joins the deck over your column and the
 * limit moves into the challenge's band, which leaves the band to the pairs and the feathers. The
 * largest hand cards that fit so; where even SHORT_FLOOR_CARD_W does not (under 202 px), the table
 * cards shrink first, down to LOW_MIN_TABLE_SCALE: the hand is what a finger picks from. Under
 * 191 px the hand cards go below the floor too, down to SHORT_MIN_CARD_W (186 px); null under that.
 * `lowBox`: seat boxes of LOW_BOX_H, tried only where the usual boxes keep cards under the floor
 * (under 191 px; 180-185 px: the opponents' row of 64 px, a pair and the hand overlapped), and taken
 * where they keep larger cards, so the cards never grow as the canvas gets lower.
 */
function lowCardSize(
  i: LayoutInput,
  tableSize: number,
  least: number,
  lowBox = false,
): (CardSize & { limitAt: LimitAt }) | null {
  const at = (cardW: number, tableScale: number) =>
    fits(i, tableSize, (j) => layoutShort(j, cardW, 'low', false, tableScale, lowBox), least);
  for (let cw = SHORT_MAX_CARD_W; cw > SHORT_FLOOR_CARD_W; cw -= 2)
    if (at(cw, SHORT_TABLE_SCALE)) return { cardW: cw, beside: false, limitAt: 'low', lowBox };
  for (let cw = SHORT_FLOOR_CARD_W; cw >= SHORT_MIN_CARD_W; cw -= 2)
    for (let k = 0; SHORT_TABLE_SCALE - k * 0.02 >= LOW_MIN_TABLE_SCALE - 1e-9; k++) {
      const tableScale = Math.round((SHORT_TABLE_SCALE - k * 0.02) * 100) / 100;
      if (at(cw, tableScale)) return { cardW: cw, beside: false, limitAt: 'low', tableScale, lowBox };
    }
  return null;
}

/** A wide canvas: the largest card that fits, never below its proportional size. */
function largestFitting(i: LayoutInput): number {
  const { w, h } = i;
  const floor = Math.round(clamp(Math.min(w / 10, h / 6.8), 52, 116));
  for (let cw = MAX_CARD_W; cw > floor; cw -= 2) {
    if (fits(i, MAX_TABLE, (j) => layoutAt(j, cw))) return cw;
  }
  return floor;
}

/**
 * An upright phone takes the largest card up to uprightMost that fits a full challenge in its stacked
 * rows (at least its proportional size, min(w/7, h/8), where that fits); on a lower canvas (the
 * guided game's coach above it, the bet bar's rows under it: 375x420 and less) the pairs lay over
 * your box and the limit at that size, so the cards shrink until they fit (not below
 * NARROW_MIN_CARD_W), at each size first as usual, then with your box beside the hand. Lower still
 * (360x640's guided game in German, about 360x280 while betting: the stacked rows need some 340 px)
 * nothing stacked fits, and the short canvas' bands do: your box sat over the deck and the challenge.
 * Where both fit, the bands are taken while their cards are larger (see narrowFitting).
 * Where their boxes are too narrow for a name and its pill on one line (five players at 360 px, four
 * at 320), the bands keep the stacked layout's taller boxes: at 320x277 (a 320x568 phone betting in
 * German) five players' stacked rows laid your box over the deck and the hand over the challenge.
 * Lowest of all, the bet bar's rows (a 320x568 phone: 244 px in the guided game, 261 in practice):
 * nothing keeps room for a full challenge there, and while betting none can come, so the same search
 * runs without one rather than falling back to rows that overlap.
 */
function narrowCardSize(i: LayoutInput): CardSize & { limitAt?: LimitAt } {
  // A finite list of tries, not a search that calls itself: betting with pairs on the table (320x214,
  // four players) went from room for none to room for those on the table and back until the stack overflowed.
  for (const [tableSize, least] of narrowTries(i)) {
    const size = narrowFitting(i, tableSize, least);
    if (size) return size;
  }
  return { cardW: Math.round(clamp(Math.min(i.w / 7, i.h / 8), 44, 80)), beside: false };
}

/**
 * The challenges an upright phone keeps room for, most first, as [most pairs, least pairs]: a full one;
 * then, while betting, none (the bet bar's rows come when no challenge can be on the table); otherwise
 * (the guided game's coach over the table, 320x480: 191-242 px, three players) as many pairs as fit,
 * down to those on the table, rather than room for five that overlaps everything (cards may then
 * shrink as the challenge grows); last, where no size fits every smaller challenge too (four players
 * at 340x263: four pairs lay on the limit where three and five fitted), the pairs on the table alone.
 */
function narrowTries(i: LayoutInput): [number, number][] {
  const tries: [number, number][] = [[MAX_TABLE, 1]];
  if (i.betting) tries.push([0, 1]);
  else for (let pairs = MAX_TABLE - 1; pairs >= i.tableSize; pairs--) tries.push([pairs, 1]);
  if (i.tableSize > 1) tries.push([i.tableSize, i.tableSize]);
  return tries;
}

/**
 * The largest hand card of an upright phone, whichever layout it takes: its stacked rows' size on a
 * high canvas. A canvas under 640 px wide laid out short is capped at it too, or its cards shrank as
 * it grew past the sideways height into the upright layout (a spectator's at 482x320: 70 px, now 68).
 */
function uprightMost(w: number): number {
  return Math.round(clamp(w / 7, 44, 80));
}

/** uprightMost, even: the bands' sizes step by 2 from their cap (from 43 the next was 41, from 46 it is 44). */
function evenUprightMost(w: number): number {
  const most = uprightMost(w);
  return most - (most % 2);
}

/** The upright phone's card size keeping room for `least` to `tableSize` pairs, or null where none does. */
function narrowFitting(i: LayoutInput, tableSize: number, least: number): (CardSize & { limitAt?: LimitAt }) | null {
  let stacked: CardSize | null = null;
  for (let cw = uprightMost(i.w); cw >= NARROW_MIN_CARD_W && !stacked; cw--) {
    if (fits(i, tableSize, (j) => layoutAt(j, cw), least)) stacked = { cardW: cw, beside: false };
    else if (i.hasHand && fits(i, tableSize, (j) => layoutAt(j, cw, true), least))
      stacked = { cardW: cw, beside: true };
  }
  const cap = evenUprightMost(i.w);
  if (stacked && stacked.cardW >= cap) return stacked;
  // Where the stacked rows keep only smaller cards, the bands are taken while theirs are larger: at
  // 420x361 the rows first fitted, at 36 px, where the bands had given 60 up to 360 px, so a hand
  // shrank as the browser's bar hid (the canvas grows by some 50 px). Both are capped at what the rows
  // keep on a high canvas (uprightMost), so the rows take over again, as they fit, at no smaller size.
  const candidates: (CardSize & { limitAt?: LimitAt })[] = stacked ? [stacked] : [];
  const banded = shortCardSize(i, false, tableSize, least, cap);
  const S = (j: LayoutInput) => layoutShort(j, banded.cardW, banded.limitAt);
  if (S(i).seatBox.w >= SHORT_NARROW_MIN_BOX_W && fits(i, tableSize, S, least)) candidates.push(banded);
  const tall = shortCardSize(i, true, tableSize, least, cap);
  if (fits(i, tableSize, (j) => layoutShort(j, tall.cardW, tall.limitAt, true), least)) candidates.push(tall);
  // The largest; on a tie the first (the rows, then the bands' two-line boxes).
  return candidates.reduce<(typeof candidates)[number] | null>((a, c) => (a && a.cardW >= c.cardW ? a : c), null);
}

/**
 * A phone held sideways (740x360 leaves a canvas of about 740x250) or a low window: stacking seats,
 * piles, your own box and the hand from top to bottom would overlap them (seen at 740x360: your box
 * over an opponent's, the hand over the challenge).
 */
export function isShort(w: number, h: number): boolean {
  return h < SHORT_BELOW_H && w >= 1.5 * h;
}

/**
 * Whether the piles and every challenge of `least` to `most` pairs fit as `build` lays them out: a
 * smaller challenge is centred lower in its band than a full one (four pairs at 320x282, four
 * players: the third pair lay on the limit where five fitted), so each size is tried.
 */
function fits(i: LayoutInput, most: number, build: (j: LayoutInput) => Layout, least = 1): boolean {
  for (let tableSize = Math.min(least, most); tableSize <= most; tableSize++)
    if (!fitsOne(build({ ...i, handSize: 0, tableSize }))) return false;
  return true;
}

/**
 * Whether a challenge and the piles fit at this card size: the seats, bet rows, piles and limit
 * apart and inside the canvas, every pair (rejection across it included) clear of all of them.
 */
function fitsOne(L: Layout): boolean {
  const tw = L.cardW * L.tableScale;
  const th = L.cardH * L.tableScale;
  const ro = L.rejectOffset;
  const boxes: Box[] = [];
  L.seats.forEach((p, s) => {
    boxes.push({ x: p.x - L.seatBox.w / 2, y: p.y - L.seatBox.h / 2, ...L.seatBox });
    const b = L.betRows[s];
    if (b) boxes.push(b);
  });
  const { deck, discard, feathers, limit } = L.zones;
  boxes.push(deck, discard, feathers, limit);
  for (const [k, a] of boxes.entries()) {
    // Above the hand, or (a short canvas: your box, its bets and the limit) in the column left of it.
    const clear = a.y + a.h <= L.handTop || (a.x + a.w <= L.handLeft && a.y + a.h <= L.h);
    if (a.x < 0 || a.y < 0 || a.x + a.w > L.w + 0.5 || !clear) return false;
    for (const b of boxes.slice(k + 1)) if (a.w > 0 && b.w > 0 && intersects(a, b)) return false;
  }
  for (const p of L.table) {
    const pair = { x: p.x - tw / 2, y: p.y - th / 2, w: tw + ro.x + 8, h: th + ro.y + 8 };
    if (boxes.some((b) => intersects(pair, b))) return false;
    // Nor down into the hand (a band too low for the pairs centres them past its bottom).
    if (p.y + th / 2 + ro.y > L.handTop && pair.x + pair.w > L.handLeft) return false;
  }
  return true;
}

/**
 * `beside` (an upright phone's low canvas, with a hand): your box at the bottom left with the bets on
 * you and the limit above it, the hand fanned to its right, as on the short canvas; the middle band
 * gains your box's row.
 */
function layoutAt(i: LayoutInput, cardW: number, beside = false): Layout {
  const { w, h } = i;
  const narrow = w < 640;
  const column = beside && narrow && i.hasHand;
  const cardH = Math.round(cardW * 1.45);
  const others = Math.max(1, i.players - 1);
  const gapX = narrow ? 4 : 10;
  const boxW = Math.floor(Math.min(narrow ? 100 : 190, (w - gapX * (others + 1)) / others));
  const seatBox = { w: boxW, h: narrow ? TALL_BOX_H : 78 };
  const small = narrow ? 11 : 13;
  const betH = narrow ? 22 : 28;

  // The hand: a gentle fan along the bottom.
  const n = i.handSize;
  const margin = 10;
  // Room under the fan for its curve and its turned corners, so no card is cut at the bottom edge.
  const fanDrop = 0.5 * (narrow ? 6 : 14) + (cardW / 2) * Math.sin(narrow ? 0.06 : 0.1) + 2;
  const handY = h - cardH / 2 - 6 - fanDrop;
  const handLeft = column ? gapX + seatBox.w + 6 : 0;
  const { hand, handScale } = column
    ? fan(n, cardW, cardH, handLeft, w - margin, handY, narrow)
    : fan(n, cardW, cardH, margin, w - margin, handY, narrow);
  // Room for a selected card lifting out of the fan.
  const handTop = i.hasHand ? handY - cardH / 2 - cardH * 0.24 : h;

  const { seats, betRows } = opponentsRow(i, seatBox, betH, 4);
  const topBand = 4 + seatBox.h + 2 + betH + 4;
  // Your own seat: bottom-left above the hand (or beside it); a spectator sees seat 0 at the bottom
  // in the middle, with no hand under it.
  const ownY = column ? h - seatBox.h / 2 - 4 : handTop - seatBox.h / 2 - 4;
  const ownBox: Pt = i.hasHand ? { x: gapX + seatBox.w / 2, y: ownY } : { x: w / 2, y: h - seatBox.h / 2 - 6 };
  seats[i.bottomSeat] = ownBox;
  // Bet markers on you sit beside your box, to its right (above it, in the column).
  betRows[i.bottomSeat] = column
    ? { x: gapX, y: ownY - seatBox.h / 2 - 2 - betH, w: seatBox.w, h: betH + 2 - BET_GAP }
    : {
        x: ownBox.x + seatBox.w / 2 + BET_GAP,
        y: ownBox.y - betH / 2,
        w: Math.min(seatBox.w, w - ownBox.x - seatBox.w / 2 - 8),
        h: betH,
      };
  const limitH = 14 + small + 4;
  // In the column the limit sits above the bets on you.
  const columnLimit: Box = { x: gapX, y: (betRows[i.bottomSeat] as Box).y - 2 - limitH, w: seatBox.w, h: limitH };
  const ownTop = column ? Math.min(handTop, columnLimit.y) : ownBox.y - seatBox.h / 2;
  const bandTop = topBand;
  const bandBottom = ownTop - (column ? 3 : 6);

  const tableScale = narrow ? 0.86 : 0.85;
  const tw = cardW * tableScale;
  const th = cardH * tableScale;
  const labels = 2 * (small + 3);
  const rejectOffset = { x: tw * 0.3, y: th * 0.2, rot: 0.32 };
  const pairW = tw * 1.25 + tw * 0.28;

  let deck: Pt;
  let discard: Pt;
  let feathers: Pt;
  let zones: Layout['zones'];
  let tableBox: Box;
  const featherW = narrow ? 64 : 84;
  const featherH = (narrow ? 28 : 36) + small + 8;
  if (narrow) {
    // Piles in one row at the top of the band, the challenge under them.
    const pileY = bandTop + th / 2 + 2;
    deck = { x: 4 + Math.max(tw / 2, 30), y: pileY };
    discard = { x: w - 6 - Math.max(tw / 2 + 6, 34), y: pileY };
    // Never up into the opponents' bet rows (small cards leave the piles' row lower than the feathers).
    feathers = { x: w / 2 + tw * 0.2, y: Math.max(pileY - 6, bandTop + featherH / 2) };
    const trumpRight = deck.x + tw * 0.45 + th / 2;
    zones = {
      deck: { x: 2, y: pileY - th / 2, w: Math.max(trumpRight, deck.x + tw / 2 + 30) - 2, h: th + labels },
      discard: { x: discard.x - Math.max(tw / 2 + 4, 34), y: pileY - th / 2 - 4, w: 0, h: th + labels + 4 },
      feathers: { x: feathers.x - featherW / 2, y: feathers.y - featherH / 2, w: featherW, h: featherH },
      table: { x: 2, y: pileY + th / 2 + labels + 4, w: w - 4, h: 0 },
      limit: { x: 0, y: 0, w: 0, h: 0 },
    };
    zones.discard.w = w - 2 - zones.discard.x;
    tableBox = zones.table;
    tableBox.h = Math.max(th, bandBottom - tableBox.y);
    // The limit pips share the row of your own box, to the right of your bet markers.
    const limitX = i.hasHand ? ownBox.x + seatBox.w / 2 + 8 + betRows[i.bottomSeat]!.w + 4 : 6;
    zones.limit = { x: limitX, y: ownTop, w: Math.max(0, w - limitX - 4), h: limitH };
    if (column) zones.limit = columnLimit;
    if (!i.hasHand) zones.limit = { x: 4, y: bandBottom - 36, w: w / 2 - seatBox.w / 2 - 8, h: 34 };
  } else {
    const midY = (bandTop + bandBottom) / 2;
    deck = { x: 14 + tw / 2, y: midY - labels / 2 };
    discard = { x: w - 16 - tw / 2, y: midY - labels / 2 + th * 0.2 };
    // The discard's top cards, turned, reach over its outline (pileBoxes.ts keeps that within 4 px):
    // its zone holds them, and the feathers sit above it (they lay on the chip's label, issue #40).
    const rise = Math.max(4, discardRise(tw, th));
    feathers = { x: discard.x, y: discard.y - th / 2 - rise - 2 - featherH / 2 };
    const trumpRight = deck.x + tw * 0.45 + th / 2;
    zones = {
      deck: { x: deck.x - tw / 2 - 4, y: deck.y - th / 2 - 4, w: trumpRight - deck.x + tw / 2 + 8, h: th + labels + 8 },
      discard: { x: discard.x - tw / 2 - 4, y: discard.y - th / 2 - rise, w: tw + 14, h: th + labels + rise },
      feathers: { x: feathers.x - featherW / 2, y: feathers.y - featherH / 2, w: featherW, h: featherH },
      table: { x: 0, y: bandTop, w: 0, h: 0 },
      limit: { x: 0, y: 0, w: 0, h: 0 },
    };
    const left = zones.deck.x + zones.deck.w + 10;
    const right = Math.min(zones.discard.x, zones.feathers.x) - 10;
    tableBox = { x: left, y: bandTop, w: Math.max(pairW, right - left), h: Math.max(th, bandBottom - bandTop - 30) };
    zones.table = tableBox;
    zones.limit = { x: left, y: tableBox.y + tableBox.h + 2, w: tableBox.w, h: 26 };
  }

  const { table, pending, centre } = placeChallenge(tableBox, i.tableSize, tw, th, rejectOffset);
  const lz = zones.limit;
  return {
    w,
    h,
    narrow,
    short: false,
    twoLineBoxes: false,
    lowBoxes: false,
    cardW,
    cardH,
    tableScale,
    seatBox,
    seats,
    betRows,
    hand,
    handScale,
    handTop,
    handLeft,
    table,
    rejectOffset,
    limitRow: { x: lz.x + lz.w / 2, y: lz.y + 7 },
    deck,
    discard,
    feathers,
    pending,
    centre,
    small,
    zones,
  };
}

/**
 * Opponents: one row of boxes `top` px from the canvas' top, evenly spread, clockwise from the
 * viewer's left, each with its row of bet markers under it. The viewer's own seat is left to the caller.
 */
function opponentsRow(i: LayoutInput, seatBox: { w: number; h: number }, betH: number, top: number) {
  const others = Math.max(1, i.players - 1);
  const seats: Pt[] = [];
  const betRows: Box[] = [];
  const rowGap = (i.w - others * seatBox.w) / (others + 1);
  const seatY = top + seatBox.h / 2;
  for (let k = 1; k <= others; k++) {
    const seat = (i.bottomSeat + k) % i.players;
    const x = rowGap + seatBox.w / 2 + (k - 1) * (seatBox.w + rowGap);
    seats[seat] = { x, y: seatY };
    betRows[seat] = { x: x - seatBox.w / 2, y: seatY + seatBox.h / 2 + BET_GAP, w: seatBox.w, h: betH + 2 - BET_GAP };
  }
  return { seats, betRows };
}

/** The challenge: pairs in rows, centred in the table zone. */
function placeChallenge(tableBox: Box, n: number, tw: number, th: number, rejectOffset: Slot) {
  const gap = tw * 0.28;
  const pairW = tw * 1.25 + gap;
  const rowStep = th * 0.62;
  const maxRow = Math.max(1, Math.floor((tableBox.w - rejectOffset.x) / pairW));
  const table: Pt[] = [];
  const rows = Math.ceil(n / maxRow) || 1;
  const blockH = th + (rows - 1) * rowStep + rejectOffset.y;
  const top = tableBox.y + Math.max(0, (tableBox.h - blockH) / 2) + th / 2;
  const cx = tableBox.x + tableBox.w / 2;
  for (let k = 0; k < n; k++) {
    const row = Math.floor(k / maxRow);
    const inRow = Math.min(maxRow, n - row * maxRow);
    const col = k % maxRow;
    table.push({ x: cx - ((inRow - 1) * pairW) / 2 + col * pairW - rejectOffset.x / 2, y: top + row * rowStep });
  }
  return { table, pending: { x: cx, y: top }, centre: { x: cx, y: tableBox.y + tableBox.h / 2 } };
}

/**
 * A fan of `n` cards centred within [left, right], along the line `y` (its ends a little lower and
 * turned). The turned end cards' corners stay inside too: upright cards reached the margin and,
 * turned, 3 px from the canvas' edge (360x640's practice, ten cards; centred on the canvas' right part
 * past your box, the fan also leant 5 px into its right margin). A crowded fan overlaps more, but
 * never over a card's corner index: a hand longer still (twelve cards beside your box at 320 px)
 * has its cards drawn smaller (`handScale`).
 */
function fan(
  n: number,
  cardW: number,
  cardH: number,
  left: number,
  right: number,
  y: number,
  narrow: boolean,
): { hand: Slot[]; handScale: number } {
  const turn = (narrow ? 0.12 : 0.2) / 2;
  const half = (cardW * Math.cos(turn) + cardH * Math.sin(turn)) / 2;
  const room = Math.max(0, right - left);
  // The width of the fan at the least step that shows every index, which scales with the cards.
  const tightest = (n - 1) * cardW * INDEX_STRIP + 2 * half;
  const handScale = n > 1 && tightest > room ? room / tightest : 1;
  const span = Math.max(0, room - 2 * half * handScale);
  const step = n > 1 ? Math.max(cardW * handScale * INDEX_STRIP, Math.min(cardW * 0.8, span / (n - 1))) : 0;
  const startX = (left + right) / 2 - (step * (n - 1)) / 2;
  const hand: Slot[] = [];
  for (let k = 0; k < n; k++) {
    const off = n > 1 ? k / (n - 1) - 0.5 : 0;
    hand.push({ x: startX + k * step, y: y + Math.abs(off) * (narrow ? 6 : 14), rot: off * 2 * turn });
  }
  return { hand, handScale };
}

/**
 * The short canvas, in four parts that cannot overlap by construction:
 * - opponents' boxes (two lines, the role on the first) in a row along the top, their bets under them;
 * - a middle band: the deck on the left, the challenge in one row, the feathers and the discard pile on the right;
 * - a column at the bottom left: the limit, the bets on you, and your own box;
 * - the hand fanned to the right of that column.
 * A spectator has no hand: the watched seat's box sits at the bottom in the middle, as on other canvases.
 * A lower canvas (568x320's) is `tight`: the column keeps only your box and the bets on you, so the
 * deck fits over it; the limit sits under the feathers or beside the deck (`limitAt`), the discard
 * pile's zone holds its one label, and the fan curves less.
 * Lower still (`low`: 568x320 under a bet bar of two rows) the discard pile joins the deck over the
 * column, the limit sits at the left of the challenge's band and the feathers alone at its right.
 * `tall`: the seat boxes of the stacked layout (an upright phone's boxes too narrow for two lines);
 * `lowBox`: lower boxes, the bet on the counts' line (see lowCardSize).
 */
function layoutShort(
  i: LayoutInput,
  cardW: number,
  limitAt: LimitAt = 'column',
  tall = false,
  tableScale = SHORT_TABLE_SCALE,
  lowBox = false,
): Layout {
  const { w, h } = i;
  const cardH = Math.round(cardW * 1.45);
  const others = Math.max(1, i.players - 1);
  const gapX = 6;
  const small = 10;
  // An upright phone's column is narrower: at 170 px it left a 12-card hand 13 px a card to tap.
  const seatBox = {
    w: Math.floor(Math.min(w < 480 ? 120 : 170, (w - gapX * (others + 1)) / others)),
    h: tall ? TALL_BOX_H : lowBox ? LOW_BOX_H : SHORT_BOX_H,
  };
  const betH = 16;

  const { seats, betRows } = opponentsRow(i, seatBox, betH, 3);
  const bandTop = 3 + seatBox.h + 2 + betH + 3;

  const limitH = 12 + small + 4;
  const tight = limitAt !== 'column' && limitAt !== 'slim' && i.hasHand;
  let hand: Slot[] = [];
  let handScale = 1;
  let handTop = h;
  let handLeft = 0;
  let own: Pt;
  let ownBets: Box;
  let limit: Box;
  let bandBottom: number;
  if (i.hasHand) {
    // The column: your box at the bottom, the bets on you above it, the limit above them.
    own = { x: gapX + seatBox.w / 2, y: h - 4 - seatBox.h / 2 };
    ownBets = { x: gapX, y: own.y - seatBox.h / 2 - 2 - betH, w: seatBox.w, h: betH + 2 - BET_GAP };
    const limitW = limitAt === 'slim' ? Math.min(seatBox.w, LIMIT_W) : seatBox.w;
    limit = { x: gapX, y: ownBets.y - 2 - limitH, w: limitW, h: limitH };
    handLeft = gapX + seatBox.w + 6;
    const fanDrop = tight ? 0.5 * 6 + (cardW / 2) * Math.sin(0.06) + 2 : 0.5 * 14 + (cardW / 2) * Math.sin(0.1) + 2;
    const handY = h - cardH / 2 - 4 - fanDrop;
    // Centred between the column and the right margin (centred on the canvas' right part, a full
    // fan ran 3 px past its margin: 1 px past the canvas with the hand's outline, 568x320's guided game).
    ({ hand, handScale } = fan(i.handSize, cardW, cardH, handLeft, w - 6, handY, tight));
    handTop = handY - cardH / 2 - cardH * 0.24;
    bandBottom = Math.min(handTop, tight ? h : limit.y) - 4;
  } else {
    own = { x: w / 2, y: h - seatBox.h / 2 - 4 };
    const ownRight = own.x + seatBox.w / 2;
    ownBets = { x: ownRight + BET_GAP, y: own.y - betH / 2, w: Math.min(seatBox.w, w - ownRight - 8), h: betH };
    limit = { x: 4, y: own.y - limitH / 2, w: Math.max(0, own.x - seatBox.w / 2 - 12), h: limitH };
    bandBottom = own.y - seatBox.h / 2 - 4;
  }
  seats[i.bottomSeat] = own;
  betRows[i.bottomSeat] = ownBets;

  const tw = cardW * tableScale;
  const th = cardH * tableScale;
  const labels = 2 * (small + 3);
  const rejectOffset = { x: tw * 0.3, y: th * 0.2, rot: 0.32 };
  const featherW = 64;
  const featherH = 28 + small + 8;
  // Piles centred on the band's middle, their labels under them.
  const midY = (bandTop + bandBottom) / 2;
  // Tight: the deck may reach down to the bets on you (its column holds nothing else), the discard
  // pile's zone (one label) is centred in the band.
  const deckMid = tight ? (bandTop + ownBets.y - 4) / 2 : midY;
  const deck = { x: 8 + tw / 2, y: deckMid - labels / 2 };
  const discard = { x: w - 8 - tw / 2, y: tight ? midY - (small + 5) / 2 : midY - labels / 2 };
  // The pile's label may be wider than the pile (piles.ts: up to 1.6 cards): its zone holds the label too.
  // Tight (small cards): room for 'discard 16' at 10 px whole, 59 px ('discard 16' was cut to 7.8 px).
  // Tall (an upright phone's small cards too): the same, and 'Stapel 2: 17' at 9 px whole, 66 px (under
  // 36-px cards both labels were shrunk to 8 px). So on any upright phone's bands (320 px, three
  // players: 'discard 22' was drawn at 8.7 px, 'Stapel 2: 19' at 8.5; 360x640's guided game while
  // betting, in German: 'Stapel 2: 19' at 8.5). Where the zones are already that wide, nothing moves.
  const phone = w < 480;
  const trumpRight = deck.x + tw * 0.45 + th / 2;
  const deckW = Math.max(trumpRight - deck.x + tw / 2 + 8, tall || phone ? LABEL_W : 0);
  const low = tight && limitAt === 'low';
  let discardLeft = Math.min(discard.x - Math.max(tw / 2 + 4, tw * 0.8 + 2), tight || tall || phone ? w - 2 - 64 : w);
  // Low: the discard pile beside the deck, its top level with the deck's, its zone room for 'discard 16'.
  const lowDiscardW = Math.max(64, tw + 14);
  if (low) {
    discardLeft = deck.x - tw / 2 - 4 + deckW + 4;
    discard.x = discardLeft + lowDiscardW / 2;
    discard.y = deck.y;
  }
  // Tight: the limit's pips (up to five, 16 px apart) and its word, under the feathers (both centred
  // in the band) or right of the deck at the foot of its column.
  const limitW = LIMIT_W;
  const stacked = tight && limitAt === 'feathers';
  const stackW = stacked ? Math.max(featherW, limitW) : featherW;
  const stackH = stacked ? featherH + 2 + limitH : featherH;
  const feathers = { x: (low ? w - 2 : discardLeft) - 6 - stackW / 2, y: midY - (stackH - featherH) / 2 };
  if (stacked) limit = { x: feathers.x - limitW / 2, y: feathers.y + featherH / 2 + 2, w: limitW, h: limitH };
  if (tight && limitAt === 'deck')
    limit = { x: deck.x - tw / 2 + deckW, y: ownBets.y - 4 - limitH, w: limitW, h: limitH };
  // The discard pile has one label (the deck two in round 1).
  const discardH = tight ? th + small + 9 : th + labels + 2;
  if (low) limit = { x: discardLeft + lowDiscardW + 8, y: midY - limitH / 2, w: limitW, h: limitH };
  const zones: Layout['zones'] = {
    deck: { x: deck.x - tw / 2 - 4, y: deck.y - th / 2 - 2, w: deckW, h: th + labels + 2 },
    discard: { x: discardLeft, y: discard.y - th / 2 - 2, w: low ? lowDiscardW : w - 2 - discardLeft, h: discardH },
    feathers: { x: feathers.x - featherW / 2, y: feathers.y - featherH / 2, w: featherW, h: featherH },
    table: { x: 0, y: 0, w: 0, h: 0 },
    limit,
  };
  const left = ((tight && limitAt === 'deck') || low ? limit.x + limit.w : zones.deck.x + zones.deck.w) + 8;
  const right = feathers.x - stackW / 2 - 8;
  const tableBox = { x: left, y: bandTop, w: Math.max(0, right - left), h: Math.max(0, bandBottom - bandTop) };
  zones.table = tableBox;
  const { table, pending, centre } = placeChallenge(tableBox, i.tableSize, tw, th, rejectOffset);
  return {
    w,
    h,
    narrow: true,
    short: true,
    twoLineBoxes: !tall,
    lowBoxes: lowBox && !tall,
    cardW,
    cardH,
    tableScale,
    seatBox,
    seats,
    betRows,
    hand,
    handScale,
    handTop,
    handLeft,
    table,
    rejectOffset,
    limitRow: { x: limit.x + limit.w / 2, y: limit.y + 7 },
    deck,
    discard,
    feathers,
    pending,
    centre,
    small,
    zones,
  };
}
