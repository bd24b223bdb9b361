/** Rules not pinned by a DX scenario, each cited by id (RULES.md). */
import { parseOptions } from '@blaze/game';
import { describe, expect, it } from 'vitest';
import {
  beats,
  createGame,
  FULL_DECK,
  isCard,
  legalActions,
  nextDealer,
  replay,
  type State,
  viewFor,
} from '../src/index.js';
import { durakModule } from '../src/module.js';
import { A, game, places, play, refused } from './helpers.js';

const { attack, defend, retreat, end } = A;

describe('components and options', () => {
  it('D1.1 DN1 36 Battle Cards, values 6..14 in suits K S H C, ids value+suit', () => {
    expect(FULL_DECK).toHaveLength(36);
    expect(new Set(FULL_DECK).size).toBe(36);
    expect(FULL_DECK).toContain('6K');
    expect(FULL_DECK).toContain('10H');
    expect(FULL_DECK).toContain('14C');
    for (const bad of ['5K', '15H', '1OH', 'AH', '6k', ' 6K', '06K', 6, null]) expect(isCard(bad)).toBe(false);
  });

  it('D1.3 DN2 DN3 only the 36 Battle Cards are in play: no skill cards, no battle events', () => {
    const s = createGame({ players: 4, seed: 'd13' });
    expect(places(s).sort()).toEqual([...FULL_DECK].sort());
    expect(Object.keys(s)).not.toEqual(expect.arrayContaining(['skills']));
  });

  it('D1.4 zones: hands, deck with the trump card under it, play area, graveyard hold every card once', () => {
    const s = createGame({ players: 3, seed: 'zones' });
    const p = play(s, attack(0, s.hands[0]?.[0] as string)).state;
    expect(places(p).sort()).toEqual([...FULL_DECK].sort());
    expect(p.deck.at(-1)).toBe(p.trump);
  });

  it('D1.2 D5.1 the Attack Token holder attacks the next player in the game to the left', () => {
    for (const dealer of [0, 1, 2, 3]) {
      const v = viewFor(createGame({ players: 4, seed: 't', dealer }), null);
      expect([v.attacker, v.defender, v.awaited]).toEqual([dealer, (dealer + 1) % 4, dealer]);
    }
  });

  it('D2.1 2-4 players; other counts are refused', () => {
    for (const players of [2, 3, 4] as const) expect(createGame({ players, seed: 'p' }).hands).toHaveLength(players);
    for (const players of [1, 5, 2.5]) {
      expect(() => createGame({ players: players as 2, seed: 'p' })).toThrow();
      expect(parseOptions(durakModule, players, {}).ok).toBe(false);
    }
  });

  it('D2.3 team needs exactly 4 players; ambush is allowed at any count', () => {
    expect(() => createGame({ players: 3, seed: 't', team: true })).toThrow(/team/);
    expect(parseOptions(durakModule, 3, { team: true }).ok).toBe(false);
    expect(parseOptions(durakModule, 4, { team: true, ambush: true }).ok).toBe(true);
    for (const p of [2, 3, 4]) expect(parseOptions(durakModule, p, { ambush: true }).ok).toBe(true);
    expect(parseOptions(durakModule, 3, { deck: [...FULL_DECK] }).ok).toBe(false);
  });

  it('D3.1 DN10 the dealer is chosen by the table (default 0) and attacks first, whoever holds the lowest trump', () => {
    expect(createGame({ players: 3, seed: 'd' }).attacker).toBe(0);
    expect(createGame({ players: 3, seed: 'd', dealer: 2 }).attacker).toBe(2);
    expect(parseOptions(durakModule, 3, { dealer: 3 }).ok).toBe(false);
    const m = durakModule.setup({ players: 3, ambush: false, team: false, dealer: 1 }, 'x');
    expect(m.attacker).toBe(1);
  });

  it('D3.3 deck count after setup is 24, 18, 12 with the trump card at the bottom', () => {
    expect([2, 3, 4].map((p) => createGame({ players: p as 2, seed: 'c' }).deck.length)).toEqual([24, 18, 12]);
  });
});

