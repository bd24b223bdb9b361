/**
 * Your own hand: a fan along the bottom, selected cards lifted out of it, playable cards lit and the
 * others greyed while you have a move, the keyboard's focus marked under its card.
 */
import type { CardId } from '@blaze/rules';
import type { CardSprites } from '../../../kit/cards.js';
import type { CardPos, Region } from '../../../kit/types.js';
import type { Highlights } from '../logic/highlights.js';
import type { Layout } from './layout.js';

export interface HandInput {
  /** In the order shown (sorted), without cards on their way to the table. */
  cards: CardId[];
  selected: ReadonlySet<CardId>;
  /** Index of the keyboard's focus in `cards`. */
  focus: number;
  trump: CardId | '';
}

export class Hand {
  /** Where each card can be pressed (its visible part), for the page and the tests. */
  positions: CardPos[] = [];

  /** Places the hand's cards; answers the hand's region (empty hand: none). */
  place(L: Layout, h: HandInput, hl: Highlights, sprites: CardSprites, animate: boolean): Region[] {
    const positions: CardPos[] = [];
    // A hand too long for its band is drawn smaller (layout.ts' fan).
    const cardW = L.cardW * L.handScale;
    const cardH = L.cardH * L.handScale;
    h.cards.forEach((c, k) => {
      const slot = L.hand[k];
      if (!slot) return;
      const up = h.selected.has(c) ? cardH * 0.22 : 0;
      sprites.place(
        c,
        { x: slot.x, y: slot.y - up, rot: slot.rot, scale: L.handScale, z: 300 + k, alpha: 1 },
        L.deck,
        animate,
      );
      const next = L.hand[k + 1];
      const visW = next ? Math.min(cardW, Math.max(8, next.x - slot.x)) : cardW;
      positions.push({
        card: c,
        x: slot.x - cardW / 2 + visW / 2,
        y: slot.y - up - cardH * 0.1,
        w: visW,
        h: cardH,
        lit: hl.lit.has(c),
      });
    });
    this.positions = positions;
    return this.region(L);
  }

  /** Lit, selected, greyed and focused, once every part has placed its cards. */
  look(h: HandInput, hl: Highlights, sprites: CardSprites): void {
    const focusCard = h.cards[h.focus];
    for (const c of h.cards) {
      const sel = h.selected.has(c);
      const tgt = hl.rejectTargets.includes(c);
      sprites.look(c, {
        glow: sel ? 'selected' : tgt ? 'target' : hl.lit.has(c) ? 'lit' : 'none',
        dim: hl.role !== 'none' && hl.lit.size > 0 && !hl.lit.has(c) && !sel,
        live: true,
        pointer: true,
        trump: h.trump !== '' && c[0] === h.trump[0],
        focus: c === focusCard,
      });
    }
  }

  private region(L: Layout): Region[] {
    const n = this.positions.length;
    const first = L.hand[0];
    const last = L.hand[n - 1];
    if (n === 0 || !first || !last) return [];
    const cardW = L.cardW * L.handScale;
    const cardH = L.cardH * L.handScale;
    const lift = cardH * 0.22;
    const slots = L.hand.slice(0, n);
    const y0 = Math.min(...slots.map((s) => s.y)) - cardH / 2 - lift;
    // The lowest point of the fan: a turned card's corner reaches below its centre line.
    const y1 = Math.max(...slots.map((s) => s.y + cardH / 2 + (cardW / 2) * Math.abs(Math.sin(s.rot))));
    const x0 = first.x - cardW / 2 - 4;
    const x1 = last.x + cardW / 2 + 4;
    return [{ kind: 'hand', id: 'hand', x: x0, y: y0, w: x1 - x0, h: y1 - y0 }];
  }
}
