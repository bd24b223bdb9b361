/** Practice mode: one bot of each strength at one table, the strong one searching in the practice table. */
import { strategies } from '@blaze/bots';
import { randomStream } from '@blaze/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PracticeSession } from '../src/games/blaze/practice/session.js';
import { emptyTable } from '../src/shell/store/snapshot.js';

afterEach(() => vi.restoreAllMocks());

describe('practice with bots of every strength', () => {
  it('an easy, a normal and a strong bot play a whole game with a person whose clock acts for them', async () => {
    const strong = vi.spyOn(strategies.strong, 'decide');
    const easy = vi.spyOn(strategies.easy, 'decide');
    let over = false;
    const session = new PracticeSession(
      {
        players: 4,
        seed: 'practice-strengths-1',
        names: ['Me', 'Bot 1', 'Bot 2', 'Bot 3'],
        human: 0,
        settings: { ...emptyTable().settings, botDelayMs: 0 },
        // The person never moves: their clock does, at once, as the server's would (R5.5).
        clocks: { attackerMs: 0, targetMs: 0, betMs: 0 },
        strengths: ['normal', 'easy', 'normal', 'strong'],
      },
      (d) => {
        over = d.table.game.over;
      },
      randomStream('practice-strengths-1:bots'),
    );
    session.start();
    const end = Date.now() + 60_000;
    while (!over && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    session.stop();
    expect(over).toBe(true);
    // Only seat 3 searched, and the easy bot decided for seat 1 and nowhere else.
    expect(strong).toHaveBeenCalled();
    for (const [view] of strong.mock.calls) expect(view.viewer).toBe(3);
    expect(easy.mock.calls.length).toBeGreaterThan(0);
    for (const [view] of easy.mock.calls) expect(view.viewer).toBe(1);
  }, 90_000);
});
