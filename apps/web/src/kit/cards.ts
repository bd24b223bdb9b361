/**
 * The face-up card sprites, one per card id wherever it lies (hand, challenge, deck, discard). The
 * parts (hand, challenge, piles) each place the cards they hold; a card that changes part keeps its
 * sprite and glides from where it was to where it now is, the way chessground moves a piece from one
 * square to the next. Cards no part placed this time leave toward where they went. Tweens never
 * block input. What a card looks like is the game's (`CardFaces`): the kit only moves them.
 */
import { Easing, type Group, Tween } from '@tweenjs/tween.js';
import { Container, type FederatedPointerEvent } from 'pixi.js';
import type { Pt } from './geometry.js';
import { paced } from './testPace.js';
import type { CardId } from './types.js';

/** Where and how a card sits. */
export interface Target {
  x: number;
  y: number;
  rot: number;
  scale: number;
  z: number;
  alpha: number;
}

/** A game's card faces: drawn at a size, and shown the way a part wants (glow, dimmed, trump, focus). */
export interface CardFaces<V extends Container> {
  make(card: CardId, w: number, h: number): V;
  look(view: V, w: number, h: number, look: Look): void;
}

interface Sprite<V extends Container> {
  view: V;
  tween: Tween<Target> | null;
  state: Target;
}

/** How a part wants one of its cards shown. */
export interface Look {
  glow: 'none' | 'lit' | 'target' | 'selected';
  dim: boolean;
  /** Takes pointer input (hand cards, challenge cards). */
  live: boolean;
  pointer: boolean;
  trump: boolean;
  /** The keyboard's focus mark under the card. */
  focus: boolean;
}

export interface CardInputHooks<V extends Container> {
  down(card: CardId, view: V, e: FederatedPointerEvent): void;
  tap(card: CardId): void;
}

const GLIDE_MS = paced(380);
const LEAVE_MS = paced(420);

export class CardSprites<V extends Container = Container> {
  readonly layer = new Container();
  private sprites = new Map<CardId, Sprite<V>>();
  /** Cards on their way out (to the discard, a hand): swept at once when a new round begins. */
  private leaving = new Set<V>();
  /** The cards placed since begin(). */
  private placed = new Set<CardId>();
  private cardW = 0;
  private cardH = 0;

  constructor(
    private tweens: Group,
    private input: CardInputHooks<V>,
    private faces: CardFaces<V>,
  ) {}

  /**
   * A new card size rebuilds every sprite at that size (answers true: nothing glides this time).
   */
  resize(cardW: number, cardH: number): boolean {
    if (cardW === this.cardW) return false;
    for (const sp of this.sprites.values()) {
      sp.tween?.stop();
      sp.view.destroy({ children: true });
    }
    this.sprites.clear();
    this.cardW = cardW;
    this.cardH = cardH;
    return true;
  }

  /** The cards shown now. */
  ids(): CardId[] {
    return [...this.sprites.keys()];
  }

  /** The cards placed since begin(). */
  placedIds(): CardId[] {
    return [...this.placed];
  }

  /** A new snapshot's placements follow. */
  begin(): void {
    this.placed.clear();
  }

  /**
   * Puts `card` at `tgt`: a shown card glides there, a new one comes from `from`; without `animate`
   * both simply appear there.
   */
  place(card: CardId, tgt: Target, from: Pt, animate: boolean): void {
    this.placed.add(card);
    let sp = this.sprites.get(card);
    if (!sp) sp = this.spawn(card, animate ? { ...tgt, x: from.x, y: from.y, alpha: 0.3 } : tgt);
    this.moveTo(sp, tgt, animate);
  }

  /** Every card not placed since begin() leaves toward `dest` (or vanishes at once). */
  sendAway(dest: (card: CardId) => Pt, scale: number, animate: boolean): void {
    for (const [card, sp] of this.sprites) {
      if (this.placed.has(card)) continue;
      this.sprites.delete(card);
      sp.tween?.stop();
      if (!animate) {
        sp.view.destroy({ children: true });
        continue;
      }
      const to = dest(card);
      this.leaving.add(sp.view);
      sp.tween = new Tween(sp.state, this.tweens)
        .to({ x: to.x, y: to.y, alpha: 0, scale: scale * 0.8 }, LEAVE_MS)
        .easing(Easing.Cubic.In)
        .onUpdate(() => apply(sp))
        .onComplete(() => {
          this.leaving.delete(sp.view);
          if (!sp.view.destroyed) sp.view.destroy({ children: true });
        })
        .start(performance.now());
    }
  }

  /** Shows a placed card the way its part wants it. */
  look(card: CardId, l: Look): void {
    const sp = this.sprites.get(card);
    if (!sp) return;
    const v = sp.view;
    this.faces.look(v, this.cardW, this.cardH, l);
    v.eventMode = l.live ? 'static' : 'none';
    v.cursor = l.pointer ? 'pointer' : 'default';
  }

  /** Cards leaving drop at once (a new round: nothing of the old table may linger). */
  sweep(): void {
    for (const view of this.leaving) if (!view.destroyed) view.destroy({ children: true });
    this.leaving.clear();
  }

  /** After all placements: stack by z. */
  settle(): void {
    this.layer.sortChildren();
  }

  private spawn(card: CardId, start: Target): Sprite<V> {
    const view = this.faces.make(card, this.cardW, this.cardH);
    view.on('pointerdown', (e: FederatedPointerEvent) => this.input.down(card, view, e));
    view.on('pointertap', () => this.input.tap(card));
    this.layer.addChild(view);
    const sp: Sprite<V> = { view, tween: null, state: { ...start } };
    this.sprites.set(card, sp);
    apply(sp);
    return sp;
  }

  private moveTo(sp: Sprite<V>, tgt: Target, animate: boolean): void {
    const s = sp.state;
    const same =
      Math.abs(s.x - tgt.x) < 0.5 &&
      Math.abs(s.y - tgt.y) < 0.5 &&
      Math.abs(s.rot - tgt.rot) < 0.01 &&
      s.scale === tgt.scale &&
      s.alpha === tgt.alpha;
    sp.state.z = tgt.z;
    sp.tween?.stop();
    if (same || !animate) {
      sp.tween = null;
      Object.assign(sp.state, tgt);
      apply(sp);
      return;
    }
    sp.tween = new Tween(sp.state, this.tweens)
      .to({ x: tgt.x, y: tgt.y, rot: tgt.rot, scale: tgt.scale, alpha: tgt.alpha }, GLIDE_MS)
      .easing(Easing.Cubic.Out)
      .onUpdate(() => apply(sp))
      .start(performance.now());
    apply(sp);
  }
}

function apply<V extends Container>(sp: Sprite<V>): void {
  const v = sp.view;
  if (v.destroyed) return;
  v.position.set(sp.state.x, sp.state.y);
  v.rotation = sp.state.rot;
  v.scale.set(sp.state.scale);
  v.alpha = sp.state.alpha;
  v.zIndex = sp.state.z;
}
