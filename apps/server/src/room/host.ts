/**
 * What the table's parts may use of their table. TableRoom implements TableHost; each part (people,
 * messages, gameFlow, results, tableRecord, tableLife, ...) declares the few members it needs as a
 * Pick of it, so no part imports the room class and the room's files form no import circle
 * (.dependency-cruiser.cjs checks it in `pnpm lint`). A part can be read, and tested, against a
 * stand-in holding just those members.
 *
 * This file imports types only, and only from files that import no part of the table.
 */

import type { TableLoop } from '@blaze/game/loop';
import type { TableSettings } from '@blaze/protocol';
import type { BlazeState } from '@blaze/protocol/schema';
import type { Action, CreateOptions, GameEvent, GameState } from '@blaze/rules';
import type { Client, Room } from '@colyseus/core';
import type { TableModule } from '../games.js';
import type { GameKind } from '../store/gameKinds.js';
import type { Recorder } from '../store/record.js';
import type { Chat } from './chat.js';
import type { Attempt, RoomConfig } from './config.js';
import type { GameLog } from './log.js';
import type { Results } from './scoreboard.js';
import type { CardPublisher, Person, Seating } from './seating.js';

/** What the parts use of Colyseus' room: its id, state, clients and its few levers. */
type Transport = Pick<
  Room<BlazeState>,
  | 'roomId'
  | 'state'
  | 'clients'
  | 'autoDispose'
  | 'maxClients'
  | 'patchRate'
  | 'broadcastPatch'
  | 'setMetadata'
  | 'allowReconnection'
  | 'disconnect'
>;

export interface TableHost extends Transport {
  config: RoomConfig;
  /** The table's game: what it asks about seats, action types, rules, timeouts. */
  module: TableModule;
  /** The table's game and rules version: its creator's choice, or its record's (tableLife.ts). */
  kind: GameKind;
  settings: TableSettings;
  seating: Seating;
  /** Each connection's person, by session id. */
  readonly tokenOf: Map<string, string>;
  /** The last 'seat' message each person got (seat:host), so changes are told once. */
  readonly lastSeatSent: Map<string, string>;
  /** The join screen's card, published to the matchmaker only when it changes. */
  readonly card: CardPublisher;
  log: GameLog;
  chat: Chat;
  results: Results;
  recorder: Recorder;
  /** What the last recorded seats (their signature) and settings (JSON) were, so only changes are written. */
  readonly recorded: { seats: string; settings: string };
  disposed: boolean;
  /**
   * A start (or rematch) written but not yet on record (gameFlow.startGame): until it is, nothing it
   * did not account for may change the table (seats, settings, another start).
   */
  starting: boolean;
  /** A restored table while its people's reconnection grace runs: it stays open with nobody connected. */
  restoredGrace: boolean;
  fixedDeck: string[] | undefined;
  /** Blaze's game on the table's loop (blazeLoop.ts: its clocks, bots and timeouts), null before one. */
  blaze: TableLoop<GameState, Action, GameEvent> | null;
  /** The rules' whole state (the loop's): secrets included, so it never leaves the server (R11.3). */
  game: GameState | null;
  gameOptions: CreateOptions | null;
  /** Accepted actions of the current game, in order: replay(gameOptions, journal) rebuilds it. */
  readonly journal: readonly Action[];
  /** Every judged game action of the current game, accepted or not. */
  attempts: Attempt[];

  personOf(client: Client): Person | undefined;
  departed(person: Person): void;
  refreshSeats(): void;
  applySettings(partial: Partial<TableSettings>): void;
  publishCard(): void;
  /** After anything changed: record, the loop's timers re-planned, deadlines shown, patch sent. */
  afterChange(what?: 'table' | 'move'): void;
  /** Logs a handler's (or a timer's) error; never throws. */
  onUncaughtException(error: Error, methodName: string): void;
}
