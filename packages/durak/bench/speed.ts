/**
 * `pnpm bench:games` (2 of 2): Battle of Durak's rules speed on one core, as figures (no limits).
 * Whole 4-player games in which the awaited seat takes a uniformly random legal action, per CPU
 * second; then the same games replayed from their recorded actions (applyAction alone, as a table
 * calls it).
 *
 * Rates are per CPU second of this process (process.cpuUsage), which equals wall time on an idle
 * core and stays comparable on a shared machine. Env: BENCH_SECONDS per measurement (default 3).
 */
import { randomStream } from '@blaze/rules';
import {
  awaitedSeat,
  type Action as DurakAction,
  type State as DurakState,
  applyAction as durakApply,
  createGame as durakCreate,
  legalActions as durakLegal,
  type Seat,
} from '../src/engine.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Runs `one(i)` until `seconds` of CPU pass; returns the count and the rate per CPU second. */
function rate(one: (i: number) => number): { runs: number; perSec: number; actions: number } {
  let runs = 0;
  let actions = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    actions += one(runs);
    runs++;
    // Read the clock every 8 runs: a read costs as much as a few actions.
    if (runs % 8 === 0) t = cpuMs();
  }
  return { runs, perSec: runs / ((t - t0) / 1000), actions: actions / ((t - t0) / 1000) };
}

/** One Durak game by random legal actions; returns its actions. */
function durakGame(seed: string): { start: DurakState; actions: DurakAction[] } {
  const start = durakCreate({ players: 4, seed });
  let s = start;
  const rnd = randomStream(`r-${seed}`);
  const actions: DurakAction[] = [];
  for (let n = 0; n < 5000 && !s.over; n++) {
    const seat = awaitedSeat(s) as Seat;
    const legal = durakLegal(s, seat);
    const a = legal[Math.floor(rnd() * legal.length)] as DurakAction;
    const r = durakApply(s, a);
    if (!r.ok) throw new Error(`refused ${r.error.code}`);
    actions.push(a);
    s = r.state;
  }
  if (!s.over) throw new Error(`game ${seed} did not end`);
  return { start, actions };
}

console.log(`Durak rules bench: node ${process.version}, one thread, ${seconds} CPU s per measurement`);

const games: { start: DurakState; actions: DurakAction[] }[] = [];
const durakPlayed = rate((i) => {
  const g = durakGame(`speed-${i}`);
  if (games.length < 2000) games.push(g);
  return g.actions.length;
});
console.log(
  `Durak 4p whole games by random legal actions: ${fmt(durakPlayed.perSec)} games/s (${fmt(durakPlayed.actions)} actions/s, ${durakPlayed.runs} games)`,
);
const durakReplayed = rate((i) => {
  const g = games[i % games.length] as (typeof games)[number];
  let s = g.start;
  for (const a of g.actions) s = (durakApply(s, a) as { state: DurakState }).state;
  return g.actions.length;
});
console.log(
  `  replayed, applyAction alone: ${fmt(durakReplayed.perSec)} games/s (${fmt(durakReplayed.actions)} actions/s)`,
);
