/// <reference types="vite/client" />
// Vite's types above: the browser tests' root typecheck reaches the client through this file (import.meta.env).
/**
 * The web client's games: the one way the shell reaches a game (apps/web/.dependency-cruiser.cjs).
 * Each game's client is a dynamic import, so Vite emits it as its own chunk, fetched when a table of
 * that game (or one of its pages) opens; the home page only sees each game's small meta.
 */
import { blazeMeta } from './blaze/meta.js';

// Types are erased from the bundle: naming them here loads nothing.
export type {
  BlazeClient as GameClient,
  Box,
  Explainable,
  GameRecord,
  Highlights,
  Hit,
  Label,
  Mark,
  Openness,
  Region,
  ReplayStepView,
  RoundSummary,
  TableScene,
  TurnCue,
} from './blaze/client.js';

import type { BlazeClient } from './blaze/client.js';

export interface GameEntry {
  meta: typeof blazeMeta;
  load(): Promise<BlazeClient>;
}

export const GAMES: readonly GameEntry[] = [
  { meta: blazeMeta, load: () => import('./blaze/client.js').then((m) => m.blazeClient) },
];

/** Every table is Blaze's until tables name their game (issue 36, the wire step). */
export const DEFAULT_GAME = 'blaze';

/** A game's light part (home links, its own pages' loaders); Blaze's when `id` is unknown. */
export function gameMeta(id: string = DEFAULT_GAME): typeof blazeMeta {
  return (GAMES.find((g) => g.meta.id === id) ?? GAMES[0])!.meta;
}

export function loadGame(id: string = DEFAULT_GAME): Promise<BlazeClient> {
  const entry = GAMES.find((g) => g.meta.id === id);
  if (!entry) return Promise.reject(new Error(`unknown game: ${id}`));
  return entry.load();
}
