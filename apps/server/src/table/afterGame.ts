/**
 * A generic table's game at its edges, as Blaze's path does them (room/gameFlow.ts, results.ts):
 * a start the store does not take in time is given up; at a game's end the people who left or
 * dropped during it give their seats back, and the game's public record is kept for replays.
 */

import type { ActionBase } from '@blaze/game';
import type { ErrorMessage } from '@blaze/protocol';
import * as metrics from '../metrics.js';
import type { TableHost } from '../room/host.js';
import { saveGameRecord } from '../room/results.js';
import { setField } from '../room/sync.js';
import { currentStore } from '../store/current.js';
import type { GameRecord, StoredLog } from '../store/types.js';

type Host = Pick<
  TableHost,
  | 'afterChange'
  | 'broadcastPatch'
  | 'clients'
  | 'config'
  | 'disposed'
  | 'kind'
  | 'log'
  | 'refreshSeats'
  | 'roomId'
  | 'seating'
  | 'state'
> & { starting: boolean; tokenOf?: ReadonlyMap<string, string> };

const NOT_RECORDED = { code: 'NOT_RECORDED', message: 'It could not be recorded, so it did not happen; try again.' };

/**
 * People who left during the game (or a start's wait), or dropped and did not come back in time,
 * give their seats back now; a stand-in bot's seat is free for the next game (as Blaze's).
 */
export function afterGame(room: Pick<Host, 'seating' | 'refreshSeats' | 'disposed'>): void {
  if (room.disposed) return;
  for (const p of [...room.seating.people.values()]) {
    if (p.sessions.size === 0 && p.pending === 0) room.seating.forget(p);
  }
  room.refreshSeats();
}

/** Every client sees the start wait (the lobby holds its controls), as Blaze's start shows it. */
export function showStarting(room: Host): void {
  setField(room.state, 'starting', true);
  room.broadcastPatch();
}

/**
 * A start the store did not take in time (config.startWaitMs): the table is as it was, its line
 * never shown, the asker told NOT_RECORDED. Should the write land after all, the recorder writes
 * the start's withdrawal right behind it (the caller's undo).
 */
export function giveUpStart(
  room: Host,
  line: StoredLog,
  gameNumber: number,
  asker: { token: string; request: string } | undefined,
): void {
  metrics.startsGivenUp.inc();
  room.config.edge.log.warn(
    { table: room.roomId, game: gameNumber },
    'start given up: the record store did not save it in time',
  );
  room.starting = false;
  setField(room.state, 'starting', false);
  room.log.discard([line]);
  if (room.disposed) return;
  afterGame(room);
  room.afterChange();
  if (!asker) return;
  metrics.refusals.inc({ code: NOT_RECORDED.code });
  const told: ErrorMessage = { ...NOT_RECORDED, request: asker.request };
  for (const c of room.clients) if (room.tokenOf?.get(c.sessionId) === asker.token) c.send('error', told);
}

/**
 * A finished game's public record, served by GET /api/games/<table>-<n> as Blaze's are: its options
 * with the seed, and every action. After the end nothing is secret (Blaze's rule), so a replay
 * (the game's own replay(options, actions)) rebuilds every hand; while the game ran, none of it
 * was served.
 */
export function saveGenericRecord(
  room: Pick<Host, 'roomId' | 'kind' | 'state'>,
  game: {
    options: object;
    actions: readonly ActionBase[];
    names: string[];
    scores: number[];
    winner: number;
  },
  finishedAt = Date.now(),
): void {
  const n = room.state.gameNumber;
  const record = {
    id: `${room.roomId}-${n}`,
    table: room.roomId,
    game: n,
    rules: room.kind.game,
    rulesVersion: room.kind.rulesVersion,
    names: game.names,
    options: game.options,
    actions: [...game.actions],
    scores: game.scores,
    winner: game.winner,
    finishedAt,
  } as unknown as GameRecord;
  const store = currentStore();
  if (store) void saveGameRecord(store, record);
}
