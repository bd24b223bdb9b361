/**
 * Hover (mouse) or hold (touch) on the Durak canvas: a bubble says what the thing under the pointer
 * is. Same timings as the shell's explainer (which is built around Blaze's words and scene).
 */
import { h } from '../../shell/host.js';
import type { Placed } from './layout.js';

const HOVER_MS = 350;
const HOLD_MS = 450;

export class ExplainBubble {
  readonly el = h('div', { class: 'explain', testid: 'explain', role: 'tooltip', hidden: true });
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A hold showed a bubble: the release that follows is not a tap. */
  held = false;
  private off: () => void;

  constructor(
    private canvas: HTMLElement,
    private at: (x: number, y: number) => Placed | null,
    private words: (p: Placed) => string,
  ) {
    const move = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      this.hide();
      const { x, y } = this.local(e);
      this.timer = setTimeout(() => this.show(x, y), HOVER_MS);
    };
    const down = (e: PointerEvent) => {
      this.held = false;
      if (e.pointerType === 'mouse') return;
      const { x, y } = this.local(e);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.held = this.show(x, y);
      }, HOLD_MS);
    };
    const up = () => clearTimeout(this.timer);
    const leave = () => this.hide();
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointerleave', leave);
    this.off = () => {
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointerleave', leave);
    };
  }

  private local(e: PointerEvent): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private show(x: number, y: number): boolean {
    const p = this.at(x, y);
    const text = p ? this.words(p) : '';
    if (!p || !text) return false;
    this.el.textContent = text;
    this.el.hidden = false;
    const host = this.canvas.getBoundingClientRect();
    const w = Math.min(260, host.width - 16);
    this.el.style.width = `${w}px`;
    this.el.style.left = `${Math.max(8, Math.min(host.width - w - 8, p.box.x + p.box.w / 2 - w / 2))}px`;
    // Above the thing when there is room, else below it.
    const above = p.box.y > 70;
    this.el.style.top = above ? '' : `${p.box.y + p.box.h + 6}px`;
    this.el.style.bottom = above ? `${host.height - p.box.y + 6}px` : '';
    return true;
  }

  hide(): void {
    clearTimeout(this.timer);
    this.el.hidden = true;
  }

  destroy(): void {
    this.hide();
    this.off();
    this.el.remove();
  }
}
