/** Test helpers: stacked decks (X3.2 `decks`), playing actions, and reading the state. */
import { expect } from 'vitest';
import {
  type Action,
  applyAction,
  BASIC_BOSSES,
  BASIC_HEROES,
  type Card,
  cardsInUse,
  type Event,
  type Options,
  type State,
} from '../src/index.js';

export function basicCards(bosses = true): Card[] {
  return cardsInUse(false, [...BASIC_HEROES], bosses ? [...BASIC_BOSSES] : []);
}

/**
 * A whole round order (top first) that deals `hands[seat][slot]` (X3.4: one at a time, clockwise from
 * `first`), opens the discard pile with `discard`, and puts `draw` on top of the draw pile; the
 * remaining cards follow in a fixed order.
 */
export function stack(
  hands: Card[][],
  discard: Card,
  draw: Card[] = [],
  opts: { first?: number; cards?: Card[] } = {},
): Card[] {
  const cards = opts.cards ?? basicCards();
  const first = opts.first ?? 0;
  const order: Card[] = [];
  const seats = hands.length;
  const max = Math.max(...hands.map((h) => h.length));
  const left = hands.map((h) => [...h]);
  let remaining = hands.reduce((a, h) => a + h.length, 0);
  let seat = first;
  // The engine deals round-robin until each seat has its count; mirror it.
  const dealt = Array(seats).fill(0);
  while (remaining > 0) {
    if (dealt[seat] < (hands[seat] as Card[]).length) {
      order.push((left[seat] as Card[]).shift() as Card);
      dealt[seat]++;
      remaining--;
    }
    seat = (seat + 1) % seats;
  }
  void max;
  order.push(discard, ...draw);
  const used = new Set(order);
  if (used.size !== order.length) throw new Error('a card is stacked twice');
  for (const c of order) if (!cards.includes(c)) throw new Error(`not in the deck: ${c}`);
  return [...order, ...cards.filter((c) => !used.has(c))];
}

export interface Played {
  state: State;
  events: Event[];
}

/** Apply actions that must all be accepted. */
export function play(s: State, ...actions: Action[]): Played {
  let state = s;
  const events: Event[] = [];
  for (const a of actions) {
    const r = applyAction(state, a);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

export function refused(s: State, a: Action): string {
  const r = applyAction(s, a);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error.code;
}

/** Every player looks at slots 0 and 1 (or their default count). */
export function lookAll(s: State): Played {
  const acts: Action[] = [];
  if (s.step.kind === 'look') {
    s.step.need.forEach((k, seat) => {
      if (k > 0) acts.push({ type: 'look', seat, slots: Array.from({ length: k }, (_, i) => i) });
    });
  }
  return play(s, ...acts);
}

export const cardAt = (s: State, seat: number, slot: number): Card | null => s.layouts[seat]?.[slot]?.card ?? null;

export const topCard = (s: State): Card | null => s.discard[s.discard.length - 1] ?? null;

export function countCards(s: State): number {
  return (
    s.draw.length +
    s.discard.length +
    (s.drawn ? 1 : 0) +
    s.pair.length +
    s.layouts.reduce((a, l) => a + l.filter((x) => x !== null).length, 0)
  );
}

export function opts4(decks: Card[][], extra: Partial<Options> = {}): Options {
  return { players: 4, seed: 'xx', dealer: 3, decks, ...extra };
}

/** The active player's plain turn: draw, discard (A), leave any power, no Blast. */
export function passTurn(s: State): Played {
  const seat = s.active;
  const r = play(s, { type: 'draw', seat }, { type: 'discardDrawn', seat });
  let state = r.state;
  const events = [...r.events];
  for (let i = 0; i < 4 && state.active === seat && !state.over; i++) {
    const a: Action | null =
      state.step.kind === 'power' || state.step.kind === 'swap'
        ? { type: 'skipPower', seat }
        : state.step.kind === 'blast'
          ? { type: 'endTurn', seat }
          : state.step.kind === 'helmut'
            ? { type: 'timeout' }
            : null;
    if (a === null) break;
    const x = play(state, a);
    state = x.state;
    events.push(...x.events);
  }
  return { state, events };
}

/** Plain turns until `caller` reaches its Blast decision, the call, then plain final turns to the score. */
export function blastRound(s: State, caller: number): Played {
  let state = s;
  const events: Event[] = [];
  for (let i = 0; i < 40; i++) {
    if (state.active === caller && state.step.kind === 'action' && (state.turnsStarted[caller] ?? 0) >= 2) {
      const seat = caller;
      const r = play(state, { type: 'draw', seat }, { type: 'discardDrawn', seat });
      state = r.state;
      events.push(...r.events);
      if (state.step.kind === 'power') {
        const x = play(state, { type: 'skipPower', seat });
        state = x.state;
        events.push(...x.events);
      }
      const b = play(state, { type: 'blast', seat });
      state = b.state;
      events.push(...b.events);
      break;
    }
    const r = passTurn(state);
    state = r.state;
    events.push(...r.events);
  }
  for (let i = 0; i < 10 && !events.some((e) => e.type === 'scored'); i++) {
    const r = passTurn(state);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

export function scoredOf(events: Event[]): Extract<Event, { type: 'scored' }> {
  const e = events.find((x) => x.type === 'scored');
  if (e?.type !== 'scored') throw new Error('no round was scored');
  return e;
}
