/**
 * The card size of a canvas: the largest that keeps every part apart and a full challenge in its band,
 * searched over the stacked layout and the short canvas' bands (each size's layout is tried whole).
 */
import { type Box, intersects } from '../../../kit/geometry.js';
import { layoutShort } from './layoutBands.js';
import {
  type CardSize,
  clamp,
  isShort,
  type Layout,
  type LayoutInput,
  type LimitAt,
  LOW_MIN_TABLE_SCALE,
  MAX_CARD_W,
  MAX_TABLE,
  NARROW_MIN_CARD_W,
  SHORT_COMFORT_CARD_W,
  SHORT_FLOOR_CARD_W,
  SHORT_MAX_CARD_W,
  SHORT_MIN_CARD_W,
  SHORT_NARROW_MIN_BOX_W,
  SHORT_TABLE_SCALE,
} from './layoutModel.js';
import { layoutAt } from './layoutStacked.js';

/**
 * A short canvas has no proportional size to keep: the largest card that fits, down to a floor, with
 * the limit in your column while cards keep SHORT_COMFORT_CARD_W (740x360); on a lower one (568x320: a canvas of about 568x210, where that column left no room for the deck over
 * it) the limit under the feathers or beside the deck, whichever gives the larger cards.
 */
export function shortCardSize(
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
export function largestFitting(i: LayoutInput): number {
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
export function narrowCardSize(i: LayoutInput): CardSize & { limitAt?: LimitAt } {
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
export function evenUprightMost(w: number): number {
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
  // Index loops, no copies: the card size's search calls this hundreds of times per layout (the
  // layout sweeps in apps/web/test/logic.test.ts lay out some 290,000 canvases).
  const boxes: Box[] = [];
  const { w: boxW, h: boxH } = L.seatBox;
  for (let s = 0; s < L.seats.length; s++) {
    const p = L.seats[s] as { x: number; y: number };
    boxes.push({ x: p.x - boxW / 2, y: p.y - boxH / 2, w: boxW, h: boxH });
    const b = L.betRows[s];
    if (b) boxes.push(b);
  }
  const { deck, discard, feathers, limit } = L.zones;
  boxes.push(deck, discard, feathers, limit);
  for (let k = 0; k < boxes.length; k++) {
    const a = boxes[k] as Box;
    // Above the hand, or (a short canvas: your box, its bets and the limit) in the column left of it.
    const clear = a.y + a.h <= L.handTop || (a.x + a.w <= L.handLeft && a.y + a.h <= L.h);
    if (a.x < 0 || a.y < 0 || a.x + a.w > L.w + 0.5 || !clear) return false;
    if (a.w <= 0) continue;
    for (let m = k + 1; m < boxes.length; m++) {
      const b = boxes[m] as Box;
      if (b.w > 0 && intersects(a, b)) return false;
    }
  }
  for (const p of L.table) {
    const pair = { x: p.x - tw / 2, y: p.y - th / 2, w: tw + ro.x + 8, h: th + ro.y + 8 };
    for (let m = 0; m < boxes.length; m++) if (intersects(pair, boxes[m] as Box)) return false;
    // Nor down into the hand (a band too low for the pairs centres them past its bottom).
    if (p.y + th / 2 + ro.y > L.handTop && pair.x + pair.w > L.handLeft) return false;
  }
  return true;
}
