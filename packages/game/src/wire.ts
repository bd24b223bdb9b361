/**
 * How a game's view travels on the generic table's wire (apps/server/src/table/wire.ts), shared by
 * the server that writes it and the client that reads it, so the two cannot drift apart.
 *
 * A view travels as one text per top-level key. By default each text is JSON; a game may give its
 * own codec (Durak's short texts, `@blaze/durak/wire`) to spend fewer bytes per action.
 */

export interface ViewCodec {
  /** A key's text, or null to leave the key off the wire. */
  encode(key: string, value: unknown): string | null;
}

export const JSON_CODEC: ViewCodec = { encode: (_key, value) => JSON.stringify(value) };

/**
 * A seat's private part with a game's own codec: its keys' texts as `key\ntext` lines, which saves
 * the JSON quoting of a text per key. A key's text never holds a newline (the codec's promise).
 */
export function writeKeyTexts(entries: Iterable<[string, string]>): string {
  return [...entries].map(([k, text]) => `${k}\n${text}`).join('\n');
}

/** The key texts of a private part written by writeKeyTexts ('' is no keys). */
export function readKeyTexts(text: string): [string, string][] {
  const out: [string, string][] = [];
  if (text === '') return out;
  const parts = text.split('\n');
  for (let i = 0; i + 1 < parts.length; i += 2) out.push([parts[i] as string, parts[i + 1] as string]);
  return out;
}
