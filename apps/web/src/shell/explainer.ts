/**
 * Hover (mouse) or hold (touch, pen) on a card, seat or badge: a bubble says what it is and what it
 * means now. A hold that showed a bubble does not also select or play the card under the finger.
 * The words come from the game's client (Blaze: logic/explain.ts); where things are, from its scene.
 */
import type { Box, Explainable, GameClient, Hit } from '../games/registry.js';
import { h, setText } from './dom.js';
import type { ClientTable } from './store/snapshot.js';

export interface ExplainerDeps {
  /** The canvas to watch. */
  canvas: HTMLCanvasElement;
  /** Where the bubble is placed (positioned: the stage). */
  host: HTMLElement;
  /** What lies under a point of the canvas, and its box (canvas CSS pixels). */
  at(x: number, y: number): Hit | null;
  table(): ClientTable | null;
  /** The game's words for a thing, and a key naming it (one bubble per thing). */
  words: Pick<GameClient, 'explain' | 'explainKey'>;
}

/** A mouse resting this long on a thing explains it (ms). */
export const HOVER_MS = 350;
/** A finger held this long on a thing explains it (ms); shorter than the browser's own menu. */
export const HOLD_MS = 450;
/** A held finger that moves this far is dragging, not holding (px). */
const SLOP_PX = 10;
/** A bubble shown by a hold stays this long (ms), or until the next touch. */
const HOLD_SHOW_MS = 5000;

interface Shown {
  what: Explainable;
  /** The thing's box in page pixels: the words stand above it (below it when there is no room). */
  box: Box;
}

export class Explainer {
  readonly el: HTMLDivElement;
  private shown: Shown | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private waitingFor = '';
  private press: { x: number; y: number; id: number } | null = null;
  /** The press in progress (or just ended) became a hold that explained: its release does nothing else. */
  private held = false;
  private readonly off: (() => void)[] = [];

  constructor(private readonly d: ExplainerDeps) {
    this.el = h('div', { testid: 'explain', class: 'explain', role: 'tooltip', hidden: true }) as HTMLDivElement;
    d.host.append(this.el);
    const c = d.canvas;
    this.listen(c, 'pointermove', (e) => this.onMove(e));
    this.listen(c, 'pointerdown', (e) => this.onDown(e));
    this.listen(window, 'pointerup', (e) => this.onUp(e));
    this.listen(window, 'pointercancel', (e) => this.onUp(e));
    this.listen(c, 'pointerleave', (e) => {
      if (e.pointerType === 'mouse') this.hide();
    });
    // A long press must not open the browser's own menu over the table.
    this.listen(c, 'contextmenu', (e) => e.preventDefault());
  }

  /** A DOM badge (the trump badge) explains itself the same way, to a mouse or a finger. */
  explainOn(el: HTMLElement, what: Explainable): void {
    const box = (): Box => {
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    };
    this.listen(el, 'pointerenter', (e) => {
      if (e.pointerType === 'mouse') this.schedule(what, box(), HOVER_MS);
    });
    this.listen(el, 'pointerleave', (e) => {
      if (e.pointerType === 'mouse') this.hide();
    });
    this.listen(el, 'pointerdown', (e) => {
      if (e.pointerType === 'mouse') return;
      this.held = false;
      this.press = { x: e.clientX, y: e.clientY, id: e.pointerId };
      this.schedule(what, box(), HOLD_MS);
    });
    // Not a Tab stop: a badge is words, not a control, and as stops the round and trump badges came
    // before the final results' scores and Rematch. The keyboard and the screen reader find the same
    // words in the table in words (a11y/mirror.ts).
  }

  /** Whether the press being released turned into an explaining hold (then it selects nothing). */
  consumedPress(): boolean {
    return this.held;
  }

  /** The table changed (or the language): re-word what is shown, or hide it if it is gone. */
  refresh(): void {
    if (!this.shown) return;
    const tb = this.d.table();
    const text = tb ? this.d.words.explain(tb, this.shown.what) : null;
    if (text === null) this.hide();
    else setText(this.el, text);
  }

