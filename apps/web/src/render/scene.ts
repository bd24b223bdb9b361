/**
 * The table canvas: draws a StoreState (plus its highlights) with PixiJS and turns pointer input on
 * cards into intentions. Face-up cards are keyed by id, so a card that moves (deal, play, reject, take,
 * discard, draw) glides from where it was to where it now is; tweens never block input.
 */
import type { CardId, Seat } from '@blaze/rules';
import { Easing, Group, Tween } from '@tweenjs/tween.js';
import { Application, Container, type FederatedPointerEvent, Graphics, Rectangle, Text, Ticker } from 'pixi.js';
import { sortHand } from '../logic/cards.js';
import type { Highlights } from '../logic/highlights.js';
import type { ClientTable } from '../store/snapshot.js';
import type { StoreState } from '../store/store.js';
import { type CardView, makeBack, makeCard, setGlow } from './cardGfx.js';
import { FrameScheduler } from './frames.js';
import { type Layout, layout, type Pt } from './layout.js';
import { FLIGHT_MS, MIN_SHOW_MS, type Motion, motionsFor, newLines } from './motion.js';
import { Piles } from './piles.js';
import { Seats } from './seats.js';
import { featherToken } from './tokens.js';

export interface SceneIntents {
  toggle(card: CardId): void;
  focus(card: CardId): void;
  /** Play these cards (drag to the table). */
  play(cards: CardId[]): void;
  reject(card: CardId, challenge: CardId): void;
}

/** A drawn thing's box in canvas CSS pixels, for the layout checks (nothing may overlap). */
export interface Region {
  kind: 'seat' | 'bets' | 'deck' | 'discard' | 'feathers' | 'limit' | 'table' | 'hand';
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A text drawn on the table (not on a card), in canvas CSS pixels, with its font size as shown. */
export interface Label {
  text: string;
  /** The seat box it belongs to (`seat-<n>`), or '' for the piles. */
  owner: string;
  x: number;
  y: number;
  w: number;
  h: number;
  px: number;
}

export interface CardPos {
  card: CardId;
  /** A point on the visible part of the card, in canvas CSS pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  lit?: boolean;
}

interface Target {
  x: number;
  y: number;
  rot: number;
  scale: number;
  z: number;
  alpha: number;
}

interface Sprite {
  view: CardView;
  tween: Tween<Target> | null;
  state: Target;
}

const FELT = 0x0f4d3a;

export class TableScene {
  readonly app = new Application();
  private tweens = new Group();
  /** Draws only when something changed, and every frame while a tween runs. */
  private frames = new FrameScheduler(() => {
    // Pixi's system ticker (hover re-checks, texture GC) would run its own loop on every animation
    // frame; it is stopped in init() and advanced here instead, only when we draw anyway.
    Ticker.system.update(performance.now());
    this.app.render();
  }, this.tweens);
  private resizeObserver: ResizeObserver | null = null;
  private ready = false;
  /** destroy() was called (possibly before init() finished). */
  private gone = false;
  private sprites = new Map<CardId, Sprite>();
  /** Cards on their way out (to the discard, a hand): swept at once when a new round begins. */
  private leaving = new Set<CardView>();
  private root = new Container();
  private feltLayer = new Graphics();
  /** The seat boxes: a part of its own (render/seats.ts). */
  private seats = new Seats();
  /** Deck, discard, feathers, limit label and bets: a part of its own (render/piles.ts). */
  private piles = new Piles();
  private cardLayer = new Container();
  private fxLayer = new Container();
  private lay: Layout | null = null;
  private last: { s: StoreState; hl: Highlights } | null = null;
  private prevTable: ClientTable | null = null;
  private drag: { card: CardId; start: Pt; moved: boolean; view: CardView } | null = null;
  private dragGhost: CardView | null = null;
  private cardSize = 0;
  positions: { hand: CardPos[]; table: CardPos[] } = { hand: [], table: [] };
  /** Boxes of everything drawn in the last render (seats, piles, bets, table, hand). */
  regions: Region[] = [];
  /** Time of the first frame that showed a table (for the bench). */
  firstTableFrame: number | null = null;

