/**
 * Finished games: each result recorded and shown (the synced results and scoreboard: scoreboard.ts),
 * and the public game record kept for replays.
 */
import type { GameState } from '@blaze/rules';
import { currentStore, lifecycle } from '../store/current.js';
import { storeFaults } from '../store/faults.js';
import { type RestoredTable, tokenHash } from '../store/record.js';
import { doubling, retry } from '../store/retry.js';
import type { GameRecord, TableStore } from '../store/types.js';
import type { TableHost } from './host.js';

/** What recording a result needs of the table. */
export type ResultHost = Pick<
  TableHost,
  'roomId' | 'kind' | 'state' | 'seating' | 'results' | 'recorder' | 'gameOptions' | 'journal'
>;

/**
 * A game just ended (or, at a restore, its end was on record but its result was not): its result
 * shown and recorded, and its public record kept for replays.
 */
export function recordResult(room: ResultHost, game: GameState, finishedAt = Date.now()): void {
  const slots = room.seating.slots.slice(0, game.players);
  const names = slots.map((_, seat) => room.seating.nameAt(seat));
  const keys = slots.map((o) => (o === null ? '' : o.kind === 'bot' ? `bot:${o.name}` : tokenHash(o.token)));
  const n = room.state.gameNumber;
  const winner = game.winner ?? -1;
  room.results.add(n, names, keys, game.scores, winner);
  room.recorder.push({ t: 'result', game: n, names, keys, scores: [...game.scores], winner });
  if (room.gameOptions) {
    const record: GameRecord = {
      id: gameId(room.roomId, n),
      table: room.roomId,
      game: n,
      rules: room.kind.game,
      rulesVersion: room.kind.rulesVersion,
      names,
      options: room.gameOptions,
      actions: [...room.journal],
      scores: [...game.scores],
      winner,
      finishedAt,
    };
    const store = currentStore();
    if (store) void saveGameRecord(store, record);
  }
}

const gameId = (table: string, n: number) => `${table}-${n}`;

/**
 * The public records of every finished game a table's record holds, made again from it: its deal
 * and actions, and its result. The same record the end of the game saved, but for its time (that of
 * the game's last log line, the one of its end).
 */
export function recordedGames(table: string, r: RestoredTable): GameRecord[] {
  const games = new Map(r.games.map((g) => [g.gameNumber, g]));
  const out: GameRecord[] = [];
  for (const x of r.results) {
    const g = games.get(x.game);
    if (!g) continue;
    out.push({
      id: gameId(table, x.game),
      table,
      game: x.game,
      rules: g.kind.game,
      rulesVersion: g.kind.rulesVersion,
      names: x.names,
      options: g.options,
      actions: g.actions,
      scores: x.scores,
      winner: x.winner,
      finishedAt: g.lastAt || Date.now(),
    });
  }
  return out;
}

/**
 * At a restore: every finished game on the table's record whose public record the store does not
 * have is saved now (saving one twice only writes it again). The table's record and a game's public
 * record are separate writes: a process killed between them (the asynchronous stores answer later),
 * or a save that gave up, left a finished game whose replay answered 404 for ever. Answers how many
 * were saved.
 */
export async function saveMissingGames(
  store: Pick<TableStore, 'saveGame' | 'savedGames'>,
  records: readonly GameRecord[],
  pauses: Iterable<number> = SAVE_PAUSES,
): Promise<number> {
  const first = records[0];
  if (first === undefined) return 0;
  const table = first.table;
  let saved: string[];
  try {
    saved = await retry(
      () => store.savedGames(records.map((r) => r.id)),
      pauses,
      (e, pause) =>
        storeFaults.failed(table, 'check games', e, "finished games' records not checked; trying again", {
          retryMs: pause,
        }),
      () => lifecycle.shuttingDown,
    );
  } catch (e) {
    storeFaults.failed(table, 'check games', e, "finished games' records not checked; gave up");
    return 0;
  }
  storeFaults.succeeded(table, 'check games', "finished games' records checked");
  const have = new Set(saved);
  const missing = records.filter((r) => !have.has(r.id));
  if (missing.length === 0) return 0;
  storeFaults
    .logger()
    .warn({ table, games: missing.map((r) => r.game) }, 'saving the missing records of finished games');
  const done = await Promise.all(missing.map((r) => saveGameRecord(store, r, pauses)));
  return done.filter(Boolean).length;
}

/**
 * Saves a finished game's public record, trying again while the store fails (the file locked by
 * another process, Redis away, the disk full): from 250 ms, doubling to 30 s, then every 30 s for as
 * long as the process runs. It is written apart from the table's record, so a failure once meant a
 * replay that answered 404 for ever; a disk full for longer than the eight minutes it once tried
 * would still lose it until the next start (saveMissingGames).
 */
export function saveGameRecord(
  store: Pick<TableStore, 'saveGame'>,
  record: GameRecord,
  pauses: Iterable<number> = doubling(250, 30_000),
): Promise<boolean> {
  const { table, id } = record;
  return retry(
    () => store.saveGame(record),
    pauses,
    (e, pause) =>
      storeFaults.failed(table, 'save game', e, 'game record not saved; trying again', { game: id, retryMs: pause }),
    // A shutdown does not wait for it: the table's record holds the game, saved again at the next start.
    () => lifecycle.shuttingDown,
  ).then(
    () => {
      storeFaults.succeeded(table, 'save game', 'game record saved');
      return true;
    },
    (e) => {
      storeFaults.failed(table, 'save game', e, 'game record not saved; gave up', { game: id });
      return false;
    },
  );
}

/** saveMissingGames' pauses: 250 ms doubling to 30 s, then every 30 s, 24 tries (about eight minutes). */
const SAVE_PAUSES = [...doubling(250, 30_000, 23)];
