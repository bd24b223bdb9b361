/**
 * The Durak table on a PixiJS canvas: drawn afresh from the view on each change (a few dozen
 * shapes), from the layout's boxes. Input and explanations read the same boxes (layout.things).
 */
import type { View } from '@blaze/durak';
import { Application, Container, Graphics, Text, Ticker } from 'pixi.js';
// Pixi's shader code without eval: the page's policy allows none (as Blaze's scene).
import 'pixi.js/unsafe-eval';
import { FrameScheduler } from '../../kit/frames.js';
import { paced } from '../../kit/testPace.js';
import { pileLabel, TEXT } from '../../kit/tokens.js';
import { reducedMotion } from '../../shell/host.js';
import { cardBack, cardFace, trumpFace, trumpGone } from './cardGfx.js';
import { flightsBetween, type Slot } from './flights.js';
import { type Layout, layout, type Placed, seatFont, things } from './layout.js';
import type { Moves } from './legal.js';
import { seatLine } from './seatWords.js';

export interface SceneInput {
  view: View;
  names: string[];
  moves: Moves;
  focus: number;
  /** A replay following this hand: the seat is named, not "you". */
  followed?: boolean;
}

/** A card played onto the battlefield slides there this long; one leaving it, LEAVE_MS (issue 37). */
const ARRIVE_MS = paced(250);
const LEAVE_MS = paced(300);

interface Slide {
  sprite: Container;
  from: { x: number; y: number };
  to: { x: number; y: number };
  ms: number;
  /** A card gone from the battlefield: not in the static drawing, so removed when it lands. */
  gone: boolean;
}

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/** The slides under way, as the frame scheduler drives a tween group: moved each frame until landed. */
class Slides {
  private running: { slides: Slide[]; start: number; landed: boolean; isPlaying(): boolean }[] = [];

  add(slides: Slide[], start: number): () => void {
    const run = {
      slides,
      start,
      landed: false,
      isPlaying: () => !run.landed,
    };
    this.running.push(run);
    return () => this.land(run);
  }

  update(time: number): void {
    for (const run of this.running) {
      if (run.landed) continue;
      let moving = false;
      for (const s of run.slides) {
        const t = Math.min(1, (time - run.start) / s.ms);
        if (t < 1) moving = true;
        const e = easeOut(t);
        s.sprite.position.set(s.from.x + (s.to.x - s.from.x) * e, s.from.y + (s.to.y - s.from.y) * e);
      }
      if (!moving) this.land(run);
    }
  }

  getAll(): { isPlaying(): boolean }[] {
    return this.running;
  }

  remove(...runs: { isPlaying(): boolean }[]): void {
    this.running = this.running.filter((r) => !runs.includes(r));
  }

  private land(run: { slides: Slide[]; landed: boolean }): void {
    if (run.landed) return;
    run.landed = true;
    for (const s of run.slides) {
      if (s.gone) s.sprite.destroy({ children: true });
      else s.sprite.position.set(s.to.x, s.to.y);
    }
  }
}

export class DurakScene {
  readonly app = new Application();
  private root = new Container();
  private slides = new Slides();
  /**
   * Draws on demand, as Blaze's table: when the view or the size changed and on every frame while a
   * card slides; an idle table draws nothing (Pixi's own loop redrew it 60 times a second).
   */
  private frames = new FrameScheduler(() => {
    // Pixi's system ticker (hover re-checks) is stopped and advanced here, only when we draw anyway.
    Ticker.system.update(performance.now());
    this.app.render();
  }, this.slides);
  placed: Placed[] = [];
  last: Layout | null = null;

  /**
   * Canvas draws so far, whoever asked for them (counted by the renderer, so a render loop would show
   * here): the pages' debug hook; an idle table adds none.
   */
  renders = 0;
  private ready = false;
  private pending: SceneInput | null = null;
  private observer: ResizeObserver | null = null;
  /** Closed (the page left): a late init or a paced render draws nothing on a destroyed app. */
  private closed = false;
  /** The view last drawn: its battlefield is what the next drawing's slides start from. */
  private prevView: View | null = null;
  private stopSlides: (() => void) | null = null;

