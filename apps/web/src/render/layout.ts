/**
 * Where everything sits on the table, in CSS pixels, for a given canvas size. Pure, so both the
 * renderer and the test hook agree on positions.
 */
export interface Pt {
  x: number;
  y: number;
}
export interface Slot extends Pt {
  rot: number;
}

export interface Layout {
  w: number;
  h: number;
  narrow: boolean;
  cardW: number;
  cardH: number;
  /** Scale of table cards relative to hand cards. */
  tableScale: number;
  seatBox: { w: number; h: number };
  /** Centre of each seat's box, by seat; the viewer's own seat sits bottom-left above the hand. */
  seats: Pt[];
  hand: Slot[];
  handTop: number;
  table: Pt[];
  /** Offset and angle of a rejection card laid across its challenge card. */
  rejectOffset: Slot;
  limitRow: Pt;
  deck: Pt;
  discard: Pt;
  feathers: Pt;
  pending: Pt;
  centre: Pt;
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
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function layout(i: LayoutInput): Layout {
  const { w, h } = i;
  const narrow = w < 640;
  const cardW = Math.round(clamp(Math.min(w / 7, h / 7.5), 46, 96));
  const cardH = Math.round(cardW * 1.45);
  const seatBox = { w: narrow ? 84 : 150, h: narrow ? 58 : 70 };

  // The hand: a gentle fan along the bottom.
  const n = i.handSize;
  const margin = 10;
  const handY = h - cardH / 2 - 8;
  const span = Math.max(0, w - 2 * margin - cardW);
  const step = n > 1 ? Math.min(cardW * 0.8, span / (n - 1)) : 0;
  const startX = w / 2 - (step * (n - 1)) / 2;
  const hand: Slot[] = [];
  for (let k = 0; k < n; k++) {
    const off = n > 1 ? k / (n - 1) - 0.5 : 0;
    hand.push({ x: startX + k * step, y: handY + Math.abs(off) * (narrow ? 6 : 14), rot: off * (narrow ? 0.12 : 0.2) });
  }
  const handTop = i.hasHand ? handY - cardH / 2 - cardH * 0.28 : h - seatBox.h - 12;

  // Opponents around the top, clockwise from the viewer's left.
  const seats: Pt[] = [];
  const others = i.players - 1;
  const top = seatBox.h / 2 + 6;
  const sideSpan = (handTop - top) * (narrow ? 0.32 : 0.5);
  for (let k = 1; k <= others; k++) {
    const seat = (i.bottomSeat + k) % i.players;
    const theta = Math.PI - (k * Math.PI) / (others + 1);
    const x = w / 2 + Math.cos(theta) * (w / 2 - seatBox.w / 2 - 6);
    const y = top + (1 - Math.sin(theta)) * sideSpan;
    seats[seat] = { x, y };
  }
  seats[i.bottomSeat] = i.hasHand
    ? { x: seatBox.w / 2 + 6, y: handTop - seatBox.h / 2 - 4 }
    : { x: w / 2, y: h - seatBox.h / 2 - 8 };

  // The centre: piles and the challenge.
  const tableScale = narrow ? 0.92 : 0.85;
  const tw = cardW * tableScale;
  const th = cardH * tableScale;
  const opponentsBottom = Math.max(...seats.filter((_, s) => s !== i.bottomSeat).map((p) => p.y)) + seatBox.h / 2;
  const centreTop = (narrow ? top + seatBox.h / 2 + seatBox.h * 0.9 : top + seatBox.h) + 8;
  const centreBottom = i.hasHand ? handTop - 10 - (narrow ? seatBox.h + 4 : 0) : handTop - 10;
  let pileY: number;
  let tableY: number;
  let deck: Pt;
  let discard: Pt;
  let feathers: Pt;
  if (narrow) {
    pileY = Math.max(centreTop, opponentsBottom + 6) + th * 0.45;
    tableY = pileY + th * 0.5 + (centreBottom - pileY - th * 0.5) / 2 - 8;
    deck = { x: tw * 0.7 + 6, y: pileY };
    discard = { x: w - tw * 0.7 - 6, y: pileY };
    feathers = { x: w / 2, y: pileY };
  } else {
    const deckX = w / 2 - Math.min(w * 0.32, 420);
    // The deck and its two count lines must clear the viewer's own seat box when they share its column.
    const ownBoxTop = handTop - seatBox.h - 4;
    const deckFloor = deckX - tw * 0.6 < seatBox.w + 12 ? ownBoxTop - 36 - th / 2 : centreBottom;
    pileY = Math.min((Math.max(centreTop, opponentsBottom) + centreBottom) / 2, deckFloor);
    tableY = pileY;
    deck = { x: deckX, y: pileY };
    discard = { x: w / 2 + Math.min(w * 0.32, 420), y: pileY };
    feathers = { x: discard.x, y: pileY - th * 0.95 };
  }
  const gap = tw * 0.28;
  const pairW = tw * 1.25 + gap;
  const maxRow = narrow ? Math.max(1, Math.floor((w - 12) / pairW)) : 5;
  const table: Pt[] = [];
  const rows = Math.ceil(i.tableSize / maxRow) || 1;
  for (let k = 0; k < i.tableSize; k++) {
    const row = Math.floor(k / maxRow);
    const inRow = Math.min(maxRow, i.tableSize - row * maxRow);
    const col = k % maxRow;
    const rowY = tableY - ((rows - 1) * th * 0.62) / 2 + row * th * 0.62;
    table.push({ x: w / 2 - ((inRow - 1) * pairW) / 2 + col * pairW - tw * 0.12, y: rowY - th * 0.08 });
  }
  return {
    w,
    h,
    narrow,
    cardW,
    cardH,
    tableScale,
    seatBox,
    seats,
    hand,
    handTop,
    table,
    rejectOffset: { x: tw * 0.3, y: th * 0.22, rot: 0.32 },
    limitRow: { x: w / 2, y: tableY + th * 0.5 + (rows - 1) * th * 0.31 + 16 },
    deck,
    discard,
    feathers,
    pending: { x: w / 2, y: handTop - cardH * 0.2 },
    centre: { x: w / 2, y: tableY },
  };
}
