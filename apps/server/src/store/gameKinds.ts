/**
 * Which game a record holds, and under which version of that game's rules its actions replay: every
 * table record says so in a `game` entry, every finished game's public record in `rules` and
 * `rulesVersion`. Records written before games were named (eb3899c and earlier) say nothing: they
 * hold Blaze under its first rules. A build refuses, and keeps, a record of a game or version it does
 * not know: a newer build may restore it.
 */
import { DEFAULT_GAME, tableGame, tableGames } from '../games.js';
import type { GameRecord } from './types.js';

export { DEFAULT_GAME };

export interface GameKind {
  game: string;
  rulesVersion: number;
}

/** What a record that names no game holds. */
export const LEGACY_KIND: Readonly<GameKind> = Object.freeze({ game: 'blaze', rulesVersion: 1 });

/** The games this build plays (the registry, games.ts). */
export function knownGames(): string[] {
  return tableGames().map((g) => g.id);
}

/** A new table of `game`, under its current rules; null for a game this build does not play. */
export function currentKind(game: string): GameKind | null {
  const g = tableGame(game);
  return g ? { game, rulesVersion: g.module.version } : null;
}

/** Whether this build can replay a record of this game and rules version. */
export function knowsKind(kind: { game?: unknown; rulesVersion?: unknown }): boolean {
  if (typeof kind.game !== 'string' || typeof kind.rulesVersion !== 'number') return false;
  return tableGame(kind.game)?.replays.includes(kind.rulesVersion) === true;
}

/**
 * A finished game's public record as the store holds it: one written before games were named gets
 * Blaze version 1, so every reader (GET /api/games, the replay page) sees which game it is.
 */
export function readGameRecord(body: string): GameRecord {
  const r = JSON.parse(body) as Partial<GameRecord>;
  return {
    ...r,
    rules: r.rules ?? LEGACY_KIND.game,
    rulesVersion: r.rulesVersion ?? LEGACY_KIND.rulesVersion,
  } as GameRecord;
}
