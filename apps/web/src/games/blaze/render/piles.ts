/**
 * The piles beside the challenge: the deck (with the trump turned across under it, or its suit as a
 * badge once drawn), deck 2 while round 2 is ahead, and the discard pile with its top cards. The
 * outlines and labels are drawn anew only when they change; the face-up cards (trump, discard top)
 * are placed like every other card, so a discarded card glides onto the pile.
 */
import type { CardId } from '@blaze/rules';
import { Container, Graphics } from 'pixi.js';
import type { CardSprites } from '../../../kit/cards.js';
import { clearLayer, pileLabel } from '../../../kit/tokens.js';
import type { Region } from '../../../kit/types.js';
import type { ClientTable } from '../../../shell/host.js';
import { t } from '../../../shell/host.js';
import { type CardView, makeBack, SUIT_COLOR, suitShape } from './cardGfx.js';
import type { Layout } from './layout.js';
import { DISCARD_SHOWN, discardLabelRoom, discardSlot } from './pileBoxes.js';
import { deck2Forms, deckLabelRoom } from './pileWords.js';

type View = NonNullable<ClientTable['view']>;

export class Piles {
  readonly layer = new Container();
  private deckBack: CardView | null = null;
  private deckSize = 0;
  private key = '';

  /**
   * Draws the piles and places the trump and the discard's top cards; the deck's back goes into the
   * card layer, above the trump turned across under it. Answers the regions drawn.
   */
  place(L: Layout, v: View, sprites: CardSprites, animate: boolean): Region[] {
    const ts = L.tableScale;
    const w = L.cardW * ts;
    this.deck(L, v, sprites.layer);
    this.draw(L, v);
    if (v.trump && v.deckCount > 0) {
      const tgt = { x: L.deck.x + w * 0.45, y: L.deck.y, rot: Math.PI / 2, scale: ts, z: 1, alpha: 1 };
      sprites.place(v.trump, tgt, L.deck, animate);
    }
    v.discard.slice(-DISCARD_SHOWN).forEach((c, k) => {
      const tgt = {
        ...discardSlot(L, k),
        scale: ts,
        z: 10 + k,
        alpha: 1,
      };
      sprites.place(c, tgt, L.deck, animate);
    });
    return [
      { kind: 'deck', id: 'deck', ...L.zones.deck },
      { kind: 'discard', id: 'discard', ...L.zones.discard },
    ];
  }

  /** The trump and the discard's top: plain cards, the trump marked. */
  look(v: View, sprites: CardSprites): void {
    const cards: CardId[] = [...(v.trump && v.deckCount > 0 ? [v.trump] : []), ...v.discard.slice(-DISCARD_SHOWN)];
    for (const c of cards) {
      sprites.look(c, {
        glow: 'none',
        dim: false,
        live: false,
        pointer: false,
        trump: v.trump !== '' && c[0] === v.trump[0],
        focus: false,
      });
    }
  }

  private deck(L: Layout, v: View, cardLayer: Container): void {
    if (!this.deckBack || this.deckBack.destroyed || this.deckBack.width < 1 || this.deckSize !== L.cardW) {
      this.deckBack?.destroy({ children: true });
      this.deckBack = makeBack(L.cardW * L.tableScale, L.cardH * L.tableScale);
      this.deckBack.zIndex = 2;
      this.deckSize = L.cardW;
      cardLayer.addChild(this.deckBack);
    }
    this.deckBack.position.set(L.deck.x, L.deck.y);
    this.deckBack.visible = v.deckCount > 1 || (v.deckCount === 1 && !v.trump);
  }

  private draw(L: Layout, v: View): void {
    const trump = v.deckCount === 0 ? v.trump : '';
    const words = [
      t('table.deck', { n: v.deckCount }),
      v.round === 1 ? deck2Forms(v.deck2Count) : '',
      t('table.discard', { n: v.discard.length }),
    ];
    const key = JSON.stringify([words, trump, L.deck, L.discard, L.cardW, L.tableScale, L.small, L.w]);
    if (key === this.key) return;
    this.key = key;
    clearLayer(this.layer);
    const w = L.cardW * L.tableScale;
    const h = L.cardH * L.tableScale;
    const small = L.small;
    const label = (text: string | string[], x: number, y: number, size: number, maxW: number) =>
      this.layer.addChild(pileLabel(text, x, y, size, maxW, L.w));
    // Deck counts: the draw deck, and deck 2 only while round 2 is still ahead.
    // The deck's words may be as wide as its zone (the trump card lies beside it): 'deck 2: 20' was
    // shrunk to 7.9 px under 36-px cards.
    const deckLabel = (text: string | string[], y: number, size: number) =>
      label(text, L.deck.x, y, size, deckLabelRoom(L));
    deckLabel(words[0] ?? '', L.deck.y + h / 2 + 2, small);
    // Deck 2's words, or where they do not fit its count alone (pileWords.ts): the forms of the key.
    if (v.round === 1) deckLabel(words[1] ?? '', L.deck.y + h / 2 + small + 5, small - 1);
    if (trump) {
      // Once the trump card has been drawn, a large suit badge keeps it in sight (it is named in the banner).
      const suit = trump[0] as 'r' | 'y' | 'b';
      const g = new Graphics()
        .roundRect(L.deck.x - w / 2, L.deck.y - h / 2, w, h, 6)
        .stroke({ width: 2, color: SUIT_COLOR[suit], alpha: 0.9 });
      suitShape(g, suit, L.deck.x, L.deck.y, w * 0.5, SUIT_COLOR[suit]);
      this.layer.addChild(g);
    }
    this.layer.addChild(
      new Graphics()
        .roundRect(L.discard.x - w / 2, L.discard.y - h / 2, w, h, 6)
        .stroke({ width: 1.5, color: 0xffffff, alpha: 0.3 }),
    );
    label(words[2] ?? '', L.discard.x, L.discard.y + h / 2 + 2, small, discardLabelRoom(L));
  }
}
