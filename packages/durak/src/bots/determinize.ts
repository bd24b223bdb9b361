/**
 * Determinization for Durak's strong bot: one whole State drawn at random among those consistent
 * with a seat's View (D1.5-D1.7). Seen as it is: the own hand, the table, the trump card (under the
 * deck while it lasts, D3.3, or in the hand of whoever drew it, D6.3), every card ever played (on the
 * table or in the graveyard), and the cards each hand took on a retreat (public, D1.5) until played
 * again; all read from the view's public log. Dealt at random from what is left: the rest of the
 * other hands and the deck's order. Two views that differ only in hidden cards give the same samples.
 */
import { type Card, FULL_DECK } from '../cards.js';
import { nextInGame, type Seat, type State, type View } from '../engine.js';

export interface PublicKnowledge {
  /** Per seat, the cards everyone knows are in that hand. */
  known: Card[][];
  /** Every card that has been attacked or defended with (now on the table, in the graveyard or a known hand). */
  played: Set<Card>;
}

/** What the public log says about where cards are. */
export function publicKnowledge(v: View): PublicKnowledge {
  const known: Card[][] = Array.from({ length: v.players }, () => []);
  const played = new Set<Card>();
  const drop = (seat: Seat, card: Card) => {
    known[seat] = (known[seat] as Card[]).filter((c) => c !== card);
  };
  for (const e of v.log) {
    if (e.type === 'attacked' || e.type === 'defended') {
      drop(e.seat, e.card);
      played.add(e.card);
    } else if (e.type === 'retreated') (known[e.seat] as Card[]).push(...e.cards);
    else if (e.type === 'drew' && e.trump !== undefined) (known[e.seat] as Card[]).push(e.trump);
  }
  return { known, played };
}

const pick = (rnd: () => number, n: number): number => Math.min(n - 1, Math.floor(rnd() * n));

/** D9.1: the ambushers still to come after the current one (the round from the defender's left). */
function ambushersAfter(v: View): Seat[] {
  if (v.ambusher === null) return [];
  const places = { places: v.places, players: v.players };
  const round: Seat[] = [];
  for (let x = nextInGame(places, v.defender); x !== v.defender; x = nextInGame(places, x)) {
    if (x !== v.attacker) round.push(x);
  }
  return round.slice(round.indexOf(v.ambusher) + 1);
}

/** One State consistent with `v`, hidden cards drawn with `rnd`. The viewer must be seated. */
export function determinize(v: View, rnd: () => number): State {
  const me = v.viewer;
  if (me === null) throw new RangeError('a spectator has no hand to determinize from');
  const { known, played } = publicKnowledge(v);
  const seen = new Set<Card>([...v.hand, ...played, v.trump]);
  for (const k of known) for (const c of k) seen.add(c);
  const pool = FULL_DECK.filter((c) => !seen.has(c));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = pick(rnd, i + 1);
    const t = pool[i] as Card;
    pool[i] = pool[j] as Card;
    pool[j] = t;
  }
  let at = 0;
  const hands: Card[][] = [];
  const knownOut: Card[][] = [];
  for (let seat = 0; seat < v.players; seat++) {
    const k = (known[seat] as Card[]).filter((c) => seat !== me || v.hand.includes(c));
    knownOut.push(k);
    if (seat === me) {
      hands.push(v.hand.slice());
      continue;
    }
    const n = Math.max(0, (v.handCounts[seat] ?? 0) - k.length);
    hands.push([...k, ...pool.slice(at, at + n)]);
    at += n;
  }
  const deck: Card[] = [];
  if (v.deckCount > 0) {
    deck.push(...pool.slice(at, at + v.deckCount - 1), v.trump);
    at += v.deckCount - 1;
  }
  const onTable = new Set(v.table.flatMap((p) => (p.defence === null ? [p.attack] : [p.attack, p.defence])));
  const inHands = new Set(hands.flat());
  const graveyard = [...played].filter((c) => !onTable.has(c) && !inHands.has(c));
  return {
    players: v.players,
    seed: 'determinized',
    ambush: v.ambush,
    team: v.team,
    dealer: v.dealer,
    trump: v.trump,
    deck,
    hands,
    known: knownOut,
    table: v.table.map((p) => ({ ...p })),
    graveyard,
    attacker: v.attacker,
    defender: v.defender,
    ambusher: v.ambusher,
    ambushers: ambushersAfter(v),
    trumpDrawnBy: v.trumpDrawnBy,
    places: v.places.map((g) => [...g]),
    over: v.over,
    winners: [...v.winners],
    losers: [...v.losers],
    battles: v.log.filter((e) => e.type === 'battleOver').length,
    // The playouts need no history, and a short log keeps each step's copy cheap.
    log: [],
  };
}
