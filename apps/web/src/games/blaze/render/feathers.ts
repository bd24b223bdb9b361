/**
 * The feather stack beside the discard pile: tokens face down in phase 1, the top one's value
 * showing once phase 2 lays it out, and how many are left. Drawn anew only when it changes.
 */
import { Container } from 'pixi.js';
import { clearLayer, featherToken, pileLabel } from '../../../kit/tokens.js';
import type { Region } from '../../../kit/types.js';
import type { ClientTable } from '../../../shell/host.js';
import type { Layout } from './layout.js';
import { featherLabelY, featherTokens } from './pileBoxes.js';
import { featherForms } from './pileWords.js';

type View = NonNullable<ClientTable['view']>;

export class Feathers {
  readonly layer = new Container();
  private key = '';

  draw(L: Layout, v: View): Region[] {
    const fz = L.zones.feathers;
    const stack = v.featherStack;
    const words = featherForms(stack.length);
    const key = JSON.stringify([stack, v.phase, fz, L.narrow, L.small, L.w, words]);
    if (key !== this.key) {
      this.key = key;
      clearLayer(this.layer);
      if (stack.length > 0) {
        // Lowest first, so the top one is drawn last, face up in phase 2 (pileBoxes: where they go).
        const { r, at } = featherTokens(L, stack.length);
        at.forEach((p, k) => {
          const c = featherToken(k === at.length - 1 && v.phase === 2 ? (stack[0] ?? null) : null, r);
          c.position.set(p.x, p.y);
          this.layer.addChild(c);
        });
        this.layer.addChild(pileLabel(words, fz.x + fz.w / 2, featherLabelY(L), L.small, fz.w, L.w));
      }
    }
    return stack.length > 0 ? [{ kind: 'feathers', id: 'feathers', ...fz }] : [];
  }
}
