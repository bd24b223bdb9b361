import { describe, expect, it } from 'vitest';
import { LocalTable } from '../src/games/blaze/practice/localTable.js';
import { emptyTable } from '../src/shell/store/snapshot.js';

const table = () =>
  new LocalTable({
    players: 3,
    seed: 'rename-test',
    names: ['You', 'Bot 1', 'Bot 2'],
    human: 0,
    settings: emptyTable().settings,
  });

describe("practice's person renamed (the default name follows the page's language)", () => {
  it('shows the new name at their seat, and nowhere else', () => {
    const tb = table();
    tb.rename(0, 'Du');
    expect(tb.snapshot().seats.map((s) => s.name)).toEqual(['Du', 'Bot 1', 'Bot 2']);
  });

  it("never takes a bot's name: two seats of one name would share a scoreboard row", () => {
    const tb = table();
    tb.rename(0, 'Bot 1');
    expect(tb.snapshot().seats.map((s) => s.name)).toEqual(['You', 'Bot 1', 'Bot 2']);
  });
});
