/**
 * Finished games: the results list and the evening's scoreboard in the synced state (rows keyed by
 * seat identity, so two people with the same name keep separate rows), and the public game record.
 */
import { type BlazeState, GameResult, ScoreRow } from '@blaze/protocol/schema';
import type { GameState } from '@blaze/rules';
import { currentStore } from '../store/current.js';
import { tokenHash } from '../store/record.js';
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

/** A game just ended: its result shown and recorded, and its public record kept for replays. */
export function recordResult(room: ResultHost, game: GameState, names: string[]): void {
  const keys = room.seating.slots
    .slice(0, game.players)
    .map((o) => (o === null ? '' : o.kind === 'bot' ? `bot:${o.name}` : tokenHash(o.token)));
  const n = room.state.gameNumber;
  const winner = game.winner ?? -1;
  room.results.add(n, names, keys, game.scores, winner);
  room.recorder.push({ t: 'result', game: n, names, keys, scores: [...game.scores], winner });
  if (room.gameOptions) {
    const record: GameRecord = {
      id: `${room.roomId}-${n}`,
      table: room.roomId,
      game: n,
      names,
      options: room.gameOptions,
      actions: [...room.journal],
      scores: [...game.scores],
      winner,
      finishedAt: Date.now(),
    };
    const store = currentStore();
    if (store) void saveGameRecord(store, record);
  }
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
