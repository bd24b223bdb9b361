/** Small things drawn in several parts of the table: the text style, a feather token. */
import { Container, Graphics, Text } from 'pixi.js';
import { firstReadable } from './fit.js';

export const TEXT = { fontFamily: 'system-ui, sans-serif', fill: 0xf4efe2 } as const;

export function featherToken(value: number | null, r: number): Container {
  const c = new Container();
  const g = new Graphics()
    .ellipse(0, 0, r * 0.55, r)
    .fill({ color: 0xf7f3e8 })
    .stroke({ width: 1.5, color: 0xb0743a });
  g.moveTo(0, -r).lineTo(0, r).stroke({ width: 1.2, color: 0xb0743a });
  c.addChild(g);
  if (value !== null) {
    const tx = new Text({ text: String(value), style: { ...TEXT, fill: 0x6b3b12, fontSize: r, fontWeight: '800' } });
    tx.anchor.set(0.5);
    c.addChild(tx);
  }
  return c;
}

/**
 * A label under a pile, centred on `x`: shrunk to `maxW`, and never past the canvas edge (a label
 * near the side slides inwards rather than being cut). Of several forms, the first that fits at a
 * readable size (fit.ts' MIN_TEXT_PX), else the last.
 */
export function pileLabel(
  text: string | string[],
  x: number,
  y: number,
  size: number,
  maxW: number,
  canvasW: number,
): Text {
  const forms = typeof text === 'string' ? [text] : text;
  const tx = new Text({ text: '', style: { ...TEXT, fontSize: size, fontWeight: '600' } });
  tx.text = firstReadable(forms, maxW, size, (form) => {
    tx.text = form;
    return tx.width;
  });
  tx.anchor.set(0.5, 0);
  if (tx.width > maxW) tx.scale.set(maxW / tx.width);
  const half = tx.width / 2;
  tx.position.set(Math.max(half + 2, Math.min(canvasW - half - 2, x)), y);
  return tx;
}

/** Destroys every child of a layer (a part drawing itself anew). */
export function clearLayer(layer: Container): void {
  for (const c of layer.removeChildren()) c.destroy({ children: true });
}