  constructor(private intents: SceneIntents) {}

  /** The top of the hand area in canvas CSS pixels (the coach stands just above it). */
  get handTop(): number {
    return this.lay?.handTop ?? this.app.screen.height;
  }

  /** Canvas draws so far (an idle table should not add any). */
  get renderCount(): number {
    return this.frames.count;
  }

  /** Schedule one draw on the next animation frame (several requests make one draw). */
  requestRender(): void {
    if (this.ready) this.frames.request();
  }

  destroy(): void {
    this.frames.destroy();
    this.resizeObserver?.disconnect();
    this.tweens.removeAll();
    this.gone = true;
    // An application still initialising has no renderer to destroy yet: init() finishes the job.
    if (this.ready) this.app.destroy(true, { children: true });
  }

  async init(host: HTMLElement): Promise<void> {
    await this.app.init({
      background: FELT,
      antialias: true,
      autoDensity: true,
      resolution: Math.min(2, window.devicePixelRatio || 1),
      width: Math.max(1, host.clientWidth),
      height: Math.max(1, host.clientHeight),
      preference: 'webgl',
      // No render loop: the scene draws on demand (see FrameScheduler).
      autoStart: false,
    });
    if (this.gone) {
      this.app.destroy(true, { children: true });
      return;
    }
    this.app.ticker.stop();
    Ticker.system.autoStart = false;
    Ticker.system.stop();
    this.app.canvas.setAttribute('data-testid', 'table-canvas');
    host.appendChild(this.app.canvas);
    this.root.addChild(this.feltLayer, this.piles.layer, this.seats.layer, this.cardLayer, this.fxLayer);
    this.app.stage.addChild(this.root);
    this.app.stage.eventMode = 'static';
    this.app.stage.hitArea = this.app.screen;
    this.app.stage.on('pointermove', (e) => this.onMove(e));
    this.app.stage.on('pointerup', (e) => this.onUp(e));
    this.app.stage.on('pointerupoutside', (e) => this.onUp(e));
    this.resizeObserver = new ResizeObserver(() => {
      const w = Math.max(1, host.clientWidth);
      const h = Math.max(1, host.clientHeight);
      if (w === this.app.screen.width && h === this.app.screen.height) return;
      this.app.renderer.resize(w, h);
      this.app.stage.hitArea = this.app.screen;
      if (this.last) this.render(this.last.s, this.last.hl, false);
      else this.requestRender();
    });
    this.resizeObserver.observe(host);
    this.ready = true;
    if (this.last) this.render(this.last.s, this.last.hl, false);
    this.requestRender();
  }

