/**
 * Where everything sits on the table, in CSS pixels, for a given canvas size. Pure, so both the
 * renderer and the tests agree on positions.
 *
 * The canvas is cut into bands so nothing can overlap by construction (issue #10): opponents in a
 * row along the top with their bet markers under them; a middle band with the deck on the left, the
 * discard pile and the feathers on the right and the challenge between; your own seat box (and, on a
 * phone, the limit pips) in a row above the hand; the hand along the bottom.
 */
export interface Pt {
  x: number;
  y: number;
}
export interface Slot extends Pt {
  rot: number;
}
/** An axis-aligned box: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
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
  /** Where the bet markers on each seat go (a row under the seat's box). */
  betRows: Box[];
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
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The largest hand card on a large screen (px); table cards are drawn at tableScale of it. */
const MAX_CARD_W = 180;
/** The most cards a challenge holds (R4.4: min(5, the target's hand)). */
const MAX_TABLE = 5;

const sizeCache = new Map<string, number>();

/**
 * A desktop or tablet table uses its space: the card size is the largest that still fits a full
 * challenge (five pairs) in the middle band with the piles, seats and hand around it, never smaller
 * than the proportional size it had before. It depends only on the canvas and the seats, so cards do
 * not change size as the hand or the challenge grows. A phone keeps its proportional size.
 */
export function layout(i: LayoutInput): Layout {
  const { w, h } = i;
  if (w < 640) return layoutAt(i, Math.round(clamp(Math.min(w / 7, h / 8), 44, 80)));
  const key = `${w}x${h}:${i.players}:${i.hasHand}`;
  let cardW = sizeCache.get(key);
  if (cardW === undefined) {
    const floor = Math.round(clamp(Math.min(w / 10, h / 6.8), 52, 116));
    cardW = floor;
    for (let cw = MAX_CARD_W; cw > floor; cw -= 2) {
      if (fits(layoutAt({ ...i, handSize: 0, tableSize: MAX_TABLE }, cw))) {
        cardW = cw;
        break;
      }
    }
    if (sizeCache.size > 64) sizeCache.clear();
    sizeCache.set(key, cardW);
  }
  return layoutAt(i, cardW);
}

/**
 * Whether a full challenge and the piles fit at this card size: the seats, bet rows, piles and limit
 * apart and inside the canvas, every pair (rejection across it included) clear of all of them.
 */
function fits(L: Layout): boolean {
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
    if (a.x < 0 || a.y < 0 || a.x + a.w > L.w + 0.5 || a.y + a.h > L.handTop) return false;
    for (const b of boxes.slice(k + 1)) if (a.w > 0 && b.w > 0 && intersects(a, b)) return false;
  }
  for (const p of L.table) {
    const pair = { x: p.x - tw / 2, y: p.y - th / 2, w: tw + ro.x + 8, h: th + ro.y + 8 };
    if (boxes.some((b) => intersects(pair, b))) return false;
  }
  return true;
}

