/**
 * A Blaze table. Thin by design: it validates input, maps a client to a seat, asks @blaze/rules,
 * mirrors the result into the schema state and runs the clocks. No rule lives here.
 */
import {
  CLOCKS,
  type ClientMessage,
  type ClientMessageType,
  DEFAULT_SETTINGS,
  type ErrorMessage,
  isClientMessageType,
  type JoinOptions,
  joinOptions,
  parseClientMessage,
  type SeatMessage,
  type TableSettings,
  tableSettings,
} from '@blaze/protocol';
import { BlazeState, ChatLine, Deadline, GameResult, PlayerSlot, ScoreRow } from '@blaze/protocol/schema';
import type { Action, CreateOptions, GameState, PlayerCount } from '@blaze/rules';
import { applyAction, createGame, viewFor } from '@blaze/rules';
import { type AuthContext, type Client, Room, ServerError } from '@colyseus/core';
import { Encoder, StateView } from '@colyseus/schema';
import { sharedBotPool } from '../botPool/pool.js';
import { type BotKind, chooseAction, chooseBet, chooseFallback } from '../bots.js';
import { Edge } from '../edge.js';
import { newSeed, newTableId } from '../ids.js';
import * as metrics from '../metrics.js';
import { normalizeName, uniqueName } from '../names.js';
import { type BucketOptions, DEFAULT_BUCKET } from '../rateLimit.js';
import { currentStore, lifecycle, restoring } from '../store/current.js';
import { HASHED, Recorder, type RestoredTable, rebuild, tokenHash } from '../store/record.js';
import type { GameRecord, TableEntry } from '../store/types.js';
import { BotDriver } from './botDriver.js';
import { type ClockTable, type Due, speedOf, TableClocks } from './clocks.js';
import { GameLog } from './log.js';
import { clearPrivate, mirrorGame } from './mirror.js';
import { CardPublisher, type Person, type SeatError, Seating, tableCard } from './seating.js';
import { ringPut, setField, syncObjects } from './sync.js';

/** Server-side configuration, passed as the room handler's options (clients cannot set it). */
export interface RoomConfig {
  clocks: ClockTable;
  bucket: BucketOptions;
  botKind: BotKind;
  /** Largest message (as JSON) a handler accepts; bigger ones get TOO_LARGE. */
  maxMessageChars: number;
  /** Tests only: lets the creator fix the card order and start seat (R2.2). Never on in main.ts. */
  allowFixedDeck: boolean;
  /** Caps, rate limits, refusals and logs at the edge (edge.ts). */
  edge: Edge;
  /** A table nobody has joined closes after this long. */
  unclaimedMs: number;
}

export const DEFAULT_ROOM_CONFIG: RoomConfig = {
  clocks: CLOCKS,
  bucket: DEFAULT_BUCKET,
  botKind: 'heuristic',
  maxMessageChars: 2_000,
  allowFixedDeck: false,
  edge: new Edge(),
  unclaimedMs: 120_000,
};

/**
 * A joining client's full state must fit the encoder's shared buffer: schema 3.0.76's overflow path
 * re-encodes into a new buffer but then slices the old one for views (encodeAllView), so a table
 * whose state outgrew 8 KB sent late joiners a truncated state ("refId not found"). A full table
 * (log ring full, chat ring full, 100 results) measures about 20 KB; this leaves room to spare.
 */
Encoder.BUFFER_SIZE = Math.max(Encoder.BUFFER_SIZE, 64 * 1024);

const CHAT_KEEP = 50;
const GAME_ACTIONS = new Set<ClientMessageType>(['play', 'reject', 'pass', 'stand', 'bet']);

