/**
 * A table's life around the game: set up (new, or restored from its record under its old id),
 * closed when unclaimed, and disposed; its seats and settings go on record as they change
 * (tableRecord.ts). Timers live here too: Node's own, owned by the table, cleared when it goes.
 */
import { tableSettings } from '@blaze/protocol';
import { BlazeState, PlayerSlot } from '@blaze/protocol/schema';
import { ServerError } from '@colyseus/core';
import { genericModule, isBlaze, tableGame } from '../games.js';
import { newTableId } from '../ids.js';
import * as metrics from '../metrics.js';
import { closeOnRecord } from '../store/closing.js';
import { currentStore, lifecycle, restoring } from '../store/current.js';
import { storeFaults } from '../store/faults.js';
import { currentKind, DEFAULT_GAME } from '../store/gameKinds.js';
import {
  HASHED,
  Recorder,
  type RestoredTable,
  rebuild,
  UNKNOWN_RECORD,
  UNKNOWN_RESTORE,
  UNREPLAYABLE,
} from '../store/record.js';
import { restoreGeneric, setUpGeneric } from '../table/generic.js';
import { splitSettings } from '../table/lobby.js';
import { Chat } from './chat.js';
import { DEFAULT_ROOM_CONFIG, type RoomConfig } from './config.js';
import { type GameFlowHost, newBlazeLoop } from './gameFlow.js';
import type { TableHost } from './host.js';
import { GameLog } from './log.js';
import { mirrorGame } from './mirror.js';
import { moveIn } from './movedIn.js';
import { recordedGames, recordResult, saveMissingGames } from './results.js';
import { Results } from './scoreboard.js';
import { Seating } from './seating.js';
import { setField } from './sync.js';
import { type RecordHost, recordChanges } from './tableRecord.js';
import { type TimerHost, timers } from './timers.js';
import { type GraceHost, graceSeconds } from './unclaimed.js';

/** What a table's set-up, restore and end need of it: most of it (the one part that builds the table). */
export type LifeHost = Pick<
  TableHost,
  | 'afterChange'
  | 'applySettings'
  | 'autoDispose'
  | 'blaze'
  | 'broadcastPatch'
  | 'chat'
  | 'clients'
  | 'config'
  | 'departed'
  | 'disconnect'
  | 'disposed'
  | 'fixedDeck'
  | 'game'
  | 'gameOptions'
  | 'journal'
  | 'kind'
  | 'log'
  | 'maxClients'
  | 'module'
  | 'patchRate'
  | 'personOf'
  | 'recorder'
  | 'refreshSeats'
  | 'restoredGrace'
  | 'results'
  | 'roomId'
  | 'seating'
  | 'starting'
  | 'state'
> &
  GameFlowHost &
  RecordHost &
  TimerHost &
  GraceHost;

/**
 * Everything a new table needs before anyone joins. Answers the id to restore (only ids this
 * process is restoring may be taken again: a client cannot ask for one), or null for a new table.
 */
export function setUpTable(room: LifeHost, options: Record<string, unknown>): string | null {
  const restoreId = typeof options?.restore === 'string' && restoring.has(options.restore) ? options.restore : null;
  room.roomId = restoreId ?? newTableId();
  // The room is defined per game (app.ts), so `game` is the definition's; a new table gets that game's
  // current rules, a restored one its record's version (openTable).
  const game = typeof options?.game === 'string' ? options.game : DEFAULT_GAME;
  const entry = tableGame(game);
  const kind = currentKind(game);
  if (!entry || !kind) throw new ServerError(400, `UNKNOWN_GAME: no such game ${JSON.stringify(options?.game)}`);
  room.module = entry.module;
  if (!restoreId) room.kind = kind;
  room.seating = new Seating(room.module.seats.max);
  room.config = { ...DEFAULT_ROOM_CONFIG, ...((options?.server as Partial<RoomConfig>) ?? {}) };
  room.recorder = new Recorder(currentStore(), room.roomId, {
    noticeMs: room.config.saveNoticeMs,
    delayed: (on) => {
      if (room.disposed) return;
      setField(room.state, 'savingDelayed', on);
      room.config.edge.log.warn({ table: room.roomId, delayed: on }, on ? 'saving delayed' : 'saving again');
      room.broadcastPatch();
    },
  });
  // No patch interval: afterChange() patches the moment something changed, so an idle table
  // costs nothing (500 idle tables were 10,000 empty patch ticks a second).
  room.patchRate = 0;
  room.maxClients = room.config.edge.maxClientsPerTable(room.module.seats.max);
  // A new table waits for its creator; a refused join must not dispose it meanwhile. Once someone
  // has joined, the table closes itself when the last person is gone.
  room.autoDispose = false;
  timers(room).setTimeout(() => {
    if (room.seating.people.size === 0 && room.clients.length === 0) void room.disconnect();
  }, room.config.unclaimedMs);
  // A game other than Blaze: its lobby options apart from the table's settings, its wire in the state.
  const split = splitSettings(isBlaze(entry.module) ? null : genericModule(entry), options?.settings ?? {});
  if (!split.ok) throw new ServerError(400, `Bad table settings: ${split.message}`);
  const state = split.game ? setUpGeneric(room, entry, split.game) : new BlazeState();
  for (let i = 0; i < room.module.seats.max; i++) state.players.push(new PlayerSlot());
  room.state = state;
  room.chat = new Chat(state);
  room.results = new Results(state, () => room.kind.game);
  metrics.tableOpened(room);
  room.log = new GameLog(state, (line) => room.recorder.push({ t: 'log', line }));
  const requested = tableSettings.partial().safeParse(split.table);
  if (!requested.success) {
    throw new ServerError(400, `Bad table settings: ${requested.error.issues[0]?.message ?? 'invalid'}`);
  }
  room.applySettings(requested.data);
  if (room.config.allowFixedDeck && Array.isArray(options?.deck)) room.fixedDeck = options.deck as string[];
  return restoreId;
}

