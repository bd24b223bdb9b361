/** R1 components, R2 set-up, R3 seats. */
import { describe, expect, it } from 'vitest';
import {
  ALL_CARDS,
  cardsFor,
  challengeValue,
  featherStackFor,
  isCardId,
  isFirebird,
  rejectionValue,
} from '../src/cards.js';
import { rolesFor } from '../src/seats.js';
import { createGame } from '../src/setup.js';
import { allPlaces, buildDeck } from './helpers.js';

describe('R1 components', () => {
  it('R1.1 60 cards: 3 suits, two copies of 1..9 and two Firebirds each, ids suit+rank+copy', () => {
    expect(ALL_CARDS).toHaveLength(60);
    expect(new Set(ALL_CARDS).size).toBe(60);
    for (const suit of 'ryb') {
      for (const rank of '123456789F') {
        expect(ALL_CARDS).toContain(`${suit}${rank}a`);
        expect(ALL_CARDS).toContain(`${suit}${rank}b`);
      }
    }
    expect(ALL_CARDS.filter(isFirebird)).toHaveLength(6);
    for (const good of ['r5a', 'yFb', 'b1a']) expect(isCardId(good)).toBe(true);
    for (const bad of ['r0a', 'rFc', 'g5a', 'r5', 'r5ab', 'R5a', 5, null, ['r5a']]) expect(isCardId(bad)).toBe(false);
  });

  it('R1.2 a Firebird is worth 10 as a challenge card and 0 as a rejection card; other cards their rank', () => {
    expect(challengeValue('yFa')).toBe(10);
    expect(rejectionValue('yFa')).toBe(0);
    for (const c of ALL_CARDS.filter((x) => !isFirebird(x))) {
      expect(challengeValue(c)).toBe(Number(c[1]));
      expect(rejectionValue(c)).toBe(Number(c[1]));
    }
  });

  it('R1.3 each player owns three betting cards: 0, 1, 1', () => {
    for (const players of [3, 4, 5] as const) {
      const s = createGame({ players, seed: 'bets' });
      expect(s.betCards).toEqual(new Array(players).fill([0, 1, 1]));
    }
  });

  it('R1.4 feather stacks per player count and round, top first, one fewer than players', () => {
    expect(featherStackFor(3, 1)).toEqual([2, 1]);
    expect(featherStackFor(3, 2)).toEqual([3, 2]);
    expect(featherStackFor(4, 1)).toEqual([3, 2, 1]);
    expect(featherStackFor(4, 2)).toEqual([4, 3, 2]);
    expect(featherStackFor(5, 1)).toEqual([4, 3, 2, 1]);
    expect(featherStackFor(5, 2)).toEqual([5, 4, 3, 2]);
  });
});

describe('R2 set-up', () => {
  it('R2.1 three players play without the six value-1 cards, which stay in the box', () => {
    expect(cardsFor(3)).toHaveLength(54);
    const s = createGame({ players: 3, seed: 'three' });
    expect(s.box.slice().sort()).toEqual(['b1a', 'b1b', 'r1a', 'r1b', 'y1a', 'y1b']);
    const inPlay = [...s.hands.flat(), ...s.deck, ...s.deck2];
    expect(inPlay).toHaveLength(54);
    expect(inPlay.some((c) => c[1] === '1')).toBe(false);
    expect(allPlaces(s).slice().sort()).toEqual([...ALL_CARDS].sort());
  });

  it('R2.1 four and five players play with all 60 cards', () => {
    for (const players of [4, 5] as const) {
      const s = createGame({ players, seed: 'all' });
      expect(s.box).toEqual([]);
      expect([...s.hands.flat(), ...s.deck, ...s.deck2].sort()).toEqual([...ALL_CARDS].sort());
    }
  });

  it('R2.2 a given order is dealt five at a time from seat 0', () => {
    const order = buildDeck(4, [], 'r5a');
    const s = createGame({ players: 4, seed: 'x', startSeat: 0, deck: order });
    for (let p = 0; p < 4; p++) expect(s.hands[p]).toEqual(order.slice(p * 5, p * 5 + 5));
  });

  it('R2.2 the shuffle is seeded: same seed same game, other seeds other games', () => {
    const a = createGame({ players: 5, seed: 'alpha' });
    expect(createGame({ players: 5, seed: 'alpha' })).toEqual(a);
    const b = createGame({ players: 5, seed: 'beta' });
    expect(b.hands).not.toEqual(a.hands);
    expect(allPlaces(b).sort()).toEqual(allPlaces(a).sort());
  });

  it('R2.2 a malformed given order is a programming error', () => {
    const order = buildDeck(4, [], 'r5a');
    expect(() => createGame({ players: 4, seed: 'x', deck: order.slice(1) })).toThrow(RangeError);
    expect(() => createGame({ players: 4, seed: 'x', deck: [...order.slice(1), 'r5b'] })).toThrow(RangeError);
    expect(() => createGame({ players: 3, seed: 'x', deck: order.slice(0, 54) })).toThrow(RangeError);
  });

  it('R2.3 the rest splits into deck 1 of ceil(rest/2) and deck 2 of the remainder', () => {
    const sizes = ([3, 4, 5] as const).map((players) => {
      const s = createGame({ players, seed: 'split' });
      return [s.deck.length, s.deck2.length];
    });
    expect(sizes).toEqual([
      [20, 19],
      [20, 20],
      [18, 17],
    ]);
    const order = buildDeck(5, [], 'r5a');
    const s = createGame({ players: 5, seed: 'x', deck: order });
    expect(s.deck2).toEqual(order.slice(25 + 18));
  });

  it('R2.4 the top card of deck 1 is turned as trump and becomes its last card', () => {
    const order = buildDeck(4, [], 'y7b', ['r5a', 'r6a']);
    const s = createGame({ players: 4, seed: 'x', deck: order });
    expect(s.trump).toBe('y7b');
    expect(s.deck[s.deck.length - 1]).toBe('y7b');
    expect(s.deck.slice(0, 2)).toEqual(['r5a', 'r6a']);
    expect(s.deck).toHaveLength(20);
  });

  it('R2.5 the host may choose the start player; otherwise the seed picks one, any seat possible', () => {
    expect(createGame({ players: 5, seed: 's', startSeat: 3 }).active).toBe(3);
    expect(() => createGame({ players: 4, seed: 's', startSeat: 4 })).toThrow(RangeError);
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const s = createGame({ players: 4, seed: `start-${i}` });
      expect(createGame({ players: 4, seed: `start-${i}` }).active).toBe(s.active);
      seen.add(s.active);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('R3 seats and order', () => {
  it('R3.1 the target sits to the left: the next seat clockwise, wrapping round', () => {
    const s = createGame({ players: 5, seed: 'x', startSeat: 4 });
    expect([s.active, s.target, s.supporter]).toEqual([4, 0, 1]);
  });

  it('R3.2 only players still in the round take part in the order', () => {
    expect(rolesFor({ players: 5, out: [0, 2] }, 4)).toEqual({ target: 1, supporter: 3 });
    expect(rolesFor({ players: 5, out: [1] }, 0)).toEqual({ target: 2, supporter: 3 });
  });

  it('R3.3 the supporter follows the target; with two players left there is none', () => {
    expect(rolesFor({ players: 3, out: [] }, 1)).toEqual({ target: 2, supporter: 0 });
    expect(rolesFor({ players: 4, out: [1, 3] }, 0)).toEqual({ target: 2, supporter: null });
    expect(rolesFor({ players: 5, out: [0, 1, 3] }, 4)).toEqual({ target: 2, supporter: null });
  });
});
