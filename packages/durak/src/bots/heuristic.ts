/**
 * Durak's heuristic bots (DT5): each decides from its own View only (D1.5, D1.6), never the
 * state. `easy` plays a random legal action; `normal` plays the cheapest card that does the job,
 * keeps its trumps and high cards while the deck lasts, retreats on purpose when a defence would
 * cost too much, and ambushes (or continues) with cheap matching cards to force retreats.
 */
import { beats, type Card, cost, rankOf, type Suit, suitOf } from '../cards.js';
import type { Action, View } from '../engine.js';

/** The viewer's legal actions, read from the view alone (the same answer as legalActions). */
export function legalFromView(v: View): Action[] {
  const seat = v.viewer;
  if (seat === null || v.over || v.awaited !== seat) return [];
  const trump = suitOf(v.trump);
  const open = v.table.find((p) => p.defence === null);
  if (open) {
    const out: Action[] = v.hand
      .filter((c) => beats(c, open.attack, trump))
      .map((card) => ({ type: 'defend', seat, card }));
    out.push({ type: 'retreat', seat });
    return out;
  }
  const values = new Set(v.table.flatMap((p) => [p.attack, p.defence ?? p.attack]).map(rankOf));
  const out: Action[] = v.hand
    .filter((c) => v.table.length === 0 || values.has(rankOf(c)))
    .map((card) => ({ type: 'attack', seat, card }));
  if (v.table.length > 0) out.push({ type: 'end', seat });
  return out;
}

export function easy(v: View, rnd: () => number): Action | null {
  const legal = legalFromView(v);
  if (legal.length === 0) return null;
  return legal[Math.min(legal.length - 1, Math.floor(rnd() * legal.length))] as Action;
}

const cheapest = (cards: Card[], trump: Suit): Card | undefined =>
  [...cards].sort((a, b) => cost(a, trump) - cost(b, trump))[0];

export function normal(v: View, _rnd: () => number): Action | null {
  const legal = legalFromView(v);
  if (legal.length === 0) return null;
  const seat = v.viewer as number;
  const trump = suitOf(v.trump);
  const isTrump = (c: Card) => suitOf(c) === trump;
  const endgame = v.deckCount === 0;
  const cards = (type: Action['type']) => legal.flatMap((a) => (a.type === type && 'card' in a ? [a.card] : []));

  const defences = cards('defend');
  if (legal.some((a) => a.type === 'retreat')) {
    const best = cheapest(defences, trump);
    if (best === undefined) return { type: 'retreat', seat };
    // Retreat on purpose: spending a high trump on a cheap card early is worse than taking it.
    const onTable = v.table.length;
    const expensive = isTrump(best) && rankOf(best) >= 12;
    if (!endgame && expensive && onTable <= 2) return { type: 'retreat', seat };
    return { type: 'defend', seat, card: best };
  }

  const adds = cards('attack');
  if (v.table.length === 0) {
    // Open with the cheapest card; a pair lets us continue with the same value.
    return { type: 'attack', seat, card: cheapest(adds, trump) as Card };
  }
  // Continue or ambush with cheap matching cards; keep trumps and high cards while the deck lasts.
  const usable = adds.filter((c) => endgame || (!isTrump(c) && rankOf(c) <= 11));
  const pick = cheapest(usable, trump);
  if (pick !== undefined) return { type: 'attack', seat, card: pick };
  return { type: 'end', seat };
}
