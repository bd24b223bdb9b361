/**
 * A table of any game. Thin by design: a composition of the table's parts, with Colyseus as transport.
 * It validates input and maps a client to a seat (people.ts, messages.ts); Blaze's game runs on the
 * shared table loop (blazeLoop.ts, started by gameFlow.ts), another game's on the same loop through
 * table/generic.ts; it mirrors the result into the schema state; the table's life
 * (record, restore, dispose) is tableLife.ts, finished games results.ts. No rule lives here.
 *
 * The fields below are shared with those modules, each of which takes the few it needs of TableHost
 * (host.ts), never this class; they are the table's own state, not an API for anything outside
 * apps/server/src/room.
 */
import { DEFAULT_SETTINGS, type JoinOptions, type TableSettings, tableSettings } from '@blaze/protocol';
import type { BlazeState } from '@blaze/protocol/schema';
import type { Action, CreateOptions, GameState } from '@blaze/rules';
import { type AuthContext, type Client, Room, ServerError } from '@colyseus/core';
import { Encoder } from '@colyseus/schema';
import { defaultGame, type TableModule } from '../games.js';
import { type GameKind, LEGACY_KIND } from '../store/gameKinds.js';
import type { Recorder } from '../store/record.js';
import { genericDeadlines, genericSeats } from '../table/generic.js';
import { type BlazeLoop, blazeDeadlines, tableClockMs } from './blazeLoop.js';
import type { Chat } from './chat.js';
import { type Attempt, DEFAULT_ROOM_CONFIG, type RoomConfig } from './config.js';
import type { TableHost } from './host.js';
import type { GameLog } from './log.js';
import { onAnyMessage } from './messages.js';
import { mirrorDeadlines } from './mirror.js';
import { admit, arrive, departed, leave, personOfJoin, refreshSeats } from './people.js';
import { showReady } from './readyCheck.js';
import { installStringFix } from './schemaStrings.js';
import { installSchemaTuning } from './schemaTuning.js';
import type { Results } from './scoreboard.js';
import { CardPublisher, type Person, type Seating, tableCard } from './seating.js';
import { setField } from './sync.js';
import { abandonTable, disposeTable, openTable, setUpTable } from './tableLife.js';
import { recordChanges } from './tableRecord.js';

export { type Attempt, DEFAULT_ROOM_CONFIG, type RoomConfig };

/**
 * A joining client's full state must fit the encoder's shared buffer: schema 3.0.76's overflow path
 * re-encodes into a new buffer but then slices the old one for views (encodeAllView), so a table
 * whose state outgrew 8 KB sent late joiners a truncated state ("refId not found"). A full table
 * (log ring full, chat ring full, 100 results) measures about 20 KB; this leaves room to spare.
 */
Encoder.BUFFER_SIZE = Math.max(Encoder.BUFFER_SIZE, 64 * 1024);
installSchemaTuning();
installStringFix();

export class TableRoom extends Room<BlazeState> implements TableHost {
  config: RoomConfig = DEFAULT_ROOM_CONFIG;
  /** The table's game (the room is defined per game: app.ts); set with the seats in setUpTable. */
  module: TableModule = defaultGame().module;
  /** The table's game and rules version: its creator's choice, or its record's (tableLife.ts). */
  kind: GameKind = LEGACY_KIND;
  settings: TableSettings = { ...DEFAULT_SETTINGS };
  /** Sized by the game (module.seats.max), in setUpTable. */
  seating!: Seating;
  /** Each connection's person, by session id. */
  readonly tokenOf = new Map<string, string>();
  /** The last 'seat' message each person got (seat:host), so changes are told once. */
  readonly lastSeatSent = new Map<string, string>();
  /** The join screen's card, published to the matchmaker only when it changes. */
  readonly card = new CardPublisher();
  log!: GameLog;
  chat!: Chat;
  results!: Results;
  recorder!: Recorder;
  /** What the last recorded seats (their signature) and settings (JSON) were, so only changes are written. */
  readonly recorded = { seats: '', settings: '' };
  disposed = false;
  /**
   * A start (or rematch) written but not yet on record (gameFlow.startGame): until it is, nothing it
   * did not account for may change the table (seats, settings, another start).
   */
  starting = false;
  /** A restored table while its people's reconnection grace runs: it stays open with nobody connected. */
  restoredGrace = false;
  fixedDeck: string[] | undefined;

  /** Blaze's game on the table's loop (blazeLoop.ts), null before the first. */
  blaze: BlazeLoop | null = null;
  gameOptions: CreateOptions | null = null;

  /** The rules' whole state: secrets included, so it never leaves this object (R11.3). */
  get game(): GameState | null {
    return this.blaze?.state ?? null;
  }

  /** A test's way to put the game in a position play rarely reaches. */
  set game(g: GameState | null) {
    if (!this.blaze || !g) throw new Error('no game to replace');
    this.blaze.state = g;
  }

