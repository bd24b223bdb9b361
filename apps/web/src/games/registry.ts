/// <reference types="vite/client" />
// Vite's types above: the browser tests' root typecheck reaches the client through this file (import.meta.env).
/**
 * The web client's games: the one way the shell reaches a game (apps/web/.dependency-cruiser.cjs).
 * Each game's client is a dynamic import, so Vite emits it as its own chunk, fetched when a table of
 * that game (or one of its pages) opens; the home page only sees each game's small meta.
 *
 * Two kinds of table client: Blaze's feeds the shell's table page (shell/tablePage.ts, tuned to its
 * schema); a game on the generic wire (Durak) opens its own table page, built from the shell's host.
 */
import { bla5tMeta } from './bla5t/meta.js';
import { blazeMeta } from './blaze/meta.js';
import { durakMeta } from './durak/meta.js';

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

/** A home-page link into one of a game's own pages. */
export interface GameLink {
  href: string;
  testid: string;
  words: string;
  main: boolean;
}

/** What the home page knows of a game before its client loads. */
export interface GameMeta {
  id: string;
  /** The game's name, in the page's language. */
  name(): string;
  links(): GameLink[];
  /** Its own pages by path (Durak's learn and practice), each loaded as a chunk of its own. */
  routes?: Record<string, () => Promise<(root: HTMLElement, go: (path: string) => void) => () => void>>;
}

/** A game that draws its own table page: opened on a root, it answers its disposer. */
export interface OwnTableClient {
  openTable(root: HTMLElement, tableId: string): () => void;
  /** A finished game's public record (GET /api/games/<table>-<n>) replayed; absent: no replay yet. */
  openReplay?(root: HTMLElement, record: unknown): Promise<() => void>;
}

export type GameEntry =
  | { meta: GameMeta; table: 'shell'; load(): Promise<BlazeClient> }
  | { meta: GameMeta; table: 'own'; load(): Promise<OwnTableClient> };

export const GAMES: readonly GameEntry[] = [
  { meta: blazeMeta, table: 'shell', load: () => import('./blaze/client.js').then((m) => m.blazeClient) },
  { meta: durakMeta, table: 'own', load: () => import('./durak/client.js').then((m) => m.durakClient) },
  { meta: bla5tMeta, table: 'own', load: () => import('./bla5t/client.js').then((m) => m.bla5tClient) },
];

/** A table whose card names no game is Blaze's (tables from before tables named their game). */
export const DEFAULT_GAME = 'blaze';

/** Blaze's light part: its own pages (learn, practice, the dev fixture) load from here. */
export function gameMeta(): typeof blazeMeta {
  return blazeMeta;
}

/** The loader of a game's own page at `path` (GameMeta.routes), or null. */
export function gamePage(
  path: string,
): (() => Promise<(root: HTMLElement, go: (path: string) => void) => () => void>) | null {
  for (const g of GAMES) {
    const open = (g.meta as GameMeta).routes?.[path.replace(/\/$/, '')];
    if (open) return open;
  }
  return null;
}

/** Blaze's client, for the shell's table page, replays and the pages that feed their own table. */
export function loadGame(id: string = DEFAULT_GAME): Promise<BlazeClient> {
  const entry = GAMES.find((g) => g.meta.id === id);
  if (entry?.table !== 'shell') return Promise.reject(new Error(`no shell table client for: ${id}`));
  return entry.load();
}

/** Opens the table page of a known game's table: the shell's (Blaze) or the game's own (Durak). */
export async function openTable(
  id: string,
  root: HTMLElement,
  tableId: string,
  shellPage: (root: HTMLElement, tableId: string, game: BlazeClient) => () => void,
): Promise<() => void> {
  const entry = GAMES.find((g) => g.meta.id === id);
  if (!entry) throw new Error(`unknown game: ${id}`);
  if (entry.table === 'shell') return shellPage(root, tableId, await entry.load());
  return (await entry.load()).openTable(root, tableId);
}

/**
 * The replay of a record of a game with its own table page, or null when the record is Blaze's (the
 * shell's replay page draws it) or its game has no replay in this build.
 */
export async function ownReplay(rules: string): Promise<OwnTableClient['openReplay'] | null> {
  const entry = GAMES.find((g) => g.meta.id === rules);
  if (entry?.table !== 'own') return null;
  const client = await entry.load();
  return client.openReplay ? client.openReplay.bind(client) : null;
}
