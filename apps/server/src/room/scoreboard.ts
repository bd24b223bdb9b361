/**
 * Finished games in the synced state: the results list and the evening's scoreboard (rows keyed by
 * seat identity and game, so two people with the same name keep separate rows, and an evening that
 * moved between games keeps a row per game: their points mean different things).
 */
import { type BlazeState, GameResult, ScoreRow } from '@blaze/protocol/schema';

/** A scoreboard row as a table moving to another game hands it on (and the record keeps it). */
export interface CarriedRow {
  game: string;
  /** The seat identity (a token hash, `bot:<name>` or `name:<name>`): never a token. */
  key: string;
  name: string;
  games: number;
  wins: number;
  points: number;
}

export class Results {
  /** Scoreboard rows by game and seat identity (token hash, or the bot's name): not by display name. */
  private rowsByKey = new Map<string, { key: string; row: ScoreRow }>();

  /** `game`: the table's game now (a restored table learns it from its record after this is made). */
  constructor(
    private readonly state: BlazeState,
    private readonly game: () => string = () => '',
  ) {}

  add(n: number, names: string[], keys: string[], scores: readonly number[], winner: number): void {
    const r = new GameResult();
    r.game = n;
    r.names.push(...names);
    r.scores.push(...scores);
    r.winner = winner;
    this.state.results.push(r);
    names.forEach((name, seat) => {
      const row = this.rowOf(this.game(), keys[seat] || `name:${name}`);
      row.name = name;
      row.games++;
      row.points += scores[seat] ?? 0;
      if (winner === seat) row.wins++;
    });
  }

  /** Rows an earlier table of the evening handed on (tableMove.ts), added to what is here. */
  carry(rows: readonly CarriedRow[]): void {
    for (const c of rows) {
      const row = this.rowOf(c.game, c.key);
      row.name = c.name;
      row.games += c.games;
      row.wins += c.wins;
      row.points += c.points;
    }
  }

  /** Every row with its identity, to hand on. */
  rows(): CarriedRow[] {
    return [...this.rowsByKey.values()].map(({ key, row }) => ({
      game: row.game,
      key,
      name: row.name,
      games: row.games,
      wins: row.wins,
      points: row.points,
    }));
  }

  private rowOf(game: string, key: string): ScoreRow {
    const id = `${game}\u0000${key}`;
    let found = this.rowsByKey.get(id);
    if (!found) {
      const row = new ScoreRow();
      row.game = game;
      found = { key, row };
      this.rowsByKey.set(id, found);
      this.state.scoreboard.push(row);
    }
    return found.row;
  }
}
