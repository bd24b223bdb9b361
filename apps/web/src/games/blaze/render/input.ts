/**
 * Pointer input on the cards: tap a hand card to select it, drag it onto a challenge card to reject
 * that card or onto the table to play it (with the rest of the selection), tap a challenge card to
 * reject it with the selected card.
 */
import type { CardId } from '@blaze/rules';
import type { Container, FederatedPointerEvent } from 'pixi.js';
import type { CardInputHooks } from '../../../kit/cards.js';
import type { StoreState } from '../../../shell/host.js';
import type { Highlights } from '../logic/highlights.js';
import { type CardView, makeCard } from './cardGfx.js';
import type { Layout, Pt } from './layout.js';

export interface SceneIntents {
  toggle(card: CardId): void;
  focus(card: CardId): void;
  /** Play these cards (drag to the table). */
  play(cards: CardId[]): void;
  reject(card: CardId, challenge: CardId): void;
}

export interface InputContext {
  /** What was drawn last, and where. */
  last(): { s: StoreState; hl: Highlights } | null;
  layout(): Layout | null;
  /** Where the dragged card's ghost is drawn. */
  layer: Container;
  redraw(): void;
}

/** A move shorter than this is a tap, not a drag (px). */
const DRAG_PX = 10;

export class CardInput implements CardInputHooks<CardView> {
  private drag: { card: CardId; start: Pt; moved: boolean; view: CardView } | null = null;
  private ghost: CardView | null = null;

  constructor(
    private intents: SceneIntents,
    private ctx: InputContext,
  ) {}

  /** A drag in progress is dropped (its ghost already went with the layer it was drawn in). */
  reset(): void {
    this.ghost = null;
    this.drag = null;
  }

  down(card: CardId, view: CardView, e: FederatedPointerEvent): void {
    const hand = this.ctx.last()?.s.table?.view?.hand ?? [];
    if (!hand.includes(card)) return;
    this.drag = { card, start: { x: e.global.x, y: e.global.y }, moved: false, view };
  }

  tap(card: CardId): void {
    const last = this.ctx.last();
    if (!last) return;
    const chosen = last.s.ui.selected[0];
    if (chosen && last.hl.rejectTargets.includes(card)) this.intents.reject(chosen, card);
  }

  move(e: FederatedPointerEvent): void {
    const d = this.drag;
    const L = this.ctx.layout();
    if (!d || !L) return;
    if (!d.moved && Math.hypot(e.global.x - d.start.x, e.global.y - d.start.y) < DRAG_PX) return;
    if (!d.moved) {
      d.moved = true;
      const lit = this.ctx.last()?.hl.lit.has(d.card) ?? false;
      if (!lit) return;
      this.ghost = makeCard(d.card, L.cardW, L.cardH);
      this.ghost.alpha = 0.85;
      this.ctx.layer.addChild(this.ghost);
      d.view.alpha = 0.3;
    }
    this.ghost?.position.set(e.global.x, e.global.y);
    this.ctx.redraw();
  }

  up(e: FederatedPointerEvent): void {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (!d.moved) {
      this.intents.focus(d.card);
      this.intents.toggle(d.card);
      return;
    }
    const ghost = this.ghost;
    this.ghost = null;
    ghost?.destroy({ children: true });
    if (!d.view.destroyed) d.view.alpha = 1;
    this.ctx.redraw();
    const last = this.ctx.last();
    const L = this.ctx.layout();
    if (!ghost || !last || !L) return;
    const v = last.s.table?.view;
    if (!v) return;
    const at = { x: e.global.x, y: e.global.y };
    if (last.hl.role === 'target') {
      // Drop onto a challenge card this card can reject.
      const w = L.cardW * L.tableScale;
      const h = L.cardH * L.tableScale;
      const hit = v.table.findIndex((en, k) => {
        const p = L.table[k];
        return p && en.rejection === null && Math.abs(p.x - at.x) < w * 0.65 && Math.abs(p.y - at.y) < h * 0.65;
      });
      const entry = v.table[hit];
      if (entry) this.intents.reject(d.card, entry.challenge);
      return;
    }
    if (at.y < L.handTop) {
      const sel = last.s.ui.selected;
      this.intents.play(sel.includes(d.card) ? sel : [...sel, d.card]);
    }
  }
}
