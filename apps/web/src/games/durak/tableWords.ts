/** The table in words, for screen readers: the trump, the piles, who attacks whom, the pairs, the hand. */
import type { View } from '@blaze/durak';
import { seatLine } from './seatWords.js';
import { cardName, dt } from './words.js';

export function tableWords(v: View, names: string[]): string[] {
  const name = (s: number) => names[s] || `#${s + 1}`;
  const lines = [
    dt('words.turn', {
      suit: dt(`suit.${v.trump.slice(-1)}` as 'suit.K'),
      card: cardName(v.trump),
      deck: v.deckCount,
      grave: v.graveyardCount,
    }),
  ];
  for (let s = 0; s < v.players; s++) lines.push(`${name(s)}: ${seatLine(v, s, names, false)}`);
  if (!v.over) lines.push(dt('words.battle', { attacker: name(v.attacker), defender: name(v.defender) }));
  lines.push(
    v.table.length === 0
      ? dt('words.empty')
      : dt('words.field', {
          pairs: v.table
            .map((p) => (p.defence ? `${cardName(p.attack)} / ${cardName(p.defence)}` : `${cardName(p.attack)} (!)`))
            .join('; '),
        }),
  );
  if (v.viewer !== null) lines.push(dt('words.hand', { cards: v.hand.map(cardName).join(', ') || '—' }));
  return lines;
}