interface Refusal {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

/** One judged attempt, kept privately for audits and tests (order of arrival, R5.1). */
export interface Attempt {
  action: Action;
  source: 'person' | 'bot' | 'clock';
  code: string | null;
}

export class BlazeRoom extends Room<BlazeState> {
  private config: RoomConfig = DEFAULT_ROOM_CONFIG;
  private settings: TableSettings = { ...DEFAULT_SETTINGS };
  private seating = new Seating();
  private tokenOf = new Map<string, string>();
  /** The last 'seat' message each person got (seat:host), so changes are told once. */
  private lastSeatSent = new Map<string, string>();
  private log!: GameLog;
  private clocks!: TableClocks;
  private bots!: BotDriver;
  private disposed = false;
  private fixedDeck: string[] | undefined;
  private chatSeq = 0;
  private recorder!: Recorder;
  /** Last recorded seats and settings (JSON), so only changes are written. */
  private recordedSeats = '';
  private recordedSettings = '';
  /** Evening scoreboard rows by seat identity (token hash, or the bot's name): not by display name. */
  private rowsByKey = new Map<string, ScoreRow>();
  private card = new CardPublisher();

  /** The rules' whole state: secrets included, so it never leaves this object (R11.3). */
  game: GameState | null = null;
  gameOptions: CreateOptions | null = null;
  /** Accepted actions of the current game, in order: replay(gameOptions, journal) rebuilds it. */
  journal: Action[] = [];
  /** Every judged game action of the current game, accepted or not. */
  attempts: Attempt[] = [];

  override async onCreate(options: Record<string, unknown>): Promise<void> {
    // Only ids this process is restoring may be taken again (a client cannot ask for one).
    const restoreId = typeof options?.restore === 'string' && restoring.has(options.restore) ? options.restore : null;
    this.roomId = restoreId ?? newTableId();
    this.recorder = new Recorder(currentStore(), this.roomId);
    this.config = { ...DEFAULT_ROOM_CONFIG, ...((options?.server as Partial<RoomConfig>) ?? {}) };
    // No patch interval: afterChange() patches the moment something changed, so an idle table
    // costs nothing (500 idle tables were 10,000 empty patch ticks a second).
    this.patchRate = 0;
    this.maxClients = this.config.edge.maxClientsPerTable;
    // A new table waits for its creator; a refused join must not dispose it meanwhile. Once someone
    // has joined, the table closes itself when the last person is gone.
    this.autoDispose = false;
    this.deferredClock().setTimeout(() => {
      if (this.seating.people.size === 0 && this.clients.length === 0) void this.disconnect();
    }, this.config.unclaimedMs);
    const state = new BlazeState();
    for (let i = 0; i < 5; i++) state.players.push(new PlayerSlot());
    this.state = state;
    metrics.tableOpened(this);
    this.log = new GameLog(state, (line) => this.recorder.push({ t: 'log', line }));
    this.clocks = new TableClocks(this.deferredClock(), (due) => this.onClock(due));
    this.bots = new BotDriver(
      this.deferredClock(),
      Math.random,
      (action) => this.act(action, 'bot') === null,
      () => this.game,
      sharedBotPool,
    );
    const requested = tableSettings.partial().safeParse(options?.settings ?? {});
    if (!requested.success) {
      throw new ServerError(400, `Bad table settings: ${requested.error.issues[0]?.message ?? 'invalid'}`);
    }
    this.applySettings(requested.data);
    if (this.config.allowFixedDeck && Array.isArray(options?.deck)) this.fixedDeck = options.deck as string[];
    this.onMessage('*', (client, type, message) => this.onAnyMessage(client, type, message));
    if (restoreId) {
      const store = currentStore();
      const r = rebuild(store ? await store.load(restoreId) : []);
      if ('error' in r) throw new ServerError(500, `table ${restoreId} cannot be restored: ${r.error}`);
      this.restore(r);
    }
    this.recordChanges();
    this.recorder.write([], () => {});
  }

