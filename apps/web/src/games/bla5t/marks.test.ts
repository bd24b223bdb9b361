/**
 * The slots a client marks come from the public log only, as the server writes it: each event
 * redacted for nobody, then the module's log fields. A 6-Shuffle's marks are the same whether it
 * really swapped or pretended (X5.3), and nothing here reads a card value.
 */
import type { Event } from '@blaze/bla5t';
import { bla5tModule } from '@blaze/bla5t/module';
import { describe, expect, it } from 'vitest';
import { marksOf } from './marks.js';

/** The public log line of one event, as the table stores and sends it. */
function lineOf(e: Event & { by?: number }) {
  const pub = bla5tModule.redact(e, null);
  if (!pub) throw new Error(`no public line for ${e.type}`);
  return { seq: 1, kind: pub.type, seat: -1, other: -1, value: 0, text: '', cards: [], ...bla5tModule.log.fields(pub) };
}
const keys = (e: Event & { by?: number }) => marksOf(lineOf(e)).map((m) => `${m.kind}:${m.key}`);

describe('bla5t slot marks', () => {
  it('a 6-Shuffle marks its two slots, identically for a real swap and a pretend (X5.3)', () => {
    const real: Event & { by: number } = { type: 'shuffled', seat: 2, slots: [0, 3], swap: true, by: 2 };
    const pretend: Event & { by: number } = { type: 'shuffled', seat: 2, slots: [0, 3], swap: false, by: 2 };
    expect(keys(real)).toEqual(['moved:2.0', 'moved:2.3']);
    expect(lineOf(real)).toEqual(lineOf(pretend));
    expect(keys(real)).toEqual(keys(pretend));
    // Its power line names the two own slots and nothing of the choice.
    const used = lineOf({
      type: 'powerUsed',
      seat: 2,
      card: 'm6ha',
      targets: [
        { seat: 2, slot: 0 },
        { seat: 2, slot: 3 },
      ],
    });
    expect(used.text).toBe('2.0 2.3');
    expect(marksOf(used)).toEqual([]);
  });

  it('a swap marks both slots, across layouts (X5.2, X5.8, X6.2)', () => {
    expect(keys({ type: 'swapped', seat: 0, a: { seat: 1, slot: 2 }, b: { seat: 3, slot: 0 } })).toEqual([
      'moved:1.2',
      'moved:3.0',
    ]);
  });

  it('a flip, a placed, a taken, a matched card and a penalty card mark their slot', () => {
    expect(keys({ type: 'flipped', seat: 0, at: { seat: 2, slot: 1 }, card: null })).toEqual(['moved:2.1']);
    expect(keys({ type: 'flipped', seat: 0, at: { seat: 2, slot: 1 }, card: 'm5a' })).toEqual(['moved:2.1']);
    expect(keys({ type: 'placed', seat: 1, slot: 3, out: 'm9a' })).toEqual(['moved:1.3']);
    expect(keys({ type: 'took', seat: 1, slot: 0, card: 'm1c', out: 'm10a' })).toEqual(['moved:1.0']);
    expect(keys({ type: 'matched', seat: 2, slot: 3, card: 'm7d', ok: true })).toEqual(['moved:2.3']);
    expect(keys({ type: 'penalty', seat: 2, slot: 4 })).toEqual(['moved:2.4']);
  });

  it("Daisy's discard marks the slot her power named (X12.5)", () => {
    expect(keys({ type: 'powerUsed', seat: 0, card: 'h:daisy', targets: [{ seat: 3, slot: 2 }] })).toEqual([
      'moved:3.2',
    ]);
    // Other powers mark through their own effect lines, not twice through their targets.
    expect(keys({ type: 'powerUsed', seat: 0, card: 'm11a', targets: [{ seat: 0, slot: 1 }] })).toEqual([]);
  });

  it('a look marks the slot looked at, for everyone, without its card', () => {
    const look: Event & { by: number } = { type: 'looked', seat: 0, at: { seat: 2, slot: 1 }, card: 'h:helmut', by: 0 };
    expect(lineOf(look).cards).toEqual([]);
    expect(JSON.stringify(lineOf(look))).not.toContain('helmut');
    expect(keys(look)).toEqual(['seen:2.1']);
    expect(keys({ type: 'looked', seat: 0, at: 'drawPile', card: 'm3a', by: 0 })).toEqual([]);
  });

  it('lines that touch no slot mark nothing', () => {
    expect(keys({ type: 'drew', seat: 0, card: 'm3a', by: 0 })).toEqual([]);
    expect(keys({ type: 'discarded', seat: 0, card: 'm3a' })).toEqual([]);
    expect(keys({ type: 'blast', seat: 1 })).toEqual([]);
  });
});
