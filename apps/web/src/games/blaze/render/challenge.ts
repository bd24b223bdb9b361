/**
 * The challenge: challenge cards in rows with rejections laid across them, cards on their way to the
 * table while the server has not answered yet, and the limit (R4.4) as pips with its label in a zone
 * of their own, never under a card. The pips and label are drawn anew only when they change.
 */
import type { CardId } from '@blaze/rules';
import { Container, Graphics } from 'pixi.js';
import type { CardSprites } from '../../../kit/cards.js';
import { clearLayer, pileLabel } from '../../../kit/tokens.js';
import type { CardPos, Region } from '../../../kit/types.js';
import type { ClientTable, Pending } from '../../../shell/host.js';
import { t } from '../../../shell/host.js';
import type { Highlights } from '../logic/highlights.js';
import type { Layout, Pt } from './layout.js';

type View = NonNullable<ClientTable['view']>;

export class Challenge {
  readonly layer = new Container();
  private pips = new Graphics();
  private key = '';
  /** Where each challenge card can be pressed (its uncovered corner), for the page and the tests. */
  positions: CardPos[] = [];

  /** Places the table's cards and draws the limit; answers the regions drawn. */
  place(L: Layout, v: View, pend: Pending | null, hl: Highlights, sprites: CardSprites, animate: boolean): Region[] {
    const ts = L.tableScale;
    const ro = L.rejectOffset;
    v.table.forEach((e, k) => {
      const p = L.table[k];
      if (!p) return;
      sprites.place(
        e.challenge,
        { x: p.x, y: p.y, rot: 0, scale: ts, z: 100 + k * 2, alpha: 1 },
        L.seats[e.by] ?? L.centre,
        animate,
      );
      if (e.rejection) {
        sprites.place(
          e.rejection,
          { x: p.x + ro.x, y: p.y + ro.y, rot: ro.rot, scale: ts, z: 101 + k * 2, alpha: 1 },
          L.seats[v.target] ?? L.centre,
          animate,
        );
      }
    });
    // Pending: on their way, waiting for the server's answer.
    pend?.cards.forEach((c, k) => {
      if (pend.kind === 'reject') {
        const idx = v.table.findIndex((e) => e.challenge === pend.onto[k]);
        const p = L.table[idx] ?? L.pending;
        sprites.place(
          c,
          { x: p.x + ro.x, y: p.y + ro.y, rot: ro.rot, scale: ts, z: 150, alpha: 0.75 },
          L.deck,
          animate,
        );
      } else {
        const p = L.table[v.table.length + k] ?? L.pending;
        sprites.place(c, { x: p.x, y: p.y, rot: 0, scale: ts, z: 150 + k, alpha: 0.75 }, L.deck, animate);
      }
    });
    this.positions = v.table.map((e, k) => {
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
    });
    this.drawLimit(L, v);
    return [...this.regions(L, v.table.length), ...(v.table.length > 0 ? [limitRegion(L)] : [])];
  }

  /** Challenge cards a selected card can reject glow; cards on the table take taps. */
  look(v: View, pend: Pending | null, selected: ReadonlySet<CardId>, hl: Highlights, sprites: CardSprites): void {
    const trump = (c: CardId) => v.trump !== '' && c[0] === v.trump[0];
    const show = (c: CardId, live: boolean) => {
      const tgt = hl.rejectTargets.includes(c);
      sprites.look(c, {
        glow: selected.has(c) ? 'selected' : tgt ? 'target' : 'none',
        dim: false,
        live,
        pointer: tgt,
        trump: trump(c),
        focus: false,
      });
    };
    for (const e of v.table) {
      show(e.challenge, true);
      if (e.rejection) show(e.rejection, false);
    }
    for (const c of pend?.cards ?? []) show(c, false);
  }

  /** Where a card went that left the table without being discarded: the target took it. */
  static leftTo(card: CardId, prev: View | undefined, v: View, L: Layout): Pt {
    if (v.discard.includes(card)) return L.discard;
    if (prev && prev.table.length > 0 && v.table.length === 0) return L.seats[prev.target] ?? L.centre;
    const e = prev?.table.find((x) => x.challenge === card || x.rejection === card);
    if (e) return L.seats[prev?.target ?? -1] ?? L.centre;
    return L.centre;
  }

  private drawLimit(L: Layout, v: View): void {
    const n = v.table.length > 0 ? v.limit : 0;
    const key = JSON.stringify([
      n,
      v.table.length,
      L.limitRow,
      L.zones.limit.w,
      L.narrow,
      L.small,
      L.w,
      t('table.limit', { n }),
    ]);
    if (key === this.key) return;
    this.key = key;
    clearLayer(this.layer);
    this.pips = new Graphics();
    this.layer.addChild(this.pips);
    if (n === 0) return;
    // Filled for cards in the challenge, empty for the room left.
    const sz = L.narrow ? 10 : 12;
    const g = this.pips;
    for (let k = 0; k < n; k++) {
      const x = L.limitRow.x + (k - (n - 1) / 2) * (sz + 6);
      g.roundRect(x - sz / 2, L.limitRow.y - sz / 2, sz, sz, 2);
      if (k < v.table.length) g.fill({ color: 0xffd54a });
      else g.stroke({ width: 1.5, color: 0xffd54a });
    }
    this.layer.addChild(
      pileLabel(t('table.limit', { n: v.limit }), L.limitRow.x, L.limitRow.y + 9, L.small - 1, L.zones.limit.w, L.w),
    );
  }

  /** Each pair's box: the challenge card and the rejection turned across it. */
  private regions(L: Layout, n: number): Region[] {
    const out: Region[] = [];
    const tw = L.cardW * L.tableScale;
    const th = L.cardH * L.tableScale;
    const ro = L.rejectOffset;
    const rw = tw * Math.cos(ro.rot) + th * Math.sin(ro.rot);
    const rh = th * Math.cos(ro.rot) + tw * Math.sin(ro.rot);
    for (let k = 0; k < n; k++) {
      const p = L.table[k];
      if (!p) continue;
      const x0 = Math.min(p.x - tw / 2, p.x + ro.x - rw / 2);
      const y0 = Math.min(p.y - th / 2, p.y + ro.y - rh / 2);
      const x1 = Math.max(p.x + tw / 2, p.x + ro.x + rw / 2);
      const y1 = Math.max(p.y + th / 2, p.y + ro.y + rh / 2);
      out.push({ kind: 'table', id: `table-${k}`, x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
    }
    return out;
  }
}

function limitRegion(L: Layout): Region {
  return { kind: 'limit', id: 'limit', ...L.zones.limit };
}
