/**
 * The minimal-change copies into schema lists: what a client decodes is what the server holds,
 * patch after patch, and a hand that loses one card costs a few bytes, not a rewrite of its tail.
 */
import { ArraySchema, Decoder, Encoder, Schema, type } from '@colyseus/schema';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { syncList, syncSet } from '../src/room/sync.js';

class Holder extends Schema {
  @type(['string']) hand = new ArraySchema<string>();
  @type(['string']) pile = new ArraySchema<string>();
}

const cards = fc.uniqueArray(
  fc.integer({ min: 0, max: 40 }).map((n) => `c${n}`),
  { maxLength: 14 },
);

it('syncSet and syncList: the decoded lists hold what the server holds, step after step', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(cards, cards), { minLength: 1, maxLength: 12 }), (steps) => {
      const s = new Holder();
      const enc = new Encoder(s);
      const dec = new Decoder(new Holder());
      dec.decode(enc.encodeAll());
      enc.discardChanges();
      for (const [hand, pile] of steps) {
        syncSet(s.hand, hand);
        syncList(s.pile, pile);
        dec.decode(enc.encode());
        enc.discardChanges();
        const got = dec.state as Holder;
        expect([...got.hand].sort()).toEqual([...hand].sort());
        expect([...got.pile]).toEqual(pile);
        expect([...s.hand].sort()).toEqual([...hand].sort());
      }
    }),
    { numRuns: 300 },
  );
});

it('a hand that plays one card from the middle costs one slot, not every slot after it', () => {
  const s = new Holder();
  const enc = new Encoder(s);
  const hand = ['r1a', 'r2a', 'r3a', 'r4a', 'r5a', 'r6a', 'r7a', 'r8a', 'r9a', 'rFa'];
  syncSet(s.hand, hand);
  enc.encodeAll();
  enc.discardChanges();
  syncSet(
    s.hand,
    hand.filter((c) => c !== 'r3a'),
  );
  // One slot rewritten (op, index, length, 3 characters) and the last removed (op, index).
  expect(enc.encode().length).toBeLessThanOrEqual(10);
});
