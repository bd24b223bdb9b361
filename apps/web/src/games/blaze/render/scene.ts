/**
 * The table canvas: draws a StoreState (plus its highlights) with PixiJS and turns pointer input on
 * cards into intentions. A composition of parts with one job each, every one updating only what
 * changed: seats, piles, feathers, bets, the challenge, the hand, the card sprites they place (keyed
 * by id, so a card that moves glides from where it was to where it now is), the effects a sprite diff
 * cannot show, and the pointer input. Tweens never block input.
 */
import type { CardId } from '@blaze/rules';
import { Group } from '@tweenjs/tween.js';
import { Application, Container, Graphics, Rectangle, Text, Ticker } from 'pixi.js';
// Shaders' uniform and buffer sync without generated functions: the page's policy allows no eval.
import 'pixi.js/unsafe-eval';
import { CardSprites } from '../../../kit/cards.js';
import { FrameScheduler } from '../../../kit/frames.js';
import type { CardPos, Label, Region } from '../../../kit/types.js';
import type { ClientTable, StoreState } from '../../../shell/host.js';
import { sortHand } from '../logic/cards.js';
import type { Highlights } from '../logic/highlights.js';
import { Bets } from './bets.js';
import { blazeFaces, type CardView } from './cardGfx.js';
import { Challenge } from './challenge.js';
import { Effects } from './effects.js';
import { Feathers } from './feathers.js';
import { Hand, type HandInput } from './hand.js';
import { CardInput, type SceneIntents } from './input.js';
import { type Layout, layout } from './layout.js';
import { motionsFor, newLines } from './motion.js';
import { Piles } from './piles.js';
import { Seats } from './seats.js';

