/**
 * Moves a sprite diff cannot show, drawn above the cards and gone when done: opponents drawing from
 * the deck (backs), feathers flying to their winner, bets flying face down to the player bet on, and
 * cards that came and went within one patch (the round's last rejection), held long enough to read.
 */
import type { CardId, Seat } from '@blaze/rules';
import { Easing, type Group, Tween } from '@tweenjs/tween.js';
import { Container } from 'pixi.js';
import { paced } from '../../../kit/testPace.js';
import { clearLayer, featherToken } from '../../../kit/tokens.js';
import type { ClientTable } from '../../../shell/host.js';
import { makeBack, makeCard } from './cardGfx.js';
import type { Layout, Pt } from './layout.js';
import { FLIGHT_MS, MIN_SHOW_MS, type Motion } from './motion.js';

type View = NonNullable<ClientTable['view']>;

export class Effects {
  readonly layer = new Container();

  constructor(private tweens: Group) {}

  /** Drops everything in flight at once (a new round). */
  sweep(): void {
    clearLayer(this.layer);
  }

  /** Opponents drawing from the deck, feathers flying to their winner. */
  between(prev: View, v: View, L: Layout, me: Seat): void {
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

  motion(m: Motion, L: Layout): void {
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
   * Cards that came and went within one patch: fly them from the player to the middle, hold them
   * there for MIN_SHOW_MS so they can be read, then fade them out.
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
      this.layer.addChild(view);
      const to = { x: L.centre.x + (k - (cards.length - 1) / 2) * w * 0.8, y: L.centre.y };
      const st = { x: from.x, y: from.y, a: 1 };
      const show = () => {
        if (view.destroyed) return;
        view.position.set(st.x, st.y);
        view.alpha = st.a;
      };
      new Tween(st, this.tweens).to(to, FLIGHT_MS).easing(Easing.Cubic.Out).onUpdate(show).start(now);
      new Tween(st, this.tweens)
        .to({ a: 0 }, paced(300))
        .delay(FLIGHT_MS + MIN_SHOW_MS)
        .onUpdate(show)
        .onComplete(() => {
          if (!view.destroyed) view.destroy({ children: true });
        })
        .start(now);
    });
  }

  private flyBack(from: Pt, to: Pt, L: Layout, delay: number, size = 0.6): void {
    const b = makeBack(L.cardW * size, L.cardH * size);
    b.position.set(from.x, from.y);
    this.layer.addChild(b);
    const st = { x: from.x, y: from.y, a: 1 };
    new Tween(st, this.tweens)
      .to({ x: to.x, y: to.y, a: 0.2 }, paced(420))
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
    this.layer.addChild(c);
    const st = { x: from.x, y: from.y, s: 1.6 };
    new Tween(st, this.tweens)
      .to({ x: to.x, y: to.y, s: 1 }, paced(700))
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
}
