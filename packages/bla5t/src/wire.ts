/**
 * Bla5t's view on the generic table's wire (apps/server/src/table/wire.ts) in short texts (issue 38:
 * bytes per action), instead of JSON per key: `awaiting` alone, rewritten on almost every action, was
 * ~28 B of JSON (`{"kind":"action","seats":[2]}`). Pure: the server writes with `bla5tCodec`, a client
 * reads with `readBla5tWire`, so the two cannot drift apart. Card ids stay whole words (space, '/'
 * or the text's ends around each), so a scan of the raw frames for card ids still finds every one
 * (the server's leak checks in bla5t*.test.ts).
 *
 * - `viewer` is not sent (a client knows its seat; the public view's is null);
 * - `awaiting`: `<kind>` or `<kind>:<seat>,<seat>...` (`action:2`, `look:0,1,2,3`, `over`);
 * - `layouts`: seats joined by '/', each seat's slots joined by ' ': a face-up card's id, `.` face
 *   down, `-` empty; `_` a seat with no slot;
 * - `discardTop`, `drawn`, `pendingPower` (a card or null): the card's id, '' for null;
 * - `seatOf`, `totals`, `turnsStarted`, `winners`, `helmutAsk` (numbers): joined by ',';
 * - every other key: JSON, as before.
 */
import { readKeyTexts, type ViewCodec } from '@blaze/game/wire';
import type { Card, LayoutView, View } from './types.js';

const CARD_OR_NULL = new Set(['discardTop', 'drawn', 'pendingPower']);
const NUMBERS = new Set(['seatOf', 'totals', 'turnsStarted', 'winners', 'helmutAsk']);

const DOWN = '.';
const EMPTY = '-';
const NO_SLOT = '_';

function layoutsText(layouts: readonly LayoutView[]): string {
  return layouts
    .map((lay) =>
      lay.length === 0 ? NO_SLOT : lay.map((x) => (x === null ? EMPTY : 'up' in x ? x.up : DOWN)).join(' '),
    )
    .join('/');
}

function readLayouts(text: string): LayoutView[] {
  if (text === '') return [];
  return text
    .split('/')
    .map(
      (row): LayoutView =>
        row === NO_SLOT
          ? []
          : row.split(' ').map((x) => (x === EMPTY ? null : x === DOWN ? { down: true as const } : { up: x as Card })),
    );
}

export const bla5tCodec: ViewCodec = {
  encode(key, value) {
    if (key === 'viewer') return null;
    if (key === 'awaiting') {
      const a = value as View['awaiting'];
      return a.seats.length === 0 ? a.kind : `${a.kind}:${a.seats.join(',')}`;
    }
    if (key === 'layouts') return layoutsText(value as LayoutView[]);
    if (CARD_OR_NULL.has(key)) return value === null ? '' : (value as Card);
    if (NUMBERS.has(key)) return (value as number[]).join(',');
    return JSON.stringify(value);
  },
};

/** One key's value from its text (bla5tCodec.encode undone). */
export function decodeBla5tKey(key: string, text: string): unknown {
  if (key === 'awaiting') {
    const at = text.indexOf(':');
    if (at < 0) return { kind: text, seats: [] };
    return {
      kind: text.slice(0, at),
      seats: text
        .slice(at + 1)
        .split(',')
        .map(Number),
    };
  }
  if (key === 'layouts') return readLayouts(text);
  if (CARD_OR_NULL.has(key)) return text === '' ? null : text;
  if (NUMBERS.has(key)) return text === '' ? [] : text.split(',').map(Number);
  return JSON.parse(text);
}

/**
 * What a client reads: the public keys with its own seat's private part (`key\ntext` lines,
 * @blaze/game/wire writeKeyTexts) over them; `seat` null for a spectator, who has no part.
 */
export function readBla5tWire(pub: Iterable<[string, string]>, mine: string, seat: number | null): View {
  const out: Record<string, unknown> = { viewer: seat };
  for (const [k, text] of pub) out[k] = decodeBla5tKey(k, text);
  for (const [k, text] of readKeyTexts(mine)) out[k] = decodeBla5tKey(k, text);
  return out as unknown as View;
}
