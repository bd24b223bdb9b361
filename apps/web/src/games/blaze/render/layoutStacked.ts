/**
 * The stacked layout (desktops, tablets, an upright phone): opponents in a row along the top, the
 * middle band with the piles and the challenge, your own box (and on a phone the limit) above the
 * hand along the bottom.
 */
import type { Box, Pt } from '../../../kit/geometry.js';
import { BET_GAP, type Layout, type LayoutInput, TALL_BOX_H } from './layoutModel.js';
import { fan, opponentsRow, placeChallenge } from './layoutPlace.js';
import { discardRise } from './pileBoxes.js';

/**
 * `beside` (an upright phone's low canvas, with a hand): your box at the bottom left with the bets on
 * you and the limit above it, the hand fanned to its right, as on the short canvas; the middle band
 * gains your box's row.
 */
export function layoutAt(i: LayoutInput, cardW: number, beside = false): Layout {
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
