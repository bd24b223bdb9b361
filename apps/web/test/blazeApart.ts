/**
 * Whether a Blaze layout keeps its parts apart at one size (blazeLayout.test.ts and the upright
 * sweep's file, which run on workers of their own).
 */
import { type Box, intersects, layout } from '../src/games/blaze/render/layout.js';

/**
 * Seats, bet rows, piles, the limit, a challenge of `pairs` pairs (none while betting) and the hand:
 * apart, inside the canvas, and every seat box's outline clear of the bets; each fault as a line.
 */
export function apartFaults(w: number, h: number, players: number, hasHand: boolean, betting: boolean, pairs: number) {
  const L = layout({ w, h, players, bottomSeat: 0, handSize: 9, tableSize: pairs, hasHand, betting });
  const at = `${w}x${h} ${players}p hand=${hasHand} ${pairs} pairs`;
  const faults: string[] = [];
  const boxes: [string, Box][] = [];
  for (let s = 0; s < players; s++) {
    const p = L.seats[s]!;
    boxes.push([`seat ${s}`, { x: p.x - L.seatBox.w / 2, y: p.y - L.seatBox.h / 2, ...L.seatBox }]);
    const b = L.betRows[s]!;
    boxes.push([`bets ${s}`, b]);
  }
  // A clear gap between a seat box's outline (3 px wide, half outside the box) and any bets: at
  // 2 px the markers under a box touched its lower edge (320x568, five players, betting in German).
  for (let s = 0; s < players; s++) {
    const [, seat] = boxes[2 * s]!;
    const outline = { x: seat.x - 3, y: seat.y - 3, w: seat.w + 6, h: seat.h + 6 };
    for (let t = 0; t < players; t++)
      if (intersects(outline, L.betRows[t]!)) faults.push(`${at}: bets ${t} touch seat ${s}`);
  }
  for (const [k, z] of Object.entries(L.zones)) if (k !== 'table') boxes.push([k, z]);
  // Every challenge pair, rejection included, stays inside the table zone.
  const tw = L.cardW * L.tableScale;
  const th = L.cardH * L.tableScale;
  for (const [k, p] of L.table.entries()) {
    const pair = {
      x: p.x - tw / 2,
      y: p.y - th / 2,
      w: tw + L.rejectOffset.x + 8,
      h: th + L.rejectOffset.y + 8,
    };
    for (const [name, b] of boxes) if (intersects(pair, b)) faults.push(`${at}: pair ${k + 1} vs ${name}`);
  }
  if (hasHand) {
    const top = Math.min(...L.hand.map((s) => s.y)) - L.cardH / 2 - L.cardH * 0.22;
    // The hand's band: the whole width, or on a short canvas right of the column with your box.
    boxes.push(['hand', { x: L.handLeft, y: top, w: w - L.handLeft, h: h - top }]);
    for (const p of L.hand) if (p.x - L.cardW / 2 < L.handLeft) faults.push(`${at}: hand left of its band`);
  }
  for (let a = 0; a < boxes.length; a++) {
    const [na, ba] = boxes[a]!;
    if (ba.x < 0) faults.push(`${at}: ${na} left`);
    if (ba.x + ba.w > w + 0.5) faults.push(`${at}: ${na} right`);
    if (ba.y < 0) faults.push(`${at}: ${na} top`);
    if (ba.y + ba.h > h + 0.5) faults.push(`${at}: ${na} bottom`);
    for (let b = a + 1; b < boxes.length; b++) {
      const [nb, bb] = boxes[b]!;
      if (ba.w === 0 || bb.w === 0) continue;
      if (intersects(ba, bb)) faults.push(`${at}: ${na} vs ${nb}`);
    }
  }
  return faults;
}
