/** What a thing on the Durak table is and means now, in words (hover or hold). */
import type { View } from '@blaze/durak';
import type { Thing } from './layout.js';
import type { Moves } from './legal.js';
import { roleKey } from './seatWords.js';
import { cardName, dt } from './words.js';

export function explainThing(what: Thing, v: View, names: string[], moves: Moves): string {
  const name = (s: number) => names[s] || `#${s + 1}`;
  switch (what.kind) {
    case 'hand':
      return dt(moves.cards.has(what.card) ? 'ex.hand' : 'ex.handDim', { card: cardName(what.card) });
    case 'pair': {
      const p = v.table[what.index];
      if (!p) return '';
      const args = { attack: cardName(p.attack), by: name(p.by) };
      return p.defence
        ? dt('ex.pair', { ...args, defence: dt('ex.covered', { card: cardName(p.defence) }) })
        : dt('ex.pairOpen', args);
    }
    case 'seat':
      return dt('ex.seat', { name: name(what.seat), n: v.handCounts[what.seat] ?? 0, role: dt(roleKey(v, what.seat)) });
    case 'deck':
      return dt('ex.deck', { n: v.deckCount });
    case 'trump':
      return dt('ex.trump', { card: cardName(v.trump), suit: dt(`suit.${v.trump.slice(-1)}` as 'suit.K') });
    case 'grave':
      return dt('ex.grave', { n: v.graveyardCount });
  }
}
