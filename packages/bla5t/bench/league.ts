/**
 * Bla5t bot league: win rates of each strength with 95% Wilson intervals at 2, 3, 4 (and 5) players,
 * and the strong bot's decision time. Each game seats one bot of the tested strength among bots of
 * another (rotating seats), plays to `max_score` 50 (X2.2, the rulebook's short game) and counts
 * the game (a shared lowest total counts as a win) and every round (lowest round score, ties
 * included). Strong uses its league budget (no clock), so a seed gives one game on any machine.
 *
 *   nice pnpm exec tsx packages/bla5t/bench/league.ts [heuristic games per size, default 200] [strong games, default 12]
 *
 * PLAYERS=2,3 picks the sizes (default 2,3,4); STRONG_ONLY=1 skips the heuristic tables;
 * LEAGUE_PROGRESS=1 prints each game's running tally to stderr. Time is CPU time of this process per strong decision
 * (process.cpuUsage: one core's work, not the wall clock of a shared machine), over every decision
 * where strong had more than one candidate to search.
 */

import { LEAGUE_BUDGET, StrongBot } from '../src/strong.js';
import { type Bot, makeBot, playGame } from './match.js';

const games = Number(process.argv[2]) || 200;
const strongGames = Number(process.argv[3]) || 12;
const sizes = process.env.PLAYERS ? process.env.PLAYERS.split(',').map(Number) : [2, 3, 4];

export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const interval = (k: number, n: number) => {
  const [lo, hi] = wilson(k, n);
  return `${pct(k / Math.max(1, n))} [${pct(lo)}, ${pct(hi)}]`;
};

/** Strong decisions' CPU ms (only those with more than one candidate). */
const times: number[] = [];

function timedBot(strength: string, seat: number): Bot {
  const b = makeBot(strength, seat);
  if (!(b instanceof StrongBot)) return b;
  return {
    observe: (e) => b.observe(e),
    decide(v, rnd) {
      const c0 = process.cpuUsage();
      const a = b.decide(v, rnd);
      const c = process.cpuUsage(c0);
      if (b.lastCandidates > 1) times.push((c.user + c.system) / 1000);
      return a;
    },
  };
}

function table(players: number, hero: string, field: string, n: number): void {
  let wins = 0;
  let rounds = 0;
  let roundWins = 0;
  for (let g = 0; g < n; g++) {
    const seat = g % players;
    const strengths = Array.from({ length: players }, (_, i) => (i === seat ? hero : field));
    const bots = strengths.map((st, i) => timedBot(st, i));
    const seed = `league-${players}-${hero}-${field}-${g}`;
    const r = playGame(strengths, { seed, maxScore: 50 }, bots, 50_000, (scores) => {
      rounds++;
      if ((scores[seat] as number) <= Math.min(...scores)) roundWins++;
    });
    if (r.state.winners.includes(seat)) wins++;
    // A long league on a busy machine: the running tally, so a run cut short still says something.
    if (process.env.LEAGUE_PROGRESS)
      console.error(
        `  ${players}p ${hero} among ${field}: game ${g + 1}/${n} won ${wins} rounds ${rounds} lowest ${roundWins}`,
      );
  }
  console.log(
    `${players}p  ${hero.padEnd(6)} among ${field.padEnd(6)}  games ${String(n).padStart(4)}  won ${interval(wins, n)}  rounds ${String(rounds).padStart(4)}  lowest ${interval(roundWins, rounds)}  fair ${pct(1 / players)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    `strong budget: ${LEAGUE_BUDGET.iterations} playouts per decision, margin ${LEAGUE_BUDGET.margin}; max_score 50`,
  );
  for (const players of sizes) {
    if (!process.env.STRONG_ONLY) {
      table(players, 'normal', 'easy', games);
      table(players, 'easy', 'normal', games);
    }
    table(players, 'strong', 'normal', strongGames);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1);
  console.log(`strong decisions searched: ${times.length}  cpu ms p50 ${q(0.5)}  p95 ${q(0.95)}  max ${q(1)}`);
}
