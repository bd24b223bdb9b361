/**
 * The step controls' choices come from the rules (legalActions, canAct, validSet) read off a view:
 * Maga's lit targets are the other layouts' cards, Fawkes's at most 2 per layout; carry-over lists
 * the choices the view's options allow.
 */
import { createGame, viewFor } from '@blaze/bla5t';
import { describe, expect, it } from 'vitest';
import { movesOf } from './legal.js';
import { bossTargets } from './steps.js';

const base = () => viewFor(createGame({ players: 3, advanced: true, seed: 's1' }), 0);

describe('the step controls read the rules', () => {
  it('Maga lights every card of the other layouts, none of its own', () => {
    const v = { ...base(), awaiting: { kind: 'maga', seats: [0] } };
    const m = movesOf(v, true);
    expect(m.kind).toBe('maga');
    const lit = bossTargets(v, true, m, []);
    expect([...lit].some((k) => k.startsWith('0.'))).toBe(false);
    expect(lit.has('1.0')).toBe(true);
    expect(lit.has('2.3')).toBe(true);
  });

  it('Fawkes: up to 2 per layout, its own included', () => {
    const v = { ...base(), awaiting: { kind: 'fawkes', seats: [0] } };
    const m = movesOf(v, true);
    expect(bossTargets(v, true, m, []).has('0.0')).toBe(true);
    const two = [
      { seat: 1, slot: 0 },
      { seat: 1, slot: 1 },
    ];
    const lit = bossTargets(v, true, m, two);
    expect([...lit].some((k) => k.startsWith('1.'))).toBe(false);
    expect(lit.has('2.0')).toBe(true);
  });

  it('carry-over: the choices the options allow', () => {
    const v = {
      ...base(),
      awaiting: { kind: 'carry', seats: [0] },
      carryOptions: { jimbo: 5, duo: false, enzo: 'down' as const },
    };
    const uses = movesOf(v, true).other.map((a) => (a as { use: string[] }).use);
    expect(uses).toEqual([[], ['jimbo']]);
    const w = { ...v, carryOptions: { jimbo: null, duo: true, enzo: null } };
    expect(movesOf(w, true).other.map((a) => (a as { use: string[] }).use)).toEqual([[], ['duo']]);
  });
});
