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
import { evenUprightMost, largestFitting, narrowCardSize, shortCardSize } from './cardSize.js';
import { layoutShort } from './layoutBands.js';
import {
  type CardSize,
  isShort,
  type Layout,
  type LayoutInput,
  type LimitAt,
  MAX_TABLE,
  SHORT_MAX_CARD_W,
} from './layoutModel.js';
import { layoutAt } from './layoutStacked.js';

export { BET_GAP, INDEX_STRIP, isShort, type Layout, type LayoutInput } from './layoutModel.js';
// The shared geometry lives in the kit; Blaze's parts keep importing it from here, with the model.
export type { Box, Pt, Slot };
export { intersects };

const sizeCache = new Map<string, CardSize & { limitAt?: LimitAt }>();

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
