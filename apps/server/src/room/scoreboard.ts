/**
 * Finished games in the synced state: the results list and the evening's scoreboard (rows keyed by
 * seat identity, so two people with the same name keep separate rows).
 */
import { type BlazeState, GameResult, ScoreRow } from '@blaze/protocol/schema';

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
