/**
 * Two faults in how @colyseus/schema 3.0.76 writes a string into a patch, each of which broke every
 * client at a table (found by attacking the server from outside):
 *
 * - A string of 32 to 255 bytes writes its length as `length % 255`: one of exactly 255 bytes (85
 *   euro signs in a chat line, 85 kana) said 0, and every client then read the rest of the patch
 *   from the wrong place ("field not defined", blank names), late joiners and restored tables too.
 * - A lone surrogate is counted as 3 bytes (what Buffer.byteLength counts for its replacement) but
 *   written as 4 (joined with whatever follows it), with the same result.
 *
 * The encoder calls `encode.string` through the exported table, so the fix replaces that entry: the
 * string is made well-formed first (a lone surrogate becomes U+FFFD, as any UTF-8 encoder writes it),
 * and a one-byte length is written whole. Names and chat also drop lone surrogates before they reach
 * the state (names.ts, cleanChat), so this is the last line, for any string the server ever holds.
 */
import { encode } from '@colyseus/schema';

type StringEncoder = (bytes: Uint8Array, value: string, it: { offset: number }) => number;

/** String.prototype.isWellFormed / toWellFormed (Node 20; not in the ES2022 lib the project compiles against). */
interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** msgpack's str8 prefix: a length in one byte follows. */
const STR8 = 0xd9;

const FIXED = Symbol.for('blaze.schemaStrings');

export function installStringFix(): void {
  const table = encode as unknown as Record<string | symbol, unknown>;
  if (table[FIXED] === true) return;
  table[FIXED] = true;
  const library = encode.string as unknown as StringEncoder;
  const fixed: StringEncoder = (bytes, value, it) => {
    const s = value
      ? (value as unknown as WellFormed).isWellFormed()
        ? value
        : (value as unknown as WellFormed).toWellFormed()
      : '';
    const start = it.offset;
    const written = library(bytes, s, it);
    // str8 is 2 bytes of header, then the string: its length is what was written less those two.
    if (bytes[start] === STR8) bytes[start + 1] = written - 2;
    return written;
  };
  table.string = fixed;
}
