/** Test helpers: exact positions from hand-built decks or hand-built states, and strict apply. */
import { expect } from 'vitest';
import { type CardId, cardsFor } from '../src/cards.js';
import { applyAction } from '../src/engine.js';
import { createGame, HAND_SIZE, setActive } from '../src/setup.js';
import type { Action, BetValue, Feather, GameEvent, GameState, PlayerCount, Seat } from '../src/types.js';

/**
 * A whole card order (top first) that deals `hands` (seat 0 first), turns `trump` and then lets the
 * players draw `draws` in that order; `deck2` goes on top of deck 2. Unnamed cards fill the gaps
 * in a fixed order, so the same arguments always give the same deck.
 */
export function buildDeck(
  players: PlayerCount,
  hands: CardId[][],
  trump: CardId,
  draws: CardId[] = [],
  deck2: CardId[] = [],
): CardId[] {
  const named = [...hands.flat(), trump, ...draws, ...deck2];
  if (new Set(named).size !== named.length) throw new Error('a card is named twice');
  const all = cardsFor(players);
  for (const c of named) if (!all.includes(c)) throw new Error(`${c} is not in a ${players}-player game`);
  // Fillers come low or high (1, 9, 3, 2 first) so they rarely match the 4-8 values tests play.
  const rankOrder = '1932';
  const key = (c: CardId) => {
    const i = rankOrder.indexOf(c[1] as string);
    return i < 0 ? 9 : i;
  };
  const fill = all.filter((c) => !named.includes(c)).sort((a, b) => key(a) - key(b));
  const take = (n: number) => fill.splice(0, n);
  const order: CardId[] = [];
  for (let p = 0; p < players; p++) {
    const h = hands[p] ?? [];
    order.push(...h, ...take(HAND_SIZE - h.length));
  }
  const rest = all.length - players * HAND_SIZE;
  const deck1 = Math.ceil(rest / 2);
  order.push(trump, ...draws, ...take(deck1 - 1 - draws.length));
  order.push(...deck2, ...take(rest - deck1 - deck2.length));
  return order;
}

export function game(
  players: PlayerCount,
  hands: CardId[][],
  trump: CardId,
  opts: { startSeat?: Seat; draws?: CardId[]; deck2?: CardId[] } = {},
): GameState {
  return createGame({
    players,
    seed: 'test',
    startSeat: opts.startSeat ?? 0,
    deck: buildDeck(players, hands, trump, opts.draws, opts.deck2),
  });
}

export interface PositionSpec {
  players: PlayerCount;
  hands: CardId[][];
  trump: CardId;
  active: Seat;
  round?: 1 | 2;
  phase?: 1 | 2;
  /** Draw deck, top first; in phase 1 the trump card is appended as its last card if missing. */
  deck?: CardId[];
  deck2?: CardId[];
  out?: Seat[];
  featherStack?: number[];
  feathers?: Feather[];
  bets?: GameState['bets'];
  betCards?: BetValue[][];
  scores?: number[];
  roundLosers?: Seat[];
}

/**
 * A hand-built position for late-game rules. Every card not placed goes to the discard pile
 * (value-1 cards of a 3-player game stay in the box), so all 60 cards are still somewhere.
 */
export function position(p: PositionSpec): GameState {
  const s = createGame({ players: p.players, seed: 'position', startSeat: 0 });
  const phase = p.phase ?? 1;
  const deck = (p.deck ?? []).slice();
  if (phase === 1 && !deck.includes(p.trump)) deck.push(p.trump);
  const deck2 = p.deck2 ?? [];
  const placed = new Set([...p.hands.flat(), ...deck, ...deck2]);
  s.round = p.round ?? 1;
  s.phase = phase;
  s.trump = p.trump;
  s.hands = p.hands.map((h) => h.slice());
  s.deck = deck;
  s.deck2 = deck2.slice();
  s.discard = cardsFor(p.players).filter((c) => !placed.has(c));
  s.out = p.out ?? [];
  s.featherStack = p.featherStack ?? [];
  s.feathers = p.feathers ?? [];
  s.bets = p.bets ?? [];
  if (p.betCards) s.betCards = p.betCards;
  s.scores = p.scores ?? new Array<number>(p.players).fill(0);
  s.roundLosers = p.roundLosers ?? [];
  setActive(s, p.active);
  return s;
}

/** Apply an action that must be accepted. */
export function ok(s: GameState, a: Action): { state: GameState; events: GameEvent[] } {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error.code} ${r.error.message}`);
  return { state: r.state, events: r.events };
}

/** Apply a list of actions that must all be accepted; returns the final state and all events. */
export function run(s: GameState, actions: Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = ok(s, a);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** Apply an action that must be refused with `code`, and leave the state untouched. */
export function refused(s: GameState, a: unknown, code: string): void {
  const before = structuredClone(s);
  const r = applyAction(s, a);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.code).toBe(code);
  expect(s).toEqual(before);
}

/** Every card location of a state, for conservation checks. */
export function allPlaces(s: GameState): CardId[] {
  const out = [...s.deck, ...s.deck2, ...s.box, ...s.discard];
  for (const h of s.hands) out.push(...h);
  for (const e of s.table) {
    out.push(e.challenge);
    if (e.rejection !== null) out.push(e.rejection);
  }
  return out;
}

export const play = (seat: Seat, ...cards: CardId[]): Action => ({ type: 'play', seat, cards });
export const reject = (seat: Seat, ...pairs: [CardId, CardId][]): Action => ({
  type: 'reject',
  seat,
  pairs: pairs.map(([challenge, card]) => ({ challenge, card })),
});
export const pass = (seat: Seat): Action => ({ type: 'pass', seat });
export const stand = (seat: Seat): Action => ({ type: 'stand', seat });
export const bet = (seat: Seat, on: Seat, value: BetValue): Action => ({ type: 'bet', seat, on, value });
export const closeWindow: Action = { type: 'closeWindow' };

export function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}
