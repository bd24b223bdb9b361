/**
 * Determinization: a whole GameState drawn at random among those consistent with one PlayerView (R11).
 * Everything the viewer sees is copied as it is (own hand, table, discard, trump, counts, bets placed,
 * feathers, scores); what it cannot see (other hands, deck order, deck 2, the box of round 2, other
 * players' unrevealed bet values and the betting cards they still hold) is dealt at random from what
 * is left. The input is only the view and a random stream, so two views that differ only in hidden
 * cards give the same samples.
 */
import {
  type Bet,
  type BetValue,
  type CardId,
  cardsFor,
  type GameState,
  type PlayerView,
  type Seat,
} from '@blaze/rules';

const pick = (rnd: () => number, n: number): number => Math.min(n - 1, Math.floor(rnd() * n));

/** The cards whose place the viewer does not know: every card of this game minus those it sees. */
export function unseenCards(view: PlayerView): CardId[] {
  const seen = new Set<CardId>(view.hand);
  for (const c of view.discard) seen.add(c);
  for (const e of view.table) {
    seen.add(e.challenge);
    if (e.rejection !== null) seen.add(e.rejection);
  }
  // R2.4: the turned trump lies face up under the deck until it is drawn, as the deck's last card.
  if (view.deckCount > 0) seen.add(view.trump);
  return (CARDS[view.players] as readonly CardId[]).filter((c) => !seen.has(c));
}

/** cardsFor each player count, made once: every sample starts from it. */
const CARDS: Record<3 | 4 | 5, readonly CardId[]> = { 3: cardsFor(3), 4: cardsFor(4), 5: cardsFor(5) };
/** The value-1 cards, out of a 3-player game (R2.1). */
const ONES: readonly CardId[] = cardsFor(4).filter((c) => c[1] === '1');

function shuffleInPlace<T>(items: T[], rnd: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = pick(rnd, i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
}

/** The betting cards a seat started this round with (R1.3, R9.2, R9.3): round 1's 1 is spent, its 0 came back. */
function heldAtRoundStart(view: PlayerView, seat: Seat): BetValue[] {
  const held: BetValue[] = [0, 1, 1];
  if (view.round === 2) {
    const first = view.bets.find((b) => b.round === 1 && b.by === seat);
    if (first?.value === 1) held.splice(held.indexOf(1), 1);
  }
  return held;
}

/** One GameState consistent with `view`, hidden parts drawn with `rnd`. The viewer must be seated. */
export function determinize(view: PlayerView, rnd: () => number): GameState {
  const me = view.viewer;
  if (me === null) throw new RangeError('a spectator has no hand to determinize from');
  const pool = unseenCards(view);
  shuffleInPlace(pool, rnd);
  let at = 0;
  const hands: CardId[][] = [];
  for (let seat = 0; seat < view.players; seat++) {
    if (seat === me) {
      hands.push(view.hand.slice());
      continue;
    }
    const n = view.handCounts[seat] ?? 0;
    hands.push(pool.slice(at, at + n));
    at += n;
  }
  let deck: CardId[] = [];
  if (view.deckCount > 0) {
    deck = pool.slice(at, at + view.deckCount - 1);
    deck.push(view.trump);
    at += view.deckCount - 1;
  }
  const deck2 = pool.slice(at, at + view.deck2Count);
  at += view.deck2Count;
  // Round 2: round 1's leftovers left the game (R10.1); in a 3-player game the value-1 cards never entered it.
  const box = [...(view.players === 3 ? ONES : []), ...pool.slice(at)];

  const betCards: BetValue[][] = [];
  const bets: Bet[] = [];
  for (let seat = 0; seat < view.players; seat++) {
    if (seat === me) {
      betCards.push(view.betHand.slice());
      continue;
    }
    const held = heldAtRoundStart(view, seat);
    const now = view.bets.find((b) => b.round === view.round && b.by === seat);
    if (now && now.value === null) {
      // A hidden bet: any card the seat could have held, in proportion to how many it held.
      const v = held[pick(rnd, held.length)] as BetValue;
      held.splice(held.indexOf(v), 1);
    } else if (now && now.value !== null) {
      held.splice(held.indexOf(now.value), 1);
    }
    betCards.push(held);
  }
  for (const b of view.bets) {
    if (b.value !== null) {
      bets.push({ by: b.by, on: b.on, round: b.round, value: b.value });
      continue;
    }
    // The value this sample gave it: what the seat no longer holds of its round-start cards.
    const start = heldAtRoundStart(view, b.by);
    const left = (betCards[b.by] as BetValue[]).slice();
    let value: BetValue = 1;
    for (const v of start) {
      const i = left.indexOf(v);
      if (i >= 0) left.splice(i, 1);
      else value = v;
    }
    bets.push({ by: b.by, on: b.on, round: b.round, value });
  }

  const seedNum = Math.floor(rnd() * 2 ** 32) >>> 0;
  return {
    players: view.players,
    seed: 'determinized',
    rng: [seedNum, seedNum ^ 0x9e3779b9, 0x85ebca6b, 1],
    round: view.round,
    phase: view.phase,
    betting: view.betting,
    over: view.over,
    trump: view.trump,
    deck,
    deck2,
    box,
    hands,
    discard: view.discard.slice(),
    active: view.active,
    target: view.target,
    supporter: view.supporter,
    table: view.table.map((e) => ({ ...e })),
    limit: view.limit,
    targetPassed: view.targetPassed,
    standing: view.standing.slice(),
    window: view.window === null ? null : { seat: view.window.seat, cards: view.window.cards.slice() },
    featherStack: view.featherStack.slice(),
    feathers: view.feathers.map((f) => ({ ...f })),
    bets,
    betCards,
    out: view.out.slice(),
    scores: view.scores.slice(),
    roundLosers: view.roundLosers.slice(),
    winner: view.winner,
  };
}
