/** R9 bets, R10 round 2 and the end of the game. */
import { describe, expect, it } from 'vitest';
import { cardsFor } from '../src/cards.js';
import { applyAction } from '../src/engine.js';
import { legalActions } from '../src/legal.js';
import { winnerOf } from '../src/resolve.js';
import { createGame } from '../src/setup.js';
import type { GameEvent, GameState } from '../src/types.js';
import { viewFor } from '../src/view.js';
import { bet, game, ok, play, position, refused, reject, run } from './helpers.js';
import { randomChooser } from './random-play.js';

const T = 'b9b';

/** Round 1 betting where only seat 3 still holds cards: the round ends as the last bet lands. */
function lastBets(): GameState {
  const hands = [[], [], [], ['r5a']];
  const rest = cardsFor(4).filter((c) => c !== 'r5a');
  const s = position({
    players: 4,
    trump: T,
    phase: 2,
    active: 0,
    featherStack: [3, 2, 1],
    hands,
    deck2: rest.slice(0, 20),
  });
  s.betting = true;
  return s;
}

describe('R9 bets', () => {
  it('R9.1 bets come only at the start of phase 2', () => {
    refused(game(4, [], T), bet(0, 1, 1), 'WRONG_PHASE');
  });

  it('R9.1 one bet each, never on yourself, only with a betting card you hold', () => {
    const s = lastBets();
    refused(s, bet(0, 0, 1), 'BAD_BET');
    refused(s, bet(0, 4, 1), 'BAD_BET');
    refused(s, { type: 'bet', seat: 0, on: 1, value: 2 }, 'BAD_BET');
    const t = ok(s, bet(0, 1, 0)).state;
    refused(t, bet(0, 2, 1), 'ALREADY_BET');
    const u = structuredClone(s);
    u.betCards[1] = [1, 1];
    refused(u, bet(1, 0, 0), 'BAD_BET');
    expect(legalActions(u, 1)).toEqual([bet(1, 0, 1), bet(1, 2, 1), bet(1, 3, 1)]);
  });

  it('R9.1 everybody bets, also players about to go out; who bet on whom is public, the value private', () => {
    const s = run(lastBets(), [bet(0, 3, 1), bet(1, 2, 0), bet(2, 3, 1)]).state;
    expect(s.feathers).toEqual([]);
    expect(viewFor(s, 1).bets).toEqual([
      { by: 0, on: 3, round: 1, value: null },
      { by: 1, on: 2, round: 1, value: 0 },
      { by: 2, on: 3, round: 1, value: null },
    ]);
    expect(viewFor(s, null).bets.map((b) => b.value)).toEqual([null, null, null]);
    const r = applyAction(s, bet(3, 0, 1));
    expect(r.ok && r.events.filter((e) => e.type === 'betPlaced')).toEqual([
      { type: 'betPlaced', by: 3, on: 0, value: 1 },
    ]);
  });

  it('R9.2 a 0 returns, a 1 on a non-loser scores for that player, a 1 on the loser scores for its owner', () => {
    const { state, events } = run(lastBets(), [bet(0, 3, 1), bet(1, 2, 1), bet(2, 3, 0), bet(3, 0, 1)]);
    // Feathers clockwise from seat 0: 3, 2, 1; seat 3 loses.
    expect(events).toContainEqual({ type: 'roundOver', round: 1, loser: 3, scores: [3 + 1 + 1, 2, 1 + 1, 0] });
    expect(state.betCards[0]).toEqual([0, 1]);
    expect(state.betCards[1]).toEqual([0, 1]);
    expect(state.betCards[2]?.slice().sort()).toEqual([0, 1, 1]);
    expect(state.betCards[3]).toEqual([0, 1]);
    // Revealed to everybody once the round is over.
    expect(viewFor(state, null).bets.map((b) => b.value)).toEqual([1, 1, 0, 1]);
  });

  it('R9.3 round 2 bets with the cards still held', () => {
    const r1 = run(lastBets(), [bet(0, 3, 1), bet(1, 2, 1), bet(2, 3, 0), bet(3, 0, 1)]).state;
    expect(r1.round).toBe(2);
    const s = structuredClone(r1);
    s.phase = 2;
    s.betting = true;
    s.featherStack = [4, 3, 2];
    // Seat 0 spent a 1: it holds 0 and 1 and can bet 1 once only.
    const t = ok(s, bet(0, 1, 1)).state;
    expect(t.betCards[0]).toEqual([0]);
    expect(t.bets.at(-1)).toEqual({ by: 0, on: 1, round: 2, value: 1 });
    // Seat 2 spent its 0 in round 1 and has it back.
    expect(ok(s, bet(2, 1, 0)).state.betCards[2]).toEqual([1, 1]);
  });
});

