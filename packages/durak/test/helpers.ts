/** Test helpers: stacked decks (D3.2's `deck` option) and scripted play. */
import { deepFreeze } from '@blaze/game/conformance';
import { expect } from 'vitest';
import {
  type Action,
  applyAction,
  type Card,
  createGame,
  type Event,
  FULL_DECK,
  type Options,
  type Seat,
  type State,
} from '../src/index.js';

/**
 * The card order that deals `hands` (seat by seat, 6 each) with `dealer` (D3.2), turns `trump`
 * (D3.3), and leaves `rest` on top of the deck in that order. `fill` adds every unused card under
 * `rest` (a full 36-card pack); without it the pack is short (tests only), so the deck runs out soon.
 */
export function stack(o: {
  players: number;
  dealer?: Seat;
  hands: Card[][];
  trump: Card;
  rest?: Card[];
  fill?: boolean;
}): Card[] {
  const dealer = o.dealer ?? 0;
  const order: Card[] = [];
  for (let r = 0; r < 6; r++) {
    for (let i = 1; i <= o.players; i++) {
      const c = o.hands[(dealer + i) % o.players]?.[r];
      if (c === undefined) throw new Error(`seat ${(dealer + i) % o.players} needs 6 cards`);
      order.push(c);
    }
  }
  order.push(o.trump, ...(o.rest ?? []));
  if (o.fill) order.push(...FULL_DECK.filter((c) => !order.includes(c)));
  if (new Set(order).size !== order.length) throw new Error('a card is stacked twice');
  return order;
}

export function game(
  o: Omit<Options, 'seed' | 'deck'> & { hands: Card[][]; trump?: Card; rest?: Card[]; fill?: boolean },
) {
  const { hands, trump = '6H', rest, fill, ...opts } = o;
  const deck = stack({ players: opts.players, dealer: opts.dealer, hands, trump, rest, fill });
  return deepFreeze(createGame({ ...opts, seed: 'stacked', deck }));
}

export const A = {
  attack: (seat: Seat, card: Card): Action => ({ type: 'attack', seat, card }),
  defend: (seat: Seat, card: Card): Action => ({ type: 'defend', seat, card }),
  retreat: (seat: Seat): Action => ({ type: 'retreat', seat }),
  end: (seat: Seat): Action => ({ type: 'end', seat }),
};

/** Apply each action, expecting each accepted; the final state (frozen) and every event. */
export function play(s: State, ...actions: Action[]): { state: State; events: Event[] } {
  const events: Event[] = [];
  for (const a of actions) {
    const r = applyAction(s, deepFreeze(a));
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.code} ${r.error.message}`);
    s = deepFreeze(r.state);
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The refusal code of `a` on `s`, checking that the state is untouched. */
export function refused(s: State, a: unknown): string {
  const before = structuredClone(s);
  const r = applyAction(s, a as Action);
  expect(s).toEqual(before);
  if (r.ok) throw new Error(`${JSON.stringify(a)} was accepted`);
  return r.error.code;
}

/** Every card of the pack in exactly one place: hands, deck, table, graveyard. */
export function places(s: State): Card[] {
  return [
    ...s.hands.flat(),
    ...s.deck,
    ...s.table.flatMap((p) => (p.defence ? [p.attack, p.defence] : [p.attack])),
    ...s.graveyard,
  ];
}

export const drewSeats = (events: Event[]) => events.flatMap((e) => (e.type === 'drew' ? [e.seat] : []));
