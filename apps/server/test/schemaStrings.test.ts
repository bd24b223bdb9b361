/**
 * Strings in patches (schemaStrings.ts): every length a client can send, in any script, and strings
 * with half a character, decode to what the server holds, and the field after them is read from the
 * right place. Without the fix a 255-byte string and a lone surrogate each broke the rest of the patch.
 */
import { Decoder, Encoder, Schema, type } from '@colyseus/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installStringFix } from '../src/room/schemaStrings.js';

installStringFix();

class Line extends Schema {
  @type('string') text = '';
  @type('number') after = 0;
}

const wellFormed = (s: string) => (s as unknown as { toWellFormed(): string }).toWellFormed();

/** What a client that follows the patches holds, and what one that joins now holds. */
function roundTrip(texts: readonly string[]): { follower: Line; late: Line } {
  const line = new Line();
  const enc = new Encoder(line);
  const follower = new Decoder(new Line());
  follower.decode(enc.encodeAll());
  enc.discardChanges();
  let n = 0;
  for (const t of texts) {
    line.text = t;
    line.after = ++n;
    follower.decode(enc.encode());
    enc.discardChanges();
  }
  const late = new Decoder(new Line());
  late.decode(enc.encodeAll());
  return { follower: follower.state as Line, late: late.state as Line };
}

describe('strings in patches', () => {
  it('every length around the one-byte limit, in one-, two-, three- and four-byte characters', () => {
    const texts: string[] = [];
    for (const ch of ['a', 'é', '€', '😀'])
      for (const bytes of [31, 32, 33, 253, 254, 255, 256, 257, 600]) {
        const per = Buffer.byteLength(ch);
        if (bytes % per === 0) texts.push(ch.repeat(bytes / per));
      }
    expect(texts.some((t) => Buffer.byteLength(t) === 255)).toBe(true);
    for (const t of texts) {
      const { follower, late } = roundTrip(['x', t]);
      expect(follower.text, `${Buffer.byteLength(t)} bytes of ${t[0]}`).toBe(t);
      expect(follower.after).toBe(2);
      expect(late.text).toBe(t);
      expect(late.after).toBe(2);
    }
  });

  it('a lone surrogate arrives as the replacement character and breaks nothing after it', () => {
    for (const t of ['Eve\ud800', 'Ho\ud800st', '\udc00', `${'€'.repeat(80)}\ud83d`, 'a\ud800\ud800b']) {
      const { follower, late } = roundTrip([t, 'next']);
      expect(follower.text).toBe('next');
      expect(follower.after).toBe(2);
      const once = roundTrip([t]);
      expect(once.follower.text).toBe(wellFormed(t));
      expect(once.follower.text).toContain('\ufffd');
      expect(once.follower.after).toBe(1);
      expect(late.text).toBe('next');
    }
  });

  it('any string, any order: what the server holds is what clients read', () => {
    const half = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
    const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 90 }), half, fc.constant('€'.repeat(85)));
    fc.assert(
      fc.property(
        fc.array(
          fc.array(piece, { maxLength: 6 }).map((p) => p.join('')),
          { minLength: 1, maxLength: 5 },
        ),
        (texts) => {
          const { follower, late } = roundTrip(texts);
          const last = wellFormed(texts.at(-1) ?? '');
          expect(follower.text).toBe(last);
          expect(late.text).toBe(last);
          expect(follower.after).toBe(texts.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
