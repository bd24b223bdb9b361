/**
 * Finished games: the results list and the evening's scoreboard in the synced state (rows keyed by
 * seat identity, so two people with the same name keep separate rows), and the public game record.
 */
import { type BlazeState, GameResult, ScoreRow } from '@blaze/protocol/schema';
import type { GameState } from '@blaze/rules';
import { currentStore } from '../store/current.js';
import { type RestoredTable, tokenHash } from '../store/record.js';
import { doubling, retry } from '../store/retry.js';
import type { GameRecord, TableStore } from '../store/types.js';
import type { BlazeRoom } from './BlazeRoom.js';

export class Results {
  /** Scoreboard rows by seat identity (token hash, or the bot's name): not by display name. */
  private rowsByKey = new Map<string, ScoreRow>();

  constructor(private readonly state: BlazeState) {}

  add(n: number, names: string[], keys: string[], scores: readonly number[], winner: number): void {
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
}

type ResultHost = Pick<BlazeRoom, 'roomId' | 'state' | 'seating' | 'results' | 'recorder' | 'gameOptions' | 'journal'>;

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
  const what = `[blaze ${first.table}] finished games' records not checked`;
  let saved: string[];
  try {
    saved = await retry(
      () => store.savedGames(records.map((r) => r.id)),
      pauses,
      (e, pause) => console.error(`${what}; trying again in ${pause} ms`, e),
    );
  } catch (e) {
    console.error(`${what}; gave up`, e);
    return 0;
  }
  const have = new Set(saved);
  const missing = records.filter((r) => !have.has(r.id));
  if (missing.length === 0) return 0;
  console.warn(`[blaze ${first.table}] saving the missing records of games ${missing.map((r) => r.game).join(', ')}`);
  const done = await Promise.all(missing.map((r) => saveGameRecord(store, r, pauses)));
  return done.filter(Boolean).length;
}

/**
 * Saves a finished game's public record, trying again while the store fails (the file locked by
 * another process, Redis away): from 250 ms, doubling to 30 s, for about eight minutes in all. It is
 * written apart from the table's record, so a failure once meant a replay that answered 404 for ever.
 */
export function saveGameRecord(
  store: Pick<TableStore, 'saveGame'>,
  record: GameRecord,
  pauses: Iterable<number> = SAVE_PAUSES,
): Promise<boolean> {
  const what = `[blaze ${record.table}] game record ${record.id} not saved`;
  return retry(
    () => store.saveGame(record),
    pauses,
    (e, pause) => console.error(`${what}; trying again in ${pause} ms`, e),
  ).then(
    () => true,
    (e) => {
      console.error(`${what}; gave up`, e);
      return false;
    },
  );
}

/** 250 ms doubling to 30 s, then every 30 s: 24 tries over about eight and a half minutes. */
const SAVE_PAUSES = [...doubling(250, 30_000, 23)];
