/**
 * Strong among normal, round by round: the strong bot's round score minus the mean of the normal
 * bots' at its table, with a 95% interval (negative is better for strong), and how often its round
 * score was the lowest (ties included). The round-score difference is far less noisy than games won,
 * so a short run on a busy machine already says something. Same seeds as league.ts's strong rows.
 *
 *   nice pnpm exec tsx packages/bla5t/bench/strong-rounds.ts
 *
 * P=2 players (default 2); GAMES=40 games at most; SECS=600 stops after the game running then;
 * MARGIN and ITERS override LEAGUE_BUDGET's margin and playouts. Progress per round on stderr.
 */

import { NormalBot } from '../src/memory.js';
import { LEAGUE_BUDGET, StrongBot } from '../src/strong.js';
import { playGame } from './match.js';

const players = Number(process.env.P ?? 2);
const games = Number(process.env.GAMES ?? 40);
const until = Date.now() + Number(process.env.SECS ?? 600) * 1000;
const budget = {
  iterations: Number(process.env.ITERS ?? LEAGUE_BUDGET.iterations),
  margin: Number(process.env.MARGIN ?? LEAGUE_BUDGET.margin),
};

let rounds = 0;
let lowest = 0;
let sum = 0;
let sq = 0;
let g = 0;
const line = () => {
  const m = sum / Math.max(1, rounds);
  const se = Math.sqrt(Math.max(0, sq / Math.max(1, rounds) - m * m) / Math.max(1, rounds - 1));
  return `${players}p strong (${budget.iterations} playouts, margin ${budget.margin}) among normal: games ${g} rounds ${rounds} lowest ${lowest} (${((100 * lowest) / Math.max(1, rounds)).toFixed(1)}%) round score minus others' mean ${m.toFixed(2)} ± ${(1.96 * se).toFixed(2)}`;
};
for (; g < games && Date.now() < until; g++) {
  const seat = g % players;
  const bots = Array.from({ length: players }, (_, i) => (i === seat ? new StrongBot(i, budget) : new NormalBot(i)));
  const strengths = bots.map((_, i) => (i === seat ? 'strong' : 'normal'));
  playGame(strengths, { seed: `league-${players}-strong-normal-${g}`, maxScore: 50 }, bots, 50_000, (sc) => {
    const me = sc[seat] as number;
    const others = sc.filter((_, i) => i !== seat);
    const d = me - others.reduce((a, b) => a + b, 0) / others.length;
    rounds++;
    if (me <= Math.min(...sc)) lowest++;
    sum += d;
    sq += d * d;
    if (process.env.LEAGUE_PROGRESS) console.error(line());
  });
}
console.log(line());
