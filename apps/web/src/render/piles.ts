/**
 * The piles around the challenge: the deck (with the trump under it, or its suit once drawn), deck 2,
 * the discard pile, the feather stack, the limit's label, and the bets face down before the player
 * bet on.
 */
import type { Seat } from '@blaze/rules';
import { Container, Graphics, Text } from 'pixi.js';
import { t } from '../i18n/index.js';
import type { ClientTable } from '../store/snapshot.js';
import { type CardView, makeBack, SUIT_COLOR, suitShape } from './cardGfx.js';
import type { Layout, Pt } from './layout.js';
import type { Region } from './scene.js';
import { featherToken, TEXT } from './tokens.js';

export class Piles {
  readonly layer = new Container();
  private deckBack: CardView | null = null;
  private deckSize = 0;

  /**
   * Draws the piles for this snapshot; the deck's back goes into `cardLayer`, above the trump card
   * turned across under it. Answers the regions drawn.
   */
  draw(L: Layout, tb: ClientTable, cardLayer: Container): Region[] {
    const regions: Region[] = [];
    const v = tb.view;
    this.layer.removeChildren().forEach((c) => {
      c.destroy({ children: true });
    });
    if (!v) return regions;
    const ts = L.tableScale;
    const w = L.cardW * ts;
    const h = L.cardH * ts;
    const small = L.small;
    // The deck's back sits in the card layer, above the trump turned across under it.
    if (!this.deckBack || this.deckBack.width < 1 || this.deckSize !== L.cardW) {
      this.deckBack?.destroy({ children: true });
      this.deckBack = makeBack(w, h);
      this.deckBack.zIndex = 2;
      this.deckSize = L.cardW;
      cardLayer.addChild(this.deckBack);
    }
    this.deckBack.position.set(L.deck.x, L.deck.y);
    this.deckBack.visible = v.deckCount > 1 || (v.deckCount === 1 && !v.trump);
    const label = (text: string, p: Pt, dy: number, size = small, maxW = w * 1.6) => {
      const tx = new Text({ text, style: { ...TEXT, fontSize: size, fontWeight: '600' } });
      tx.anchor.set(0.5, 0);
      if (tx.width > maxW) tx.scale.set(maxW / tx.width);
      // Never past the canvas edge: a label near the side slides inwards rather than being cut.
      const half = tx.width / 2;
      tx.position.set(Math.max(half + 2, Math.min(L.w - half - 2, p.x)), p.y + dy);
      this.layer.addChild(tx);
    };
    // Deck counts: the draw deck, and deck 2 only while round 2 is still ahead.
    label(t('table.deck', { n: v.deckCount }), L.deck, h / 2 + 2);
    if (v.round === 1) label(t('table.deck2', { n: v.deck2Count }), L.deck, h / 2 + small + 5, small - 1);
    if (v.trump && v.deckCount === 0) {
      // Once the trump card has been drawn, a large suit badge keeps it in sight (it is named in the banner).
      const g = new Graphics()
        .roundRect(L.deck.x - w / 2, L.deck.y - h / 2, w, h, 6)
        .stroke({ width: 2, color: SUIT_COLOR[v.trump[0] as 'r'], alpha: 0.9 });
      suitShape(g, v.trump[0] as 'r' | 'y' | 'b', L.deck.x, L.deck.y, w * 0.5, SUIT_COLOR[v.trump[0] as 'r']);
      this.layer.addChild(g);
    }
    regions.push({ kind: 'deck', id: 'deck', ...L.zones.deck });
    const discardOutline = new Graphics()
      .roundRect(L.discard.x - w / 2, L.discard.y - h / 2, w, h, 6)
      .stroke({ width: 1.5, color: 0xffffff, alpha: 0.3 });
    this.layer.addChild(discardOutline);
    label(t('table.discard', { n: v.discard.length }), L.discard, h / 2 + 2);
    regions.push({ kind: 'discard', id: 'discard', ...L.zones.discard });
    // The feather stack, top value showing once phase 2 lays it out.
    if (v.featherStack.length > 0) {
      const r = L.narrow ? 12 : 16;
      const fz = L.zones.feathers;
      v.featherStack
        .slice()
        .reverse()
        .forEach((val, k, all) => {
          const c = featherToken(k === all.length - 1 && v.phase === 2 ? val : null, r);
          c.position.set(fz.x + fz.w / 2 + k * 3 - (all.length - 1) * 1.5, fz.y + r + 2 - k * 1.5 + all.length * 1.5);
          this.layer.addChild(c);
        });
      label(`${t('table.feathers')} ${v.featherStack.length}`, { x: fz.x + fz.w / 2, y: fz.y }, 2 * r + 8, small, fz.w);
      regions.push({ kind: 'feathers', id: 'feathers', ...fz });
    }
    if (v.table.length > 0) {
      const lz = L.zones.limit;
      label(t('table.limit', { n: v.limit }), L.limitRow, 9, small - 1, lz.w);
    }
    // Bets, face down in front of the player bet on; who placed each one is written in the bettor's box.
    const byOn = new Map<Seat, number>();
    for (const b of v.bets) {
      if (b.round !== v.round) continue;
      const row = L.betRows[b.on];
      if (!row) continue;
      const k = byOn.get(b.on) ?? 0;
      byOn.set(b.on, k + 1);
      const bh = row.h - 2;
      const bw = bh / 1.4;
      const back = makeBack(bw, bh);
      back.position.set(row.x + bw / 2 + k * (bw + 3), row.y + bh / 2 + 1);
      this.layer.addChild(back);
    }
    for (const [seat, count] of byOn) {
      const row = L.betRows[seat];
      if (!row) continue;
      const bw = (row.h - 2) / 1.4;
      regions.push({ kind: 'bets', id: `bets-${seat}`, x: row.x, y: row.y, w: count * (bw + 3), h: row.h });
    }
    return regions;
  }
}
