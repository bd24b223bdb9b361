/**
 * The ended round laid back face up from the public log: each revealed card in the slot it was in,
 * a final Match's emptied slot left out, and never a card guessed into a slot when the count differs.
 */
import { createGame, viewFor } from '@blaze/bla5t';
import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../shell/host.js';
import { roundEndView } from './roundEnd.js';

const line = (seq: number, kind: string, o: Partial<LogLine> = {}): LogLine => ({
  seq,
  kind,
  seat: -1,
  other: -1,
  cards: [],
  value: -1,
  text: '',
  ...o,
});

describe('roundEndView', () => {
  const before = viewFor(createGame({ players: 3, seed: 'web-b5-end' }), 0);
  const after = { ...before, round: before.round + 1, roundScores: [4, 9, 17], totals: [4, 9, 17] };
  const faces = (n: number) => Array.from({ length: n }, (_, i) => `m:${i}`);

  it('lays the revealed cards onto the slots in seat and slot order, with the new scores', () => {
    const r = roundEndView(before, after, [line(7, 'revealed', { cards: faces(12) }), line(8, 'scored', { value: 1 })]);
    expect(r?.layouts).toEqual([0, 1, 2].map((s) => [0, 1, 2, 3].map((k) => ({ up: `m:${s * 4 + k}` }))));
    expect(r?.roundScores).toEqual([4, 9, 17]);
    expect(r?.totals).toEqual([4, 9, 17]);
    expect(r?.awaiting.seats).toEqual([]);
  });

  it("follows a final Match's emptied slot", () => {
    const r = roundEndView(before, after, [
      line(6, 'matched', { seat: 1, value: 2, text: 'ok' }),
      line(7, 'revealed', { cards: faces(11) }),
      line(8, 'scored'),
    ]);
    expect(r?.layouts[1]).toEqual([{ up: 'm:4' }, { up: 'm:5' }, null, { up: 'm:6' }]);
    expect(r?.layouts[2]?.[0]).toEqual({ up: 'm:7' });
  });

  it('keeps the layouts as they were when the count does not fit, and is null without a scoring', () => {
    const r = roundEndView(before, after, [line(7, 'revealed', { cards: faces(10) }), line(8, 'scored')]);
    expect(r?.layouts).toEqual(before.layouts);
    expect(roundEndView(before, after, [line(7, 'turn', { seat: 1 })])).toBeNull();
  });
});
