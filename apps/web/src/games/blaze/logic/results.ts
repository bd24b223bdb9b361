/** Final scores broken down per round (feathers, bets won) and the tie-break, from the public view (R9.2, R10). */
import type { PlayerView, Seat } from '@blaze/rules';
import type { ClientTable } from '../../../shell/host.js';

export interface ScoreLine {
  seat: Seat;
  feathers: [number, number];
  bets: [number, number];
  total: number;
  /** Highest round-2 feather (R10.4), 0 if none. */
  bestRound2Feather: number;
}

export interface Results {
  lines: ScoreLine[];
  winner: Seat | null;
  /** True when the top score was shared and R10.4 decided. */
  tieBroken: boolean;
}

export function results(v: PlayerView): Results {
  const lines: ScoreLine[] = [];
  for (let seat = 0; seat < v.players; seat++) {
    const feathers: [number, number] = [0, 0];
    let best = 0;
    for (const f of v.feathers) {
      if (f.seat !== seat) continue;
      if (f.round === 1) feathers[0] += f.value;
      else feathers[1] += f.value;
      if (f.round === 2) best = Math.max(best, f.value);
    }
    const bets: [number, number] = [0, 0];
    for (const b of v.bets) {
      if (b.value !== 1) continue;
      const loser = v.roundLosers[b.round - 1];
      if (loser === undefined) continue;
      const scorer = b.on === loser ? b.by : b.on;
      if (scorer === seat && b.round === 1) bets[0] += 1;
      else if (scorer === seat) bets[1] += 1;
    }
    const total = v.scores[seat] ?? feathers[0] + feathers[1] + bets[0] + bets[1];
    lines.push({ seat, feathers, bets, total, bestRound2Feather: best });
  }
  const top = Math.max(...lines.map((l) => l.total));
  const tied = lines.filter((l) => l.total === top).length > 1;
  return { lines, winner: v.winner, tieBroken: tied && v.winner !== null };
}

/**
 * What the results offer this client after a game: the server takes `rematch` from the host only
 * (anyone else gets NOT_HOST), so the host gets the button and everyone else is told who starts it.
 */
export function rematchOffer(tb: Pick<ClientTable, 'isHost'>): 'button' | 'wait' {
  return tb.isHost ? 'button' : 'wait';
}