  /** The table exactly as after its last recorded entry; clocks start afresh, people get their grace. */
  private restore(r: RestoredTable): void {
    if (r.settings) this.applySettings(r.settings);
    const s = this.seating;
    if (r.seats) {
      for (const p of r.seats.people) {
        const token = HASHED + p.tokenHash;
        s.people.set(token, { token, name: p.name, seat: p.seat, sessions: new Set(), pending: 0 });
      }
      r.seats.slots.forEach((o, i) => {
        s.slots[i] =
          o === null
            ? null
            : o.kind === 'bot'
              ? { kind: 'bot', name: o.name, strength: o.strength ?? 'normal' }
              : { kind: 'person', token: HASHED + o.tokenHash };
      });
      s.host = r.seats.host === null ? null : HASHED + r.seats.host;
    }
    this.state.gameNumber = r.gameNumber;
    for (const x of r.results) this.addResult(x.game, x.names, x.keys, x.scores, x.winner);
    for (const c of r.chat) this.putChat(c.seq, c.at, c.name, c.seat, c.text);
    this.log.restore(r.log);
    if (r.game && r.options) {
      this.game = r.game;
      this.gameOptions = r.options;
      this.journal = [...r.actions];
      this.state.status = r.game.over ? 'finished' : 'playing';
      mirrorGame(this.state, r.game);
    }
    // Everyone gets the reconnection grace from now: the bot plays a seat only once it lapses.
    for (const p of s.people.values()) {
      p.pending++;
      this.deferredClock().setTimeout(() => {
        p.pending--;
        this.departed(p);
      }, this.settings.reconnectSeconds * 1000);
    }
    // Nobody came back at all: the table closes (and is not restored again).
    this.deferredClock().setTimeout(() => {
      if (this.clients.length === 0 && !this.autoDispose) void this.disconnect();
    }, this.config.unclaimedMs);
    this.log.add('restored', { value: this.state.gameNumber });
    this.refreshSeats();
    this.afterChange();
  }

  override onAuth(client: Client, options: unknown, context?: AuthContext): JoinOptions {
    const r = joinOptions.safeParse(options ?? {});
    if (!r.success) {
      const issue = r.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new ServerError(400, `Bad join options: ${where}${issue?.message ?? 'invalid'}`);
    }
    this.config.edge.identify(client, context);
    const name = normalizeName(r.data.name);
    if (name === '') throw new ServerError(400, 'Bad join options: name: Type a name.');
    const returning = r.data.seatToken !== undefined && this.seating.people.has(r.data.seatToken);
    const spectating = r.data.spectate === true || this.state.status === 'playing' || this.seating.firstFree() < 0;
    const full = this.config.edge.admit({ returning, spectating, spectators: this.state.spectators });
    if (full !== null) throw new ServerError(403, full);
    return { ...r.data, name };
  }

  override onJoin(client: Client, _options: unknown, auth: JoinOptions): void {
    if (!this.autoDispose) this.autoDispose = true;
    const firstEver = this.seating.host === null && this.seating.people.size === 0;
    // Someone restored from the record comes back with the token whose hash we kept.
    if (auth.seatToken) this.seating.rekey(HASHED + tokenHash(auth.seatToken), auth.seatToken);
    const { person, returning } = this.seating.arrive(auth.name, auth.seatToken);
    if (firstEver && auth.settings) this.applySettings(auth.settings);
    const others = [...this.seating.people.values()].filter((p) => p !== person).map((p) => p.name);
    const taken = [...others, ...this.seating.slots.map((o) => (o?.kind === 'bot' ? o.name : ''))];
    if (!returning || (this.state.status !== 'playing' && person.seat === null))
      person.name = uniqueName(auth.name, taken);
    person.sessions.add(client.sessionId);
    this.tokenOf.set(client.sessionId, person.token);
    if (this.seating.host === null) this.seating.host = person.token;
    if (person.seat === null && !auth.spectate && this.state.status !== 'playing') {
      const free = this.seating.firstFree();
      if (free >= 0) this.seating.sit(person, free);
    }
    client.view = new StateView();
    this.log.add(returning ? 'returned' : 'joined', { seat: person.seat ?? -1, text: person.name });
    this.config.edge.log.info({ table: this.roomId, seat: person.seat ?? -1, session: client.sessionId }, 'joined');
    this.refreshSeats();
    this.sendSeat(person, true);
    this.afterChange();
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    const person = this.personOf(client);
    if (!person) return;
    person.sessions.delete(client.sessionId);
    if (!consented && person.seat !== null && !this.disposed) {
      person.pending++;
      this.refreshSeats();
      this.afterChange();
      try {
        await this.allowReconnection(client, this.settings.reconnectSeconds);
        person.pending--;
        person.sessions.add(client.sessionId);
        this.log.add('returned', { seat: person.seat ?? -1, text: person.name });
        this.refreshSeats();
        this.afterChange();
        return;
      } catch {
        person.pending--;
      }
    }
    this.tokenOf.delete(client.sessionId);
    this.departed(person);
  }

