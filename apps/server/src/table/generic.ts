/**
 * The server table for a game other than Blaze: the room's parts (seats, people, chat, the record's
 * table entries) stay as they are, and this adapter runs the game on the headless loop (@blaze/game/loop) and
 * shows it on the generic wire (wire.ts). The room calls in at a few points only: its state
 * (setUpGeneric), each message (genericMessage: the game's actions, start, rematch, lobby options),
 * seat changes (genericSeats) and a restore (restoreGeneric). A table's adapter is kept here, by
 * room, so the room class holds no field of it.
 */

import type { ActionBase, AnyGameModule, EventBase, Outcome } from '@blaze/game';
import { type SeatPlayer, type Source, TableLoop } from '@blaze/game/loop';
import type { WireDeadline } from '@blaze/protocol';
import type { Client } from '@colyseus/core';
import { genericModule, type TableGame } from '../games.js';
import { newSeed } from '../ids.js';
import * as metrics from '../metrics.js';
import { speedOf } from '../room/clocks.js';
import type { Refusal } from '../room/config.js';
import type { TableHost } from '../room/host.js';
import { setField } from '../room/sync.js';
import { timers } from '../room/timers.js';
import { lifecycle } from '../store/current.js';
import { tokenHash } from '../store/record.js';
import type { TableEntry } from '../store/types.js';
import { afterGame, giveUpStart, saveGenericRecord, showStarting } from './afterGame.js';
import { shownDeadlines } from './clocksWire.js';
import { type LobbyOptions, lobbyOptions } from './lobby.js';
import { pooledThink } from './pooledThink.js';
import { sendPrivateEvents } from './privateEvents.js';
import { clearPrivateParts, GameTableState, initWire, JSON_CODEC, publishViews, syncViews } from './wire.js';

/** What the generic table needs of its room. */
export type GenericHost = Pick<
  TableHost,
  | 'afterChange'
  | 'broadcastPatch'
  | 'clients'
  | 'config'
  | 'disposed'
  | 'kind'
  | 'log'
  | 'onUncaughtException'
  | 'personOf'
  | 'recorder'
  | 'refreshSeats'
  | 'results'
  | 'roomId'
  | 'seating'
  | 'settings'
  | 'starting'
  | 'state'
  | 'tokenOf'
>;

interface GenericTable {
  entry: TableGame;
  module: AnyGameModule;
  lobby: LobbyOptions;
  loop: TableLoop | null;
  /** The seats (their occupants) of the last game: a rematch by the same people may take nextOptions. */
  seatsOfGame: string;
  /** A move recorded inside the loop's act: the table's afterChange waits for the loop's new timers. */
  pending: 'table' | 'move' | null;
}

const tables = new WeakMap<object, GenericTable>();

/** A log line's fields as the game words them on the wire. */
function logFieldsOf<F extends { text?: string }>(entry: TableGame, type: string, fields: F): F {
  return entry.logFields ? entry.logFields(type, fields) : fields;
}

/** The room's generic game, if it plays one. */
export function genericOf(room: object): GenericTable | undefined {
  return tables.get(room);
}

/** A generic game's table state (the table's fields and the wire), its lobby options remembered. */
export function setUpGeneric(room: object, entry: TableGame, lobby: LobbyOptions): GameTableState {
  const module = genericModule(entry);
  tables.set(room, { entry, module, lobby, loop: null, seatsOfGame: '', pending: null });
  const state = new GameTableState();
  initWire(state.wire, module.id, module.seats.max);
  state.wire.options = JSON.stringify(lobby);
  return state;
}

function wireOf(room: GenericHost): GameTableState['wire'] {
  return (room.state as GameTableState).wire;
}

const GAME_REQUESTS = new Set(['start', 'rematch', 'options']);

/**
 * A message of a generic table's game (its action types, start, rematch, lobby options): handled,
 * refusals told to the sender, and true; false for anything else (the room's own path takes it).
 */
export function genericMessage(room: GenericHost, client: Client, type: string | number, payload: unknown): boolean {
  const g = tables.get(room);
  if (!g) return false;
  const t = String(type);
  const isAction = g.module.actionTypes.player.includes(t);
  if (!isAction && !GAME_REQUESTS.has(t)) return false;
  const r = answer(room, g, client, t, isAction, payload);
  if (r) {
    const msg = { code: r.code, message: r.message, request: t, ...(r.params ? { params: r.params } : {}) };
    room.config.edge.refuse(client, room.roomId, msg);
  }
  return true;
}

