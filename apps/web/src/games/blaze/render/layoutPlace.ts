/**
 * Placing parts inside a layout's bands: the opponents' row, the challenge's pairs, the hand's fan.
 * Shared by the stacked layout and the short canvas' bands.
 */
import type { Box, Pt, Slot } from '../../../kit/geometry.js';
import { BET_GAP, INDEX_STRIP, type LayoutInput } from './layoutModel.js';

/**
 * Opponents: one row of boxes `top` px from the canvas' top, evenly spread, clockwise from the
 * viewer's left, each with its row of bet markers under it. The viewer's own seat is left to the caller.
 */
export function opponentsRow(i: LayoutInput, seatBox: { w: number; h: number }, betH: number, top: number) {
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
export function placeChallenge(tableBox: Box, n: number, tw: number, th: number, rejectOffset: Slot) {
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
export function fan(
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