/** Restores the table from its record (if it is one being restored), then puts its start on record. */
/** `moved`: the create options of a table another one moved to (movedIn.ts). */
export async function openTable(room: LifeHost, restoreId: string | null, moved?: unknown): Promise<void> {
  if (restoreId) {
    const store = currentStore();
    const entries = store ? await store.load(restoreId) : [];
    const r = rebuild(entries);
    if ('error' in r) {
      const why = `table ${restoreId} cannot be restored: ${r.error}`;
      if (!r.unknown) throw new ServerError(UNREPLAYABLE, why);
      // Said here, where what it names is known; the restore (store/open.ts) then keeps the record as it is.
      const { game, rulesVersion, entry } = r.unknown;
      storeFaults
        .logger()
        .error({ table: restoreId, game, rulesVersion, ...(entry === undefined ? {} : { entry }) }, UNKNOWN_RESTORE);
      throw new ServerError(UNKNOWN_RECORD, why);
    }
    if (r.kind.game !== room.module.id) {
      // Restored under another game's room (restoreTables and adoption name the default game's), its
      // seats and rules would be that game's: kept on record, as a record this build does not know.
      storeFaults
        .logger()
        .error({ table: restoreId, game: r.kind.game, rulesVersion: r.kind.rulesVersion }, UNKNOWN_RESTORE);
      throw new ServerError(UNKNOWN_RECORD, `table ${restoreId} holds ${r.kind.game}, not ${room.module.id}`);
    }
    room.recorder.resume(entries.length);
    restore(room, r);
    // A finished game whose public record was never saved (a kill between the two writes) gets it now.
    if (store) void saveMissingGames(store, recordedGames(room.roomId, r));
  } else {
    // The record names its game before anything else.
    room.recorder.push({ t: 'game', game: room.kind.game, rulesVersion: room.kind.rulesVersion });
    moveIn(room, moved);
  }
  recordChanges(room);
  room.recorder.write([], () => {});
}

/** The table exactly as after its last recorded entry; clocks start afresh, people get their grace. */
function restore(room: LifeHost, r: RestoredTable): void {
  room.kind = r.kind;
  if (r.settings) room.applySettings(r.settings);
  const s = room.seating;
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
  room.state.gameNumber = r.gameNumber;
  room.results.carry(r.carried);
  for (const x of r.results) room.results.add(x.game, x.names, x.keys, x.scores, x.winner);
  for (const c of r.chat) room.chat.put(c.seq, c.at, c.name, c.seat, c.text);
  room.log.restore(r.log);
  if (r.generic && r.options) {
    restoreGeneric(room, {
      gameNumber: r.gameNumber,
      options: { ...r.options },
      actions: r.actions,
      state: r.generic.state,
    });
  } else if (r.game && r.options) {
    room.blaze = newBlazeLoop(room, r.game, r.options, r.actions);
    room.gameOptions = r.options;
    room.state.status = r.game.over ? 'finished' : 'playing';
    mirrorGame(room.state, r.game);
    // Its last action is on record but not its result (the process stopped between the two writes):
    // the game's end is recorded now, as it would have been then, its public record with it.
    if (r.game.over && !r.results.some((x) => x.game === r.gameNumber)) {
      recordResult(room, r.game, r.games.at(-1)?.lastAt || Date.now());
    }
  }
  // Everyone gets the reconnection grace from now: the bot plays a seat only once it lapses.
  const graceMs = graceSeconds(room) * 1000;
  room.restoredGrace = true;
  for (const p of s.people.values()) {
    p.pending++;
    timers(room).setTimeout(() => {
      p.pending--;
      room.departed(p);
    }, graceMs);
  }
  // Then the table closes when its last person is gone, as any other (people.ts' arrive).
  timers(room).setTimeout(() => {
    room.restoredGrace = false;
    if (room.clients.length > 0) room.autoDispose = true;
  }, graceMs);
  // Nobody came back at all: the table closes (and is not restored again).
  timers(room).setTimeout(
    () => {
      if (room.clients.length === 0 && !room.autoDispose) void room.disconnect();
    },
    Math.max(room.config.unclaimedMs, graceMs),
  );
  room.log.add('restored', { value: room.state.gameNumber });
  room.refreshSeats();
  room.afterChange();
}

/**
 * A table whose creation failed (bad options, a record that could not be read or replayed): Colyseus
 * never lists it, so never disposes it. It leaves the metrics and its timers stop; its record, if
 * it has one, is the restore's to keep or give up (store/open.ts).
 */
export function abandonTable(room: LifeHost): void {
  room.disposed = true;
  metrics.tableClosed(room);
  room.blaze?.stop();
}

export function disposeTable(room: LifeHost): void {
  room.disposed = true;
  // A start still waiting for its record is not shown now (its callback finds the table disposed).
  room.starting = false;
  metrics.tableClosed(room);
  // Gone for good (its last person left), unless the whole server is only restarting.
  if (!lifecycle.shuttingDown) {
    const store = currentStore();
    // Never throws: a store that cannot write now (the disk full) is asked again until it can.
    if (store) void closeOnRecord(store, room.roomId);
    room.recorder.stop();
  }
  room.blaze?.stop();
}