describe('battle', () => {
  const s0 = () =>
    game({
      players: 3,
      fill: true,
      hands: [
        ['8C', '10S', '6K', '7K', '9K', '11K'],
        ['10C', '11C', '12C', '13C', '14C', '6C'],
        ['6S', '7S', '8S', '9S', '11S', '12S'],
      ],
    });

  it('D5.2 DN16 the opening is mandatory and may be any card: end is refused MUST_OPEN', () => {
    const s = s0();
    expect(refused(s, end(0))).toBe('MUST_OPEN');
    expect(
      legalActions(s, 0)
        .map((a) => ('card' in a ? a.card : a.type))
        .sort(),
    ).toEqual([...(s.hands[0] ?? [])].sort());
  });

  it('D4.1 D4.2 DN4 beating: same suit higher, or trump on non-trump; only a higher trump beats a trump; nothing beats 14 of trumps', () => {
    expect(beats('9S', '8S', 'H')).toBe(true);
    expect(beats('8S', '9S', 'H')).toBe(false);
    expect(beats('6H', '14S', 'H')).toBe(true);
    expect(beats('14S', '6H', 'H')).toBe(false);
    expect(beats('9H', '8H', 'H')).toBe(true);
    expect(beats('7H', '8H', 'H')).toBe(false);
    expect(beats('14C', '6S', 'H')).toBe(false);
    for (const b of FULL_DECK) expect(beats(b, '14H', 'H')).toBe(false);
  });

  it('D5.5 DN7 a retreat ends the battle at once: nothing can be thrown in after it', () => {
    const { state, events } = play(s0(), attack(0, '8C'), retreat(1));
    expect(events.map((e) => e.type)).toContain('battleOver');
    expect(state.table).toEqual([]);
    expect(refused(state, attack(0, '10S'))).toBe('NOT_YOUR_TURN');
  });

  it('DN5 one card at a time: an action carrying several cards is MALFORMED', () => {
    expect(refused(s0(), { type: 'attack', seat: 0, cards: ['8C', '8S'] })).toBe('MALFORMED');
  });

  it('D7.3 after a battle the next one starts: empty table, the new attacker awaited', () => {
    const { state } = play(s0(), attack(0, '8C'), defend(1, '10C'), end(0));
    expect(viewFor(state, null)).toMatchObject({ table: [], attacker: 1, defender: 2, awaited: 1 });
  });

  it('D9.6 with 2 players in the game an ambush game has no ambushers: ending ends the battle', () => {
    const s = game({
      players: 2,
      ambush: true,
      fill: true,
      hands: [
        ['8C', '10S', '6K', '7K', '9K', '11K'],
        ['10C', '11C', '12C', '13C', '14C', '6C'],
      ],
    });
    const { state, events } = play(s, attack(0, '8C'), defend(1, '10C'), end(0));
    expect(state.ambusher).toBeNull();
    expect(events).toContainEqual({ type: 'battleOver', defended: true, graveyard: 2 });
    expect(state.attacker).toBe(1);
  });

  it('DT2 stale actions are refused with a reason: NOT_IN_HAND, NOT_BEATING, GAME_OVER', () => {
    const s = s0();
    expect(refused(s, attack(0, '14H'))).toBe('NOT_IN_HAND');
    const a = play(s, attack(0, '8C')).state;
    expect(refused(a, defend(1, '6C'))).toBe('NOT_BEATING');
    expect(refused(a, defend(1, '8C'))).toBe('NOT_IN_HAND');
    const over: State = { ...a, over: true };
    expect(refused(over, retreat(1))).toBe('GAME_OVER');
  });

  it('DT1 exactly one seat is awaited; everyone else is refused NOT_YOUR_TURN and has no legal action', () => {
    const s = play(s0(), attack(0, '8C')).state;
    expect(viewFor(s, null).awaited).toBe(1);
    expect(legalActions(s, 0)).toEqual([]);
    expect(legalActions(s, 2)).toEqual([]);
    expect(refused(s, retreat(2))).toBe('NOT_YOUR_TURN');
    expect(refused(s, attack(2, '8S'))).toBe('NOT_YOUR_TURN');
    expect(refused(s, defend(0, '10S'))).toBe('NOT_YOUR_TURN');
  });
});

describe('several games and determinism', () => {
  it('D11.2 no score carries over: the next game is a fresh game with only its dealer chosen', () => {
    const next = createGame({ players: 3, seed: 'n', dealer: 2 });
    expect(next).toEqual(createGame({ players: 3, seed: 'n', dealer: 2 }));
    expect(durakModule.outcome(next).scores).toEqual([]);
  });

  it('D11.1 team battle: the losing team player holding more cards deals; ties go to the nearer left of the dealer', () => {
    const base = createGame({ players: 4, seed: 'd', team: true, dealer: 0 });
    const over = (hands: string[][], dealer: number): State => ({
      ...base,
      dealer,
      over: true,
      hands,
      winners: [0, 2],
      losers: [1, 3],
    });
    expect(nextDealer(over([[], ['6K'], [], ['7K', '8K']], 0))).toBe(3);
    expect(nextDealer(over([[], ['6K'], [], ['7K']], 0))).toBe(1);
    expect(nextDealer(over([[], ['6K'], [], ['7K']], 2))).toBe(3);
  });

  it('DT6 the engine is deterministic: same seed, options and actions give the same state; replay rebuilds it', () => {
    const o = { players: 4 as const, seed: 'det', ambush: true };
    expect(createGame(o)).toEqual(createGame(o));
    expect(createGame(o)).not.toEqual(createGame({ ...o, seed: 'other' }));
    let s = createGame(o);
    const actions = [];
    while (!s.over && actions.length < 400) {
      const a = legalActions(s, viewFor(s, null).awaited as number)[0];
      if (!a) break;
      actions.push(a);
      s = play(s, a).state;
    }
    expect(replay(o, actions)).toEqual(s);
    expect(() => replay(o, [retreat(3)])).toThrow(/NOT_YOUR_TURN/);
  });
});
