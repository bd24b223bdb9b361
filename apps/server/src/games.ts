/**
 * The games this server plays, by id: the one place the server names a game module. app.ts defines
 * a table room per entry (the room's name is the game's id, so a table's listing says its game),
 * POST /api/tables and the record's reader (store/gameKinds.ts) ask here, and the table asks the
 * entry's module for seats, action types, rules, timeouts and outcome.
 *
 * Blaze keeps its own tuned path (its schema, room/gameFlow.ts, its clocks and bots): its entry's
 * module has Blaze's types. Every other game plays on the generic table (src/table/): its module is
 * any @blaze/game module, its public and private views travel on the generic wire (table/wire.ts).
 */
import { BLA5T_RULES_VERSION, bla5tModule } from '@blaze/bla5t/module';
import { bla5tCodec } from '@blaze/bla5t/wire';
import { BLAZE_RULES_VERSION, blazeModule } from '@blaze/blaze-game';
import { type State as DurakState, type View as DurakView, nextDealer } from '@blaze/durak';
import { DURAK_RULES_VERSION, durakModule } from '@blaze/durak/module';
import { durakCodec, durakLogFields, durakPublicRole } from '@blaze/durak/wire';
import type { AnyGameModule } from '@blaze/game';
import type { ViewCodec } from '@blaze/game/wire';
import type { PoolGame } from './botPool/messages.js';

/** What a table needs of Blaze's module (its typed path). */
export type BlazeModule = typeof blazeModule;

/**
 * What a table needs of its game's module: Blaze's typed module on Blaze's path, any module on the
 * generic one (table/generic.ts checks `isBlaze` before it takes a module as generic).
 */
export type TableModule = BlazeModule;

export interface TableGame {
  id: string;
  module: TableModule;
  /** Every rules version whose records this build still replays (the module's own among them). */
  replays: readonly number[];
  /**
   * The options of the next game given the last one's end (Durak's D11: the loser deals), or
   * undefined to keep the lobby's. Only asked when the same people sit as in the last game.
   */
  nextOptions?(last: unknown, options: Record<string, unknown>): Record<string, unknown>;
  /**
   * Each due role's clock as a share of the table speed's base (attackerMs); a role not named gets
   * the base. Undefined: Durak's DT4 ratios (table/generic.ts).
   */
  clockRatios?: Readonly<Record<string, number>>;
  /**
   * Event types whose seat's own redaction carries what nobody else may see (Bla5t's looks, X1.6):
   * sent to that seat's clients alone, once, as a `private` message (table/privateEvents.ts).
   */
  privateEvents?: readonly string[];
  /** The game's own short texts for its views on the wire (bytes per action); JSON per key without. */
  codec?: ViewCodec;
  /** A log line's fields in the game's short words on the wire (Durak's roles); as they are without. */
  logFields?<F extends { text?: string }>(type: string, fields: F): F;
  /**
   * The clock role of a person awaited now, told from the public view (Durak's DT4: an automatic
   * step's own role follows from a hand, which the shown clock must not give away); without it, the
   * due role.
   */
  publicRole?(publicView: unknown): string;
  /**
   * Its strong bot searches in the bot pool's threads (botPool/pool.ts), never on the event loop that
   * every table of the process shares (table/pooledThink.ts). Bla5t's bot sends what it remembers of
   * what its seat was shown (XT5) with its view.
   */
  pooledSearch?: PoolGame;
}

/** A generic game's module, typed as it is (the registry stores every entry under TableModule). */
export function genericModule(g: Pick<TableGame, 'module'>): AnyGameModule {
  return g.module as unknown as AnyGameModule;
}

/**
 * XT3/XT4's deadlines over the relaxed speed's 45 s base: turn 45 s, Blast 10 s, looks and
 * carry-over 20 s, midpoint change 60 s, Helmut window 4 s; faster speeds scale them alike.
 */
const BLA5T_CLOCKS: Readonly<Record<string, number>> = {
  turn: 1,
  blast: 10 / 45,
  look: 20 / 45,
  carry: 20 / 45,
  change: 60 / 45,
  helmut: 4 / 45,
  maga: 1,
  fawkes: 1,
};

/** X1.6: what a Bla5t player alone is shown, at the moment it happens. */
const BLA5T_PRIVATE_EVENTS = ['looked', 'drew', 'drewTwo', 'shuffled', 'setChosen'] as const;

const GAMES: readonly TableGame[] = [
  { id: blazeModule.id, module: blazeModule, replays: [BLAZE_RULES_VERSION] },
  {
    id: durakModule.id,
    module: durakModule as unknown as TableModule,
    replays: [DURAK_RULES_VERSION],
    nextOptions: (last, options) => ({ ...options, dealer: nextDealer(last as DurakState) }),
    codec: durakCodec,
    logFields: durakLogFields,
    publicRole: (v) => durakPublicRole(v as DurakView),
    pooledSearch: 'durak',
  },
  {
    id: bla5tModule.id,
    module: bla5tModule as unknown as TableModule,
    replays: [BLA5T_RULES_VERSION],
    clockRatios: BLA5T_CLOCKS,
    privateEvents: BLA5T_PRIVATE_EVENTS,
    codec: bla5tCodec,
    pooledSearch: 'bla5t',
  },
];

/** A new table's game when its creator names none (and what a record naming none holds). */
export const DEFAULT_GAME = 'blaze';

/** Whether a module is Blaze's (its own schema and path) rather than a generic game's. */
export function isBlaze(module: { id: string }): boolean {
  return module.id === blazeModule.id;
}

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