function answer(
  room: GenericHost,
  g: GenericTable,
  client: Client,
  type: string,
  isAction: boolean,
  payload: unknown,
): Refusal | null {
  const body = payload ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return { code: 'MALFORMED', message: 'A message is an object.' };
  if (sizeOf(body) > room.config.maxMessageChars) return { code: 'TOO_LARGE', message: 'That message is too large.' };
  const person = room.personOf(client);
  if (!person) return { code: 'NOT_SEATED', message: 'Join the table first.' };
  if (isAction) {
    if (person.seat === null) return { code: 'SPECTATOR', message: 'Spectators watch; take a seat to play.' };
    if (room.state.status !== 'playing' || !g.loop) return { code: 'WRONG_PHASE', message: 'No game is running.' };
    if (lifecycle.draining) return { code: 'RESTARTING', message: 'The server is restarting; try again in a moment.' };
    // The message is the action less its seat: the seat is the one the table knows for this person.
    return g.loop.message({ ...body, type }, person.seat);
  }
  if (room.state.status === 'playing') return { code: 'GAME_RUNNING', message: 'Not while a game is running.' };
  if (room.starting) return { code: 'STARTING', message: 'The game is starting; wait a moment.' };
  if (!room.seating.isHost(person)) return { code: 'NOT_HOST', message: 'Only the host may do that.' };
  if (type === 'options') {
    const next = lobbyOptions(g.module, { ...g.lobby, ...(body as Record<string, unknown>) });
    if (!next.ok) return { code: 'BAD_OPTIONS', message: next.message };
    g.lobby = next.value;
    wireOf(room).options = JSON.stringify(g.lobby);
    room.log.add('options', { text: JSON.stringify(g.lobby) });
    room.afterChange();
    return null;
  }
  return start(room, g, type === 'rematch', { token: person.token, request: type });
}

/** Bots fill the seats the lobby asked for, the seats close up, the game is written, then shown. */
function start(
  room: GenericHost,
  g: GenericTable,
  rematch: boolean,
  asker?: { token: string; request: string },
): Refusal | null {
  const s = room.seating;
  const { min, max } = g.module.seats;
  for (let i = 0; i < s.seats && s.occupied() < g.lobby.players; i++) {
    if (s.slots[i] === null)
      s.addBot(
        i,
        'normal',
        room.state.scoreboard.map((row) => row.name),
      );
  }
  const n = s.occupied();
  if (n < min || n > max) return { code: 'NOT_ENOUGH_PLAYERS', message: `A game needs ${min} to ${max} players.` };
  s.compact();
  room.refreshSeats();
  // The closed-up seats go on record (afterChange records seat changes) before the start.
  room.afterChange();
  const seatsNow = JSON.stringify(s.slots);
  const lobby = lobbyOptions(g.module, { ...g.lobby, players: n });
  if (!lobby.ok) return { code: 'BAD_OPTIONS', message: lobby.message };
  let options: Record<string, unknown> = lobby.value;
  const last = g.loop;
  if (rematch && last?.outcome().over && g.seatsOfGame === seatsNow && g.entry.nextOptions) {
    const next = lobbyOptions(g.module, g.entry.nextOptions(last.state, options));
    if (next.ok) options = next.value;
  }
  const seed = newSeed();
  const gameNumber = room.state.gameNumber + 1;
  const line = room.log.prepare('started', { value: gameNumber });
  // The seed rides in the start's options, as Blaze's does: the record replays from it.
  const entries = [
    { t: 'start', gameNumber, options: { ...options, seed } },
    { t: 'log', line },
  ];
  let unrecorded = false;
  let undo: TableEntry[] = [];
  // Until the store has the start (a writer thread, Redis), nothing else may start or change seats.
  room.starting = true;
  room.recorder.write(
    entries as TableEntry[],
    () => {
      room.starting = false;
      setField(room.state, 'starting', false);
      if (room.disposed) return;
      g.seatsOfGame = seatsNow;
      begin(room, g, options, seed, gameNumber);
      room.log.show(line);
      room.config.edge.log.info({ table: room.roomId, game: gameNumber, players: n }, 'game started');
      room.afterChange();
    },
    () => {
      room.starting = false;
      unrecorded = true;
      room.log.discard([line]);
    },
    {
      // As Blaze's (gameFlow.startGame): a store that stays away does not hold the lobby at starting.
      ms: room.config.startWaitMs,
      gaveUp: () => {
        undo = [{ t: 'withdrawn', gameNumber, line: line.seq } as TableEntry];
        giveUpStart(room, line, gameNumber, asker);
      },
      undo: () => undo,
    },
  );
  if (room.starting && !room.disposed) showStarting(room);
  return unrecorded
    ? { code: 'NOT_RECORDED', message: 'It could not be recorded, so it did not happen; try again.' }
    : null;
}

