/**
 * Reads a Durak table off the generic wire (apps/server/src/table/wire.ts): the table's own fields
 * the shell reads as for any table, the game's public view (one short text per key: @blaze/durak/wire) with this
 * seat's private part over it, and the lobby's options.
 */
import type { View } from '@blaze/durak';
import { readDurakWire } from '@blaze/durak/wire';
import { type ClientTable, type StateLike, toClientTable } from '../../shell/host.js';
import { type GameWireLike, parseJson, turnClocks, viewTexts } from '../../shell/hostTable.js';

export interface LobbyChoice {
  players: number;
  ambush: boolean;
  team: boolean;
}

export interface DurakTable {
  table: ClientTable;
  /** The game as this seat (or a spectator) sees it; null before the first game. */
  view: View | null;
  options: LobbyChoice;
  /** The seats the game waits for and when their clocks run out (epoch ms), soonest first. */
  clocks: { seat: number; at: number }[];
}

/**
 * The view this client may read: the public keys with its own seat's part over them, in Durak's
 * short texts (@blaze/durak/wire, the codec the server writes with). A text that does not read
 * (a newer server) leaves the table undrawn rather than half drawn.
 */
export function mergeView(wire: GameWireLike | undefined, seat: number): View | null {
  const texts = viewTexts(wire, seat);
  if (!texts) return null;
  const { pub, mine, viewer } = texts;
  try {
    const merged = readDurakWire(pub, mine, viewer) as View;
    // A seat part not yet synced (just sat down): no hand rather than someone else's viewpoint.
    if (!Array.isArray(merged.hand)) merged.hand = [];
    return { ...merged, log: [] };
  } catch {
    return null;
  }
}

export function readOptions(text: string | undefined): LobbyChoice {
  const o = parseJson(text) as Partial<LobbyChoice> | null;
  return {
    players: typeof o?.players === 'number' ? o.players : 4,
    ambush: o?.ambush === true,
    team: o?.team === true,
  };
}

export function readDurak(state: unknown, seat: number, host: boolean): DurakTable {
  const wire = (state as { wire?: GameWireLike }).wire;
  const table = { ...toClientTable(state as StateLike, seat, host), view: null };
  return { table, view: mergeView(wire, seat), options: readOptions(wire?.options), clocks: turnClocks(state) };
}
