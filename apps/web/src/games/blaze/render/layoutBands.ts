/**
 * The short canvas' bands (a phone held sideways, a low window, an upright phone's lowest canvases).
 */
import type { Box, Pt, Slot } from '../../../kit/geometry.js';
import {
  BET_GAP,
  LABEL_W,
  type Layout,
  type LayoutInput,
  LIMIT_W,
  type LimitAt,
  LOW_BOX_H,
  SHORT_BOX_H,
  SHORT_TABLE_SCALE,
  TALL_BOX_H,
} from './layoutModel.js';
import { fan, opponentsRow, placeChallenge } from './layoutPlace.js';

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
export function layoutShort(
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