/** A game on the loop: a new one, or a restored one (its replayed state and journal). */
function begin(
  room: GenericHost,
  g: GenericTable,
  options: Record<string, unknown>,
  seed: string,
  gameNumber: number,
  replayed?: { state: unknown; journal: readonly EventBase[] },
): void {
  g.loop?.stop();
  clearPrivateParts(wireOf(room));
  const loop = new TableLoop(
    g.module,
    options,
    seed,
    hooksOf(room, g),
    loopConfig(room, g.entry.clockRatios),
    timers(room),
    Math.random,
    replayed as never,
  );
  g.loop = loop;
  const over = loop.outcome().over;
  room.state.status = over ? 'finished' : 'playing';
  room.state.gameNumber = gameNumber;
  publish(room, g, loop.state);
  if (!over) loop.plan();
  room.refreshSeats();
}

/**
 * DT4's clocks in its ratios (open 30, continue 20, defend 30, ambush 15) at the table's speed, or
 * the game's own ratios (games.ts: Bla5t's XT4).
 */
function loopConfig(room: GenericHost, ratios?: Readonly<Record<string, number>>) {
  // null: an untimed table (the host's choice), where nobody's clock runs.
  const base = speedOf(room.config.clocks, room.settings.clock)?.attackerMs ?? null;
  const RATIO: Readonly<Record<string, number>> = ratios ?? { open: 1, defend: 1, continue: 2 / 3, ambush: 1 / 2 };
  return {
    clockMs: (role: string) => (base === null ? null : Math.round(base * (RATIO[role] ?? 1))),
    botDelayMs: room.settings.botDelayMs,
    autoDelayMs: room.config.autoDelayMs ?? ([500, 1_500] as const),
  };
}

function hooksOf(room: GenericHost, g: GenericTable) {
  return {
    player: (seat: number): SeatPlayer => {
      if (!room.seating.botPlays(seat)) return { kind: 'person' };
      const o = room.seating.slots[seat];
      return { kind: 'bot', strength: o?.kind === 'bot' ? o.strength : (g.module.bots.strengths.at(-1) ?? '') };
    },
    accept: (action: ActionBase, next: unknown, events: readonly EventBase[], source: Source): boolean => {
      // Each event as nobody in particular sees it: the log never carries a secret.
      const lines = events
        .map((e) => g.module.redact(e, null) as EventBase | null)
        .filter((e): e is EventBase => e !== null)
        .map((e) => room.log.prepare(e.type, logFieldsOf(g.entry, e.type, g.module.log.fields(e))));
      const entries = [{ t: 'action', action }, ...lines.map((line) => ({ t: 'log', line }))];
      let unrecorded = false;
      let answered = false;
      let inside = true;
      const loop = g.loop;
      room.recorder.write(
        entries as TableEntry[],
        () => {
          answered = true;
          metrics.actionsApplied.inc({ source: source === 'auto' ? 'clock' : source });
          if (room.disposed) return;
          for (const line of lines) room.log.show(line);
          sendPrivateEvents(room, g.module, g.entry.privateEvents, events);
          const over = g.module.outcome(next).over;
          publish(room, g, next);
          if (over) finish(room, g, g.module.outcome(next), action);
          // Answered inside the loop's act: its timers for the next due seat are planned after this,
          // and the deadlines shown are theirs (changed, below), in the same patch.
          if (inside) g.pending = over ? 'table' : 'move';
          else room.afterChange(over ? 'table' : 'move');
        },
        () => {
          unrecorded = true;
          room.log.discard(lines);
          // Refused later (a writer thread, Redis): the game goes back to before it, as Blaze's does.
          if (answered || !loop || loop !== g.loop) return;
          answered = true;
          loop.revert(action);
        },
      );
      inside = false;
      return !unrecorded;
    },
    changed: () => {
      const what = g.pending;
      g.pending = null;
      if (what) room.afterChange(what);
    },
    fault: (e: unknown) => room.onUncaughtException(e instanceof Error ? e : new Error(String(e)), 'tableLoop'),
    think: (_seat: number, strength: string, view: unknown, stale: () => boolean, memory?: unknown) =>
      pooledThink(g.entry.pooledSearch, strength, view, stale, memory),
  };
}

