/**
 * Reads a Durak table off the generic wire (apps/server/src/table/wire.ts): the table's own fields
 * the shell reads as for any table, the game's public view (one short text per key: @blaze/durak/wire) with this
 * seat's private part over it, and the lobby's options.
 */
import type { View } from '@blaze/durak';
import { readDurakWire } from '@blaze/durak/wire';
import { readDeadlines } from '@blaze/protocol/wire';
import { type ClientTable, type StateLike, toClientTable } from '../../shell/host.js';

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

interface WireLike {
  view?: { size: number; forEach(f: (text: string, key: string) => void): void };
  seats?: ArrayLike<{ view?: string }>;
  options?: string;
}

function parse(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The view this client may read: the public keys with its own seat's part over them, in Durak's
 * short texts (@blaze/durak/wire, the codec the server writes with). A text that does not read
 * (a newer server) leaves the table undrawn rather than half drawn.
 */
export function mergeView(wire: WireLike | undefined, seat: number): View | null {
  if (!wire?.view || wire.view.size === 0) return null;
  const pub: [string, string][] = [];
  wire.view.forEach((text, key) => {
    pub.push([key, text]);
  });
  const mine = seat >= 0 ? (wire.seats?.[seat]?.view ?? '') : '';
  try {
    const merged = readDurakWire(pub, mine, seat >= 0 ? seat : null) as View;
    // A seat part not yet synced (just sat down): no hand rather than someone else's viewpoint.
    if (!Array.isArray(merged.hand)) merged.hand = [];
    return { ...merged, log: [] };
  } catch {
    return null;
  }
}

export function readOptions(text: string | undefined): LobbyChoice {
  const o = parse(text) as Partial<LobbyChoice> | null;
  return {
    players: typeof o?.players === 'number' ? o.players : 4,
    ambush: o?.ambush === true,
    team: o?.team === true,
  };
}

export function readDurak(state: unknown, seat: number, host: boolean): DurakTable {
  const wire = (state as { wire?: WireLike }).wire;
  const table = { ...toClientTable(state as StateLike, seat, host), view: null };
  return { table, view: mergeView(wire, seat), options: readOptions(wire?.options), clocks: clocksOf(state) };
}

/** A generic game's clocks travel as Blaze's deadlines of kind `turn` (server: table/clocksWire.ts). */
function clocksOf(state: unknown): { seat: number; at: number }[] {
  const s = state as { deadlines?: unknown; clockBase?: unknown };
  if (typeof s.deadlines !== 'string' || typeof s.clockBase !== 'number') return [];
  return readDeadlines({ deadlines: s.deadlines, clockBase: s.clockBase })
    .filter((d) => d.kind === 'turn')
    .map((d) => ({ seat: d.seat, at: d.at }));
}
