/**
 * Cards drawn from vector shapes and text: colour plus a distinct suit shape (red circle, yellow
 * triangle, blue square), so suits differ without colour. Firebirds: dark card, gold rim, a star.
 */

import { type CardId, isFirebird, rankOf, type Suit, suitOf } from '@blaze/rules';
import { Container, Graphics, Text } from 'pixi.js';
import type { CardFaces } from '../../../kit/cards.js';

export const SUIT_COLOR: Record<Suit, number> = { r: 0xd0312d, y: 0xc98a00, b: 0x1f5fd1 };
const FACE = 0xfffdf6;
const GOLD = 0xffc83d;

/** Draws a suit symbol centred on (x, y) with size s. */
export function suitShape(
  g: Graphics,
  suit: Suit,
  x: number,
  y: number,
  s: number,
  color = SUIT_COLOR[suit],
): Graphics {
  if (suit === 'r') g.circle(x, y, s * 0.5);
  else if (suit === 'y') g.poly([x, y - s * 0.55, x + s * 0.55, y + s * 0.45, x - s * 0.55, y + s * 0.45]);
  else g.rect(x - s * 0.44, y - s * 0.44, s * 0.88, s * 0.88);
  return g.fill({ color });
}

export interface CardView extends Container {
  card: CardId | null;
  glow: Graphics;
  shade: Graphics;
  /** A gold star badge under the corner index, shown while the card's suit is trump. */
  trumpMark?: Graphics;
}

function frame(w: number, h: number): Graphics {
  return new Graphics().roundRect(-w / 2, -h / 2, w, h, Math.max(4, w * 0.09));
}

export function makeCard(card: CardId, w: number, h: number): CardView {
  const c = new Container() as CardView;
  c.card = card;
  const suit = suitOf(card);
  const color = SUIT_COLOR[suit];
  const fire = isFirebird(card);
  const bg = frame(w, h)
    .fill({ color: fire ? 0x24120a : FACE })
    .stroke({ width: fire ? Math.max(2, w * 0.05) : 1.5, color: fire ? GOLD : 0x5b5b5b });
  c.addChild(bg);
  // A colour band across the top so the suit reads even when the fan covers most of the card.
  const band = new Graphics().roundRect(-w / 2 + 2, -h / 2 + 2, w - 4, h * 0.1, 3).fill({ color });
  c.addChild(band);
  const rankText = fire ? 'F' : rankOf(card);
  const idx = new Text({
    text: rankText,
    style: {
      fontFamily: 'system-ui, sans-serif',
      fontSize: Math.round(w * 0.36),
      fontWeight: '800',
      fill: fire ? GOLD : color,
    },
  });
  idx.anchor.set(0.5, 0);
  idx.position.set(-w / 2 + w * 0.2, -h / 2 + h * 0.1);
  c.addChild(idx);
  const sym = new Graphics();
  suitShape(sym, suit, -w / 2 + w * 0.2, -h / 2 + h * 0.1 + w * 0.5, w * 0.2, color);
  c.addChild(sym);
  const centre = new Graphics();
  if (fire) {
    centre.star(w * 0.08, h * 0.12, 7, w * 0.3, w * 0.14).fill({ color: GOLD });
    suitShape(centre, suit, w * 0.08, h * 0.12, w * 0.16, color);
  } else {
    suitShape(centre, suit, w * 0.08, h * 0.12, w * 0.42, color);
    const big = new Text({
      text: rankText,
      style: { fontFamily: 'system-ui, sans-serif', fontSize: Math.round(w * 0.3), fontWeight: '800', fill: 0xffffff },
    });
    big.anchor.set(0.5);
    big.position.set(w * 0.08, h * 0.13);
    c.addChild(centre, big);
  }
  if (fire) c.addChild(centre);
  // Under the corner index, so it shows on the visible strip of a fanned hand card.
  const mx = -w / 2 + w * 0.2;
  const my = -h / 2 + h * 0.1 + w * 0.9;
  const r = Math.max(6, w * 0.14);
  c.trumpMark = new Graphics()
    .circle(mx, my, r)
    .fill({ color: GOLD })
    .stroke({ width: 1.5, color: 0x6b3b12 })
    .star(mx, my, 5, r * 0.8, r * 0.36)
    .fill({ color: 0x6b3b12 });
  c.trumpMark.visible = false;
  c.addChild(c.trumpMark);
  c.shade = frame(w, h).fill({ color: 0x000000, alpha: 0.38 });
  c.shade.visible = false;
  c.addChild(c.shade);
  c.glow = new Graphics();
  c.addChild(c.glow);
  return c;
}

export function makeBack(w: number, h: number): CardView {
  const c = new Container() as CardView;
  c.card = null;
  c.addChild(frame(w, h).fill({ color: 0x5a1d1d }).stroke({ width: 1.5, color: 0xf2d8a7 }));
  const inner = new Graphics()
    .roundRect(-w / 2 + w * 0.12, -h / 2 + w * 0.12, w * 0.76, h - w * 0.24, 4)
    .stroke({ width: 1.5, color: 0xf2d8a7, alpha: 0.7 });
  inner.star(0, 0, 6, w * 0.2, w * 0.09).fill({ color: 0xf2a33a, alpha: 0.85 });
  c.addChild(inner);
  c.shade = new Graphics();
  c.glow = new Graphics();
  c.addChild(c.glow);
  return c;
}

/** Blaze's faces for the kit's card sprites: glow, trump star, dimming and the keyboard's focus mark. */
export const blazeFaces: CardFaces<CardView> = {
  make: makeCard,
  look(v, w, h, l) {
    setGlow(v, w, h, l.glow);
    if (v.trumpMark) v.trumpMark.visible = l.trump;
    v.shade.visible = l.dim;
    if (l.focus) {
      v.glow
        .moveTo(-w * 0.3, h / 2 + 5)
        .lineTo(w * 0.3, h / 2 + 5)
        .stroke({ width: 3, color: 0xffffff });
    }
  },
};

/** Outline a card: 'lit' (may be chosen), 'target' (may be rejected onto), 'selected'. */
export function setGlow(c: CardView, w: number, h: number, kind: 'none' | 'lit' | 'target' | 'selected'): void {
  c.glow.clear();
  if (kind === 'none') return;
  const color = kind === 'target' ? 0x2ee06b : kind === 'selected' ? 0x40c4ff : 0xffd54a;
  const pad = kind === 'target' ? 4 : 2;
  c.glow
    .roundRect(-w / 2 - pad, -h / 2 - pad, w + 2 * pad, h + 2 * pad, Math.max(5, w * 0.1))
    .stroke({ width: kind === 'lit' ? 2.5 : 4, color });
}
