/**
 * The rule coach's bubble: a refusal in words, standing just above the hand over the card it is
 * about (or the hand's middle), clear of your own seat box, so it never covers the seats or the
 * challenge. The words come from logic/coach.ts through the store's flash.
 */
import type { CardId, Seat } from '@blaze/rules';
import type { CardPos, Region } from '../kit/types.js';
import { h, setText } from './dom.js';

/** What the bubble needs of the scene: where the hand and the seats were last drawn. */
export interface CoachScene {
  readonly canvas: HTMLCanvasElement;
  readonly hand: readonly CardPos[];
  readonly regions: readonly Region[];
  readonly handTop: number;
}

export class CoachBubble {
  readonly el = h('div', { testid: 'flash', class: 'flash', role: 'alert', hidden: true });

  constructor(private readonly stage: HTMLElement) {}

  /** Shows `text` by `card` (null: hidden). Called after each draw and clock tick. */
  show(flash: { text: string; card?: CardId | undefined } | null, scene: CoachScene | null, mySeat: Seat): void {
    const on = flash !== null && scene !== null;
    if (on) {
      setText(this.el, flash.text);
      this.place(flash.card, scene, mySeat);
    }
    if (this.el.hidden === on) this.el.hidden = !on;
  }

  private place(card: CardId | undefined, scene: CoachScene, mySeat: Seat): void {
    const stageBox = this.stage.getBoundingClientRect();
    const canvasBox = scene.canvas.getBoundingClientRect();
    const dx = canvasBox.left - stageBox.left;
    const dy = canvasBox.top - stageBox.top;
    const at = card ? scene.hand.find((p) => p.card === card) : undefined;
    const x = at ? dx + at.x : stageBox.width / 2;
    const width = this.el.offsetWidth || Math.min(stageBox.width * 0.92, 420);
    const half = width / 2;
    let leftPx = Math.max(half + 4, Math.min(stageBox.width - half - 4, x));
    let bottomPx = Math.max(8, stageBox.height - (dy + scene.handTop) + 6);
    // Your own seat box sits above the hand at the left: stand clear of it, to its right or above it.
    const own = scene.regions.find((r) => r.kind === 'seat' && r.id === `seat-${mySeat}`);
    if (own && leftPx - half < dx + own.x + own.w + 6) {
      const ownRight = dx + own.x + own.w + 6;
      if (ownRight + width + 4 <= stageBox.width) leftPx = ownRight + half;
      else bottomPx = Math.max(bottomPx, stageBox.height - (dy + own.y) + 12);
    }
    const left = `${Math.round(leftPx)}px`;
    const bottom = `${Math.round(bottomPx)}px`;
    if (this.el.style.left !== left) this.el.style.left = left;
    if (this.el.style.bottom !== bottom) this.el.style.bottom = bottom;
  }
}
