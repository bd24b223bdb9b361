/**
 * `pnpm bench:games` (1 of 2): Bla5t's rules speed on one core, as figures (no limits). Whole
 * 4-player rounds (deal to scoring) played by easy bots (each from its view), per CPU second; then
 * the same rounds replayed from their recorded actions (applyAction alone, as a table calls it), and
 * replayed in place (applyInPlace, as the strong bot's playouts call it). Durak: durak/bench/speed.ts.
 *
 * Rates are per CPU second of this process (process.cpuUsage), which equals wall time on an idle
 * core and stays comparable on a shared machine. Env: BENCH_SECONDS per measurement (default 3).
 */
import { randomStream } from '@blaze/rules';
import { easyDecide } from '../src/bots.js';
import { applyAction, applyInPlace, createGame } from '../src/engine.js';
import type { Action, Seat, State } from '../src/types.js';
import { awaiting, viewFor } from '../src/view.js';

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

/** One Bla5t round from the deal to its scoring, by easy bots; returns its actions. */
function bla5tRound(seed: string): { start: State; actions: Action[] } {
  const start = createGame({ players: 4, seed });
  let s = start;
  const rnd = randomStream(`r-${seed}`);
  const actions: Action[] = [];
  for (let n = 0; n < 5000; n++) {
    const seat = awaiting(s).seats[0] as Seat;
    const a = easyDecide(viewFor(s, seat), rnd) ?? ({ type: 'timeout' } as Action);
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`refused ${r.error.code}`);
    actions.push(a);
    s = r.state;
    if (r.events.some((e) => e.type === 'scored')) return { start, actions };
  }
  throw new Error(`round ${seed} did not end`);
}

console.log(`Bla5t rules bench: node ${process.version}, one thread, ${seconds} CPU s per measurement`);

const rounds: { start: State; actions: Action[] }[] = [];
const played = rate((i) => {
  const r = bla5tRound(`speed-${i}`);
  if (rounds.length < 2000) rounds.push(r);
  return r.actions.length;
});
console.log(
  `Bla5t 4p whole rounds by easy bots: ${fmt(played.perSec)} rounds/s (${fmt(played.actions)} actions/s, ${played.runs} rounds)`,
);
const replayed = rate((i) => {
  const r = rounds[i % rounds.length] as (typeof rounds)[number];
  let s = r.start;
  for (const a of r.actions) s = (applyAction(s, a) as { state: State }).state;
  return r.actions.length;
});
console.log(`  replayed, applyAction alone: ${fmt(replayed.perSec)} rounds/s (${fmt(replayed.actions)} actions/s)`);
const inPlace = rate((i) => {
  const r = rounds[i % rounds.length] as (typeof rounds)[number];
  const s = structuredClone(r.start);
  for (const a of r.actions) applyInPlace(s, a);
  return r.actions.length;
});
console.log(`  replayed in place (applyInPlace): ${fmt(inPlace.perSec)} rounds/s (${fmt(inPlace.actions)} actions/s)`);
