/**
 * The host's hero and boss set (X12.7) as a lobby option: judged by the bla5t module's zod schema
 * through the table's lobbyOptions (the path of the `options` message and of a new table's
 * settings), refused with a reason that names it, and, when good, the set createGame deals from.
 */
import { createGame, viewFor } from '@blaze/bla5t';
import { bla5tModule } from '@blaze/bla5t/module';
import type { AnyGameModule } from '@blaze/game';
import { describe, expect, it } from 'vitest';
import { checkSettings, lobbyOptions, splitSettings } from '../src/table/lobby.js';

const mod = bla5tModule as unknown as AnyGameModule;
const GOOD = {
  players: 3,
  advanced: true,
  heroes: ['h:daisy', 'h:jimbo', 'h:lola', 'h:leo'],
  bossSet: ['b:maga', 'b:fawkes'],
};

describe('the Bla5t hero and boss set option', () => {
  it('takes a whole set, and createGame deals from it (Hyperion always in)', () => {
    const r = lobbyOptions(mod, GOOD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.heroes).toEqual(GOOD.heroes);
    const s = createGame({ ...(r.value as typeof GOOD & { players: 3 }), seed: 'x' });
    const v = viewFor(s, null);
    expect(v.heroes).toEqual(GOOD.heroes);
    expect(v.bossSet).toEqual(GOOD.bossSet);
    expect(s.cards).toContain('b:hyperion');
    expect(s.cards).toContain('h:jimbo');
    expect(s.cards).not.toContain('h:jayce');
  });

  it('defaults to the basic set as the rules say', () => {
    const r = lobbyOptions(mod, { players: 3, advanced: true });
    expect(r.ok && r.value.heroes).toBeUndefined();
    const v = viewFor(createGame({ players: 3, advanced: true, seed: 'x' }), null);
    expect(v.heroes).toEqual(['h:jayce', 'h:apo', 'h:helmut', 'h:herman']);
    expect(v.bossSet).toEqual(['b:gordon', 'b:futura']);
  });

  const bad: [string, object, RegExp][] = [
    ['3 heroes', { heroes: ['h:jayce', 'h:apo', 'h:helmut'] }, /heroes/],
    ['5 heroes', { heroes: ['h:jayce', 'h:apo', 'h:helmut', 'h:herman', 'h:daisy'] }, /heroes/],
    ['a hero twice', { heroes: ['h:jayce', 'h:jayce', 'h:helmut', 'h:herman'] }, /heroes/],
    ['Lola without Leo', { heroes: ['h:jayce', 'h:apo', 'h:helmut', 'h:lola'] }, /Lola and Leo together/],
    ['not a hero', { heroes: ['h:jayce', 'h:apo', 'h:helmut', 'm7a'] }, /heroes/],
    ['Hyperion as a boss', { bossSet: ['b:gordon', 'b:hyperion'] }, /bossSet/],
    ['one boss', { bossSet: ['b:gordon'] }, /bossSet/],
    ['a boss twice', { bossSet: ['b:maga', 'b:maga'] }, /bossSet/],
    ['not a list', { heroes: 'h:jayce' }, /heroes/],
  ];
  for (const [what, change, why] of bad)
    it(`refuses ${what} with a reason, and the current options stay`, () => {
      const current = lobbyOptions(mod, GOOD);
      if (!current.ok) throw new Error('setup');
      const r = splitSettings(mod, change, current.value);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(why);
      expect(current.value).toEqual(GOOD);
      expect(checkSettings('bla5t', { ...GOOD, ...change })).toMatch(why);
    });
});
