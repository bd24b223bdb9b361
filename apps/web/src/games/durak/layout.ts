/**
 * Where everything of a Durak table lies on a canvas of w × h (CSS pixels): the other seats in a row
 * at the top, the deck with the trump card across under it on the left, the graveyard on the right, the
 * battlefield's pairs between, and this seat's hand at the bottom. Pure, so sizes are testable.
 */
import type { View } from '@blaze/durak';
import type { Box } from '../../kit/geometry.js';

export type Thing =
  | { kind: 'hand'; card: string; index: number }
  | { kind: 'pair'; index: number }
  | { kind: 'seat'; seat: number }
  | { kind: 'deck' }
  | { kind: 'trump' }
  | { kind: 'grave' };

export interface Placed {
  box: Box;
  what: Thing;
}

export interface Layout {
  cw: number;
  ch: number;
  seats: { seat: number; box: Box }[];
  me: Box | null;
  deck: Box;
  trump: Box;
  grave: Box;
  field: Box;
  pairs: { attack: Box; defence: Box }[];
  hand: { card: string; box: Box }[];
}

const PAD = 8;

/** The size of a seat's name (and this seat's line) for cards cw wide. */
export const seatFont = (cw: number) => Math.max(11, Math.round(cw * 0.28));

export function layout(w: number, h: number, v: View): Layout {
  const cw = Math.round(Math.max(34, Math.min(84, w / 8.5, h / 9)));
  const ch = Math.round(cw * 1.45);
  const mine = v.viewer;
  const others: number[] = [];
  for (let k = 1; k <= v.players; k++) {
    const s = ((mine ?? -1) + k + v.players) % v.players;
    if (s !== mine) others.push(s);
  }
  if (mine === null) others.sort((a, b) => a - b);
  const seatH = Math.round(Math.max(46, Math.min(64, h / 11)));
  const seatW = (w - PAD * (others.length + 1)) / Math.max(1, others.length);
  const seats = others.map((seat, i) => ({ seat, box: { x: PAD + i * (seatW + PAD), y: PAD, w: seatW, h: seatH } }));
  const hasHand = mine !== null;
  const handY = h - ch - PAD - 6;
  // This seat's line above its hand, clear of a lit card's lift (6) and the focus ring (4); as tall as
  // its text (the scene's size, seatFont).
  const lineH = seatFont(cw) + 8;
  const me = hasHand ? { x: PAD, y: handY - 12 - lineH, w: w - 2 * PAD, h: lineH } : null;
  const top = PAD + seatH + PAD;
  const bottom = me ? me.y - PAD : h - PAD;
  const midY = top + (bottom - top) / 2;
  // The trump card lies across under the deck, its left part (value and suit) uncovered (D3.3).
  const deck = { x: PAD + ch * 0.42, y: midY - ch / 2, w: cw, h: ch };
  const trump = { x: PAD, y: midY - cw / 2, w: ch, h: cw };
  const grave = { x: w - PAD - cw, y: midY - ch / 2, w: cw, h: ch };
  const fx = deck.x + Math.max(cw, ch * 0.8) + PAD * 2;
  const field = { x: fx, y: top, w: grave.x - PAD - fx, h: bottom - top };
  const cellW = cw * 1.45;
  const cellH = ch * 1.3;
  const cols = Math.max(1, Math.floor(field.w / cellW));
  const rows = Math.max(1, Math.ceil(v.table.length / cols));
  const gridH = rows * cellH;
  const pairs = v.table.map((_, i) => {
    const c = i % cols;
    const r = Math.floor(i / cols);
    const used = Math.min(cols, v.table.length);
    const x = field.x + (field.w - used * cellW) / 2 + c * cellW + (cellW - cw * 1.35) / 2;
    const y = field.y + Math.max(0, (field.h - gridH) / 2) + r * cellH;
    return { attack: { x, y, w: cw, h: ch }, defence: { x: x + cw * 0.35, y: y + ch * 0.22, w: cw, h: ch } };
  });
  const n = hasHand ? v.hand.length : 0;
  const step = n <= 1 ? 0 : Math.min(cw + 6, (w - 2 * PAD - cw) / (n - 1));
  const handW = n <= 1 ? cw : step * (n - 1) + cw;
  const hx = (w - handW) / 2;
  const hand = hasHand ? v.hand.map((card, i) => ({ card, box: { x: hx + i * step, y: handY, w: cw, h: ch } })) : [];
  return { cw, ch, seats, me, deck, trump, grave, field, pairs, hand };
}

/** Everything that may be explained or pressed, topmost first (later hand cards lie over earlier). */
export function things(l: Layout): Placed[] {
  const out: Placed[] = [];
  for (let i = l.hand.length - 1; i >= 0; i--) {
    const c = l.hand[i];
    if (c) out.push({ box: c.box, what: { kind: 'hand', card: c.card, index: i } });
  }
  l.pairs.forEach((p, index) => {
    const x = p.attack.x;
    const y = p.attack.y;
    out.push({
      box: { x, y, w: p.defence.x + p.defence.w - x, h: p.defence.y + p.defence.h - y },
      what: { kind: 'pair', index },
    });
  });
  for (const s of l.seats) out.push({ box: s.box, what: { kind: 'seat', seat: s.seat } });
  out.push(
    { box: l.deck, what: { kind: 'deck' } },
    { box: l.trump, what: { kind: 'trump' } },
    { box: l.grave, what: { kind: 'grave' } },
  );
  return out;
}

export function hitAt(list: Placed[], x: number, y: number): Placed | null {
  return list.find((p) => x >= p.box.x && x <= p.box.x + p.box.w && y >= p.box.y && y <= p.box.y + p.box.h) ?? null;
}