  async init(host: HTMLElement): Promise<void> {
    await this.app.init({
      resizeTo: host,
      backgroundAlpha: 0,
      antialias: true,
      resolution: devicePixelRatio,
      autoDensity: true,
      // No render loop: the scene draws on demand (`frames`).
      autoStart: false,
    });
    if (this.closed) {
      this.app.destroy(true, { children: true });
      return;
    }
    this.app.ticker.stop();
    this.app.renderer.runners.postrender.add({ postrender: () => this.renders++ });
    Ticker.system.autoStart = false;
    Ticker.system.stop();
    host.append(this.app.canvas);
    this.app.stage.addChild(this.root);
    this.ready = true;
    this.app.renderer.on('resize', () => this.pending && this.render(this.pending));
    // Pixi's resizeTo follows the window only: the stage also changes when the banner, the buttons
    // or the lobby come and go, and a canvas left taller than its host was cut (or scrolled) away.
    this.observer = new ResizeObserver(() => this.app.resize());
    this.observer.observe(host);
    if (this.pending) this.render(this.pending);
  }

  render(input: SceneInput): void {
    this.pending = input;
    if (!this.ready) return;
    const { view: v, names, moves, focus } = input;
    const w = this.app.screen.width;
    const h = this.app.screen.height;
    this.stopSlides?.();
    for (const c of this.root.removeChildren()) c.destroy({ children: true });
    const before = this.last;
    const l = layout(w, h, v);
    const flights = flightsBetween(before ? this.prevView : null, v);
    this.prevView = v;
    this.last = l;
    this.placed = things(l);
    const fs = seatFont(l.cw);
    for (const s of l.seats) this.root.addChild(this.seatBox(v, s.seat, names, s.box, fs));
    if (l.me && v.viewer !== null) {
      const t = new Text({
        text: seatLine(v, v.viewer, names, true, input.followed),
        style: { ...TEXT, fontSize: fs, fontWeight: '700' },
      });
      t.position.set(l.me.x, l.me.y);
      if (t.width > l.me.w) t.scale.set(l.me.w / t.width);
      this.root.addChild(t);
    }
    // The trump card lies across under the deck while the deck holds it (D3.3).
    if (v.deckCount > 0) {
      const tr = trumpFace(v.trump, l.trump.w, l.trump.h);
      tr.position.set(l.trump.x, l.trump.y);
      this.root.addChild(tr);
      // The last card of the deck is the trump card itself: no back over it then.
      if (v.deckCount > 1) {
        const back = cardBack(l.cw, l.ch);
        back.position.set(l.deck.x, l.deck.y);
        this.root.addChild(back);
      }
    } else {
      // Drawn, the trump card is gone from the table; its suit stays trump (D6.3): shown where it lay.
      const gone = trumpGone(v.trump, l.trump.w, l.trump.h);
      gone.position.set(l.trump.x, l.trump.y);
      this.root.addChild(gone);
    }
    const deckMid = (l.trump.x + l.deck.x + l.cw) / 2;
    const suit = dt(`suit.${v.trump.slice(-1)}` as DurakKey);
    const deckWords = v.deckCount > 0 ? dtDeck(v) : [dt('pile.trump', { suit }), suit];
    this.root.addChild(pileLabel(deckWords, deckMid, l.deck.y + l.ch + 4, fs * 0.9, l.deck.x + l.cw - l.trump.x, w));
    const gb = cardBack(l.cw, l.ch);
    gb.alpha = v.graveyardCount > 0 ? 0.8 : 0.25;
    gb.position.set(l.grave.x, l.grave.y);
    this.root.addChild(gb, pileLabel(dtGrave(v), l.grave.x + l.cw / 2, l.grave.y + l.ch + 4, fs * 0.9, l.cw * 2.2, w));
    const onField = new Map<string, Container>();
    l.pairs.forEach((p, i) => {
      const pair = v.table[i];
      if (!pair) return;
      const a = cardFace(pair.attack, l.cw, l.ch, {
        lit: pair.defence === null && moves.cards.size > 0 && [...moves.cards.values()].includes('defend'),
      });
      a.position.set(p.attack.x, p.attack.y);
      this.root.addChild(a);
      onField.set(pair.attack, a);
      if (pair.defence) {
        const d = cardFace(pair.defence, l.cw, l.ch);
        d.position.set(p.defence.x, p.defence.y);
        this.root.addChild(d);
        onField.set(pair.defence, d);
      }
    });
    l.hand.forEach((c, i) => {
      const lit = moves.cards.has(c.card);
      const f = cardFace(c.card, l.cw, l.ch, { lit, dim: !lit, focus: i === focus });
      f.position.set(c.box.x, c.box.y - (lit ? 6 : 0));
      this.root.addChild(f);
    });
    if (before) this.slide(v, before, l, flights, onField);
    this.frames.request();
  }

