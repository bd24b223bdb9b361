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
 * What the results offer this client after a game (issue #40: a rematch is a ready check).
 * 'button': the host with nobody else to wait for (bots only: practice, the lesson), whose Rematch
 * starts at once. 'ready': a seated person at a table with other people, who says Ready (the next
 * game starts when every seat is; the host may also start it at once). 'readyWait': said so,
 * waiting for the others. 'wait': watching.
 */
export function rematchOffer(
  tb: Pick<ClientTable, 'isHost'> & Partial<Pick<ClientTable, 'mySeat' | 'seats'>>,
): 'button' | 'ready' | 'readyWait' | 'wait' {
  const seats = tb.seats ?? [];
  const me = tb.mySeat !== undefined && tb.mySeat >= 0 ? seats[tb.mySeat] : undefined;
  const others = seats.filter((s) => s.occupied && !s.bot && s.seat !== me?.seat).length;
  if (tb.isHost && others === 0) return 'button';
  if (!me?.occupied) return tb.isHost ? 'button' : 'wait';
  return me.ready ? 'readyWait' : 'ready';
}