  /** Everything this table queued is on record (SIGTERM waits for it). */
  flushRecord(): Promise<void> {
    return this.recorder.flush();
  }

  override onDispose(): void {
    this.disposed = true;
    metrics.tableClosed(this);
    // Gone for good (its last person left), unless the whole server is only restarting.
    if (!lifecycle.shuttingDown) void currentStore()?.closeTable(this.roomId);
    this.clocks?.clearAll();
    this.bots?.clearAll();
  }

  override onUncaughtException(error: Error, methodName: string): void {
    // A handler error must never take the process (or the table) down: log it and carry on.
    this.config.edge.log.error({ table: this.roomId, method: methodName, err: error.message }, 'handler failed');
  }

  // --- people -------------------------------------------------------------------------------

  private personOf(client: Client): Person | undefined {
    const token = this.tokenOf.get(client.sessionId);
    return token === undefined ? undefined : this.seating.people.get(token);
  }

  /** A person's last connection is gone for good (left, or the reconnection time ran out). */
  private departed(person: Person): void {
    if (person.sessions.size > 0 || person.pending > 0) return;
    this.lastSeatSent.delete(person.token);
    if (this.state.status === 'playing' && person.seat !== null) {
      // The seat stays theirs (the token takes it back); the bot plays it meanwhile.
      if (this.seating.host === person.token) this.seating.handOnHost();
      this.log.add('botTookOver', { seat: person.seat, text: person.name });
    } else {
      const seat = person.seat;
      this.seating.forget(person);
      if (seat !== null) clearPrivate(this.state.players[seat] as PlayerSlot);
      this.log.add('left', { seat: seat ?? -1, text: person.name });
    }
    this.refreshSeats();
    this.afterChange();
  }

  private sendSeat(person: Person, force = false): void {
    const msg: SeatMessage = { seatToken: person.token, seat: person.seat ?? -1, host: this.seating.isHost(person) };
    const key = `${msg.seat}:${msg.host}`;
    if (!force && this.lastSeatSent.get(person.token) === key) return;
    this.lastSeatSent.set(person.token, key);
    for (const c of this.clients) if (this.tokenOf.get(c.sessionId) === person.token) c.send('seat', msg);
  }

  /** Slots, views and counts from the seating: who sits where, who is present, who is host. */
  private refreshSeats(): void {
    const s = this.seating;
    this.state.players.forEach((slot, i) => {
      const o = s.slots[i] ?? null;
      const p = s.personAt(i);
      setField(slot, 'occupied', o !== null);
      setField(slot, 'name', s.nameAt(i));
      setField(slot, 'bot', o?.kind === 'bot');
      setField(slot, 'strength', o?.kind === 'bot' ? o.strength : '');
      setField(slot, 'connected', o?.kind === 'bot' || (p !== null && s.present(p)));
      setField(slot, 'host', p !== null && s.isHost(p));
    });
    let watching = 0;
    for (const c of this.clients) {
      const p = this.personOf(c);
      if (!p || p.seat === null) watching++;
      const view = c.view;
      if (!view) continue;
      // Each client's own view holds exactly its own slot: its hand and nobody else's (R11.2).
      this.state.players.forEach((slot, i) => {
        const mine = p?.seat === i;
        if (mine && !view.has(slot)) view.add(slot);
        if (!mine && view.has(slot)) view.remove(slot);
      });
    }
    setField(this.state, 'spectators', watching);
    for (const p of s.people.values()) this.sendSeat(p);
  }

