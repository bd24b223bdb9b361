/** The banner's words, the same online and in practice (banner.ts): asked, waiting, watching, over. */
import { createGame, viewFor } from '@blaze/bla5t';
import { describe, expect, it } from 'vitest';
import { bannerWords } from './banner.js';
import { movesOf, NO_MOVES } from './legal.js';

describe('Bla5t banner', () => {
  const s = createGame({ players: 3, seed: 'web-b5-banner' });
  const names = ['Ann', 'Ben', 'Cy'];

  it('asks a seat for its first looks (X3.6), and tells a spectator they watch', () => {
    const mine = viewFor(s, 0);
    expect(bannerWords(mine, names, movesOf(mine, false))).toEqual({
      text: 'Tap 2 of your cards to look at them (X3.6).',
      yourMove: true,
    });
    const watching = viewFor(s, null);
    expect(bannerWords(watching, names, NO_MOVES)).toEqual({ text: 'You are watching.', yourMove: false });
  });

  it('says everyone looks while this seat waits, and names the carry-over step (X11)', () => {
    const mine = viewFor(s, 1);
    expect(bannerWords(mine, names, NO_MOVES)).toEqual({ text: 'Everyone looks at their cards…', yourMove: false });
    expect(bannerWords(mine, names, { ...NO_MOVES, kind: 'carry' }).text).toBe('Next round: your carry-over (X11)');
  });
});
