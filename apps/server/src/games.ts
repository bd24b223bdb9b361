/**
 * The games this server plays, by id: the one place the server names a game module. app.ts defines
 * a table room per entry (the room's name is the game's id, so a table's listing says its game),
 * POST /api/tables and the record's reader (store/gameKinds.ts) ask here, and the table asks the
 * entry's module for seats, action types, rules, timeouts and outcome.
 *
 * The table still mirrors its game into Blaze's schema (@blaze/protocol/schema): a module's wire is
 * the next step (the platform issue's item 4), so for now an entry's module has Blaze's types.
 */
import { BLAZE_RULES_VERSION, blazeModule } from '@blaze/blaze-game';

/** What a table needs of its game's module (Blaze's types until each game has its own wire). */
export type TableModule = typeof blazeModule;

export interface TableGame {
  id: string;
  module: TableModule;
  /** Every rules version whose records this build still replays (the module's own among them). */
  replays: readonly number[];
}

const GAMES: readonly TableGame[] = [{ id: blazeModule.id, module: blazeModule, replays: [BLAZE_RULES_VERSION] }];

/** A new table's game when its creator names none (and what a record naming none holds). */
export const DEFAULT_GAME = 'blaze';

/** Every registered game, in the order they are offered. */
export function tableGames(): readonly TableGame[] {
  return GAMES;
}

/** The game of that id, or undefined for one this server does not play. */
export function tableGame(id: string): TableGame | undefined {
  return GAMES.find((g) => g.id === id);
}

/** The default game's entry: always registered. */
export function defaultGame(): TableGame {
  return tableGame(DEFAULT_GAME) as TableGame;
}
