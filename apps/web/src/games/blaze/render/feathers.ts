/**
 * The feather stack beside the discard pile: tokens face down in phase 1, the top one's value
 * showing once phase 2 lays it out, and how many are left. Drawn anew only when it changes.
 */
import { Container } from 'pixi.js';
import { clearLayer, featherToken, pileLabel } from '../../../kit/tokens.js';
import type { Region } from '../../../kit/types.js';
import type { ClientTable } from '../../../shell/host.js';
import { t } from '../../../shell/host.js';
import type { Layout } from './layout.js';

type View = NonNullable<ClientTable['view']>;

export class Feathers {
  readonly layer = new Container();
  private key = '';

  draw(L: Layout, v: View): Region[] {
    const fz = L.zones.feathers;
    const stack = v.featherStack;
    const key = JSON.stringify([stack, v.phase, fz, L.narrow, L.small, L.w, t('table.feathers')]);
    if (key !== this.key) {
      this.key = key;
      clearLayer(this.layer);
      if (stack.length > 0) {
        const r = L.narrow ? 12 : 16;
        stack
          .slice()
          .reverse()
          .forEach((val, k, all) => {
            const c = featherToken(k === all.length - 1 && v.phase === 2 ? val : null, r);
            c.position.set(fz.x + fz.w / 2 + k * 3 - (all.length - 1) * 1.5, fz.y + r + 2 - k * 1.5 + all.length * 1.5);
            this.layer.addChild(c);
          });
        const text = `${t('table.feathers')} ${stack.length}`;
        this.layer.addChild(pileLabel(text, fz.x + fz.w / 2, fz.y + 2 * r + 8, L.small, fz.w, L.w));
      }
    }
    return stack.length > 0 ? [{ kind: 'feathers', id: 'feathers', ...fz }] : [];
  }
}