describe('R10 round 2 and the end', () => {
  it('R10.1 round 2: all round-1 cards reshuffled, five each, the rest boxed, deck 2 turned for trump', () => {
    for (const players of [3, 4, 5] as const) {
      let s = createGame({ players, seed: `r10-${players}` });
      const deck2 = s.deck2.slice();
      const roundOne = cardsFor(players).filter((c) => !deck2.includes(c));
      const choose = randomChooser(`r10-choice-${players}`);
      let events: GameEvent[] = [];
      while (s.round === 1) {
        const r = ok(s, choose(s) ?? { type: 'closeWindow' });
        s = r.state;
        events = r.events;
      }
      const over = events.find((e) => e.type === 'roundOver');
      expect(over?.type).toBe('roundOver');
      expect(s.hands.every((h) => h.length === 5)).toBe(true);
      const boxed = s.box.filter((c) => players !== 3 || c[1] !== '1');
      expect([...s.hands.flat(), ...boxed].sort()).toEqual(roundOne.sort());
      expect(s.trump).toBe(deck2[0]);
      expect(s.deck).toEqual([...deck2.slice(1), deck2[0]]);
      expect(s.deck2).toEqual([]);
      expect(s.discard).toEqual([]);
      expect([s.phase, s.betting, s.out, s.featherStack, s.table]).toEqual([1, false, [], [], []]);
      // R10.2: the loser of round 1 starts round 2.
      expect(over?.type === 'roundOver' && over.loser).toBe(s.active);
      expect(s.roundLosers).toEqual([s.active]);
    }
  });

  it('R10.2 the loser of round 1 is the start player of round 2', () => {
    const s = run(lastBets(), [bet(0, 3, 1), bet(1, 2, 1), bet(2, 3, 0), bet(3, 0, 1)]).state;
    expect([s.round, s.active, s.target, s.supporter]).toEqual([2, 3, 0, 1]);
    expect(s.limit).toBe(5);
  });

  it('R10.3 score is feathers plus betting cards scored; betting cards in hand count nothing', () => {
    const s = run(lastBets(), [bet(0, 3, 0), bet(1, 3, 0), bet(2, 3, 0), bet(3, 0, 0)]).state;
    expect(s.scores).toEqual([3, 2, 1, 0]);
    expect(s.betCards.every((b) => b.length === 3)).toBe(true);
  });

  it('R10.4 winnerOf: highest score; a tie goes to the highest round-2 feather; none ranks below', () => {
    expect(winnerOf({ scores: [3, 9, 4], feathers: [] })).toBe(1);
    const feathers = [
      { seat: 0, value: 3, round: 1 as const },
      { seat: 1, value: 2, round: 2 as const },
      { seat: 0, value: 1, round: 2 as const },
    ];
    expect(winnerOf({ scores: [5, 5, 2], feathers })).toBe(1);
    expect(winnerOf({ scores: [6, 6, 1], feathers: [{ seat: 0, value: 4, round: 1 }, ...feathers.slice(1, 2)] })).toBe(
      1,
    );
    expect(
      winnerOf({
        scores: [2, 6, 6],
        feathers: [
          { seat: 1, value: 4, round: 1 },
          { seat: 2, value: 2, round: 2 },
        ],
      }),
    ).toBe(2);
    expect(
      winnerOf({
        scores: [7, 7, 7],
        feathers: [
          { seat: 1, value: 2, round: 2 },
          { seat: 2, value: 3, round: 2 },
        ],
      }),
    ).toBe(2);
  });

  it('R10.4 through a game: the tied player with the higher round-2 feather wins', () => {
    const s = position({
      players: 4,
      trump: T,
      round: 2,
      phase: 2,
      active: 0,
      out: [1, 3],
      featherStack: [2],
      feathers: [
        { seat: 1, value: 4, round: 2 },
        { seat: 3, value: 3, round: 2 },
      ],
      scores: [5, 4, 0, 7],
      roundLosers: [2],
      hands: [['r5a'], [], ['r6a', 'r2a'], []],
    });
    const { state, events } = run(s, [play(0, 'r5a'), reject(2, ['r5a', 'r6a'])]);
    expect(state.scores).toEqual([7, 4, 0, 7]);
    expect(state.over).toBe(true);
    expect(state.winner).toBe(3);
    expect(events.at(-1)).toEqual({ type: 'gameOver', winner: 3, scores: [7, 4, 0, 7] });
    refused(state, play(2, 'r2a'), 'GAME_OVER');
  });
});