  destroy(): void {
    this.clear();
    clearTimeout(this.hideTimer);
    for (const f of this.off) f();
    this.el.remove();
  }

  // ---- events ----

  private onMove(e: PointerEvent): void {
    if (e.pointerType === 'mouse') {
      const hit = this.under(e);
      if (!hit) {
        this.hide();
        return;
      }
      const key = this.d.words.explainKey(hit.what);
      if (this.shown && this.d.words.explainKey(this.shown.what) === key) return;
      if (this.waitingFor === key) return;
      this.hide();
      this.schedule(hit.what, hit.box, HOVER_MS);
      return;
    }
    const p = this.press;
    if (p && p.id === e.pointerId && Math.hypot(e.clientX - p.x, e.clientY - p.y) > SLOP_PX) {
      this.clear();
      // Read, then dragged on: the finger means to play the card after all.
      if (this.held) {
        this.held = false;
        this.hide();
      }
    }
  }

  private onDown(e: PointerEvent): void {
    this.held = false;
    this.clear();
    if (e.pointerType === 'mouse') {
      // A click acts (and a grey card's click has the coach say why): the bubble makes way.
      this.hide();
      return;
    }
    this.hide();
    const hit = this.under(e);
    if (!hit) return;
    this.press = { x: e.clientX, y: e.clientY, id: e.pointerId };
    this.schedule(hit.what, hit.box, HOLD_MS);
  }

  private onUp(e: PointerEvent): void {
    if (this.press?.id !== e.pointerId) return;
    this.press = null;
    // Released before the hold fired: it was a tap.
    this.clear();
  }

  // ---- showing ----

  /** What is under the pointer, its box in page pixels. */
  private under(e: PointerEvent): Hit | null {
    const r = this.d.canvas.getBoundingClientRect();
    const hit = this.d.at(e.clientX - r.left, e.clientY - r.top);
    return hit && { what: hit.what, box: { ...hit.box, x: hit.box.x + r.left, y: hit.box.y + r.top } };
  }

  private schedule(what: Explainable, box: Box, ms: number): void {
    this.clear();
    this.waitingFor = this.d.words.explainKey(what);
    this.timer = setTimeout(() => {
      this.waitingFor = '';
      const byHold = this.press !== null;
      if (this.show(what, box) && byHold) {
        this.held = true;
        clearTimeout(this.hideTimer);
        this.hideTimer = setTimeout(() => this.hide(), HOLD_SHOW_MS);
      }
    }, ms);
  }

  private clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waitingFor = '';
  }

  /** Shows the words for `what` above its box, or below it when the box is at the top. */
  private show(what: Explainable, thing: Box): boolean {
    const tb = this.d.table();
    const text = tb ? this.d.words.explain(tb, what) : null;
    if (text === null) return false;
    this.shown = { what, box: thing };
    setText(this.el, text);
    this.el.hidden = false;
    const host = this.d.host.getBoundingClientRect();
    const me = this.el.getBoundingClientRect();
    const mid = thing.x + thing.w / 2 - host.left;
    const left = Math.max(4, Math.min(host.width - me.width - 4, mid - me.width / 2));
    const gap = 8;
    const above = thing.y - host.top - me.height - gap;
    const below = thing.y + thing.h - host.top + gap;
    const top = above >= 4 || below + me.height > host.height ? above : below;
    this.el.style.left = `${Math.round(left)}px`;
    this.el.style.top = `${Math.round(Math.max(4, top))}px`;
    return true;
  }

  private hide(): void {
    this.clear();
    clearTimeout(this.hideTimer);
    this.shown = null;
    if (!this.el.hidden) this.el.hidden = true;
  }

  private listen<K extends keyof HTMLElementEventMap & keyof WindowEventMap>(
    target: HTMLElement | Window,
    type: K,
    f: (e: HTMLElementEventMap[K]) => void,
  ): void {
    const g = f as EventListener;
    target.addEventListener(type, g);
    this.off.push(() => target.removeEventListener(type, g));
  }
}
