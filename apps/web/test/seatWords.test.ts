import { describe, expect, it } from 'vitest';
import { featherWords } from '../src/games/blaze/render/seatWords.js';

describe("a seat's feathers", () => {
  it('says how many feathers and what they score, not the score as their number (issue #40)', () => {
    const w = featherWords([3, 1], 'en');
    expect(w).toMatchObject({ count: 2, points: 4, long: '2 feathers (4 points)', pointsShort: '(4 pt)' });
    expect(w?.long).not.toMatch(/\b4 feathers\b/);
  });

  it('says one feather and one point in the singular, in every language', () => {
    expect(featherWords([1], 'en')?.long).toBe('1 feather (1 point)');
    expect(featherWords([1], 'de')?.long).toBe('1 Feder (1 Punkt)');
    expect(featherWords([4, 2], 'de')?.long).toBe('2 Federn (6 Punkte)');
    expect(featherWords([4, 2], 'ja')?.long).toBe('羽2枚（6点）');
    expect(featherWords([4, 2], 'ja')?.pointsShort).toBe('（6点）');
  });

  it('says nothing for a seat without feathers', () => {
    expect(featherWords([], 'en')).toBeNull();
  });
});
