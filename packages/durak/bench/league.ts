/**
 * Bot league: win rates of each strength with 95% Wilson intervals at 2, 3 and 4 players, and the
 * strong bot's decision time. Each game seats one bot of the tested strength among bots of the other
 * (rotating seats); a "win" is not being the durak. Strong uses its league budget (no clock), so a
 * seed gives one game on any machine.
 *
 *   nice pnpm exec tsx packages/durak/bench/league.ts [heuristic games per size, default 400] [strong games, default 60]
 *
 * Time is CPU time of this process per strong decision (process.cpuUsage: one core's work, not the
 * wall clock of a shared machine), over every decision where strong had a choice to search.
 */

import { decide } from '../src/bots/index.js';
import { type Decide, leagueDecide, playMatch } from '../src/bots/match.js';
import { LEAGUE_BUDGET, search } from '../src/bots/strong.js';
import type { Action, View } from '../src/engine.js';

const games = Number(process.argv[2]) || 400;
const strongGames = Number(process.argv[3]) || 60;
/** Budget experiments: STRONG_ITERATIONS, STRONG_MARGIN and PLAYERS (e.g. "3") override the defaults. */
const budget = {
  ...LEAGUE_BUDGET,
  iterations: Number(process.env.STRONG_ITERATIONS) || LEAGUE_BUDGET.iterations,
  margin: Number(process.env.STRONG_MARGIN) || LEAGUE_BUDGET.margin,
};
const sizes = process.env.PLAYERS ? process.env.PLAYERS.split(',').map(Number) : [2, 3, 4];

export function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Strong decisions' CPU ms (only those with more than one candidate: the others do not search). */
const times: number[] = [];
const timed: Decide = (strength, view: View, rnd): Action | null => {
  if (strength !== 'strong') return leagueDecide(strength, view, rnd);
  const c0 = process.cpuUsage();
  const r = search(view, rnd, budget);
  const c = process.cpuUsage(c0);
  if (r.candidates > 1) times.push((c.user + c.system) / 1000);
  return r.action ?? decide('normal', view, rnd);
};

function table(players: number, hero: string, field: string, n: number): void {
  let wins = 0;
  let actions = 0;
  for (let g = 0; g < n; g++) {
    const seat = g % players;
    const strengths = Array.from({ length: players }, (_, i) => (i === seat ? hero : field));
    const r = playMatch(
      strengths,
      { seed: `league-${players}-${hero}-${field}-${g}`, dealer: (g >> 2) % players },
      5000,
      timed,
    );
    if (!r.losers.includes(seat)) wins++;
    actions += r.actions;
  }
  const [lo, hi] = wilson(wins, n);
  console.log(
    `${players}p  ${hero.padEnd(6)} among ${field.padEnd(6)}  games ${String(n).padStart(4)}  not durak ${pct(wins / n)}  95% [${pct(lo)}, ${pct(hi)}]  fair ${pct(1 - 1 / players)}  (${(actions / n).toFixed(0)} actions/game)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`strong budget: ${budget.iterations} playouts per decision, margin ${budget.margin}`);
  for (const players of sizes) {
    table(players, 'normal', 'easy', games);
    table(players, 'easy', 'normal', games);
    table(players, 'strong', 'normal', strongGames);
    table(players, 'normal', 'strong', strongGames);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1);
  console.log(`strong decisions searched: ${times.length}  cpu ms p50 ${q(0.5)}  p95 ${q(0.95)}  max ${q(1)}`);
}
