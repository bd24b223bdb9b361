/** The table in words, for screen readers: the piles, each seat's slots and total, what you saw. */
import type { View } from '@blaze/bla5t';
import { playerAt, seatName } from './board.js';
import { bt, cardName } from './words.js';

export function tableWords(v: View, names: string[], peeks: ReadonlyMap<string, { card: string }>): string[] {
  const lines = [
    bt('words.piles', {
      round: v.round,
      draw: v.drawCount,
      count: v.discardCount,
      top: v.discardTop ? cardName(v.discardTop) : '—',
    }),
  ];
  v.layouts.forEach((lay, seat) => {
    const cards = lay
      .map((x, slot) => {
        const seen = peeks.get(`${seat}.${slot}`)?.card;
        const what =
          x === null ? bt('slot.empty') : 'up' in x ? cardName(x.up) : seen ? cardName(seen) : bt('slot.down');
        return `${slot}: ${what}`;
      })
      .join(', ');
    const p = playerAt(v, seat);
    let line = bt('words.seat', { name: seatName(v, names, seat), cards, total: p >= 0 ? (v.totals[p] ?? 0) : '—' });
    if (seat === v.caller) line += ` ${bt('seat.caller')}`;
    lines.push(line);
  });
  return lines;
}
