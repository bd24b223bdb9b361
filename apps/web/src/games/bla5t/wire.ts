/**
 * Reads a Bla5t table off the generic wire (apps/server/src/table/wire.ts, Bla5t's short texts): the
 * table's own fields the shell reads as for any table, the game's public view with this seat's
 * private part over it (its drawn card, its looks to make, its Helmut asks: BLA5T.md XC), and the
 * lobby's options. Past looks are not on the wire (XN13): they arrive once as `private` messages.
 */
import { ALL_BOSSES, ALL_HEROES, BASIC_BOSSES, BASIC_HEROES, type View } from '@blaze/bla5t';
import { readBla5tWire } from '@blaze/bla5t/wire';
import { type ClientTable, type StateLike, toClientTable } from '../../shell/host.js';
import { type GameWireLike, parseJson, turnClocks, viewTexts } from '../../shell/hostTable.js';

export interface LobbyChoice {
  players: number;
  advanced: boolean;
  eleration: boolean;
  bosses: boolean;
  maxScore: 50 | 100 | 1000;
  /** X12.7: the host's public hero and boss set (used in `advanced`; the rules' basic set by default). */
  heroes: string[];
  bossSet: string[];
}

export const DEFAULT_CHOICE: LobbyChoice = {
  players: 4,
  advanced: false,
  eleration: false,
  bosses: true,
  maxScore: 100,
  heroes: [...BASIC_HEROES],
  bossSet: [...BASIC_BOSSES],
};

/** A list of `n` distinct cards from `from`, else null (the server judged it; this reads it safely). */
function cardList(x: unknown, from: readonly string[], n: number): string[] | null {
  if (!Array.isArray(x) || x.length !== n || new Set(x).size !== n) return null;
  return x.every((c) => typeof c === 'string' && from.includes(c)) ? [...x] : null;
}

export interface Bla5tTable {
  table: ClientTable;
  /** The game as this seat (or a spectator) sees it; null before the first game. */
  view: View | null;
  options: LobbyChoice;
  /** The seats the game waits for and when their clocks run out (epoch ms), soonest first. */
  clocks: { seat: number; at: number }[];
}

/**
 * The view this client may read: the public keys with its own seat's part over them, decoded by the
 * rules package's own reader (@blaze/bla5t/wire), the one the server's codec is tested against. A key
 * that does not read (a newer server) leaves the table undrawn rather than half drawn.
 */
export function mergeView(wire: GameWireLike | undefined, seat: number): View | null {
  const texts = viewTexts(wire, seat);
  if (!texts) return null;
  const { pub, mine, viewer } = texts;
  try {
    const v = readBla5tWire(pub, mine, viewer);
    if (!Array.isArray(v.layouts) || !v.awaiting) return null;
    return v;
  } catch {
    return null;
  }
}

export function readOptions(text: string | undefined): LobbyChoice {
  const o = parseJson(text) as Partial<LobbyChoice> | null;
  const max = o?.maxScore;
  return {
    players: typeof o?.players === 'number' ? o.players : DEFAULT_CHOICE.players,
    advanced: o?.advanced === true,
    eleration: o?.eleration === true,
    bosses: o?.bosses !== false,
    maxScore: max === 50 || max === 1000 ? max : 100,
    heroes: cardList(o?.heroes, ALL_HEROES, 4) ?? [...BASIC_HEROES],
    bossSet: cardList(o?.bossSet, ALL_BOSSES, 2) ?? [...BASIC_BOSSES],
  };
}

export function readBla5t(state: unknown, seat: number, host: boolean): Bla5tTable {
  const wire = (state as { wire?: GameWireLike }).wire;
  const table = { ...toClientTable(state as StateLike, seat, host), view: null };
  return { table, view: mergeView(wire, seat), options: readOptions(wire?.options), clocks: turnClocks(state) };
}
