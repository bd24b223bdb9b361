/**
 * The generic wire of a game other than Blaze (Blaze keeps its tuned schema): the table's schema
 * (BlazeState's table fields: status, seats, settings, log, chat, results) plus one `wire` child
 * holding the game's public view (`module.view(state, null)`) as JSON per key, and one private part per seat
 * whose only field is @view(): it reaches a client only when that seat's part is in the client's
 * StateView (syncViews), as Blaze's hands do.
 *
 * A seat's private part is what its view says differently from the public one, key by key (Durak:
 * `viewer` and `hand`), so a client reads `{ ...public, ...private }` and no seat's part repeats the
 * public view. A patch carries only the strings that changed, whole.
 * The view's `log` is left out: the game's events reach the table's own log ring (generic.ts), which
 * is what a client reads for the log, so the view string does not grow with every move.
 */

import { JSON_CODEC, readKeyTexts, type ViewCodec, writeKeyTexts } from '@blaze/game/wire';
import { BlazeState } from '@blaze/protocol/schema';
import { ArraySchema, MapSchema, Schema, type StateView, type, view } from '@colyseus/schema';
import { setField } from '../room/sync.js';

export class SeatPart extends Schema {
  @view() @type('string') view = '';
}

export class GameWire extends Schema {
  /** The game's id ('durak'): which client reads `view`. */
  @type('string') game = '';
  /**
   * module.view(state, null) less `log`, one JSON string per top-level key: a move patches only the
   * keys it changed (Durak: `table`, `handCounts`, `awaited`, ...). Empty before the first game.
   */
  @type({ map: 'string' }) view = new MapSchema<string>();
  /** The lobby's game options as JSON (Durak: players, ambush, team): what the host picked, shown to all. */
  @type('string') options = '';
  /** One per seat: JSON of what that seat's view says differently from `view` (@view: its own only). */
  @type([SeatPart]) seats = new ArraySchema<SeatPart>();
}

/** The table's state for a game with the generic wire: the table's fields and the game's `wire`. */
export class GameTableState extends BlazeState {
  @type(GameWire) wire = new GameWire();
}

/** The keys of a view the wire leaves out (the log travels in the table's log ring). */
const LEFT_OUT = new Set(['log']);

function publicPart(v: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof v !== 'object' || v === null) return out;
  for (const [k, x] of Object.entries(v)) if (!LEFT_OUT.has(k)) out[k] = x;
  return out;
}

/**
 * How a game's view keys travel: each key's text, or null to leave the key out. A game may give its
 * own (@blaze/durak/wire: short texts); JSON per key otherwise.
 */
export type { ViewCodec };
export { JSON_CODEC };

function encoded(v: unknown, codec: ViewCodec): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, x] of Object.entries(publicPart(v))) {
    const text = codec.encode(k, x);
    if (text !== null) out.set(k, text);
  }
  return out;
}

/** What `mine` says differently from the public view, key by key (compared as they travel). */
export function privateDiff(
  pub: Record<string, unknown>,
  mine: unknown,
  codec: ViewCodec = JSON_CODEC,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const pubText = encoded(pub, codec);
  for (const [k, text] of encoded(mine, codec))
    if (text !== pubText.get(k)) out[k] = codec === JSON_CODEC ? JSON.parse(text) : text;
  return out;
}

/**
 * A seat's private part as it travels: JSON of its keys' values; with a game's own codec, its keys'
 * texts as `key\ntext` lines (readPrivate), which saves the JSON quoting of a text per key.
 */
export function privateText(diff: Record<string, unknown>, codec: ViewCodec = JSON_CODEC): string {
  if (codec === JSON_CODEC) return JSON.stringify(diff);
  return writeKeyTexts(Object.entries(diff).map(([k, text]): [string, string] => [k, String(text)]));
}

/** A private part's key texts (privateText with a game's own codec). */
export const readPrivate = readKeyTexts;

/** Sized for `seats` seats; the game's id set once. */
export function initWire(w: GameWire, game: string, seats: number): void {
  setField(w, 'game', game);
  while (w.seats.length < seats) w.seats.push(new SeatPart());
}

/**
 * Writes one state's views into the wire: the public view, each playing seat's private part, and ''
 * for seats beyond the game's players. Only strings that changed are assigned (and patched).
 */
export function publishViews(
  w: GameWire,
  viewOf: (viewer: number | null) => unknown,
  players: number,
  codec: ViewCodec = JSON_CODEC,
): void {
  const pub = publicPart(viewOf(null));
  const texts = encoded(pub, codec);
  for (const [k, text] of texts) if (w.view.get(k) !== text) w.view.set(k, text);
  for (const k of [...w.view.keys()]) if (!texts.has(k)) w.view.delete(k);
  w.seats.forEach((part, seat) => {
    const text = seat < players ? privateText(privateDiff(pub, viewOf(seat), codec), codec) : '';
    if (part.view !== text) part.view = text;
  });
}

/** Clears every private part (a seat changed hands between games: nothing stays for its next sitter). */
export function clearPrivateParts(w: GameWire): void {
  for (const part of w.seats) if (part.view !== '') part.view = '';
}

/** Each client's view holds exactly its own seat's private part (none for a spectator). */
export function syncViews(
  w: GameWire,
  clients: readonly { view?: StateView }[],
  seatOf: (i: number) => number | null,
): void {
  clients.forEach((c, i) => {
    const v = c.view;
    if (!v) return;
    const seat = seatOf(i);
    w.seats.forEach((part, s) => {
      const mine = seat === s;
      if (mine && !v.has(part)) v.add(part);
      if (!mine && v.has(part)) v.remove(part);
    });
  });
}
