/**
 * What lies under a point of the canvas, as something the explainer can word: a hand card (its
 * visible strip), a challenge pair, the limit, bets, a seat box, the feathers, the deck or the discard
 * pile. Pure geometry over what the scene last drew.
 */

import type { CardPos, Region } from '../../../kit/types.js';
import type { Explainable } from '../logic/explain.js';

const inside = (x: number, y: number, r: Box) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/** A hand card's pressable box: its visible strip, from its top edge down (`y` sits 0.1 h above its middle). */
function handBox(p: CardPos): Box {
  return { x: p.x - p.w / 2, y: p.y - p.h * 0.4, w: p.w, h: p.h };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The thing under (x, y) and its box (canvas CSS pixels), so words can stand beside it, not over it. */
export interface Hit {
  what: Explainable;
  box: Box;
}

export function explainableAt(x: number, y: number, hand: readonly CardPos[], regions: readonly Region[]): Hit | null {
  // The last card drawn lies on top.
  for (let k = hand.length - 1; k >= 0; k--) {
    const p = hand[k];
    const box = p && handBox(p);
    if (p && box && inside(x, y, box)) return { what: { kind: 'hand', card: p.card }, box };
  }
  // Small things over big ones: bets and the limit sit beside boxes they must not be lost in.
  const order: Region['kind'][] = ['table', 'limit', 'bets', 'seat', 'feathers', 'deck', 'discard'];
  for (const kind of order) {
    for (const r of regions) {
      if (r.kind !== kind || !inside(x, y, r)) continue;
      const n = Number(r.id.slice(r.id.lastIndexOf('-') + 1));
      const box = { x: r.x, y: r.y, w: r.w, h: r.h };
      switch (r.kind) {
        case 'table':
          return { what: { kind: 'pair', index: n }, box };
        case 'bets':
          return { what: { kind: 'bets', seat: n }, box };
        case 'seat':
          return { what: { kind: 'seat', seat: n }, box };
        case 'limit':
        case 'feathers':
        case 'deck':
        case 'discard':
          return { what: { kind: r.kind }, box };
        case 'hand':
          break;
        default: {
          const never: never = r.kind;
          return never;
        }
      }
    }
  }
  return null;
}