function layoutAt(i: LayoutInput, cardW: number): Layout {
  const { w, h } = i;
  const narrow = w < 640;
  const cardH = Math.round(cardW * 1.45);
  const others = Math.max(1, i.players - 1);
  const gapX = narrow ? 4 : 10;
  const boxW = Math.floor(Math.min(narrow ? 100 : 190, (w - gapX * (others + 1)) / others));
  const seatBox = { w: boxW, h: narrow ? 62 : 78 };
  const small = narrow ? 11 : 13;
  const betH = narrow ? 22 : 28;

  // The hand: a gentle fan along the bottom.
  const n = i.handSize;
  const margin = 10;
  // Room under the fan for its curve and its turned corners, so no card is cut at the bottom edge.
  const fanDrop = 0.5 * (narrow ? 6 : 14) + (cardW / 2) * Math.sin(narrow ? 0.06 : 0.1) + 2;
  const handY = h - cardH / 2 - 6 - fanDrop;
  const span = Math.max(0, w - 2 * margin - cardW);
  const step = n > 1 ? Math.min(cardW * 0.8, span / (n - 1)) : 0;
  const startX = w / 2 - (step * (n - 1)) / 2;
  const hand: Slot[] = [];
  for (let k = 0; k < n; k++) {
    const off = n > 1 ? k / (n - 1) - 0.5 : 0;
    hand.push({ x: startX + k * step, y: handY + Math.abs(off) * (narrow ? 6 : 14), rot: off * (narrow ? 0.12 : 0.2) });
  }
  // Room for a selected card lifting out of the fan.
  const handTop = i.hasHand ? handY - cardH / 2 - cardH * 0.24 : h;

  // Opponents: one row along the top, evenly spread, clockwise from the viewer's left.
  const seats: Pt[] = [];
  const betRows: Box[] = [];
  const rowGap = (w - others * seatBox.w) / (others + 1);
  const seatY = 4 + seatBox.h / 2;
  for (let k = 1; k <= others; k++) {
    const seat = (i.bottomSeat + k) % i.players;
    const x = rowGap + seatBox.w / 2 + (k - 1) * (seatBox.w + rowGap);
    seats[seat] = { x, y: seatY };
    betRows[seat] = { x: x - seatBox.w / 2, y: seatY + seatBox.h / 2 + 2, w: seatBox.w, h: betH };
  }
  const topBand = 4 + seatBox.h + 2 + betH + 4;
  // Your own seat: bottom-left above the hand; a spectator sees seat 0 there, with no hand under it.
  const ownY = handTop - seatBox.h / 2 - 4;
  const ownBox: Pt = i.hasHand ? { x: gapX + seatBox.w / 2, y: ownY } : { x: w / 2, y: h - seatBox.h / 2 - 6 };
  seats[i.bottomSeat] = ownBox;
  // Bet markers on you sit beside your box, to its right.
  betRows[i.bottomSeat] = {
    x: ownBox.x + seatBox.w / 2 + 4,
    y: ownBox.y - betH / 2,
    w: Math.min(seatBox.w, w - ownBox.x - seatBox.w / 2 - 8),
    h: betH,
  };
  const ownTop = ownBox.y - seatBox.h / 2;
  const bandTop = topBand;
  const bandBottom = ownTop - 6;

  const tableScale = narrow ? 0.86 : 0.85;
  const tw = cardW * tableScale;
  const th = cardH * tableScale;
  const labels = 2 * (small + 3);
  const rejectOffset = { x: tw * 0.3, y: th * 0.2, rot: 0.32 };
  const gap = tw * 0.28;
  const pairW = tw * 1.25 + gap;
  const rowStep = th * 0.62;

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
    feathers = { x: w / 2 + tw * 0.2, y: pileY - 6 };
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
    zones.limit = { x: limitX, y: ownTop, w: Math.max(0, w - limitX - 4), h: 14 + small + 4 };
    if (!i.hasHand) zones.limit = { x: 4, y: bandBottom - 36, w: w / 2 - seatBox.w / 2 - 8, h: 34 };
  } else {
    const midY = (bandTop + bandBottom) / 2;
    deck = { x: 14 + tw / 2, y: midY - labels / 2 };
    discard = { x: w - 16 - tw / 2, y: midY - labels / 2 + th * 0.2 };
    feathers = { x: discard.x, y: discard.y - th / 2 - featherH / 2 - 6 };
    const trumpRight = deck.x + tw * 0.45 + th / 2;
    zones = {
      deck: { x: deck.x - tw / 2 - 4, y: deck.y - th / 2 - 4, w: trumpRight - deck.x + tw / 2 + 8, h: th + labels + 8 },
      discard: { x: discard.x - tw / 2 - 4, y: discard.y - th / 2 - 4, w: tw + 14, h: th + labels + 4 },
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

  // The challenge: pairs in rows, centred in the table zone.
  const maxRow = Math.max(1, Math.floor((tableBox.w - rejectOffset.x) / pairW));
  const table: Pt[] = [];
  const rows = Math.ceil(i.tableSize / maxRow) || 1;
  const blockH = th + (rows - 1) * rowStep + rejectOffset.y;
  const top = tableBox.y + Math.max(0, (tableBox.h - blockH) / 2) + th / 2;
  const cx = tableBox.x + tableBox.w / 2;
  for (let k = 0; k < i.tableSize; k++) {
    const row = Math.floor(k / maxRow);
    const inRow = Math.min(maxRow, i.tableSize - row * maxRow);
    const col = k % maxRow;
    table.push({ x: cx - ((inRow - 1) * pairW) / 2 + col * pairW - rejectOffset.x / 2, y: top + row * rowStep });
  }
  const lz = zones.limit;
  return {
    w,
    h,
    narrow,
    cardW,
    cardH,
    tableScale,
    seatBox,
    seats,
    betRows,
    hand,
    handTop,
    table,
    rejectOffset,
    limitRow: { x: lz.x + lz.w / 2, y: lz.y + 7 },
    deck,
    discard,
    feathers,
    pending: { x: cx, y: top },
    centre: { x: cx, y: tableBox.y + tableBox.h / 2 },
    small,
    zones,
  };
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
