/**
 * Durak's view on the generic table's wire (apps/server/src/table/wire.ts) in short texts (issue 37: bytes per action), instead of JSON per
 * key: a move rewrote the whole battlefield as JSON objects (40 B a pair) and the mover's whole hand
 * as a JSON array with its `viewer`. Cards stay whole words (space or ':' around each), so a scan of
 * the raw frames for card ids still finds every one (the server's leak checks in durakTable.test.ts). Pure: the server writes with it, the client reads.
 *
 * - `table`: pairs `<attack>:<by>[:<defence>]` joined by spaces ('' when empty);
 * - `hand` (a seat's private part, `hand\n<text>`: @blaze/game/wire writeKeyTexts): its cards joined by spaces;
 * - `handCounts`: counts joined by ',';
 * - `viewer` is not sent (a client knows its seat; the public view's is null);
 * - every other key: JSON, as before.
 */
import { readKeyTexts, type ViewCodec } from '@blaze/game/wire';
import type { Card, Pair, View } from './index.js';

const cards = (s: string): Card[] => (s === '' ? [] : s.split(' '));

export const durakCodec: ViewCodec = {
  encode(key, value) {
    if (key === 'viewer') return null;
    if (key === 'hand') return (value as Card[]).join(' ');
    if (key === 'handCounts') return (value as number[]).join(',');
    if (key === 'table') {
      return (value as Pair[])
        .map((p) => (p.defence === null ? `${p.attack}:${p.by}` : `${p.attack}:${p.by}:${p.defence}`))
        .join(' ');
    }
    return JSON.stringify(value);
  },
};

function decodeKey(key: string, text: string): unknown {
  if (key === 'hand') return cards(text);
  if (key === 'handCounts') return text === '' ? [] : text.split(',').map(Number);
  if (key === 'table') {
    return cards(text).map((p): Pair => {
      const [attack = '', by = '', defence] = p.split(':');
      return { attack, by: Number(by), defence: defence ?? null };
    });
  }
  return JSON.parse(text);
}

/**
 * What a client reads: the public keys with its own seat's private part over them (a spectator: no
 * part, an empty hand). The log is not in it (it is the table's log ring).
 */
export function readDurakWire(pub: Iterable<[string, string]>, mine: string, seat: number | null): Omit<View, 'log'> {
  const out: Record<string, unknown> = { viewer: seat, hand: [] };
  for (const [k, text] of pub) out[k] = decodeKey(k, text);
  for (const [k, text] of readKeyTexts(mine)) out[k] = decodeKey(k, text);
  return out as unknown as Omit<View, 'log'>;
}

/**
 * Durak's log texts that are codes rather than words (an attack's role, a battle's end) in one
 * letter: they travel in every attack's line. A client words them (`o` open, `c` continue, `a`
 * ambush; `d` defended, `r` retreat).
 */
const SHORT_TEXT: Record<string, Record<string, string>> = {
  attacked: { open: 'o', continue: 'c', ambush: 'a' },
  battleOver: { defended: 'd', retreat: 'r' },
};

export function durakLogFields<F extends { text?: string }>(type: string, fields: F): F {
  const short = fields.text === undefined ? undefined : SHORT_TEXT[type]?.[fields.text];
  return short === undefined ? fields : { ...fields, text: short };
}

/** The word a short log text stands for (durakLogFields undone), for a client's log. */
export function durakLogText(type: string, text: string): string {
  const table = SHORT_TEXT[type];
  if (!table) return text;
  for (const [word, short] of Object.entries(table)) if (short === text) return word;
  return text;
}

/**
 * The role a person awaited now would be in, from what everyone sees (Durak's DT4 roles): the
 * automatic step's own role ('auto') follows from a hand, so it is never what decides a clock shown.
 */
export function durakPublicRole(v: Pick<View, 'table' | 'ambusher'>): string {
  if (v.table.some((p) => p.defence === null)) return 'defend';
  if (v.ambusher !== null) return 'ambush';
  return v.table.length === 0 ? 'open' : 'continue';
}
