/** A seat's line names its holder once: "Ann (you)", a learner called "You" not "You (you)", a replay's seat plain. */
import { createGame, viewFor } from '@blaze/durak';
import { describe, expect, it } from 'vitest';
import { seatLine } from './seatWords.js';

describe('Durak seat line', () => {
  const v = viewFor(createGame({ players: 2, seed: 'seat-line' }), 0);
  it('says "(you)" beside a name, never after a name that already says it, and not in a replay', () => {
    expect(seatLine(v, 0, ['Ann', 'Ben'], true)).toMatch(/^Ann \(you\) · 6 cards/);
    expect(seatLine(v, 0, ['You', 'Ben'], true)).toMatch(/^You · 6 cards/);
    expect(seatLine(v, 0, ['Ann', 'Ben'], true, true)).toMatch(/^Ann · 6 cards/);
    expect(seatLine(v, 0, ['you', 'Ben'], true)).toMatch(/^you · 6 cards/);
  });
});
