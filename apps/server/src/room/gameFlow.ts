/**
 * The game itself: start, a person's action, and the end. The rules judge; the table's loop
 * (blazeLoop.ts) runs the clocks, the bots and the timeouts and writes every action before it is
 * shown; this starts and ends games.
 */
import type { ErrorMessage } from '@blaze/protocol';
import type { PlayerSlot } from '@blaze/protocol/schema';
import type { Action, CreateOptions, GameState, PlayerCount } from '@blaze/rules';
import { createGame } from '@blaze/rules';
import { newSeed } from '../ids.js';
import * as metrics from '../metrics.js';
import { lifecycle } from '../store/current.js';
import type { StoredLog, TableEntry } from '../store/types.js';
import { type BlazeLoop, blazeLoop } from './blazeLoop.js';
import type { Attempt, Refusal } from './config.js';
import type { TableHost } from './host.js';
import { clearPrivate, mirrorGame } from './mirror.js';
import { type ResultHost, recordResult } from './results.js';
import { setField } from './sync.js';
import { type RecordHost, seatsChange, seatsEntry } from './tableRecord.js';

/** What the game's flow needs of the table. */
export type GameFlowHost = Pick<
  TableHost,
  | 'afterChange'
  | 'attempts'
  | 'blaze'
  | 'broadcastPatch'
  | 'clients'
  | 'config'
  | 'disposed'
  | 'fixedDeck'
  | 'game'
  | 'gameOptions'
  | 'log'
  | 'module'
  | 'publishCard'
  | 'recorded'
  | 'refreshSeats'
  | 'roomId'
  | 'seating'
  | 'settings'
  | 'starting'
  | 'state'
  | 'tokenOf'
  | 'onUncaughtException'
> &
  ResultHost &
  RecordHost;

/**
 * Start (or rematch): the game is set up and written first (its seats, its start, its log line, one
 * write), and shown only once the record has it, as a move is. Inline SQLite answers at once (and
 * may refuse: the host is told NOT_RECORDED); the writer thread and Redis answer later, and until
 * then the table is held (room.starting): the seats, settings and a second start wait (STARTING),
 * and people coming and going meanwhile are seated as in a game (people.ts), so what is shown at
 * last is exactly what was recorded. A kill meanwhile brings the table back in its lobby, as shown.
 *
 * One window is accepted: a start given up whose write lands after all is withdrawn by a second
 * write, sent the moment the store answers the first; a kill between the two (one store round trip,
 * and only when the store came back after the give-up) brings the table back with that game just
 * started, no move made. It cannot be closed from here: the give-up happens because the store does
 * not answer, so nothing saying so can reach the record before the start does. The game is one its
 * host asked for, and a table restored mid-game is what any kill looks like.
 */
export function startGame(
  room: GameFlowHost,
  firstSeat: number | undefined,
  /** Who asked, and with which message: told if the start is given up later. */
  asker?: { token: string; request: string },
): Refusal | null {
  if (room.starting) return STARTING;
  const s = room.seating;
  const n = s.occupied();
  const { min, max } = room.module.seats;
  if (n < min) return { code: 'NOT_ENOUGH_PLAYERS', message: `A game needs ${min} to ${max} players.` };
  const pick = firstSeat ?? room.settings.firstPlayer;
  if (pick >= 0 && s.slots[pick] === null)
    return { code: 'BAD_SEAT', message: 'The first player must sit at the table.' };
  const slotsBefore = [...s.slots];
  const from = s.compact();
  const startSeat = pick >= 0 ? from.indexOf(pick) : undefined;
  const options: CreateOptions = { players: n as PlayerCount, seed: newSeed() };
  if (startSeat !== undefined) options.startSeat = startSeat;
  if (room.fixedDeck) options.deck = room.fixedDeck;
  let game: GameState;
  try {
    game = createGame(options);
  } catch (e) {
    s.putBack(slotsBefore);
    return { code: 'INTERNAL', message: e instanceof Error ? e.message : 'The game could not be set up.' };
  }
  const gameNumber = room.state.gameNumber + 1;
  const line = room.log.prepare('started', { value: gameNumber, seat: game.active });
  // The closed-up seats go on record with the start; the table keeps showing the seats it has until
  // then (a kill now restores those), and they close up again, the same way, once it is recorded.
  const seats = seatsChange(room);
  s.putBack(slotsBefore);
  const entries: TableEntry[] = seats ? [seats.entry] : [];
  entries.push({ t: 'start', gameNumber, options }, { t: 'log', line });
  let unrecorded = false;
  /** What puts the record back as the table went back, should the start land after it was given up. */
  let undo: TableEntry[] = [];
  room.starting = true;
  room.recorder.write(
    entries,
    () => {
      room.starting = false;
      // Cleared in the same patch that shows the game (afterChange below).
      setField(room.state, 'starting', false);
      if (room.disposed) return;
      // Nothing moved a seat meanwhile (the hold), so this closes them up exactly as recorded.
      s.compact();
      if (seats) room.recorded.seats = seats.signature;
      for (const slot of room.state.players) clearPrivate(slot);
      room.blaze?.stop();
      room.blaze = newBlazeLoop(room, game, options);
      room.gameOptions = options;
      room.attempts = [];
      room.state.status = 'playing';
      room.state.gameNumber = gameNumber;
      room.refreshSeats();
      room.log.show(line);
      room.config.edge.log.info({ table: room.roomId, game: gameNumber, players: n }, 'game started');
      mirrorGame(room.state, game);
      room.afterChange();
    },
    () => {
      // Nothing was shown: the table stays as it was (in its lobby, or showing the game that ended).
      unrecorded = true;
      backToWhereItWas(room, line);
    },
    {
      // A store that stays away must not hold the lobby at "starting": given up, the host told why.
      ms: room.config.startWaitMs,
      gaveUp: () => {
        metrics.startsGivenUp.inc();
        room.config.edge.log.warn(
          { table: room.roomId, game: gameNumber },
          'start given up: the record store did not save it in time',
        );
        backToWhereItWas(room, line);
        undo = [{ t: 'withdrawn', gameNumber, line: line.seq }, seatsEntry(room)];
        if (room.disposed) return;
        room.afterChange();
        if (!asker) return;
        // Not a refusal of the edge's (no strike): the server's own store let them down.
        metrics.refusals.inc({ code: NOT_RECORDED.code });
        const told: ErrorMessage = { ...NOT_RECORDED, request: asker.request };
        for (const c of room.clients) if (room.tokenOf.get(c.sessionId) === asker.token) c.send('error', told);
      },
      // Written only if the write under way lands after all: the record goes back to the lobby shown.
      undo: () => undo,
    },
  );
  // Still waiting (the writer thread, Redis): every client is told, so the lobby shows the wait and
  // holds its controls. An inline write has answered by now, so it sends nothing.
  // The join card says so too: someone joining to sit would watch (people.ts).
  if (room.starting && !room.disposed) {
    setField(room.state, 'starting', true);
    room.publishCard();
    room.broadcastPatch();
  }
  return unrecorded ? NOT_RECORDED : null;
}

