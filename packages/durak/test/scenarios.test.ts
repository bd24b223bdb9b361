/** The DX scenarios of RULES.md, one test each, on stacked decks (D3.2's `deck` option). */
import { randomStream, seedRng, shuffle } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  FULL_DECK,
  forcedAction,
  legalActions,
  nextDealer,
  type State,
  viewFor,
} from '../src/index.js';
import { durakModule } from '../src/module.js';
import { A, drewSeats, game, play, refused } from './helpers.js';

const { attack, defend, retreat, end } = A;

describe('DX scenarios', () => {
  it('DX1 setup 3p: deal from the dealer left one at a time, c19 is trump and drawn last, 18 in the deck (D3.2, D3.3, D3.4, D5.1)', () => {
    const c = [...FULL_DECK];
    const s = createGame({ players: 3, seed: 'x', deck: c, dealer: 0 });
    expect(s.hands[1]).toEqual([c[0], c[3], c[6], c[9], c[12], c[15]]);
    expect(s.hands[2]).toEqual([c[1], c[4], c[7], c[10], c[13], c[16]]);
    expect(s.hands[0]).toEqual([c[2], c[5], c[8], c[11], c[14], c[17]]);
    expect(s.trump).toBe(c[18]);
    expect(s.deck).toHaveLength(18);
    expect(s.deck.at(-1)).toBe(c[18]);
    expect(s.deck.slice(0, 17)).toEqual(c.slice(19));
    expect([s.attacker, s.defender]).toEqual([0, 1]);
  });

  it('DX2 beating an undefended 12S: 14S and trump 6H accepted, 13C refused NOT_BEATING (D4.1, D5.4)', () => {
    const s0 = game({
      players: 3,
      trump: '9H',
      fill: true,
      hands: [
        ['12S', '6K', '7K', '8K', '9K', '10K'],
        ['14S', '6H', '13C', '6C', '7C', '8C'],
        ['6S', '7S', '8S', '9S', '10S', '11S'],
      ],
    });
    const { state } = play(s0, attack(0, '12S'));
    expect(refused(state, defend(1, '13C'))).toBe('NOT_BEATING');
    expect(play(state, defend(1, '14S')).state.table).toEqual([{ attack: '12S', by: 0, defence: '14S' }]);
    expect(play(state, defend(1, '6H')).state.table).toEqual([{ attack: '12S', by: 0, defence: '6H' }]);
  });

  it('DX3 an attacking trump 8H: 7H and 14S refused, 10H accepted (D4.2)', () => {
    const s0 = game({
      players: 3,
      trump: '9H',
      fill: true,
      hands: [
        ['8H', '6K', '7K', '8K', '9K', '10K'],
        ['7H', '14S', '10H', '6C', '7C', '8C'],
        ['6S', '7S', '8S', '9S', '10S', '11S'],
      ],
    });
    const { state } = play(s0, attack(0, '8H'));
    expect(refused(state, defend(1, '7H'))).toBe('NOT_BEATING');
    expect(refused(state, defend(1, '14S'))).toBe('NOT_BEATING');
    play(state, defend(1, '10H'));
  });

  it('DX4 continue by value: 8C/10C allows 10S or 8K, refuses 9S NO_MATCHING_VALUE (D5.6)', () => {
    const s0 = game({
      players: 3,
      fill: true,
      hands: [
        ['8C', '10S', '8K', '9S', '6K', '7K'],
        ['10C', '11C', '12C', '13C', '14C', '6C'],
        ['6S', '7S', '8S', '11S', '12S', '13S'],
      ],
    });
    const { state } = play(s0, attack(0, '8C'), defend(1, '10C'));
    play(state, attack(0, '10S'));
    play(state, attack(0, '8K'));
    expect(refused(state, attack(0, '9S'))).toBe('NO_MATCHING_VALUE');
  });

  it('DX5 one card at a time: adding on an undefended card is CARD_UNDEFENDED, retreating from a defended table NOTHING_TO_RETREAT_FROM (D5.3, D5.5, DN8)', () => {
    const s0 = game({
      players: 3,
      fill: true,
      hands: [
        ['8C', '8S', '6K', '7K', '9K', '10K'],
        ['10C', '11C', '12C', '13C', '14C', '6C'],
        ['6S', '7S', '9S', '11S', '12S', '13S'],
      ],
    });
    const a = play(s0, attack(0, '8C')).state;
    expect(refused(a, attack(0, '8S'))).toBe('CARD_UNDEFENDED');
    const b = play(a, defend(1, '10C')).state;
    expect(refused(b, retreat(1))).toBe('NOTHING_TO_RETREAT_FROM');
    expect(refused(b, defend(1, '11C'))).toBe('NOT_YOUR_TURN');
    expect(refused(a, end(0))).toBe('NOT_YOUR_TURN');
  });

  it('DX6 retreat 3p: the defender takes every card, draws go clockwise from the attacker, the token skips the defender (D5.5, D6.1, D7.2)', () => {
    const { state, events } = dx6();
    expect(state.hands[1]).toEqual(expect.arrayContaining(['8C', '10C', '10S']));
    expect(state.hands[1]).toHaveLength(8);
    expect(state.table).toEqual([]);
    expect(events).toContainEqual({ type: 'retreated', seat: 1, cards: ['8C', '10C', '10S'] });
    expect(drewSeats(events)).toEqual([0]);
    expect(state.hands.map((h) => h.length)).toEqual([6, 8, 6]);
    expect([state.attacker, state.defender]).toEqual([2, 0]);
  });

  it('DX7 retreat 2p: the attacker keeps the token and attacks again (D7.2)', () => {
    const s0 = game({
      players: 2,
      fill: true,
      hands: [
        ['8C', '6K', '7K', '9K', '10K', '11K'],
        ['10C', '11C', '12C', '13C', '14C', '6C'],
      ],
    });
    const { state, events } = play(s0, attack(0, '8C'), retreat(1));
    expect(drewSeats(events)).toEqual([0]);
    expect([state.attacker, state.defender]).toEqual([0, 1]);
  });

  it('DX8 forced retreat: no card beats 14S, so retreat is the only action, automatic after the delay (D5.5, DT3, DN15)', () => {
    const s0 = game({
      players: 3,
      fill: true,
      hands: [
        ['14S', '6K', '7K', '8K', '9K', '10K'],
        ['6C', '7C', '8C', '9C', '10C', '11C'],
        ['6S', '7S', '8S', '9S', '10S', '11S'],
      ],
    });
    const { state } = play(s0, attack(0, '14S'));
    expect(legalActions(state, 1)).toEqual([retreat(1)]);
    expect(forcedAction(state)).toEqual(retreat(1));
    expect(durakModule.due(state)).toEqual([{ seat: 1, role: 'auto' }]);
    expect(durakModule.onTimeout(state, { seat: 1, role: 'auto' }, () => 0)).toEqual(retreat(1));
    expect(refused(state, defend(1, '11C'))).toBe('NOT_BEATING');
  });

  it('DX9 the defender runs out: the battle ends at once as defended, no card added, no ambush (D5.8, D5.9, D7.1)', () => {
    const s0 = game({
      players: 3,
      ambush: true,
      fill: true,
      rest: ['9C'],
      hands: [
        ['6C', '7K', '8C', '10K', '11C', '7S'],
        ['7C', '8K', '10C', '11K', '12C', '9S'],
        ['6S', '8S', '10S', '11S', '12S', '13S'],
      ],
    });
    const mid = play(
      s0,
      attack(0, '6C'),
      defend(1, '7C'),
      attack(0, '7K'),
      defend(1, '8K'),
      attack(0, '8C'),
      defend(1, '10C'),
      attack(0, '10K'),
      defend(1, '11K'),
      attack(0, '11C'),
      defend(1, '12C'),
    ).state;
    expect(mid.hands[1]).toEqual(['9S']);
    const { state, events } = play(mid, attack(0, '7S'), defend(1, '9S'));
    expect(state.graveyard).toHaveLength(12);
    expect(drewSeats(events)).toEqual([0, 1]);
    expect(events.filter((e) => e.type === 'drew').map((e) => (e.type === 'drew' ? e.count : 0))).toEqual([6, 6]);
    expect(state.hands[0]).toContain('9C');
    expect(state.ambusher).toBeNull();
    expect(refused(state, attack(0, '9C'))).toBe('NOT_YOUR_TURN');
    expect([state.attacker, state.defender]).toEqual([1, 2]);
  });

  it('DX10 the deck runs out mid-draw: seat 1 draws the trump card 6H, seat 2 nothing, depleted (D6.1, D6.2, D6.3)', () => {
    const s0 = game({
      players: 3,
      dealer: 1,
      ambush: true,
      rest: ['13S', '14S', '14K'],
      hands: [
        ['7C', '8S', '6K', '7K', '8K', '9K'],
        ['6C', '8C', '10S', '12K', '11K', '13K'],
        ['10K', '6S', '7S', '9S', '11S', '12S'],
      ],
    });
    const first = play(s0, attack(1, '6C'), retreat(2)).state;
    expect(first.deck).toEqual(['14S', '14K', '6H']);
    const before = play(first, attack(0, '7C'), defend(1, '8C'), attack(0, '8S'), defend(1, '10S'), end(0)).state;
    expect(before.ambusher).toBe(2);
    const { state, events } = play(before, attack(2, '10K'), defend(1, '12K'));
    const last = play(state, end(2));
    expect(last.state.hands.map((h) => h.length)).toEqual([6, 4, 6]);
    const draws = last.events.filter((e) => e.type === 'drew');
    expect(draws).toEqual([
      { type: 'drew', seat: 0, count: 2, cards: ['14S', '14K'] },
      { type: 'drew', seat: 1, count: 1, cards: ['6H'], trump: '6H' },
    ]);
    expect(last.state.deck).toEqual([]);
    expect(last.state.trumpDrawnBy).toBe(1);
    expect(last.events).toContainEqual({ type: 'deckDepleted' });
    // The public log names the player and the trump card, and nothing else they drew.
    expect(viewFor(last.state, 2).log).toContainEqual({ type: 'drew', seat: 1, count: 1, trump: '6H' });
    expect(viewFor(last.state, 2).log).toContainEqual({ type: 'drew', seat: 0, count: 2 });
    expect(events).toHaveLength(2);
  });

  it('DX11 the attacker leaves: last card covered, the only action is end, seat 0 leaves, seat 1 attacks seat 2 (D5.7, D8.1, D7.1, D8.5)', () => {
    const s0 = game({
      players: 3,
      dealer: 2,
      hands: [
        ['7S', '8C', '9S', '10C', '11S', '9K'],
        ['11K', '6K', '7K', '8K', '13C', '14C'],
        ['6S', '7C', '8S', '9C', '10S', '12C'],
      ],
    });
    const p = play(
      s0,
      attack(2, '6S'),
      defend(0, '7S'),
      attack(2, '7C'),
      defend(0, '8C'),
      attack(2, '8S'),
      defend(0, '9S'),
      attack(2, '9C'),
      defend(0, '10C'),
      attack(2, '10S'),
      defend(0, '11S'),
      end(2),
    ).state;
    expect(p.deck).toEqual([]);
    expect(p.trumpDrawnBy).toBe(2);
    expect([p.attacker, p.defender]).toEqual([0, 1]);
    const q = play(p, attack(0, '9K'), defend(1, '11K')).state;
    expect(legalActions(q, 0)).toEqual([end(0)]);
    expect(forcedAction(q)).toEqual(end(0));
    const { state, events } = play(q, end(0));
    expect(state.places).toEqual([[0]]);
    expect(events).toContainEqual({ type: 'left', seats: [0], place: 1 });
    expect([state.attacker, state.defender]).toEqual([1, 2]);
    expect(state.over).toBe(false);
  });

  it('DX12 the defender leaves: it covers with its last card, leaves, and the token passes it to seat 2 (D5.8, D8.1, D7.1, DN19)', () => {
    const s0 = game({
      players: 3,
      dealer: 1,
      hands: [
        ['11C', '12K', '6K', '7K', '8K', '9K'],
        ['6S', '7C', '8S', '9C', '10S', '12C'],
        ['7S', '8C', '9S', '10C', '13S', '14S'],
      ],
    });
    const p = play(
      s0,
      attack(1, '6S'),
      defend(2, '7S'),
      attack(1, '7C'),
      defend(2, '8C'),
      attack(1, '8S'),
      defend(2, '9S'),
      attack(1, '9C'),
      defend(2, '10C'),
      attack(1, '10S'),
      retreat(2),
    ).state;
    expect(p.deck).toEqual([]);
    expect([p.attacker, p.defender]).toEqual([0, 1]);
    const q = play(p, attack(0, '11C'), defend(1, '12C'), attack(0, '12K')).state;
    expect(q.hands[1]).toEqual(['6H']);
    const { state } = play(q, defend(1, '6H'));
    expect(state.places).toEqual([[1]]);
    expect([state.attacker, state.defender]).toEqual([2, 0]);
  });

  it('DX13 the loser: seats 0 and 1 leave at the same check and share a place; seat 2 is the durak (D8.1, D8.2, DN11)', () => {
    const state = dx13();
    expect(state.over).toBe(true);
    expect(state.places).toEqual([[0, 1]]);
    expect(state.losers).toEqual([2]);
    expect(state.winners).toEqual([0, 1]);
    expect(durakModule.outcome(state).ranks).toEqual([[0, 1], [2]]);
    expect(viewFor(state, null).losers).toEqual([2]);
  });

  it('DX14 everyone out: the last two leave together, no loser, everyone victorious (D8.3)', () => {
    const state = dx14();
    expect(state.places).toEqual([[2], [0, 1]]);
    expect(state.over).toBe(true);
    expect(state.losers).toEqual([]);
    expect(state.winners).toEqual([0, 1, 2]);
    expect(durakModule.outcome(state)).toMatchObject({ over: true, losers: [], winners: [0, 1, 2] });
  });

  it('DX15 2p end: the first to empty after the deck is depleted wins, by a covered last card or a retreat (D8.4)', () => {
    const s0 = game({
      players: 2,
      dealer: 1,
      rest: ['13C'],
      hands: [
        ['7S', '8C', '9S', '10C', '11S', '9K'],
        ['6S', '7C', '8S', '9C', '10S', '12C'],
      ],
    });
    const p = play(
      s0,
      attack(1, '6S'),
      defend(0, '7S'),
      attack(1, '7C'),
      defend(0, '8C'),
      attack(1, '8S'),
      defend(0, '9S'),
      attack(1, '9C'),
      defend(0, '10C'),
      attack(1, '10S'),
      defend(0, '11S'),
      end(1),
    ).state;
    expect(p.deck).toEqual([]);
    expect(p.hands.map((h) => h.length)).toEqual([1, 3]);
    expect([p.attacker, p.defender]).toEqual([0, 1]);
    const q = play(p, attack(0, '9K')).state;
    const covered = play(q, defend(1, '6H'), end(0)).state;
    expect(covered).toMatchObject({ over: true, winners: [0], losers: [1] });
    const retreated = play(q, retreat(1)).state;
    expect(retreated).toMatchObject({ over: true, winners: [0], losers: [1] });
  });

  it('DX16 ambush, the rulebook example: seat 2 ambushes 10K, seat 1 covers with its last card 14K, defended (D9.1, D9.2, D5.8)', () => {
    const s0 = game({
      players: 3,
      ambush: true,
      fill: true,
      hands: [
        ['6S', '7C', '8K', '9S', '10C', '13C'],
        ['7S', '8C', '9K', '10S', '11C', '14K'],
        ['10K', '6K', '7K', '12S', '13S', '14S'],
      ],
    });
    const p = play(
      s0,
      attack(0, '6S'),
      defend(1, '7S'),
      attack(0, '7C'),
      defend(1, '8C'),
      attack(0, '8K'),
      defend(1, '9K'),
      attack(0, '9S'),
      defend(1, '10S'),
      attack(0, '10C'),
      defend(1, '11C'),
    ).state;
    expect(p.hands[1]).toEqual(['14K']);
    const q = play(p, end(0)).state;
    expect(q.ambusher).toBe(2);
    expect(viewFor(q, null).awaited).toBe(2);
    const r = play(q, attack(2, '10K')).state;
    expect(viewFor(r, null)).toMatchObject({ ambusher: 2, awaited: 1 });
    const { state, events } = play(r, defend(1, '14K'));
    expect(events).toContainEqual({ type: 'battleOver', defended: true, graveyard: 12 });
    expect([state.attacker, state.defender]).toEqual([1, 2]);
  });

  it('DX17 ambush order 4p: seat 3 must wait for seat 2; its card forces a retreat; token to seat 2; draws 0 then 3 (D9.1, D9.5, D6.1, DN9, DN13)', () => {
    const s0 = game({
      players: 4,
      ambush: true,
      fill: true,
      hands: [
        ['6S', '8K', '9K', '10K', '11K', '12K'],
        ['7S', '6C', '8C', '9C', '10C', '11C'],
        ['6K', '7K', '12C', '13C', '14C', '13K'],
        ['7C', '8S', '9S', '10S', '11S', '12S'],
      ],
    });
    const p = play(s0, attack(0, '6S'), defend(1, '7S'), end(0)).state;
    expect(p.ambusher).toBe(2);
    expect(refused(p, attack(3, '7C'))).toBe('NOT_YOUR_TURN');
    const { state, events } = play(p, end(2), attack(3, '7C'), retreat(1));
    expect(events).toContainEqual({ type: 'retreated', seat: 1, cards: ['6S', '7S', '7C'] });
    expect(drewSeats(events)).toEqual([0, 3]);
    expect([state.attacker, state.defender]).toEqual([2, 3]);
  });

  it('DX18 no re-entry: the attacker who ended cannot add during the ambush round (D9.4, DN13)', () => {
    const s0 = game({
      players: 3,
      ambush: true,
      fill: true,
      hands: [
        ['12C', '14C', '6K', '7K', '8K', '9K'],
        ['13C', '14S', '6C', '7C', '8C', '9C'],
        ['12S', '6S', '7S', '8S', '9S', '10S'],
      ],
    });
    const p = play(s0, attack(0, '12C'), defend(1, '13C'), end(0), attack(2, '12S'), defend(1, '14S')).state;
    expect(refused(p, attack(0, '14C'))).toBe('NOT_YOUR_TURN');
    expect(refused(p, end(0))).toBe('NOT_YOUR_TURN');
    const { state, events } = play(p, end(2));
    expect(events).toContainEqual({ type: 'battleOver', defended: true, graveyard: 4 });
    expect([state.attacker, state.defender]).toEqual([1, 2]);
  });

  it('DX19 ambush limit 4p: the defender holding 2 is ambushed by 2 and empties; seat 3 gets no turn (D9.3, D5.8)', () => {
    const s0 = game({
      players: 4,
      ambush: true,
      fill: true,
      hands: [
        ['6S', '7C', '8S', '9C', '12K', '13K'],
        ['7S', '8C', '9S', '10C', '11S', '12C'],
        ['10S', '11C', '6K', '7K', '8K', '9K'],
        ['10K', '11K', '14K', '6C', '13C', '14C'],
      ],
    });
    const p = play(
      s0,
      attack(0, '6S'),
      defend(1, '7S'),
      attack(0, '7C'),
      defend(1, '8C'),
      attack(0, '8S'),
      defend(1, '9S'),
      attack(0, '9C'),
      defend(1, '10C'),
      end(0),
    ).state;
    expect(p.hands[1]).toHaveLength(2);
    let s = p;
    const awaited: (number | null)[] = [];
    for (const a of [attack(2, '10S'), defend(1, '11S'), attack(2, '11C'), defend(1, '12C')]) {
      awaited.push(viewFor(s, null).awaited);
      s = play(s, a).state;
    }
    expect(awaited).not.toContain(3);
    expect(s.table).toEqual([]);
    expect([s.attacker, s.defender]).toEqual([1, 2]);
  });

  it('DX20 team: with seat 1 gone seat 0 attacks its teammate 2; when 0 and 2 are out team {0,2} wins (D10.1, D10.2, D10.3, DN14, DN17)', () => {
    // Positions this deep are found by seeded random play; the game is then rebuilt from its card order.
    const found = search(
      (states) =>
        states.some((s) => s.deck.length === 0 && !inGameOf(s, 1) && s.attacker === 0 && s.defender === 2) &&
        (states.at(-1) as State).places.some((g) => g.includes(0) && g.includes(2)),
    );
    const { states } = found;
    const at = states.find(
      (s) => !inGameOf(s, 1) && s.attacker === 0 && s.defender === 2 && s.table.length === 0,
    ) as State;
    expect(legalActions(at, 0).length).toBeGreaterThan(0);
    expect(legalActions(at, 0).every((a) => a.type === 'attack')).toBe(true);
    const final = states.at(-1) as State;
    expect(final).toMatchObject({ over: true, winners: [0, 2], losers: [1, 3] });
    expect(durakModule.outcome(final).ranks).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(viewFor(final, null).teams).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('DX21 team tie: seats 0 and 1 out, seat 2 attacks with its last card and 3 covers with its last: both teams win (D10.3, D10.4, D10.2, DN17)', () => {
    const s0 = game({
      players: 4,
      dealer: 3,
      team: true,
      ambush: true,
      rest: ['11H'],
      hands: [
        ['7S', '8C', '9S', '10C', '11S', '12C'],
        ['10S', '11C', '12S', '13C', '14S', '7H'],
        ['13S', '6K', '8S', '6C', '9K', '10H'],
        ['6S', '7C', '14C', '8K', '9C', '10K'],
      ],
    });
    const x = play(
      s0,
      attack(3, '6S'),
      defend(0, '7S'),
      attack(3, '7C'),
      defend(0, '8C'),
      end(3),
      end(1),
      end(2),
    ).state;
    expect(x.deck).toEqual([]);
    expect([x.attacker, x.defender]).toEqual([0, 1]);
    const y = play(
      x,
      attack(0, '9S'),
      defend(1, '10S'),
      attack(0, '10C'),
      defend(1, '11C'),
      attack(0, '11S'),
      defend(1, '12S'),
      attack(0, '12C'),
      defend(1, '13C'),
      end(0),
      attack(2, '13S'),
      defend(1, '14S'),
      end(2),
      // DN17: seat 3 ambushes its own teammate.
      attack(3, '14C'),
      defend(1, '7H'),
    ).state;
    expect(y.places).toEqual([[0, 1]]);
    expect(y.over).toBe(false);
    expect([y.attacker, y.defender]).toEqual([2, 3]);
    expect(y.hands.map((h) => h.length)).toEqual([0, 0, 5, 5]);
    const final = play(
      y,
      attack(2, '6K'),
      defend(3, '8K'),
      attack(2, '8S'),
      defend(3, '6H'),
      attack(2, '6C'),
      defend(3, '9C'),
      attack(2, '9K'),
      defend(3, '10K'),
      attack(2, '10H'),
      defend(3, '11H'),
    ).state;
    expect(final).toMatchObject({ over: true, losers: [], winners: [0, 1, 2, 3] });
    expect(final.places).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(durakModule.outcome(final).ranks).toEqual([[0, 1, 2, 3]]);
  });

  it('DX22 views: own hand, counts, trump, deck and graveyard counts; never another hand or the deck order; the retreat in every log (D1.5, D1.6, D1.7, DN18)', () => {
    const { state } = dx6();
    const v = viewFor(state, 1);
    expect(v.hand).toEqual(state.hands[1]);
    expect(v.handCounts).toEqual([6, 8, 6]);
    expect(v.trump).toBe('6H');
    expect(v.deckCount).toBe(state.deck.length);
    expect(v.graveyardCount).toBe(0);
    const text = JSON.stringify(v);
    for (const c of [...(state.hands[0] ?? []), ...(state.hands[2] ?? []), ...state.deck]) {
      if (c !== '6H') expect(text).not.toMatch(new RegExp(`"${c}"`));
    }
    expect(text).not.toContain('stacked');
    for (const viewer of [null, 0, 1, 2]) {
      expect(viewFor(state, viewer).log).toContainEqual({ type: 'retreated', seat: 1, cards: ['8C', '10C', '10S'] });
    }
    expect(viewFor(state, null).hand).toEqual([]);
  });

  it('DX23 next game: the loser deals and attacks first; after no loser the same dealer deals again (D11.1, D3.4, DN12)', () => {
    const lost = dx13();
    expect(nextDealer(lost)).toBe(2);
    const next = createGame({ players: 3, seed: 'next', dealer: nextDealer(lost) });
    expect([next.attacker, next.defender]).toEqual([2, 0]);
    expect(nextDealer(dx14())).toBe(0);
  });
});

function dx6() {
  const s0 = game({
    players: 3,
    fill: true,
    hands: [
      ['8C', '10S', '6K', '7K', '9K', '11K'],
      ['10C', '11C', '12C', '13C', '14C', '6C'],
      ['6S', '7S', '8S', '9S', '11S', '12S'],
    ],
  });
  return play(s0, attack(0, '8C'), defend(1, '10C'), attack(0, '10S'), retreat(1));
}

function dx13(): State {
  const s0 = game({
    players: 3,
    dealer: 1,
    hands: [
      ['6S', '7C', '8S', '9C', '10S', '11C'],
      ['7S', '8C', '9S', '10C', '11S', '13K'],
      ['6K', '7K', '8K', '9K', '10K', '11K'],
    ],
  });
  const p = play(s0, attack(1, '13K'), retreat(2)).state;
  expect([p.attacker, p.defender, p.deck.length]).toEqual([0, 1, 0]);
  return play(
    p,
    attack(0, '6S'),
    defend(1, '7S'),
    attack(0, '7C'),
    defend(1, '8C'),
    attack(0, '8S'),
    defend(1, '9S'),
    attack(0, '9C'),
    defend(1, '10C'),
    attack(0, '10S'),
    defend(1, '11S'),
    attack(0, '11C'),
    defend(1, '6H'),
  ).state;
}

function dx14(): State {
  const s0 = game({
    players: 3,
    ambush: true,
    rest: ['9K'],
    hands: [
      ['6S', '7C', '8S', '8K', '13S', '14C'],
      ['7S', '8C', '9S', '6C', '12K', '11K'],
      ['12C', '13K', '8H', '10K', '14S', '7H'],
    ],
  });
  const a = play(
    s0,
    attack(0, '6S'),
    defend(1, '7S'),
    attack(0, '7C'),
    defend(1, '8C'),
    attack(0, '8S'),
    defend(1, '9S'),
    end(0),
    end(2),
  ).state;
  expect(a.hands[0]).toHaveLength(5);
  const b = play(
    a,
    attack(1, '6C'),
    defend(2, '12C'),
    attack(1, '12K'),
    defend(2, '13K'),
    end(1),
    attack(0, '6H'),
    defend(2, '8H'),
    attack(0, '8K'),
    defend(2, '10K'),
    attack(0, '13S'),
    defend(2, '14S'),
    attack(0, '14C'),
    defend(2, '7H'),
  ).state;
  expect(b.places).toEqual([[2]]);
  expect(b.hands).toEqual([['9K'], ['11K'], []]);
  expect([b.attacker, b.defender]).toEqual([0, 1]);
  return play(b, attack(0, '9K'), defend(1, '11K')).state;
}

const inGameOf = (s: State, seat: number) => !s.places.some((g) => g.includes(seat));

/**
 * The first seeded random team game (4p) whose states satisfy `want`, rebuilt from its card order
 * through the `deck` option; bounded, so a rules change that makes the case unreachable fails here.
 */
function search(want: (states: State[]) => boolean): { states: State[] } {
  for (let g = 0; g < 3000; g++) {
    const seed = `team-${g}`;
    const deck = shuffle(FULL_DECK, seedRng(seed))[0];
    let s = createGame({ players: 4, seed, team: true, deck });
    const rnd = randomStream(seed);
    const states = [s];
    for (let n = 0; n < 2000 && !s.over; n++) {
      const seat = viewFor(s, null).awaited as number;
      const legal = legalActions(s, seat);
      const r = applyAction(s, legal[Math.floor(rnd() * legal.length)] as never);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      states.push(s);
    }
    if (s.over && want(states)) return { states };
  }
  throw new Error('no seeded game reaches this case');
}
