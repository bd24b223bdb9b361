/**
 * Which game's room a table's record is restored into: its `game` entry's (records written before
 * games were named hold Blaze). Restore and adoption used to create the default game's room for
 * every record, so a Durak table came back refused as "holds durak, not blaze".
 */
import { DEFAULT_GAME, tableGame } from '../games.js';
import type { TableStore } from './types.js';

/** The room name for this table's record; the default game's when the record names none, or none this build plays. */
export async function roomOfRecord(
  store: TableStore | null | undefined,
  table: string,
  fallback: string,
): Promise<string> {
  if (!store) return fallback;
  const entries = await store.load(table);
  const named = entries.find((e) => e.t === 'game');
  const game = named?.t === 'game' ? named.game : DEFAULT_GAME;
  // A game this build does not play: the default room refuses it (UNKNOWN_RECORD), keeping the record.
  return tableGame(game) ? game : fallback;
}
