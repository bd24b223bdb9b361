/** R6 drawing, R7 phase 2, R8 going out. Blue is trump (b9b). */
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameState } from '../src/types.js';
import { bet, game, ok, pass, play, position, refused, reject, run, stand } from './helpers.js';

const T = 'b9b';
const roles = (s: GameState) => [s.active, s.target, s.supporter];
const drew = (events: GameEvent[]) => events.filter((e) => e.type === 'drew');

/** Phase 1, four players, one draw card plus the trump left. */
function lastDraws(): GameState {
  return position({
    players: 4,
    trump: T,
    active: 0,
    deck: ['r7a'],
    hands: [
      ['r5a', 'y5b', 'r2a', 'r3a', 'y2a'],
      ['r6a', 'y6a', 'y3a', 'b2a', 'b3a'],
      ['y5a', 'r4a', 'y4a', 'b4a', 'r8a'],
      ['r8b', 'y8a', 'y8b', 'b8a', 'b8b'],
    ],
  });
}

/** Phase 2 of round 1, betting done, four players still in. */
function phaseTwo(hands: string[][], active: number, extra: Partial<Parameters<typeof position>[0]> = {}) {
  return position({ players: 4, trump: T, phase: 2, active, featherStack: [3, 2, 1], hands, ...extra });
}