  render(s: StoreState, hl: Highlights, animate = true): void {
    this.last = { s, hl };
    // Before init() has made the renderer (a reload's first patch can come first), only remember the
    // state: reading app.screen now throws "Cannot read properties of undefined (reading 'screen')".
    if (!this.ready) return;
    this.requestRender();
    const tb = s.table;
    const v = tb?.view;
    if (!tb || !v) {
      this.root.visible = false;
      return;
    }
    this.root.visible = true;
    const me = tb.mySeat >= 0 && tb.mySeat < v.players ? tb.mySeat : -1;
    const pending = s.ui.pending?.cards ?? [];
    const hand = sortHand(
      v.hand.filter((c) => !pending.includes(c)),
      s.ui.sort,
      v.trump,
    );
    const L = layout({
      w: this.app.screen.width,
      h: this.app.screen.height,
      players: v.players,
      bottomSeat: Math.max(me, 0),
      handSize: hand.length,
      tableSize: v.table.length + (s.ui.pending?.kind === 'play' ? pending.length : 0),
      hasHand: me >= 0,
    });
    if (L.cardW !== this.cardSize) {
      // New card size: rebuild the card sprites at the new size.
      for (const sp of this.sprites.values()) {
        sp.tween?.stop();
        sp.view.destroy({ children: true });
      }
      this.sprites.clear();
      this.cardSize = L.cardW;
      animate = false;
    }
    this.lay = L;
    this.regions = [];
    const before = this.prevTable;
    // A new round or game: nothing of the old table may hang over the new hand (issue 10's "ghost").
    const reset = before?.view != null && (before.view.round !== v.round || before.gameNumber !== tb.gameNumber);
    if (reset) this.sweep();
    this.drawFelt(L, tb);
    this.regions.push(...this.seats.draw(L, tb, me));
    this.regions.push(...this.piles.draw(L, tb, this.cardLayer));

    const targets = new Map<CardId, Target>();
    const origins = new Map<CardId, Pt>();
    const ts = L.tableScale;
    // The table: challenge cards with rejections across them.
    v.table.forEach((e, k) => {
      const p = L.table[k];
      if (!p) return;
      targets.set(e.challenge, { x: p.x, y: p.y, rot: 0, scale: ts, z: 100 + k * 2, alpha: 1 });
      origins.set(e.challenge, L.seats[e.by] ?? L.centre);
      if (e.rejection) {
        targets.set(e.rejection, {
          x: p.x + L.rejectOffset.x,
          y: p.y + L.rejectOffset.y,
          rot: L.rejectOffset.rot,
          scale: ts,
          z: 101 + k * 2,
          alpha: 1,
        });
        origins.set(e.rejection, L.seats[v.target] ?? L.centre);
      }
    });
    // Pending: on their way, waiting for the server's answer.
    const pend = s.ui.pending;
    if (pend) {
      pend.cards.forEach((c, k) => {
        if (pend.kind === 'reject') {
          const idx = v.table.findIndex((e) => e.challenge === pend.onto[k]);
          const p = L.table[idx] ?? L.pending;
          targets.set(c, {
            x: p.x + L.rejectOffset.x,
            y: p.y + L.rejectOffset.y,
            rot: L.rejectOffset.rot,
            scale: ts,
            z: 150,
            alpha: 0.75,
          });
        } else {
          const p = L.table[v.table.length + k] ?? L.pending;
          targets.set(c, { x: p.x, y: p.y, rot: 0, scale: ts, z: 150 + k, alpha: 0.75 });
        }
      });
    }
    // Trump under the deck, turned across.
    if (v.trump && v.deckCount > 0) {
      targets.set(v.trump, {
        x: L.deck.x + L.cardW * ts * 0.45,
        y: L.deck.y,
        rot: Math.PI / 2,
        scale: ts,
        z: 1,
        alpha: 1,
      });
    }
    // The top of the discard pile.
    const top = v.discard.slice(-3);
    top.forEach((c, k) => {
      targets.set(c, {
        x: L.discard.x + k * 3,
        y: L.discard.y - k * 2,
        rot: ((k % 3) - 1) * 0.12,
        scale: ts,
        z: 10 + k,
        alpha: 1,
      });
    });
    // Own hand.
    const sel = new Set(s.ui.selected);
    const handPos: CardPos[] = [];
    hand.forEach((c, k) => {
      const slot = L.hand[k];
      if (!slot) return;
      const up = sel.has(c) ? L.cardH * 0.22 : 0;
      targets.set(c, { x: slot.x, y: slot.y - up, rot: slot.rot, scale: 1, z: 300 + k, alpha: 1 });
      origins.set(c, L.deck);
      const next = L.hand[k + 1];
      const visW = next ? Math.min(L.cardW, Math.max(8, next.x - slot.x)) : L.cardW;
      handPos.push({
        card: c,
        x: slot.x - L.cardW / 2 + visW / 2,
        y: slot.y - up - L.cardH * 0.1,
        w: visW,
        h: L.cardH,
        lit: hl.lit.has(c),
      });
    });

    // Apply: move kept sprites, create new ones, send the rest away.
    const shownBefore = reset ? [] : [...this.sprites.keys()];
    const prev = this.prevTable?.view;
    for (const [card, tgt] of targets) {
      let sp = this.sprites.get(card);
      if (!sp) {
        const from = animate ? (origins.get(card) ?? L.deck) : tgt;
        sp = this.spawn(card, L, { ...tgt, x: from.x, y: from.y, alpha: animate ? 0.3 : tgt.alpha });
      }
      this.moveTo(sp, tgt, animate);
    }
    for (const [card, sp] of this.sprites) {
      if (targets.has(card)) continue;
      this.sprites.delete(card);
      const inDiscard = v.discard.includes(card);
      const took = prev && prev.table.length > 0 && v.table.length === 0 && !inDiscard ? prev.target : -1;
      const dest = inDiscard ? L.discard : took >= 0 ? (L.seats[took] ?? L.centre) : this.seatHolding(card, prev, L);
      sp.tween?.stop();
      if (!animate || reset) {
        sp.view.destroy({ children: true });
        continue;
      }
      this.leaving.add(sp.view);
      sp.tween = new Tween(sp.state, this.tweens)
        .to({ x: dest.x, y: dest.y, alpha: 0, scale: ts * 0.8 }, 420)
        .easing(Easing.Cubic.In)
        .onUpdate(() => this.apply(sp))
        .onComplete(() => {
          this.leaving.delete(sp.view);
          if (!sp.view.destroyed) sp.view.destroy({ children: true });
        })
        .start(performance.now());
    }
    if (animate && prev && this.prevTable) {
      this.fx(prev, v, L, me);
      // At a round change the old table is swept at once, so its last moves are replayed in the middle.
      const shown = new Set<CardId>([...shownBefore, ...targets.keys()]);
      for (const m of motionsFor(newLines(this.prevTable.log, tb.log), shown)) this.motion(m, L);
    }

    // Highlights.
    const focusCard = hand[s.ui.focus];
    for (const [card, sp] of this.sprites) {
      const inHand = hand.includes(card);
      const tgtCh = hl.rejectTargets.includes(card);
      const kind = sel.has(card) ? 'selected' : tgtCh ? 'target' : inHand && hl.lit.has(card) ? 'lit' : 'none';
      setGlow(sp.view, L.cardW, L.cardH, kind);
      if (sp.view.trumpMark) sp.view.trumpMark.visible = v.trump !== '' && card[0] === v.trump[0];
      const dim = inHand && hl.role !== 'none' && hl.lit.size > 0 && !hl.lit.has(card) && !sel.has(card);
      sp.view.shade.visible = dim;
      sp.view.eventMode = inHand || v.table.some((e) => e.challenge === card) ? 'static' : 'none';
      sp.view.cursor = inHand ? 'pointer' : tgtCh ? 'pointer' : 'default';
      if (inHand && card === focusCard && hand.length > 0) {
        sp.view.glow
          .moveTo(-L.cardW * 0.3, L.cardH / 2 + 5)
          .lineTo(L.cardW * 0.3, L.cardH / 2 + 5)
          .stroke({ width: 3, color: 0xffffff });
      }
    }
    this.cardLayer.sortChildren();
    this.positions = {
      hand: handPos,
      table: v.table.map((e, k) => {
        const p = L.table[k] ?? L.centre;
        const w = L.cardW * ts;
        const h = L.cardH * ts;
        return {
          card: e.challenge,
          x: p.x - w * 0.22,
          y: p.y - h * 0.28,
          w,
          h,
          lit: hl.rejectTargets.includes(e.challenge),
        };
      }),
    };
    this.addCardRegions(L, v.table.length, handPos);
    this.prevTable = tb;
    if (this.firstTableFrame === null) {
      this.frames.drawNow();
      this.firstTableFrame = performance.now();
    }
  }

