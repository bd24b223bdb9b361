/**
 * A Durak record replayed step by step (D1–D10 through the rules package): every state from the deal
 * to the end, equal to the rules' own replay; each step worded as the log words it; a record that is
 * not one, or a move the rules refuse, says why.
 */
import { type Action, applyAction, createGame, type Options, replay, type State, viewFor } from '@blaze/durak';
import { decide } from '@blaze/durak/bots';
import { randomStream } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { buildStates, readRecord, stepWord } from './steps.js';

/** A whole game by normal bots, as the server records it. */
function played(o: Options): Action[] {
  let s = createGame(o);
  const rnd = randomStream(`replay-${o.seed}`);
  const actions: Action[] = [];
  for (let n = 0; n < 3000 && !s.over; n++) {
    const seat = viewFor(s, null).awaited as number;
    const a = decide('normal', viewFor(s, seat), rnd) as Action;
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(r.error.code);
    actions.push(a);
    s = r.state;
  }
  return actions;
}

const recordOf = (o: Options, actions: Action[]) => ({
  id: 't-1',
  table: 't',
  game: 1,
  rules: 'durak',
  rulesVersion: 1,
  names: Array.from({ length: o.players }, (_, i) => `P${i}`),
  options: o,
  actions,
});

describe('Durak replay steps', () => {
  for (const o of [
    { players: 2, seed: 'r2' },
    { players: 3, seed: 'r3', ambush: true },
    { players: 4, seed: 'r4', ambush: true, team: true },
  ] as Options[]) {
    it(`rebuilds every state of a ${o.players}-player game${o.ambush ? ' with Ambush' : ''}${o.team ? ' and Teams' : ''}`, () => {
      const actions = played(o);
      const r = readRecord(JSON.parse(JSON.stringify(recordOf(o, actions))));
      if (typeof r === 'string') throw new Error(r);
      const built = buildStates(r);
      if (!built.ok) throw new Error(built.reason);
      expect(built.states).toHaveLength(actions.length + 1);
      expect(built.states.at(-1)).toEqual(replay(o, actions));
      expect(built.states.at(-1)?.over).toBe(true);
      const kinds = new Set<string>();
      for (const [i, a] of actions.entries()) {
        const w = stepWord(built.states[i] as State, a);
        expect(w.seat).toBe(a.seat);
        kinds.add(w.key);
        // D5.1: a battle opens on an empty battlefield; D9: an ambush is a card by neither attacker nor defender.
        if (w.key === 'log.open') expect(built.states[i]?.table).toEqual([]);
        if (w.key === 'log.ambush') expect(a.seat).not.toBe(built.states[i]?.attacker);
        if (w.key === 'log.retreated') expect(w.cards.length).toBeGreaterThan(0);
      }
      expect(kinds.has('log.open') && kinds.has('log.defended')).toBe(true);
    });
  }

  it('refuses what is not a Durak record, and names a move the rules refuse', () => {
    expect(readRecord(null)).toBe('not a record');
    expect(readRecord({ rules: 'blaze' })).toMatch(/not a Battle of Durak game/);
    expect(readRecord({ rules: 'durak', options: { players: 2 }, actions: [], names: [] })).toBe(
      'no options with a seed',
    );
    const o: Options = { players: 2, seed: 'bad' };
    const actions = played(o);
    const tampered = [...actions];
    tampered[3] = { ...(actions[3] as Action), seat: ((actions[3] as Action).seat + 1) % 2 };
    const r = readRecord(recordOf(o, tampered));
    if (typeof r === 'string') throw new Error(r);
    const built = buildStates(r);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.reason).toMatch(/^move 4 refused: /);
  });
});
