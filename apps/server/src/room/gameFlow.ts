/**
 * The game itself: start, the one path every action takes (people, bots and clocks alike), a
 * clock running out, and the end. The rules judge; this records, then mirrors, then patches.
 */
import type { ErrorMessage } from '@blaze/protocol';
import type { PlayerSlot } from '@blaze/protocol/schema';
import type { Action, CreateOptions, GameState, PlayerCount } from '@blaze/rules';
import { createGame } from '@blaze/rules';
import { chooseAction } from '../bots.js';
import { newSeed } from '../ids.js';
import * as metrics from '../metrics.js';
import { lifecycle } from '../store/current.js';
import type { StoredLog, TableEntry } from '../store/types.js';
import type { Due } from './clocks.js';
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
  | 'broadcastPatch'
  | 'clients'
  | 'config'
  | 'disposed'
  | 'fixedDeck'
  | 'game'
  | 'gameOptions'
  | 'journal'
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
      room.game = game;
      room.gameOptions = options;
      room.journal = [];
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
 * The one path every game action takes, from people, bots and clocks alike (R5.1: judged against
 * the state it meets, in arrival order). Returns the refusal, or null when accepted.
 */
export function act(room: GameFlowHost, action: Action, source: Attempt['source']): Refusal | null {
  const game = room.game;
  if (game === null || room.state.status !== 'playing') return { code: 'WRONG_PHASE', message: 'No game is running.' };
  if (lifecycle.draining) return { code: 'RESTARTING', message: 'The server is restarting; try again in a moment.' };
  const r = room.module.apply(game, action);
  room.attempts.push({ action, source, code: r.ok ? null : r.error.code });
  if (!r.ok) return r.error;
  const started = performance.now();
  room.game = r.state;
  room.journal.push(action);
  // Judged now (R5.1: the next action meets this state); shown only once it is on record, with
  // its log lines in the same write (one transaction per action, not two).
  const lines = r.events.map((e) => room.log.lineFor(e));
  const entries: TableEntry[] = [{ t: 'action', action }];
  for (const line of lines) entries.push({ t: 'log', line });
  let unrecorded = false;
  room.recorder.write(
    entries,
    () => {
      // Counted once on record: a move refused as NOT_RECORDED was not applied.
      metrics.actionsApplied.inc({ source });
      if (room.disposed) return;
      mirrorGame(room.state, r.state);
      for (const line of lines) room.log.show(line);
      if (r.state.over) finishGame(room, r.state);
      // A move changes neither seats nor settings nor the join card; the game's end may (status).
      room.afterChange(r.state.over ? 'table' : 'move');
      metrics.actionToPatch.observe((performance.now() - started) / 1000);
    },
    () => {
      // Not on record, so it did not happen: the next action meets the state before it, and the
      // record stays one the rules replay (a kill now restores exactly what the players see).
      unrecorded = true;
      room.game = game;
      room.journal.pop();
      room.log.discard(lines);
    },
  );
  if (unrecorded) {
    const last = room.attempts.at(-1);
    if (last) last.code = NOT_RECORDED.code;
    return NOT_RECORDED;
  }
  return null;
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

/** A clock ran out: its own log line, then the move it makes for the seat (R5.5). */
export function onClock(room: GameFlowHost, due: Due): void {
  const game = room.game;
  if (game === null || game.over) return;
  const view = room.module.view(game, due.seat);
  // The move itself is the game's (its module's onTimeout: the bots' timeoutAction, one source).
  const action = room.module.onTimeout(
    game,
    { seat: due.kind === 'window' ? null : due.seat, role: due.kind },
    Math.random,
  );
  // The clock's own line, before the move it makes (R5.5). The window closing is already its own
  // event ('windowClosed'), so only a person's (or a bot's) clock running out is said here.
  if (due.kind !== 'window') {
    room.log.add('timedOut', { seat: due.seat, text: due.kind, value: action?.type === 'play' ? 1 : -1 });
  }
  const refused = action === null ? { code: 'INTERNAL' } : act(room, action, 'clock');
  if (refused !== null) {
    // Never leave a table without a running clock: ask the bot, then re-arm.
    const fallback = chooseAction(room.config.botKind, view, Math.random);
    if (fallback === null || act(room, fallback, 'clock') !== null) room.afterChange();
  }
}