  // --- messages -----------------------------------------------------------------------------

  private refuse(client: Client, request: string, r: Refusal): void {
    const msg: ErrorMessage = { code: r.code, message: r.message, request };
    if (r.params) msg.params = r.params;
    this.config.edge.refuse(client, this.roomId, msg);
  }

  private onAnyMessage(client: Client, type: string | number, payload: unknown): void {
    const request = String(type).slice(0, 40);
    if (!this.config.edge.allow(client, this.roomId, this.tokenOf.get(client.sessionId))) {
      this.refuse(client, request, { code: 'RATE_LIMITED', message: 'Too many messages; slow down.' });
      return;
    }
    if (!isClientMessageType(type)) {
      this.refuse(client, request, { code: 'UNKNOWN_ACTION', message: `Unknown message type ${request}.` });
      return;
    }
    if (sizeOf(payload) > this.config.maxMessageChars) {
      this.refuse(client, request, { code: 'TOO_LARGE', message: 'That message is too large.' });
      return;
    }
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) {
      this.refuse(client, request, { code: 'MALFORMED', message: parsed.message });
      return;
    }
    const person = this.personOf(client);
    if (!person) {
      this.refuse(client, request, { code: 'NOT_SEATED', message: 'Join the table first.' });
      return;
    }
    const refusal = GAME_ACTIONS.has(type)
      ? this.onGameMessage(person, type, parsed.value)
      : this.onTableMessage(person, type, parsed.value);
    if (refusal) this.refuse(client, request, refusal);
  }

  private onGameMessage(person: Person, type: ClientMessageType, m: unknown): Refusal | null {
    if (person.seat === null) return { code: 'SPECTATOR', message: 'Spectators watch; take a seat to play.' };
    if (this.state.status !== 'playing' || this.game === null) {
      return { code: 'WRONG_PHASE', message: 'No game is running.' };
    }
    const seat = person.seat;
    let action: Action;
    switch (type) {
      case 'play':
        action = { type: 'play', seat, cards: (m as ClientMessage<'play'>).cards };
        break;
      case 'reject':
        action = { type: 'reject', seat, pairs: (m as ClientMessage<'reject'>).pairs };
        break;
      case 'bet': {
        const b = m as ClientMessage<'bet'>;
        action = { type: 'bet', seat, on: b.on, value: b.value };
        break;
      }
      case 'pass':
        action = { type: 'pass', seat };
        break;
      default:
        action = { type: 'stand', seat };
    }
    return this.act(action, 'person');
  }