  /** Accepted actions of the current game, in order: replay(gameOptions, journal) rebuilds it. */
  get journal(): readonly Action[] {
    return this.blaze?.journal ?? [];
  }
  /** Every judged game action of the current game, accepted or not. */
  attempts: Attempt[] = [];

  override async onCreate(options: Record<string, unknown>): Promise<void> {
    try {
      const restoreId = setUpTable(this, options);
      this.onMessage('*', (client, type, message) => onAnyMessage(this, client, type, message));
      await openTable(this, restoreId, options.moved);
    } catch (e) {
      abandonTable(this);
      throw e;
    }
  }

  /** Colyseus reserves a place for each join before it connects: the edge keeps the last few for the table's people. */
  protected override _reserveSeat(
    sessionId: string,
    joinOptions?: unknown,
    authData?: unknown,
    seconds?: number,
    allowReconnection?: boolean,
    devModeReconnection?: boolean,
  ): Promise<boolean> {
    if (!allowReconnection) {
      const taken = this.clients.length + Object.keys(this.reservedSeats).length;
      // The token is looked up (a hash for restored people) only when the place is one of those kept.
      const ownPerson = () => personOfJoin(this, joinOptions) !== undefined;
      if (!this.config.edge.placeFree({ taken, max: this.maxClients, ownPerson })) return Promise.resolve(false);
    }
    return super._reserveSeat(sessionId, joinOptions, authData, seconds, allowReconnection, devModeReconnection);
  }

  override onAuth(client: Client, options: unknown, context?: AuthContext): JoinOptions {
    return admit(this, client, options, context);
  }

  override onJoin(client: Client, _options: unknown, auth: JoinOptions): void {
    arrive(this, client, auth);
    genericSeats(this);
  }

  override onLeave(client: Client, consented: boolean): Promise<void> {
    return leave(this, client, consented);
  }

  /** Everything this table queued is on record (SIGTERM waits for it). */
  flushRecord(): Promise<void> {
    return this.recorder.flush();
  }

  override onDispose(): void {
    disposeTable(this);
  }

  override onUncaughtException(error: Error, methodName: string): void {
    // A join refused on purpose (bad options, a full table, a fourth tab) is an answer, not a fault:
    // anyone can cause one, so it is counted and logged through the edge's gate, not once each.
    // (Colyseus wraps what onAuth threw in an OnAuthException; the refusal is its cause.)
    if (methodName === 'onAuth' && error.cause instanceof ServerError) {
      this.config.edge.joinRefused(this.roomId, error.message);
      return;
    }
    // A handler error must never take the process (or the table) down: log it and carry on.
    this.config.edge.log.error({ table: this.roomId, method: methodName, err: error.message }, 'handler failed');
  }

  personOf(client: Client): Person | undefined {
    const token = this.tokenOf.get(client.sessionId);
    return token === undefined ? undefined : this.seating.people.get(token);
  }

  departed(person: Person): void {
    departed(this, person);
  }

  refreshSeats(): void {
    refreshSeats(this);
    genericSeats(this);
  }

  applySettings(partial: Partial<TableSettings>): void {
    const next = tableSettings.safeParse({ ...this.settings, ...partial });
    if (!next.success) return;
    this.settings = next.data;
    const st = this.state.settings;
    setField(st, 'firstPlayer', next.data.firstPlayer);
    setField(st, 'windowMs', next.data.windowMs);
    setField(st, 'clock', next.data.clock);
    setField(st, 'botDelayMs', next.data.botDelayMs);
    setField(st, 'reconnectSeconds', next.data.reconnectSeconds);
    setField(st, 'private', next.data.private);
    void this.setPrivate(next.data.private);
  }

  /** The join screen's card (GET /api/tables/:id): who hosts, who sits, whether a game starts or runs. */
  publishCard(): void {
    const card = this.card.next(
      tableCard(this.kind.game, this.seating, this.state.status, this.starting, this.state.spectators),
    );
    if (card) this.setMetadata({ card }).catch(() => {});
  }

  /**
   * After anything changed: the loop's timers re-planned against the new state, deadlines shown, patch
   * sent now. After a game move alone ('move'), seats, settings and the join card are known to be as
   * they were, so they are not compared again (they were a tenth of the allocations under load).
   */
  afterChange(what: 'table' | 'move' = 'table'): void {
    if (this.disposed) return;
    if (what === 'table') {
      recordChanges(this);
      this.publishCard();
    }
    this.recorder.write([], () => {});
    const playing = this.state.status === 'playing' ? this.blaze : null;
    // A move re-planned the loop as it counted; anything else may have changed who plays a seat (a
    // person away is played by the stand-in bot) or restored a game not planned yet.
    if (what === 'table') playing?.plan();
    showReady(this);
    // A generic game's clocks are its loop's (table/clocksWire.ts); Blaze's are this.blaze's.
    mirrorDeadlines(
      this.state,
      genericDeadlines(this) ??
        (playing ? blazeDeadlines(playing, tableClockMs(this.config.clocks, this.settings), playing.state.window) : []),
    );
    this.broadcastPatch();
  }
}