  private addCardRegions(L: Layout, tableLen: number, hand: CardPos[]): void {
    const tw = L.cardW * L.tableScale;
    const th = L.cardH * L.tableScale;
    const ro = L.rejectOffset;
    // The rejection's bounding box, turned by ro.rot around its centre.
    const rw = tw * Math.cos(ro.rot) + th * Math.sin(ro.rot);
    const rh = th * Math.cos(ro.rot) + tw * Math.sin(ro.rot);
    for (let k = 0; k < tableLen; k++) {
      const p = L.table[k];
      if (!p) continue;
      const x0 = Math.min(p.x - tw / 2, p.x + ro.x - rw / 2);
      const y0 = Math.min(p.y - th / 2, p.y + ro.y - rh / 2);
      const x1 = Math.max(p.x + tw / 2, p.x + ro.x + rw / 2);
      const y1 = Math.max(p.y + th / 2, p.y + ro.y + rh / 2);
      this.regions.push({ kind: 'table', id: `table-${k}`, x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
    }
    if (hand.length > 0) {
      const first = L.hand[0];
      const last = L.hand[hand.length - 1];
      if (first && last) {
        const lift = L.cardH * 0.22;
        const x0 = first.x - L.cardW / 2 - 4;
        const x1 = last.x + L.cardW / 2 + 4;
        const slots = L.hand.slice(0, hand.length);
        const y0 = Math.min(...slots.map((s) => s.y)) - L.cardH / 2 - lift;
        // The lowest point of the fan: a turned card's corner reaches below its centre line.
        const y1 = Math.max(...slots.map((s) => s.y + L.cardH / 2 + (L.cardW / 2) * Math.abs(Math.sin(s.rot))));
        this.regions.push({ kind: 'hand', id: 'hand', x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
      }
    }
  }

  /** Where an opponent's card went when it left the table without being discarded. */
  private seatHolding(card: CardId, prev: ClientTable['view'] | undefined, L: Layout): Pt {
    const e = prev?.table.find((x) => x.challenge === card || x.rejection === card);
    if (e) return L.seats[prev?.target ?? -1] ?? L.centre;
    return L.centre;
  }

  private spawn(card: CardId, L: Layout, start: Target): Sprite {
    const view = makeCard(card, L.cardW, L.cardH);
    view.on('pointerdown', (e: FederatedPointerEvent) => this.onDown(card, view, e));
    view.on('pointertap', () => this.onTapTable(card));
    this.cardLayer.addChild(view);
    const sp: Sprite = { view, tween: null, state: { ...start } };
    this.sprites.set(card, sp);
    this.apply(sp);
    return sp;
  }

  private apply(sp: Sprite): void {
    const v = sp.view;
    if (v.destroyed) return;
    v.position.set(sp.state.x, sp.state.y);
    v.rotation = sp.state.rot;
    v.scale.set(sp.state.scale);
    v.alpha = sp.state.alpha;
    v.zIndex = sp.state.z;
  }

  private moveTo(sp: Sprite, tgt: Target, animate: boolean): void {
    const s = sp.state;
    const same =
      Math.abs(s.x - tgt.x) < 0.5 &&
      Math.abs(s.y - tgt.y) < 0.5 &&
      Math.abs(s.rot - tgt.rot) < 0.01 &&
      s.scale === tgt.scale &&
      s.alpha === tgt.alpha;
    sp.state.z = tgt.z;
    if (same || !animate) {
      sp.tween?.stop();
      sp.tween = null;
      Object.assign(sp.state, tgt);
      this.apply(sp);
      return;
    }
    sp.tween?.stop();
    sp.tween = new Tween(sp.state, this.tweens)
      .to({ x: tgt.x, y: tgt.y, rot: tgt.rot, scale: tgt.scale, alpha: tgt.alpha }, 380)
      .easing(Easing.Cubic.Out)
      .onUpdate(() => this.apply(sp))
      .start(performance.now());
    this.apply(sp);
  }

  /** Drop everything in flight at once: cards leaving, flights, a drag in progress. */
  private sweep(): void {
    for (const view of this.leaving) if (!view.destroyed) view.destroy({ children: true });
    this.leaving.clear();
    for (const c of this.fxLayer.removeChildren()) c.destroy({ children: true });
    this.dragGhost = null;
    this.drag = null;
  }

  private motion(m: Motion, L: Layout): void {
    switch (m.kind) {
      case 'flash':
        this.flashCards(m.cards, L.seats[m.seat] ?? L.centre, L);
        return;
      case 'bet': {
        const row = L.betRows[m.on];
        const to = row ? { x: row.x + row.h / 2, y: row.y + row.h / 2 } : L.centre;
        this.flyBack(L.seats[m.by] ?? L.centre, to, L, 0, 0.35);
        return;
      }
      default: {
        const never: never = m;
        throw new Error(`unknown motion ${JSON.stringify(never)}`);
      }
    }
  }

  /**
   * Cards that came and went within one patch (the round's last rejection): fly them from the player
   * to the middle, hold them there for MIN_SHOW_MS so they can be read, then fade them out.
   */
  private flashCards(cards: CardId[], from: Pt, L: Layout): void {
    const ts = L.tableScale;
    const w = L.cardW * ts;
    const now = performance.now();
    cards.forEach((c, k) => {
      const view = makeCard(c, L.cardW, L.cardH);
      view.scale.set(ts);
      view.position.set(from.x, from.y);
      view.eventMode = 'none';
      this.fxLayer.addChild(view);
      const to = { x: L.centre.x + (k - (cards.length - 1) / 2) * w * 0.8, y: L.centre.y };
      const st = { x: from.x, y: from.y, a: 1 };
      const show = () => {
        if (view.destroyed) return;
        view.position.set(st.x, st.y);
        view.alpha = st.a;
      };
      new Tween(st, this.tweens).to(to, FLIGHT_MS).easing(Easing.Cubic.Out).onUpdate(show).start(now);
      new Tween(st, this.tweens)
        .to({ a: 0 }, 300)
        .delay(FLIGHT_MS + MIN_SHOW_MS)
        .onUpdate(show)
        .onComplete(() => {
          if (!view.destroyed) view.destroy({ children: true });
        })
        .start(now);
    });
  }

  /** Transient effects: opponents drawing, feathers flying to their winner. */
  private fx(prev: NonNullable<ClientTable['view']>, v: NonNullable<ClientTable['view']>, L: Layout, me: Seat): void {
    for (let seat = 0; seat < v.players; seat++) {
      if (seat === me) continue;
      const grew = (v.handCounts[seat] ?? 0) - (prev.handCounts[seat] ?? 0);
      const tookTable = prev.table.length > 0 && v.table.length === 0 && prev.target === seat && !v.discard.length;
      if (grew > 0 && !tookTable && prev.deckCount > v.deckCount) {
        for (let k = 0; k < Math.min(grew, 5); k++) this.flyBack(L.deck, L.seats[seat] ?? L.centre, L, k * 70);
      }
    }
    for (let k = prev.feathers.length; k < v.feathers.length; k++) {
      const f = v.feathers[k];
      if (f) this.flyFeather(L.feathers, L.seats[f.seat] ?? L.centre, f.value);
    }
  }

  private flyBack(from: Pt, to: Pt, L: Layout, delay: number, size = 0.6): void {
    const b = makeBack(L.cardW * size, L.cardH * size);
    b.position.set(from.x, from.y);
    this.fxLayer.addChild(b);
    const st = { x: from.x, y: from.y, a: 1 };
    new Tween(st, this.tweens)
      .to({ x: to.x, y: to.y, a: 0.2 }, 420)
      .delay(delay)
      .easing(Easing.Quadratic.InOut)
      .onUpdate(() => {
        if (b.destroyed) return;
        b.position.set(st.x, st.y);
        b.alpha = st.a;
      })
      .onComplete(() => {
        if (!b.destroyed) b.destroy({ children: true });
      })
      .start(performance.now());
  }

  private flyFeather(from: Pt, to: Pt, value: number): void {
    const c = featherToken(value, 22);
    c.position.set(from.x, from.y);
    this.fxLayer.addChild(c);
    const st = { x: from.x, y: from.y, s: 1.6 };
    new Tween(st, this.tweens)
      .to({ x: to.x, y: to.y, s: 1 }, 700)
      .easing(Easing.Back.Out)
      .onUpdate(() => {
        if (c.destroyed) return;
        c.position.set(st.x, st.y);
        c.scale.set(st.s);
      })
      .onComplete(() => {
        if (!c.destroyed) c.destroy({ children: true });
      })
      .start(performance.now());
  }

  private drawFelt(L: Layout, tb: ClientTable): void {
    const g = this.feltLayer;
    g.clear();
    const z = L.zones.table;
    g.roundRect(z.x, z.y, z.w, z.h, Math.min(40, z.h / 3)).fill({ color: 0x13614a });
    const v = tb.view;
    if (!v) return;
    // Limit slots (R4.4): filled for cards in the challenge, empty for the room left. They sit in
    // their own zone, never under a card.
    const n = v.table.length > 0 ? v.limit : 0;
    const sz = L.narrow ? 10 : 12;
    for (let k = 0; k < n; k++) {
      const x = L.limitRow.x + (k - (n - 1) / 2) * (sz + 6);
      g.roundRect(x - sz / 2, L.limitRow.y - sz / 2, sz, sz, 2);
      if (k < v.table.length) g.fill({ color: 0xffd54a });
      else g.stroke({ width: 1.5, color: 0xffd54a });
    }
    if (n > 0) this.regions.push({ kind: 'limit', id: 'limit', ...L.zones.limit });
  }

  // Input: tap to select, drag onto a challenge card to reject it, or onto the table to play.
  private onDown(card: CardId, view: CardView, e: FederatedPointerEvent): void {
    const hand = this.last?.s.table?.view?.hand ?? [];
    if (!hand.includes(card)) return;
    this.drag = { card, start: { x: e.global.x, y: e.global.y }, moved: false, view };
  }

  private onMove(e: FederatedPointerEvent): void {
    const d = this.drag;
    const L = this.lay;
    if (!d || !L) return;
    if (!d.moved && Math.hypot(e.global.x - d.start.x, e.global.y - d.start.y) < 10) return;
    if (!d.moved) {
      d.moved = true;
      const lit = this.last?.hl.lit.has(d.card) ?? false;
      if (!lit) return;
      this.dragGhost = makeCard(d.card, L.cardW, L.cardH);
      this.dragGhost.alpha = 0.85;
      this.fxLayer.addChild(this.dragGhost);
      d.view.alpha = 0.3;
    }
    this.dragGhost?.position.set(e.global.x, e.global.y);
    this.requestRender();
  }

  private onUp(e: FederatedPointerEvent): void {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (!d.moved) {
      this.intents.focus(d.card);
      this.intents.toggle(d.card);
      return;
    }
    const ghost = this.dragGhost;
    this.dragGhost = null;
    ghost?.destroy({ children: true });
    if (!d.view.destroyed) d.view.alpha = 1;
    this.requestRender();
    const last = this.last;
    const L = this.lay;
    if (!ghost || !last || !L) return;
    const v = last.s.table?.view;
    if (!v) return;
    const hl = last.hl;
    const at = { x: e.global.x, y: e.global.y };
    if (hl.role === 'target') {
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

  private onTapTable(card: CardId): void {
    const last = this.last;
    if (!last) return;
    const chosen = last.s.ui.selected[0];
    if (chosen && last.hl.rejectTargets.includes(card)) this.intents.reject(chosen, card);
  }

  /**
   * Every text on the table outside the cards (seat boxes, pile labels), for the "no text cut" check:
   * each must lie inside the canvas, and inside its seat box, at a readable size.
   */
  labels(): Label[] {
    const out: Label[] = [];
    const owners = this.seats.owners();
    const walk = (c: Container, owner: string, scale: number) => {
      for (const ch of c.children) {
        if (!ch.visible) continue;
        const sc = scale * Math.abs(ch.scale.y);
        if (ch instanceof Text) {
          if (ch.text === '') continue;
          const b = ch.getBounds();
          out.push({
            text: ch.text,
            owner,
            x: b.x,
            y: b.y,
            w: b.width,
            h: b.height,
            px: Number(ch.style.fontSize) * sc,
          });
        } else walk(ch, owners.get(ch) ?? owner, sc);
      }
    };
    if (this.root.visible) {
      walk(this.seats.layer, '', 1);
      walk(this.piles.layer, '', 1);
    }
    return out;
  }

  /** The canvas' hit rectangle for tests and debugging. */
  bounds(): Rectangle {
    return new Rectangle(0, 0, this.app.screen.width, this.app.screen.height);
  }
}