  private onTableMessage(person: Person, type: ClientMessageType, m: unknown): Refusal | null {
    const s = this.seating;
    if (type === 'chat') {
      const text = (m as ClientMessage<'chat'>).text;
      this.putChat(this.chatSeq + 1, Date.now(), person.name, person.seat ?? -1, text);
      const c = this.state.chat.find((x) => x.seq === this.chatSeq);
      if (c) this.recorder.push({ t: 'chat', seq: c.seq, at: c.at, name: c.name, seat: c.seat, text: c.text });
      this.recorder.write([], () => {});
      this.broadcastPatch();
      return null;
    }
    if (this.state.status === 'playing') return { code: 'GAME_RUNNING', message: 'Not while a game is running.' };
    const hostOnly = type !== 'sit' && type !== 'leave';
    if (hostOnly && !s.isHost(person)) return { code: 'NOT_HOST', message: 'Only the host may do that.' };
    let err: SeatError | null = null;
    const before = person.seat;
    switch (type) {
      case 'sit':
        err = s.sit(person, (m as ClientMessage<'sit'>).seat);
        break;
      case 'leave':
        s.stand(person);
        break;
      case 'addBot':
        err = s.addBot((m as ClientMessage<'addBot'>).seat, (m as ClientMessage<'addBot'>).strength);
        break;
      case 'botStrength':
        err = s.setBotStrength((m as ClientMessage<'botStrength'>).seat, (m as ClientMessage<'botStrength'>).strength);
        break;
      case 'removeBot':
        err = s.removeBot((m as ClientMessage<'removeBot'>).seat);
        break;
      case 'kick': {
        const slot = (m as ClientMessage<'kick'>).seat;
        const target = s.personAt(slot);
        if (s.slots[slot]?.kind === 'bot') err = s.removeBot(slot);
        else if (!target) err = { code: 'SEAT_EMPTY', message: 'Nobody sits there.' };
        else if (target === person) err = { code: 'BAD_SEAT', message: 'You cannot kick yourself; leave instead.' };
        else {
          s.stand(target);
          this.log.add('kicked', { seat: slot, text: target.name });
        }
        break;
      }
      case 'settings':
        this.applySettings(m as Partial<TableSettings>);
        break;
      case 'start':
      case 'rematch':
        return this.startGame((m as ClientMessage<'start'>).firstSeat);
    }
    if (err) return err;
    if (before !== null && before !== person.seat) clearPrivate(this.state.players[before] as PlayerSlot);
    for (let i = 0; i < 5; i++) if (s.slots[i] === null) clearPrivate(this.state.players[i] as PlayerSlot);
    this.refreshSeats();
    this.afterChange();
    return null;
  }

  private putChat(seq: number, at: number, name: string, seat: number, text: string): void {
    this.chatSeq = Math.max(this.chatSeq, seq);
    ringPut(
      this.state.chat,
      CHAT_KEEP,
      seq,
      () => new ChatLine(),
      (line) => {
        line.at = at;
        line.name = name;
        line.seat = seat;
        line.text = text;
      },
    );
  }

