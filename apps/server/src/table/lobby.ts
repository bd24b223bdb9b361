/**
 * A table's settings as its creator (or host) sends them, split in two: the table's own (clocks,
 * bots' pace, privacy: @blaze/protocol's tableSettings) and the game's lobby options (Durak's
 * `players`, `ambush`, `team`), judged by the game's module (its zod schema, through parseOptions).
 * `players` is how many seats the game fills: bots take the free ones at the start.
 */
import { type AnyGameModule, parseOptions } from '@blaze/game';
import { tableSettings } from '@blaze/protocol';
import { genericModule, isBlaze, tableGame } from '../games.js';

/** The lobby's game options: what the host chose, players included. */
export type LobbyOptions = Record<string, unknown> & { players: number };

export type Split =
  | { ok: true; table: Record<string, unknown>; game: LobbyOptions | null }
  | { ok: false; message: string };

const TABLE_KEYS = new Set(Object.keys(tableSettings.shape));

/**
 * Table keys to the table, every other key to the game. A game without lobby options (Blaze:
 * `module` null) takes none, so a key neither knows is refused as before.
 */
export function splitSettings(module: AnyGameModule | null, raw: unknown, current?: LobbyOptions): Split {
  const given = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const table: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) (TABLE_KEYS.has(k) ? table : rest)[k] = v;
  if (module === null) return { ok: true, table: { ...table, ...rest }, game: null };
  const game = lobbyOptions(module, { ...(current ?? {}), ...rest });
  return game.ok ? { ok: true, table, game: game.value } : game;
}

/** The module's options for a lobby: `players` defaults to the most seats; a refusal names why. */
export function lobbyOptions(
  module: AnyGameModule,
  raw: Record<string, unknown>,
): { ok: true; value: LobbyOptions } | { ok: false; message: string } {
  const players = raw.players ?? module.seats.max;
  if (typeof players !== 'number') return { ok: false, message: 'players must be a number' };
  const r = parseOptions(module, players, raw);
  if (!r.ok) return { ok: false, message: `${r.error.code}: ${r.error.message}` };
  return { ok: true, value: r.value as LobbyOptions };
}

/** A new table's settings for `game` (a known one): null when both parts are good, else why not. */
export function checkSettings(game: string, raw: unknown): string | null {
  const entry = tableGame(game);
  if (!entry) return 'unknown game';
  const split = splitSettings(isBlaze(entry.module) ? null : genericModule(entry), raw);
  if (!split.ok) return split.message;
  const t = tableSettings.partial().safeParse(split.table);
  return t.success ? null : (t.error.issues[0]?.message ?? 'invalid');
}
