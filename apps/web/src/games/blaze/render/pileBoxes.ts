/**
 * Where the discard pile's top cards and the feather chip are drawn, and the boxes they cover. Pure,
 * so the renderer draws from the same numbers the layout tests check: the zones were apart, but the
 * discard's top cards, turned and stepped up, reached past their zone's top into the chip's label
 * above them (issue #40: 1280x800, the chip lay on the pile).
 */
import type { Box, Slot } from '../../../kit/geometry.js';
import type { Layout } from './layout.js';

/** The discard pile shows its top three cards, side by side a little and turned. */
export const DISCARD_SHOWN = 3;
/** What the turned cards may reach past the pile's outline: its zone's margin (layout.ts). */
const DISCARD_REACH = 4;
/**
 * The k-th shown card's turn: left, straight, right, by at most 0.12 rad; less for large cards, whose
 * turned corners stay within DISCARD_REACH of the outline. Stepped up 2 px each and turned 0.12, the
 * top cards of a 100-px pile rose 10 px over it, into the feather chip's label (issue #40).
 */
const discardTurn = (k: number, w: number) => ((k % 3) - 1) * Math.min(0.12, (2 * (DISCARD_REACH - 1)) / w);

/** The slot of the k-th shown card of the discard pile (0 the lowest of the shown). */
export function discardSlot(L: Layout, k: number): Slot {
  return { x: L.discard.x + k * 3, y: L.discard.y, rot: discardTurn(k, L.cardW * L.tableScale) };
}

/**
 * How far above the discard's outline its shown cards reach (stepped up, turned, outlined): the layout
 * keeps this room over the pile, so what sits above it (the feather chip) stays clear.
 */
export function discardRise(w: number, h: number): number {
  let rise = 0;
  for (let k = 0; k < DISCARD_SHOWN; k++) {
    const b = turnedBox({ x: 0, y: 0, rot: discardTurn(k, w) }, w, h);
    rise = Math.max(rise, -(b.y - 1) - h / 2);
  }
  return Math.ceil(rise);
}

/** A card of w×h turned by `rot` about its centre: the box it covers. */
function turnedBox(p: Slot, w: number, h: number): Box {
  const c = Math.abs(Math.cos(p.rot));
  const s = Math.abs(Math.sin(p.rot));
  const hw = (w * c + h * s) / 2;
  const hh = (h * c + w * s) / 2;
  return { x: p.x - hw, y: p.y - hh, w: 2 * hw, h: 2 * hh };
}

/** The smallest box holding every box given. */
export function union(boxes: Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const r = Math.max(...boxes.map((b) => b.x + b.w));
  const b = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, w: r - x, h: b - y };
}

/** A pile label's line height, for `size`-px text (a Text's box is about 1.25 of its font size). */
const lineH = (size: number) => Math.ceil(size * 1.25);

/**
 * The box a pile label may cover: centred on `x`, at most `maxW` wide (pileLabel shrinks it to that)
 * and slid inside the canvas as pileLabel slides it.
 */
function labelBox(L: Layout, x: number, y: number, maxW: number): Box {
  const half = maxW / 2;
  const cx = Math.max(half + 2, Math.min(L.w - half - 2, x));
  return { x: cx - half, y, w: maxW, h: lineH(L.small) };
}

/** The discard label's room: as wide as 1.6 cards, or its zone. */
export const discardLabelRoom = (L: Layout) => Math.max(L.cardW * L.tableScale * 1.6, L.zones.discard.w - 2);

/**
 * What the discard pile covers: its outline, its top cards (turned, stepped up) and its label, as
 * wide as `labelW` (the words' width at L.small) or its room, whichever is less.
 */
export function discardDrawnBox(L: Layout, labelW = Number.POSITIVE_INFINITY): Box {
  const w = L.cardW * L.tableScale;
  const h = L.cardH * L.tableScale;
  const boxes: Box[] = [{ x: L.discard.x - w / 2, y: L.discard.y - h / 2, w, h }];
  // A card's outline (cardGfx) is drawn on its edge: a pixel more each way.
  for (let k = 0; k < DISCARD_SHOWN; k++) {
    const b = turnedBox(discardSlot(L, k), w, h);
    boxes.push({ x: b.x - 1, y: b.y - 1, w: b.w + 2, h: b.h + 2 });
  }
  boxes.push(labelBox(L, L.discard.x, L.discard.y + h / 2 + 2, Math.min(labelW, discardLabelRoom(L))));
  return union(boxes);
}

/** The feather chip's tokens: their radius and centres, the lowest of the stack first. */
export function featherTokens(L: Layout, n: number): { r: number; at: { x: number; y: number }[] } {
  const fz = L.zones.feathers;
  const r = L.narrow ? 12 : 16;
  const at = [];
  for (let k = 0; k < n; k++) at.push({ x: fz.x + fz.w / 2 + k * 3 - (n - 1) * 1.5, y: fz.y + r + 2 + (n - k) * 1.5 });
  return { r, at };
}

/** Where the chip's label starts, under its tokens. */
export function featherLabelY(L: Layout): number {
  const { r } = featherTokens(L, 0);
  return L.zones.feathers.y + 2 * r + 8;
}

/** What the feather chip covers for a stack of `n`: its tokens (outlined) and its label. */
export function featherDrawnBox(L: Layout, n: number): Box {
  const { r, at } = featherTokens(L, n);
  const fz = L.zones.feathers;
  const boxes: Box[] = at.map((p) => ({ x: p.x - r * 0.55 - 1, y: p.y - r - 1, w: r * 1.1 + 2, h: 2 * r + 2 }));
  boxes.push(labelBox(L, fz.x + fz.w / 2, featherLabelY(L), fz.w));
  return union(boxes);
}
