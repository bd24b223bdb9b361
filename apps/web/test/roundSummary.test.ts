import { createGame } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { arrivedInBreak, betWords, lastRound, roundEnded } from '../src/games/blaze/logic/roundSummary.js';
import { setLang } from '../src/shell/i18n/index.js';
import { type ClientTable, toClientTable } from '../src/shell/store/snapshot.js';
import { stateFrom } from './fixtures.js';

/** A finished 3-player game: Cleo lost round 1, Ana round 2. */
function finished(): { before: ClientTable; after: ClientTable } {
  const g = createGame({ players: 3, seed: 'summary', startSeat: 0 });
  const before = toClientTable(stateFrom(g, 0), 0);
  const after = toClientTable(stateFrom(g, 0, 'finished'), 0);
  const v = after.view;
  const b = before.view;
  if (!v || !b) throw new Error('no view');
  Object.assign(b, { round: 2, roundLosers: [2] });
  Object.assign(v, {
    round: 2,
    over: true,
    roundLosers: [2, 0],
    bets: [
      { by: 0, on: 2, round: 1, value: 1 },
      { by: 1, on: 0, round: 2, value: 1 },
      { by: 2, on: 1, round: 2, value: 0 },
    ],
    feathers: [{ seat: 1, value: 3, round: 2 }],
  });
  return { before, after };
}

describe('round summary', () => {
  it('words the viewer\'s own seat as "you" in its case, in every language (R9.2)', () => {
    const { after } = finished();
    const s = lastRound(after);
    const [onMe, byOther] = s?.bets ?? [];
    if (!onMe || !byOther) throw new Error('no bets');
    const names = (seat: number) => after.seats[seat]?.name ?? '';
    setLang('de');
    // Seat 1 bet 1 on the viewer (seat 0), who lost round 2: the 1 scores for seat 1.
    expect(betWords(onMe, after).bet).toBe(`${names(1)} setzt 1 auf dich`);
    expect(betWords({ ...onMe, by: 0, on: 1, outcome: { kind: 'back' } }, after)).toEqual({
      bet: `Du setzt 1 auf ${names(1)}`,
      outcome: 'geht an dich zurück',
    });
    expect(betWords({ ...byOther, outcome: { kind: 'scoresFor', seat: 0 } }, after).outcome).toBe('+1 für dich');
    setLang('en');
    expect(betWords(onMe, after).bet).toBe(`${names(1)} bet 1 on you`);
    setLang('ja');
    expect(betWords(onMe, after).bet).toBe(`${names(1)}があなたに1を賭けた`);
    setLang('en');
  });

  it("folds the game's last round into the final results: loser, its bets revealed and scored", () => {
    const { after } = finished();
    const s = lastRound(after);
    expect(s).toMatchObject({ round: 2, loser: 0, gameOver: true, newTrump: null });
    expect(s?.bets).toEqual([
      { by: 1, on: 0, value: 1, outcome: { kind: 'scoresForOwner' } },
      { by: 2, on: 1, value: 0, outcome: { kind: 'back' } },
    ]);
    expect(s?.feathers).toEqual([{ seat: 1, value: 3 }]);
  });

  it('marks the summary of the round that ends the game as game over (the overlay then stays away)', () => {
    const { before, after } = finished();
    expect(roundEnded(before, after)).toMatchObject({ round: 2, loser: 0, gameOver: true });
    expect(roundEnded(after, after)).toBeNull();
  });

  it("says round 2's trump is new only when its suit changed", () => {
    const g = createGame({ players: 3, seed: 'summary', startSeat: 0 });
    const at = (trump: string, round: 1 | 2, losers: number[]) => {
      const tb = toClientTable(stateFrom(g, 0), 0);
      Object.assign(tb.view ?? {}, { trump, round, roundLosers: losers, over: false });
      return tb;
    };
    expect(roundEnded(at('b5a', 1, []), at('b9b', 2, [1]))).toMatchObject({ newTrump: 'b9b', sameTrump: true });
    expect(roundEnded(at('b5a', 1, []), at('r2a', 2, [1]))).toMatchObject({ newTrump: 'r2a', sameTrump: false });
  });

  it('shows round 1 to a page arriving in the break, and not once round 2 is under way', () => {
    const g = createGame({ players: 3, seed: 'summary', startSeat: 0 });
    const tb = toClientTable(stateFrom(g, 1), 1);
    const v = tb.view;
    if (!v) throw new Error('no view');
    Object.assign(v, {
      round: 2,
      roundLosers: [2],
      table: [],
      discard: [],
      bets: [{ by: 0, on: 2, round: 1, value: 1 }],
      feathers: [{ seat: 0, value: 5, round: 1 }],
    });
    // Round 1's trump is not known to it: the words say round 2's trump, not whether it changed.
    expect(arrivedInBreak(tb)).toMatchObject({ round: 1, loser: 2, newTrump: v.trump, sameTrump: null });
    expect(arrivedInBreak(tb)?.bets).toEqual([{ by: 0, on: 2, value: 1, outcome: { kind: 'scoresForOwner' } }]);
    // Someone has played in round 2: the break is over.
    Object.assign(v, { discard: ['r5a', 'r9a'] });
    expect(arrivedInBreak(tb)).toBeNull();
    Object.assign(v, { discard: [], round: 1, roundLosers: [] });
    expect(arrivedInBreak(tb)).toBeNull();
  });
});
