/** A Durak card face (value and suit mark) or back, drawn at w × h; lit, dimmed or focused. */
import { Container, Graphics, Text } from 'pixi.js';
import { TEXT } from '../../kit/tokens.js';

const SUIT = {
  K: { mark: '☠', color: 0x2b2b2b },
  S: { mark: '★', color: 0x1f5fbf },
  H: { mark: '♥', color: 0xc62828 },
  C: { mark: '♛', color: 0xb07d00 },
} as const;

const FACE = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' } as Record<number, string>;

export interface CardLook {
  lit?: boolean;
  dim?: boolean;
  focus?: boolean;
}

export function cardFace(card: string, w: number, h: number, look: CardLook = {}): Container {
  const c = new Container();
  const suit = SUIT[card.slice(-1) as keyof typeof SUIT] ?? SUIT.K;
  const value = Number.parseInt(card, 10);
  const g = new Graphics().roundRect(0, 0, w, h, Math.max(3, w * 0.1)).fill({ color: 0xfbf8f0 });
  g.stroke({ width: look.lit ? 3 : 1, color: look.lit ? 0xffc83d : 0x6f6a5e });
  if (look.focus) g.roundRect(-4, -4, w + 8, h + 8, w * 0.14).stroke({ width: 2, color: 0x4fc3f7 });
  c.addChild(g);
  const v = new Text({
    text: FACE[value] ?? String(value),
    style: { ...TEXT, fill: suit.color, fontSize: Math.round(w * 0.34), fontWeight: '800' },
  });
  v.position.set(w * 0.08, h * 0.04);
  const m = new Text({ text: suit.mark, style: { ...TEXT, fill: suit.color, fontSize: Math.round(w * 0.5) } });
  m.anchor.set(0.5);
  m.position.set(w / 2, h * 0.62);
  c.addChild(v, m);
  if (look.dim) c.alpha = 0.55;
  return c;
}

/**
 * The trump card as it lies across under the deck (D3.3): a card turned on its side, w wide and h
 * high, with its value and suit upright in the left part that the deck leaves uncovered, so it reads
 * at a phone's size without turning one's head.
 */
export function trumpFace(card: string, w: number, h: number): Container {
  const c = new Container();
  const suit = SUIT[card.slice(-1) as keyof typeof SUIT] ?? SUIT.K;
  const value = Number.parseInt(card, 10);
  c.addChild(
    new Graphics()
      .roundRect(0, 0, w, h, Math.max(3, h * 0.1))
      .fill({ color: 0xfbf8f0 })
      .stroke({ width: 2, color: 0xffc83d }),
  );
  const v = new Text({
    text: FACE[value] ?? String(value),
    style: { ...TEXT, fill: suit.color, fontSize: Math.round(h * 0.4), fontWeight: '800' },
  });
  v.anchor.set(0.5, 0);
  v.position.set(w * 0.2, h * 0.04);
  const m = new Text({ text: suit.mark, style: { ...TEXT, fill: suit.color, fontSize: Math.round(h * 0.42) } });
  m.anchor.set(0.5);
  m.position.set(w * 0.2, h * 0.72);
  c.addChild(v, m);
  return c;
}

/**
 * Where the trump card lay once it is drawn (D6.3): an outline with its suit's mark, so the trump
 * suit stays in sight for the rest of the game.
 */
export function trumpGone(card: string, w: number, h: number): Container {
  const c = new Container();
  const suit = SUIT[card.slice(-1) as keyof typeof SUIT] ?? SUIT.K;
  c.addChild(
    new Graphics()
      .roundRect(0, 0, w, h, Math.max(3, h * 0.1))
      .fill({ color: 0xfbf8f0, alpha: 0.12 })
      .stroke({ width: 1.5, color: 0xffc83d, alpha: 0.7 }),
  );
  const m = new Text({ text: suit.mark, style: { ...TEXT, fill: suit.color, fontSize: Math.round(h * 0.6) } });
  m.anchor.set(0.5);
  m.position.set(w / 2, h / 2);
  c.addChild(m);
  return c;
}

export function cardBack(w: number, h: number): Container {
  const c = new Container();
  c.addChild(
    new Graphics()
      .roundRect(0, 0, w, h, Math.max(3, w * 0.1))
      .fill({ color: 0x5b2a86 })
      .stroke({ width: 2, color: 0xe9d8ff }),
  );
  return c;
}