/** A start that did not happen: the hold ends and the table is as it was, its line never shown. */
function backToWhereItWas(room: GameFlowHost, line: StoredLog): void {
  room.starting = false;
  setField(room.state, 'starting', false);
  room.log.discard([line]);
  if (room.disposed) return;
  // Someone who left while it waited kept their seat for a game that is not coming: it is free again.
  releaseDeparted(room);
  // A join card saying the game starts goes back to the lobby (unchanged when it never said so).
  room.publishCard();
}

/**
 * A person's action (R5.1: judged against the state it meets, in arrival order), on the path bots and
 * clocks take too (the table's loop). Returns the refusal, or null when accepted.
 */
export function act(room: GameFlowHost, action: Action, source: Attempt['source']): Refusal | null {
  const loop = room.blaze;
  if (loop === null || room.state.status !== 'playing') return { code: 'WRONG_PHASE', message: 'No game is running.' };
  if (lifecycle.draining) return { code: 'RESTARTING', message: 'The server is restarting; try again in a moment.' };
  const refused = loop.act(action, source);
  // An accepted action (or one not on record) is counted where it is written (blazeLoop.ts).
  if (refused !== null && refused.code !== NOT_RECORDED.code)
    room.attempts.push({ action, source, code: refused.code });
  return refused;
}

/** A game of Blaze on the table's loop: a new one, or a restored one with its journal. */
export function newBlazeLoop(
  room: GameFlowHost,
  game: GameState,
  options: CreateOptions,
  journal: readonly Action[] = [],
): BlazeLoop {
  return blazeLoop(room, game, options, (over) => finishGame(room, over), journal);
}

/** A start waits for its record: nothing it did not account for (seats, settings, another start) may slip in. */
export const STARTING: Refusal = {
  code: 'STARTING',
  message: 'The game is starting; wait a moment.',
};

/** The answer when the record could not be written: what is not on record did not happen. */
export const NOT_RECORDED: Refusal = {
  code: 'NOT_RECORDED',
  message: 'It could not be recorded, so it did not happen; try again.',
};

function finishGame(room: GameFlowHost, game: GameState): void {
  room.state.status = 'finished';
  recordResult(room, game);
  room.config.edge.log.info({ table: room.roomId, game: room.state.gameNumber, seat: game.winner ?? -1 }, 'game over');
  releaseDeparted(room);
}

/** People who left during the game (or a start's wait) give their seats back now. */
function releaseDeparted(room: GameFlowHost): void {
  for (const p of [...room.seating.people.values()]) {
    if (p.sessions.size === 0 && p.pending === 0) {
      const seat = p.seat;
      room.seating.forget(p);
      if (seat !== null) clearPrivate(room.state.players[seat] as PlayerSlot);
    }
  }
  room.refreshSeats();
}
