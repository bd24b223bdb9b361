/** The winner's own page says "You win" (issue #40, finding 8: it read "Friend wins"). */
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../src/shell/i18n/index.js';
import { winnerWords } from '../src/shell/logic/winnerWords.js';
import { type ClientTable, emptyTable, type SeatInfo } from '../src/shell/store/snapshot.js';

const seat = (s: number, name: string): SeatInfo => ({
  seat: s,
  occupied: true,
  name,
  bot: false,
  connected: true,
  standIn: false,
  host: s === 0,
  handCount: 0,
});
const table = (mySeat: number): ClientTable => ({
  ...emptyTable(),
  status: 'finished',
  mySeat,
  seats: [seat(0, 'Friend'), seat(1, 'Ana'), seat(2, 'Bo')],
});

describe('winner words', () => {
  afterEach(() => setLang('en'));

  it("say 'You win' to the winner and name the winner to everyone else", () => {
    expect(winnerWords(table(0), 0)).toBe('You win');
    expect(winnerWords(table(1), 0)).toBe('Friend wins');
    expect(winnerWords(table(-1), 0)).toBe('Friend wins');
    setLang('de');
    expect(winnerWords(table(0), 0)).toBe('Du gewinnst');
    setLang('ja');
    expect(winnerWords(table(0), 0)).toBe('あなたの勝ち');
  });
});
