/**
 * Bets of the round, face down in a row under the player bet on (who placed each is written in the
 * bettor's seat box). Each seat's row is drawn anew only when its count or place changes.
 */
import type { Seat } from '@blaze/rules';
import { Container } from 'pixi.js';
import type { Region } from '../../../kit/types.js';
import type { ClientTable } from '../../../shell/host.js';
import { makeBack } from './cardGfx.js';
import type { Layout } from './layout.js';

type View = NonNullable<ClientTable['view']>;

export class Bets {
  readonly layer = new Container();
  private rows = new Map<Seat, { key: string; row: Container }>();

  draw(L: Layout, v: View): Region[] {
    const counts = new Map<Seat, number>();
    for (const b of v.bets) {
      if (b.round !== v.round || !L.betRows[b.on]) continue;
      counts.set(b.on, (counts.get(b.on) ?? 0) + 1);
    }
    const regions: Region[] = [];
    for (const [seat, count] of counts) {
      const box = L.betRows[seat];
      if (!box) continue;
      const bh = box.h - 2;
      const bw = bh / 1.4;
      regions.push({ kind: 'bets', id: `bets-${seat}`, x: box.x, y: box.y, w: count * (bw + 3), h: box.h });
      const key = JSON.stringify([count, box]);
      if (this.rows.get(seat)?.key === key) continue;
      this.rows.get(seat)?.row.destroy({ children: true });
      const row = new Container();
      for (let k = 0; k < count; k++) {
        const back = makeBack(bw, bh);
        back.position.set(box.x + bw / 2 + k * (bw + 3), box.y + bh / 2 + 1);
        row.addChild(back);
      }
      this.layer.addChild(row);
      this.rows.set(seat, { key, row });
    }
    for (const [seat, r] of this.rows) {
      if (counts.has(seat)) continue;
      r.row.destroy({ children: true });
      this.rows.delete(seat);
    }
    return regions;
  }
}