  private applySettings(partial: Partial<TableSettings>): void {
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

  // --- the game -----------------------------------------------------------------------------

  private startGame(firstSeat: number | undefined): Refusal | null {
    const s = this.seating;
    const n = s.occupied();
    if (n < 3) return { code: 'NOT_ENOUGH_PLAYERS', message: 'A game needs 3 to 5 players.' };
    const pick = firstSeat ?? this.settings.firstPlayer;
    if (pick >= 0 && s.slots[pick] === null)
      return { code: 'BAD_SEAT', message: 'The first player must sit at the table.' };
    for (const slot of this.state.players) clearPrivate(slot);
    const from = s.compact();
    const startSeat = pick >= 0 ? from.indexOf(pick) : undefined;
    const options: CreateOptions = { players: n as PlayerCount, seed: newSeed() };
    if (startSeat !== undefined) options.startSeat = startSeat;
    if (this.fixedDeck) options.deck = this.fixedDeck;
    let game: GameState;
    try {
      game = createGame(options);
    } catch (e) {
      return { code: 'INTERNAL', message: e instanceof Error ? e.message : 'The game could not be set up.' };
    }
    this.game = game;
    this.gameOptions = options;
    this.journal = [];
    this.attempts = [];
    this.state.status = 'playing';
    this.state.gameNumber++;
    this.recorder.push({ t: 'start', gameNumber: this.state.gameNumber, options });
    this.refreshSeats();
    this.log.add('started', { value: this.state.gameNumber, seat: game.active });
    this.config.edge.log.info({ table: this.roomId, game: this.state.gameNumber, players: n }, 'game started');
    mirrorGame(this.state, game);
    this.afterChange();
    return null;
  }

  /**
   * The one path every game action takes, from people, bots and clocks alike (R5.1: judged against
   * the state it meets, in arrival order). Returns the refusal, or null when accepted.
   */
  private act(action: Action, source: Attempt['source']): Refusal | null {
    const game = this.game;
    if (game === null || this.state.status !== 'playing')
      return { code: 'WRONG_PHASE', message: 'No game is running.' };
    if (lifecycle.draining) return { code: 'RESTARTING', message: 'The server is restarting; try again in a moment.' };
    const r = applyAction(game, action);
    this.attempts.push({ action, source, code: r.ok ? null : r.error.code });
    if (!r.ok) return r.error;
    const started = performance.now();
    metrics.actionsApplied.inc({ source });
    this.game = r.state;
    this.journal.push(action);
    // Judged now (R5.1: the next action meets this state); shown only once it is on record.
    this.recorder.write([{ t: 'action', action }], () => {
      if (this.disposed) return;
      mirrorGame(this.state, r.state);
      for (const e of r.events) this.log.addEvent(e);
      if (r.state.over) this.finishGame(r.state);
      this.afterChange();
      metrics.actionToPatch.observe((performance.now() - started) / 1000);
    });
    return null;
  }

  private finishGame(game: GameState): void {
    this.state.status = 'finished';
    const names = this.seating.slots.slice(0, game.players).map((_, i) => this.seating.nameAt(i));
    this.recordResult(game, names);
    this.config.edge.log.info(
      { table: this.roomId, game: this.state.gameNumber, seat: game.winner ?? -1 },
      'game over',
    );
    // People who left during the game give their seats back now.
    for (const p of [...this.seating.people.values()]) {
      if (p.sessions.size === 0 && p.pending === 0) {
        const seat = p.seat;
        this.seating.forget(p);
        if (seat !== null) clearPrivate(this.state.players[seat] as PlayerSlot);
      }
    }
    this.refreshSeats();
  }

  private recordResult(game: GameState, names: string[]): void {
    const keys = this.seating.slots
      .slice(0, game.players)
      .map((o) => (o === null ? '' : o.kind === 'bot' ? `bot:${o.name}` : tokenHash(o.token)));
    const n = this.state.gameNumber;
    const winner = game.winner ?? -1;
    this.addResult(n, names, keys, game.scores, winner);
    this.recorder.push({ t: 'result', game: n, names, keys, scores: [...game.scores], winner });
    if (this.gameOptions) {
      const record: GameRecord = {
        id: `${this.roomId}-${n}`,
        table: this.roomId,
        game: n,
        names,
        options: this.gameOptions,
        actions: [...this.journal],
        scores: [...game.scores],
        winner,
        finishedAt: Date.now(),
      };
      void currentStore()
        ?.saveGame(record)
        .catch((e) => console.error(`[blaze ${this.roomId}] game record failed`, e));
    }
  }

  private addResult(n: number, names: string[], keys: string[], scores: readonly number[], winner: number): void {
    const r = new GameResult();
    r.game = n;
    r.names.push(...names);
    r.scores.push(...scores);
    r.winner = winner;
    this.state.results.push(r);
    names.forEach((name, seat) => {
      const key = keys[seat] || `name:${name}`;
      let row = this.rowsByKey.get(key);
      if (!row) {
        row = new ScoreRow();
        this.rowsByKey.set(key, row);
        this.state.scoreboard.push(row);
      }
      row.name = name;
      row.games++;
      row.points += scores[seat] ?? 0;
      if (winner === seat) row.wins++;
    });
  }

  /** Seats and settings go on record when they changed; everything queued is written before the patch. */
  private recordChanges(): void {
    const s = this.seating;
    const seats: TableEntry = {
      t: 'seats',
      slots: s.slots.map((o) =>
        o === null
          ? null
          : o.kind === 'bot'
            ? o
            : { kind: 'person', tokenHash: tokenHash(o.token), name: s.people.get(o.token)?.name ?? '' },
      ),
      host: s.host === null ? null : tokenHash(s.host),
      people: [...s.people.values()].map((p) => ({ tokenHash: tokenHash(p.token), name: p.name, seat: p.seat })),
    };
    const seatsJson = JSON.stringify(seats);
    if (seatsJson !== this.recordedSeats) {
      this.recordedSeats = seatsJson;
      this.recorder.push(seats);
    }
    const settingsJson = JSON.stringify(this.settings);
    if (settingsJson !== this.recordedSettings) {
      this.recordedSettings = settingsJson;
      this.recorder.push({ t: 'settings', settings: { ...this.settings } });
    }
  }

  private onClock(due: Due): void {
    const game = this.game;
    if (game === null || game.over) return;
    let action: Action | null;
    const view = viewFor(game, due.seat);
    switch (due.kind) {
      case 'window':
        action = { type: 'closeWindow' };
        break;
      case 'target':
        action = { type: 'pass', seat: due.seat };
        break;
      case 'bet':
        action = chooseBet(view, Math.random);
        break;
      default:
        // An idle attacker stands; an idle opener has nothing to stand on, so the bot opens (R5.5).
        action = game.table.length > 0 ? { type: 'stand', seat: due.seat } : chooseFallback(view, Math.random);
    }
    // The clock's own line, before the move it makes (R5.5). The window closing is already its own
    // event ('windowClosed'), so only a person's (or a bot's) clock running out is said here.
    if (due.kind !== 'window') {
      this.log.add('timedOut', { seat: due.seat, text: due.kind, value: action?.type === 'play' ? 1 : -1 });
    }
    const refused = action === null ? { code: 'INTERNAL' } : this.act(action, 'clock');
    if (refused !== null) {
      // Never leave a table without a running clock: ask the bot, then re-arm.
      const fallback = chooseAction(this.config.botKind, view, Math.random);
      if (fallback === null || this.act(fallback, 'clock') !== null) this.afterChange();
    }
  }

  /** After anything changed: clocks and bots re-planned against the new state, deadlines shown, patch sent now. */
  private afterChange(): void {
    if (this.disposed) return;
    this.recordChanges();
    this.recorder.write([], () => {});
    // The join screen's card (GET /api/tables/:id): who hosts, who sits.
    const card = this.card.next(tableCard(this.seating, this.state.status, this.state.spectators));
    if (card) this.setMetadata({ card }).catch(() => {});
    const playing = this.state.status === 'playing' ? this.game : null;
    this.clocks.replan(playing, this.settings.windowMs, speedOf(this.config.clocks, this.settings.clock));
    this.bots.replan(
      (seat) => this.seating.botPlays(seat),
      this.settings.botDelayMs,
      (seat) => (this.seating.slots[seat]?.kind === 'bot' ? this.seating.strengthAt(seat) : this.config.botKind),
    );
    syncObjects(
      this.state.deadlines,
      this.clocks.deadlines(),
      () => new Deadline(),
      (d, x) => {
        setField(d, 'kind', x.kind);
        setField(d, 'seat', x.seat);
        setField(d, 'at', x.at);
      },
    );
    this.broadcastPatch();
  }

  /**
   * Timers for clocks and bots. Node's own timers, not the room clock: that one only advances
   * when a patch interval ticks it, and there is none (see onCreate). Each fires as a task of its
   * own; the handle is cleared by its owner, and on dispose by clearAll().
   */
  private deferredClock() {
    return {
      setTimeout: (fn: () => void, ms: number) => {
        const t = setTimeout(() => {
          if (this.disposed) return;
          // Outside Colyseus' own wrapper, so guard here: a timer error must not end the process.
          try {
            fn();
          } catch (e) {
            this.onUncaughtException(e instanceof Error ? e : new Error(String(e)), 'setTimeout');
          }
        }, ms);
        // A pending timer must not keep a closing process alive.
        t.unref();
        return { clear: () => clearTimeout(t) };
      },
    };
  }
}

function sizeOf(payload: unknown): number {
  try {
    return JSON.stringify(payload ?? null)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