  /**
   * Slides the battlefield's new cards in from whoever played them and its departed cards off to the
   * graveyard or the retreating seat. Every arriving card is already drawn at its place: the slide only
   * starts it elsewhere and always ends it there, so the last frame is the static drawing.
   */
  private slide(
    v: View,
    before: Layout,
    l: Layout,
    flights: ReturnType<typeof flightsBetween>,
    onField: Map<string, Container>,
  ): void {
    if (reducedMotion() || (flights.arrive.length === 0 && flights.leave.length === 0)) return;
    // A seat's cards come from (and go to) the middle of its box; this seat's, its hand.
    const seatAt = (lay: Layout, seat: number) => {
      const b =
        seat === v.viewer && lay.me
          ? { x: lay.me.x, y: lay.me.y + lay.me.h, w: lay.me.w, h: lay.ch }
          : lay.seats.find((s) => s.seat === seat)?.box;
      return b ? { x: b.x + b.w / 2 - lay.cw / 2, y: b.y + b.h / 2 - lay.ch / 2 } : null;
    };
    const slides: Slide[] = [];
    for (const a of flights.arrive) {
      const sprite = onField.get(a.card);
      const from = seatAt(l, a.from);
      if (!sprite || !from || ARRIVE_MS <= 0) continue;
      slides.push({ sprite, from, to: { x: sprite.x, y: sprite.y }, ms: ARRIVE_MS, gone: false });
    }
    for (const d of flights.leave) {
      const at = before.pairs[d.pair]?.[d.slot as Slot];
      const to = d.to.kind === 'grave' ? { x: l.grave.x, y: l.grave.y } : seatAt(l, d.to.seat);
      if (!at || !to || LEAVE_MS <= 0) continue;
      const sprite = cardFace(d.card, l.cw, l.ch);
      this.root.addChild(sprite);
      slides.push({ sprite, from: { x: at.x, y: at.y }, to, ms: LEAVE_MS, gone: true });
    }
    if (slides.length === 0) return;
    for (const s of slides) s.sprite.position.set(s.from.x, s.from.y);
    this.stopSlides = this.slides.add(slides, performance.now());
  }

  private seatBox(
    v: View,
    seat: number,
    names: string[],
    b: { x: number; y: number; w: number; h: number },
    fs: number,
  ): Container {
    const c = new Container();
    const out = v.out.includes(seat);
    const color =
      seat === v.attacker ? 0xe0643a : seat === v.defender ? 0x3a8be0 : seat === v.ambusher ? 0xb05be0 : 0x8a8a8a;
    const g = new Graphics().roundRect(b.x, b.y, b.w, b.h, 8).fill({ color: 0x000000, alpha: out ? 0.15 : 0.3 });
    g.stroke({ width: seat === v.awaited ? 3 : 1.5, color });
    c.addChild(g);
    const name = new Text({ text: names[seat] || `#${seat + 1}`, style: { ...TEXT, fontSize: fs, fontWeight: '700' } });
    const line = new Text({
      text: seatLine(v, seat, names, false),
      style: { ...TEXT, fontSize: Math.max(10, fs * 0.85) },
    });
    for (const [t, y] of [
      [name, b.y + 4],
      [line, b.y + 6 + fs],
    ] as const) {
      if (t.width > b.w - 10) t.scale.set((b.w - 10) / t.width);
      t.position.set(b.x + 5, y);
      c.addChild(t);
    }
    if (out) c.alpha = 0.6;
    return c;
  }

  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    this.observer?.disconnect();
    this.frames.destroy();
    this.stopSlides = null;
    // Before its init is done the app has nothing to destroy yet: init does it when it ends.
    if (this.ready) this.app.destroy(true, { children: true });
    this.ready = false;
  }
}

import { type DurakKey, dt } from './words.js';

const dtDeck = (v: View) => [dt('pile.deck', { n: v.deckCount }), String(v.deckCount)];
const dtGrave = (v: View) => [dt('pile.grave', { n: v.graveyardCount }), String(v.graveyardCount)];