describe('R6 drawing', () => {
  it('R6.1 involved players draw up to five, clockwise from the active player, each all at once', () => {
    const s = game(4, [['r6a', 'y6a'], ['y5a'], [], ['r5a']], T, {
      startSeat: 3,
      draws: ['r7a', 'r7b', 'y7a', 'y7b'],
    });
    expect(roles(s)).toEqual([3, 0, 1]);
    const { state, events } = run(s, [
      play(3, 'r5a'),
      reject(0, ['r5a', 'r6a']),
      play(1, 'y5a'),
      reject(0, ['y5a', 'y6a']),
    ]);
    expect(drew(events)).toEqual([
      { type: 'drew', seat: 3, count: 1, cards: ['r7a'] },
      { type: 'drew', seat: 0, count: 2, cards: ['r7b', 'y7a'] },
      { type: 'drew', seat: 1, count: 1, cards: ['y7b'] },
    ]);
    expect(state.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    expect(state.phase).toBe(1);
  });

  it('R6.1 a player with five or more cards draws nothing', () => {
    const s = game(4, [['r5a', 'y5b'], ['y2a']], T, { draws: ['r7a', 'r7b'] });
    const { state, events } = run(s, [play(0, 'r5a', 'y5b'), pass(1)]);
    expect(drew(events)).toEqual([{ type: 'drew', seat: 0, count: 2, cards: ['r7a', 'r7b'] }]);
    expect(state.hands[1]).toHaveLength(7);
  });

  it('R6.2 the phase ends the moment the deck (trump card last) is empty, even mid-draw', () => {
    const s = lastDraws();
    const { state, events } = run(s, [
      play(0, 'r5a'),
      reject(1, ['r5a', 'r6a']),
      play(2, 'y5a'),
      reject(1, ['y5a', 'y6a']),
      stand(0),
    ]);
    // Seat 0 draws r7a, seat 1 wanted two but gets only the trump card, seat 2 gets nothing.
    expect(drew(events)).toEqual([
      { type: 'drew', seat: 0, count: 1, cards: ['r7a'] },
      { type: 'drew', seat: 1, count: 1, cards: ['b9b'] },
    ]);
    expect(state.hands.map((h) => h.length)).toEqual([5, 4, 4, 5]);
    expect(state.deck).toEqual([]);
    expect(state.phase).toBe(2);
    expect(events).toContainEqual({ type: 'phaseTwo', round: 1, nextActive: 1 });
  });
});

describe('R7 phase 2', () => {
  it('R7.1 phase 2 opens with bets and nothing else; the feather stack is laid out highest on top', () => {
    const { state } = run(lastDraws(), [play(0, 'r5a', 'y5b'), pass(1), stand(2)]);
    // Seat 0 drew r7a and the trump: the deck is out.
    expect(state.phase).toBe(2);
    expect(state.betting).toBe(true);
    expect(state.featherStack).toEqual([3, 2, 1]);
    refused(state, play(2, 'y5a'), 'WRONG_PHASE');
    refused(state, stand(2), 'WRONG_PHASE');
    refused(state, pass(3), 'WRONG_PHASE');
    const after = run(state, [bet(0, 1, 1), bet(1, 0, 1), bet(2, 0, 0), bet(3, 0, 1)]).state;
    expect(after.betting).toBe(false);
    expect(after.feathers).toEqual([]);
  });

  it('R7.2 players with no cards take feathers when betting ends, clockwise from the next active player', () => {
    const s = phaseTwo([['r5a'], [], ['r6a'], []], 2);
    s.betting = true;
    const before = run(s, [bet(0, 1, 1), bet(1, 0, 1), bet(2, 3, 0)]).state;
    expect(before.feathers).toEqual([]);
    const { state, events } = ok(before, bet(3, 0, 1));
    expect(events.filter((e) => e.type === 'feather')).toEqual([
      { type: 'feather', seat: 3, value: 3 },
      { type: 'feather', seat: 1, value: 2 },
    ]);
    expect(state.out).toEqual([3, 1]);
    expect(roles(state)).toEqual([2, 0, null]);
  });

  it('R7.2 with R8.4: when the next active player goes out at once, the next one in the round plays', () => {
    const s = phaseTwo([['r5a'], [], ['r6a'], []], 1);
    s.betting = true;
    const { state } = run(s, [bet(0, 1, 1), bet(1, 0, 1), bet(2, 3, 0), bet(3, 0, 1)]);
    expect(state.feathers.map((f) => [f.seat, f.value])).toEqual([
      [1, 3],
      [3, 2],
    ]);
    expect(roles(state)).toEqual([2, 0, null]);
  });

  it('R7.3 play resumes with the player next after the last phase-1 challenge (here R4.9: after the target)', () => {
    const s = lastDraws();
    const { state } = run(s, [play(0, 'r5a', 'y5b'), pass(1), stand(2)]);
    expect(state.phase).toBe(2);
    const after = run(state, [bet(0, 1, 1), bet(1, 0, 1), bet(2, 0, 0), bet(3, 0, 1)]).state;
    expect(roles(after)).toEqual([2, 3, 0]);
    expect(after.trump).toBe(T);
  });

  it('R7.3 no drawing in phase 2; passing still takes every card; L falls with the next target hand', () => {
    const s = phaseTwo(
      [
        ['r5a', 'y5a', 'r2a'],
        ['r6a', 'y2a', 'y3a'],
        ['b2a', 'b3a'],
        ['r4a', 'r3a', 'r3b', 'r4b'],
      ],
      0,
    );
    expect(s.limit).toBe(3);
    const { state, events } = run(s, [play(0, 'r5a', 'y5a'), reject(1, ['r5a', 'r6a']), pass(1)]);
    expect(drew(events)).toEqual([]);
    expect(events).toContainEqual({ type: 'took', seat: 1, cards: ['r5a', 'r6a', 'y5a'] });
    expect(state.hands[0]).toEqual(['r2a']);
    // R4.9: seat 2 is active next; its target, seat 3, holds 4 cards.
    expect(roles(state)).toEqual([2, 3, 0]);
    expect(state.limit).toBe(4);
  });
});

describe('R8 going out', () => {
  it('R8.1 after a phase-2 challenge every empty hand takes a feather, clockwise from the active player', () => {
    const s = phaseTwo([['r6a'], ['y2a', 'y3a'], ['b2a'], ['r5a']], 3);
    const { state, events } = run(s, [play(3, 'r5a'), reject(0, ['r5a', 'r6a'])]);
    expect(events.filter((e) => e.type === 'feather')).toEqual([
      { type: 'feather', seat: 3, value: 3 },
      { type: 'feather', seat: 0, value: 2 },
    ]);
    expect(state.featherStack).toEqual([1]);
    expect(state.scores).toEqual([2, 0, 0, 3]);
  });

  it('R8.2 players out are skipped in every order: new neighbours', () => {
    const s = phaseTwo([['r5a', 'r2a'], [], ['r6a', 'y2a'], ['y3a', 'y4a']], 0, {
      out: [1],
      featherStack: [2, 1],
      feathers: [{ seat: 1, value: 3, round: 1 }],
    });
    expect(roles(s)).toEqual([0, 2, 3]);
    refused(s, reject(1, ['r5a', 'r6a']), 'NOT_YOUR_ROLE');
    const t = ok(s, play(0, 'r5a')).state;
    expect(t.target).toBe(2);
    const { state } = ok(t, reject(2, ['r5a', 'r6a']));
    // R4.8: seat 2 is active; 3 is its target and 0 (not 1) its supporter.
    expect(roles(state)).toEqual([2, 3, 0]);
  });

  it('R8.3 the round ends at the last feather; the one without loses even with an empty hand', () => {
    const s = position({
      players: 3,
      trump: T,
      phase: 2,
      active: 0,
      featherStack: [2, 1],
      hands: [['r5a'], ['r6a', 'y6a'], ['y5a']],
    });
    const { events } = run(s, [play(0, 'r5a'), play(2, 'y5a'), reject(1, ['r5a', 'r6a'], ['y5a', 'y6a'])]);
    expect(events.filter((e) => e.type === 'feather')).toEqual([
      { type: 'feather', seat: 0, value: 2 },
      { type: 'feather', seat: 1, value: 1 },
    ]);
    expect(events).toContainEqual({ type: 'roundOver', round: 1, loser: 2, scores: [2, 1, 0] });
  });

  it('R8.3 a loser who still holds cards: the round ends as soon as one player is left', () => {
    const s = phaseTwo([['r5a'], [], ['r6a', 'r2a'], []], 0, {
      out: [1, 3],
      featherStack: [1],
      scores: [0, 3, 0, 2],
      feathers: [
        { seat: 1, value: 3, round: 1 },
        { seat: 3, value: 2, round: 1 },
      ],
    });
    const { state, events } = run(s, [play(0, 'r5a'), reject(2, ['r5a', 'r6a'])]);
    expect(events).toContainEqual({ type: 'roundOver', round: 1, loser: 2, scores: [1, 3, 0, 2] });
    expect(state.roundLosers).toEqual([2]);
  });

  it('R8.4 (R4.8) when the target went out, the next player in the round becomes active', () => {
    const s = phaseTwo([['r6a'], ['y2a', 'y3a'], ['b2a'], ['r5a']], 3);
    const { state } = run(s, [play(3, 'r5a'), reject(0, ['r5a', 'r6a'])]);
    expect(state.out).toEqual([3, 0]);
    expect(roles(state)).toEqual([1, 2, null]);
  });

  it('R8.4 (R4.9) when the seat after a passing target is out, the next player in the round becomes active', () => {
    const s = phaseTwo([['r5a', 'r2a'], ['r3a'], [], ['y2a']], 0, {
      out: [2],
      featherStack: [2, 1],
      feathers: [{ seat: 2, value: 3, round: 1 }],
    });
    expect(roles(s)).toEqual([0, 1, 3]);
    const { state } = run(s, [play(0, 'r5a'), pass(1)]);
    expect(state.hands[1]).toEqual(['r3a', 'r5a']);
    expect(roles(state)).toEqual([3, 0, 1]);
  });
});