function publish(room: GenericHost, g: GenericTable, state: unknown): void {
  const players = g.module.options.players((g.loop?.options ?? g.lobby) as never);
  publishViews(wireOf(room), (viewer) => g.module.view(state, viewer), players, g.entry.codec ?? JSON_CODEC);
}

/**
 * The deadlines a generic table shows (clocksWire.ts), or null for a room without a generic game
 * (Blaze's clocks show theirs).
 */
export function genericDeadlines(room: GenericHost): WireDeadline[] | null {
  const g = tables.get(room);
  if (!g) return null;
  const loop = g.loop;
  if (!loop || room.state.status !== 'playing') return [];
  const role = g.entry.publicRole;
  const publicRole = role ? () => role(g.module.view(loop.state, null)) : undefined;
  return shownDeadlines(loop.deadlines(), loopConfig(room).clockMs, publicRole);
}

/**
 * The game's end on the evening's scoreboard and the record: a game that names losers (Durak) scores
 * 1 per loss, so a row's points are its running tally of losses; `winner` is the one winner if the
 * game names exactly one, else -1.
 */
function finish(room: GenericHost, g: GenericTable, o: Outcome, last: ActionBase): void {
  room.state.status = 'finished';
  const players = o.ranks.reduce((n, group) => n + group.length, 0);
  const slots = room.seating.slots.slice(0, players);
  const names = slots.map((_, seat) => room.seating.nameAt(seat));
  const keys = slots.map((x) => (x === null ? '' : x.kind === 'bot' ? `bot:${x.name}` : tokenHash(x.token)));
  const scores = slots.map((_, seat) => (o.losers.includes(seat) ? 1 : 0));
  const winner = o.winners.length === 1 ? (o.winners[0] as number) : -1;
  const n = room.state.gameNumber;
  room.results.add(n, names, keys, scores, winner);
  room.recorder.push({ t: 'result', game: n, names, keys, scores, winner });
  const loop = g.loop;
  // The last action joins the journal after this when the store answered at once (the loop's act).
  const actions = loop ? (loop.journal.at(-1) === last ? [...loop.journal] : [...loop.journal, last]) : [];
  if (loop)
    saveGenericRecord(room, {
      options: { ...(loop.options as object), seed: loop.seed },
      actions,
      names,
      scores,
      winner,
    });
  room.config.edge.log.info(
    { table: room.roomId, game: room.state.gameNumber, losers: o.losers.join(',') },
    'game over',
  );
  afterGame(room);
}

/**
 * After seats changed: each client sees its own seat's private part only. Between games, a seat
 * whose occupant changed has its part cleared (the last game's hand is not the next sitter's).
 */
export function genericSeats(room: GenericHost): void {
  const g = tables.get(room);
  if (!g) return;
  const w = wireOf(room);
  if (room.state.status !== 'playing' && JSON.stringify(room.seating.slots) !== g.seatsOfGame) clearPrivateParts(w);
  // A person who dropped is now played by the stand-in bot (or is back): the loop's timers follow.
  if (room.state.status === 'playing') g.loop?.plan();
  syncViews(w, room.clients, (i) => {
    const c = room.clients[i];
    return c ? (room.personOf(c)?.seat ?? null) : null;
  });
}

/** A restored table's game: replayed from its record (store/record.ts), shown, its timers planned. */
export function restoreGeneric(
  room: GenericHost,
  r: { gameNumber: number; options: Record<string, unknown>; actions: readonly unknown[]; state: unknown },
): void {
  const g = tables.get(room);
  if (!g) return;
  const { seed, ...options } = r.options;
  g.seatsOfGame = JSON.stringify(room.seating.slots);
  begin(room, g, options, String(seed), r.gameNumber, {
    state: r.state,
    journal: r.actions as EventBase[],
  });
}

/** The loop's game, for tests and the record's checks. */
export function genericGame(room: object): { state: unknown; journal: readonly unknown[]; seed: string } | null {
  const loop = tables.get(room)?.loop;
  return loop ? { state: loop.state, journal: loop.journal, seed: loop.seed } : null;
}

/** Stops a closing table's game timers. */
export function stopGeneric(room: object): void {
  tables.get(room)?.loop?.stop();
}

function sizeOf(payload: unknown): number {
  try {
    return JSON.stringify(payload ?? null)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
