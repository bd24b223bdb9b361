/**
 * Bot league: win rates of each strength with 95% Wilson intervals at 2, 3 and 4 players.
 * Each game seats one bot of the tested strength among bots of the other; a "win" is not being
 * the durak. Run: npx tsx packages/durak/bench/league.ts [games per table size, default 400]
 */
import { playMatch } from '../src/bots/match.js';

const games = Number(process.argv[2]) || 400;

function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

for (const players of [2, 3, 4]) {
  for (const [hero, field] of [
    ['normal', 'easy'],
    ['easy', 'normal'],
    ['easy', 'easy'],
    ['normal', 'normal'],
  ] as const) {
    let wins = 0;
    let actions = 0;
    for (let g = 0; g < games; g++) {
      const seat = g % players;
      const strengths = Array.from({ length: players }, (_, i) => (i === seat ? hero : field));
      const r = playMatch(strengths, { seed: `league-${players}-${hero}-${field}-${g}`, dealer: (g >> 2) % players });
      if (!r.losers.includes(seat)) wins++;
      actions += r.actions;
    }
    const [lo, hi] = wilson(wins, games);
    console.log(
      `${players}p  ${hero.padEnd(6)} among ${field.padEnd(6)}  not durak ${pct(wins / games)}  95% [${pct(lo)}, ${pct(hi)}]  fair ${pct(1 - 1 / players)}  (${(actions / games).toFixed(0)} actions/game)`,
    );
  }
}