export type { CardPos, Label, Region } from '../../../kit/types.js';
export type { SceneIntents } from './input.js';

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
  private root = new Container();
  private felt = new Graphics();
  private seats = new Seats();
  private piles = new Piles();
  private feathers = new Feathers();
  private bets = new Bets();
  private challenge = new Challenge();
  private hand = new Hand();
  private effects = new Effects(this.tweens);
  private input: CardInput;
  private cards: CardSprites<CardView>;
  private lay: Layout | null = null;
  private last: { s: StoreState; hl: Highlights } | null = null;
  private prevTable: ClientTable | null = null;
  positions: { hand: CardPos[]; table: CardPos[] } = { hand: [], table: [] };
  /** Boxes of everything drawn in the last render (seats, piles, bets, table, hand). */
  regions: Region[] = [];
  /**
   * Called after the canvas changed size and the table was laid out again. Whatever stands over the
   * canvas against its boxes (the rule coach) must follow: the seats moved, and no store change says so.
   */
  onRelayout: (() => void) | null = null;
  /** Time of the first frame that showed a table (for the bench). */
  firstTableFrame: number | null = null;

  constructor(intents: SceneIntents) {
    this.input = new CardInput(intents, {
      last: () => this.last,
      layout: () => this.lay,
      layer: this.effects.layer,
      redraw: () => this.requestRender(),
    });
    this.cards = new CardSprites(this.tweens, this.input, blazeFaces);
  }

  /** The top of the hand area in canvas CSS pixels (the coach stands just above it). */
  get handTop(): number {
    return this.lay?.handTop ?? (this.live ? this.app.screen.height : 0);
  }

  /**
   * init() has made the renderer and destroy() has not taken it away. Outside that, Pixi's
   * `app.canvas` and `app.screen` throw (they read an undefined renderer).
   */
  get live(): boolean {
    return this.ready && !this.gone;
  }

  /** Canvas draws so far (an idle table should not add any). */
  get renderCount(): number {
    return this.frames.count;
  }

  /** Schedule one draw on the next animation frame (several requests make one draw). */
  requestRender(): void {
    if (this.live) this.frames.request();
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
    this.root.addChild(
      this.felt,
      this.challenge.layer,
      this.piles.layer,
      this.feathers.layer,
      this.bets.layer,
      this.seats.layer,
      this.cards.layer,
      this.effects.layer,
    );
    this.app.stage.addChild(this.root);
    this.app.stage.eventMode = 'static';
    this.app.stage.hitArea = this.app.screen;
    this.app.stage.on('pointermove', (e) => this.input.move(e));
    this.app.stage.on('pointerup', (e) => this.input.up(e));
    this.app.stage.on('pointerupoutside', (e) => this.input.up(e));
    this.resizeObserver = new ResizeObserver(() => {
      const w = Math.max(1, host.clientWidth);
      const h = Math.max(1, host.clientHeight);
      if (w === this.app.screen.width && h === this.app.screen.height) return;
      this.app.renderer.resize(w, h);
      this.app.stage.hitArea = this.app.screen;
      if (this.last) {
        this.render(this.last.s, this.last.hl, false);
        this.onRelayout?.();
      } else this.requestRender();
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
    // After destroy() (the page left for a replay while a patch was on its way) the same holds.
    if (!this.live) return;
    this.requestRender();
    const tb = s.table;
    const v = tb?.view;
    if (!tb || !v) {
      this.root.visible = false;
      return;
    }
    this.root.visible = true;
    const me = tb.mySeat >= 0 && tb.mySeat < v.players ? tb.mySeat : -1;
    const pend = s.ui.pending;
    const pending = pend?.cards ?? [];
    const hand: HandInput = {
      cards: sortHand(
        v.hand.filter((c) => !pending.includes(c)),
        s.ui.sort,
        v.trump,
      ),
      selected: new Set(s.ui.selected),
      focus: s.ui.focus,
      trump: v.trump,
    };
    const L = layout({
      w: this.app.screen.width,
      h: this.app.screen.height,
      players: v.players,
      bottomSeat: Math.max(me, 0),
      handSize: hand.cards.length,
      tableSize: v.table.length + (pend?.kind === 'play' ? pending.length : 0),
      hasHand: me >= 0,
      betting: v.betting,
    });
    // A new card size rebuilds the sprites: nothing glides this time.
    if (this.cards.resize(L.cardW, L.cardH)) animate = false;
    this.lay = L;
    const prev = this.prevTable?.view ?? undefined;
    // A new round or game: nothing of the old table may hang over the new hand (issue 10's "ghost").
    const reset = prev != null && (prev.round !== v.round || this.prevTable?.gameNumber !== tb.gameNumber);
    if (reset) {
      this.cards.sweep();
      this.effects.sweep();
      this.input.reset();
    }
    const shownBefore = reset ? [] : this.cards.ids();
    this.drawFelt(L);
    this.cards.begin();
    const regions = [
      ...this.seats.draw(L, tb, me),
      ...this.piles.place(L, v, this.cards, animate),
      ...this.feathers.draw(L, v),
      ...this.bets.draw(L, v),
      ...this.challenge.place(L, v, pend, hl, this.cards, animate),
      ...this.hand.place(L, hand, hl, this.cards, animate),
    ];
    this.cards.sendAway((card: CardId) => Challenge.leftTo(card, prev, v, L), L.tableScale, animate && !reset);
    if (animate && prev && this.prevTable) {
      this.effects.between(prev, v, L, me);
      // At a round change the old table is swept at once, so its last moves are replayed in the middle.
      const shown = new Set<CardId>([...shownBefore, ...this.cards.placedIds()]);
      for (const m of motionsFor(newLines(this.prevTable.log, tb.log), shown)) this.effects.motion(m, L);
    }
    this.piles.look(v, this.cards);
    this.challenge.look(v, pend, hand.selected, hl, this.cards);
    this.hand.look(hand, hl, this.cards);
    this.cards.settle();
    this.positions = { hand: this.hand.positions, table: this.challenge.positions };
    this.regions = regions;
    this.prevTable = tb;
    if (this.firstTableFrame === null) {
      this.frames.drawNow();
      this.firstTableFrame = performance.now();
    }
  }

  private drawFelt(L: Layout): void {
    const z = L.zones.table;
    this.felt
      .clear()
      .roundRect(z.x, z.y, z.w, z.h, Math.min(40, z.h / 3))
      .fill({ color: 0x13614a });
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
      for (const layer of [this.seats.layer, this.piles.layer, this.feathers.layer, this.challenge.layer])
        walk(layer, '', 1);
    }
    return out;
  }

  /** The canvas' hit rectangle for tests and debugging. */
  bounds(): Rectangle {
    return new Rectangle(0, 0, this.app.screen.width, this.app.screen.height);
  }
}
