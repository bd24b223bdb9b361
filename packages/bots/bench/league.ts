/**
 * `pnpm bench:bots`: a league of the three strengths, and the strong bot's decision time.
 *
 * 1. For 3, 4 and 5 players and each pairing, one seat of the first strength (the hero, rotating
 *    through every seat) against the second strength in every other seat, GAMES games each (default
 *    2,000): the hero's win rate with a Wilson 95% interval, against an even share of 1/players.
 *    Games run on worker threads, one per core (WORKERS to change).
 * 2. The strong bot's time per decision on one core (the main thread, after the league): p50, p95 and
 *    max over every decision in TIMING_GAMES 4-player games against normal bots.
 *
 * Env: GAMES (per pairing and player count), STRONG_GAMES (the same for pairings with the strong bot,
 * default GAMES), WORKERS, TIMING_GAMES (default 12), ITERATIONS and TIME_MS (the strong budget),
 * PAIRS (e.g. strong-normal,easy-normal) and PLAYERS (e.g. 4) to narrow a quick run, LEAGUE_LOG (a file
 * that keeps finished chunks, so a league can be run in pieces; see below).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { PlayerCount } from '@blaze/rules';
import {
  DEFAULT_BUDGET,
  easyBot,
  heuristicBot,
  type SearchBudget,
  type Strategy,
  type Strength,
  search,
  simulateGame,
  strongBot,
} from '../src/index.js';

const GAMES = Number(process.env.GAMES ?? 2000);
const STRONG_GAMES = Number(process.env.STRONG_GAMES ?? GAMES);
const WORKERS = Number(process.env.WORKERS ?? Math.max(1, Math.min(2, availableParallelism())));
const TIMING_GAMES = Number(process.env.TIMING_GAMES ?? 12);
const LEAGUE_LOG = process.env.LEAGUE_LOG ?? '';
// Playouts only, no clock, unless TIME_MS is set: the league's strong bot is the same on a busy and an
// idle machine, and the timing below shows what that budget costs (the server adds its 200 ms cap).
const budget: SearchBudget = {
  iterations: Number(process.env.ITERATIONS ?? DEFAULT_BUDGET.iterations),
  margin: DEFAULT_BUDGET.margin ?? 1,
  ...(process.env.TIME_MS ? { timeMs: Number(process.env.TIME_MS) } : {}),
};

const ALL_PAIRINGS: [Strength, Strength][] = [
  ['strong', 'normal'],
  ['normal', 'strong'],
  ['strong', 'easy'],
  ['normal', 'easy'],
  ['easy', 'normal'],
];
/** PAIRS=strong-normal,easy-normal and PLAYERS=4 narrow a quick run. */
const PAIRINGS = process.env.PAIRS
  ? ALL_PAIRINGS.filter(([a, b]) => (process.env.PAIRS as string).split(',').includes(`${a}-${b}`))
  : ALL_PAIRINGS;
const COUNTS: PlayerCount[] = process.env.PLAYERS
  ? (process.env.PLAYERS.split(',').map(Number) as PlayerCount[])
  : [3, 4, 5];

interface Job {
  players: PlayerCount;
  hero: Strength;
  field: Strength;
  from: number;
  to: number;
}

function strategyFor(s: Strength): Strategy {
  return s === 'easy' ? easyBot : s === 'normal' ? heuristicBot : strongBot(budget);
}

function runJob(j: Job): { wins: number; games: number; stalled: number } {
  const hero = strategyFor(j.hero);
  const field = strategyFor(j.field);
  let wins = 0;
  let stalled = 0;
  for (let g = j.from; g < j.to; g++) {
    const seat = g % j.players;
    const strategies = Array.from({ length: j.players }, (_, i) => (i === seat ? hero : field));
    const r = simulateGame({ players: j.players, seed: `league-${j.players}-${g}`, strategies });
    if (r.stalled) stalled++;
    else if (r.state.winner === seat) wins++;
  }
  return { wins, games: j.to - j.from, stalled };
}

if (!isMainThread) {
  parentPort?.on('message', (j: Job | null) => {
    if (j === null) process.exit(0);
    parentPort?.postMessage(runJob(j as Job));
  });
}

/** Wilson score interval, 95%. */
function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n);
  const r = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [(c - r) / d, (c + r) / d];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main(): Promise<void> {
  const CHUNK = 25;
  const jobs: (Job & { key: string })[] = [];
  for (const players of COUNTS) {
    for (const [hero, field] of PAIRINGS) {
      const games = hero === 'strong' || field === 'strong' ? STRONG_GAMES : GAMES;
      for (let from = 0; from < games; from += CHUNK) {
        jobs.push({
          players,
          hero,
          field,
          from,
          to: Math.min(games, from + CHUNK),
          key: `${players}|${hero}|${field}`,
        });
      }
    }
  }
  // Slowest (strong) jobs first so the cores finish together.
  jobs.sort(
    (a, b) => Number(b.hero === 'strong' || b.field === 'strong') - Number(a.hero === 'strong' || a.field === 'strong'),
  );
  const totals = new Map<string, { wins: number; games: number; stalled: number }>();
  // LEAGUE_LOG: every finished chunk is appended there as a JSON line, and chunks already in it are
  // not played again. Games are fixed by seed and index, so a long league can be run in pieces (on
  // idle cores, across days) and its file gives the same table as one uninterrupted run.
  const done = new Set<string>();
  if (LEAGUE_LOG && existsSync(LEAGUE_LOG)) {
    for (const line of readFileSync(LEAGUE_LOG, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line) as Job & { wins: number; games: number; stalled: number; budget: number };
      if (c.budget !== budget.iterations) continue;
      const key = `${c.players}|${c.hero}|${c.field}`;
      const id = `${key}|${c.from}|${c.to}`;
      if (done.has(id)) continue;
      done.add(id);
      const t = totals.get(key) ?? { wins: 0, games: 0, stalled: 0 };
      t.wins += c.wins;
      t.games += c.games;
      t.stalled += c.stalled;
      totals.set(key, t);
    }
  }
  const todo = jobs.filter((j) => !done.has(`${j.key}|${j.from}|${j.to}`));
  jobs.length = 0;
  jobs.push(...todo);
  const t0 = performance.now();
  console.log(
    `Blaze bot league: node ${process.version}, ${WORKERS} worker thread(s), ${GAMES} games per pairing (${STRONG_GAMES} with strong), strong budget ${budget.iterations} playouts${budget.timeMs ? ` / ${budget.timeMs} ms` : ''}`,
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const w = new Worker(new URL('./tsWorker.mjs', import.meta.url), {
        workerData: { entry: import.meta.url },
      });
      try {
        while (next < jobs.length) {
          const job = jobs[next++] as Job & { key: string };
          const { key, ...plain } = job;
          const r = await new Promise<{ wins: number; games: number; stalled: number }>((resolve, reject) => {
            const onError = (e: Error) => reject(e);
            w.once('error', onError);
            w.once('message', (m) => {
              w.off('error', onError);
              resolve(m);
            });
            w.postMessage(plain);
          });
          if (LEAGUE_LOG) {
            appendFileSync(LEAGUE_LOG, `${JSON.stringify({ ...plain, ...r, budget: budget.iterations })}\n`);
          }
          const t = totals.get(key) ?? { wins: 0, games: 0, stalled: 0 };
          t.wins += r.wins;
          t.games += r.games;
          t.stalled += r.stalled;
          totals.set(key, t);
        }
      } finally {
        w.postMessage(null);
      }
    }),
  );
  console.log(`(league took ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  console.log('\nOne hero seat (rotating) against the field in every other seat: the hero wins');
  console.log('players  hero    field    games  wins  win rate  95% interval     even share  stalled');
  for (const players of COUNTS) {
    for (const [hero, field] of PAIRINGS) {
      const t = totals.get(`${players}|${hero}|${field}`);
      if (!t) continue;
      const [lo, hi] = wilson(t.wins, t.games);
      console.log(
        `${String(players).padStart(7)}  ${hero.padEnd(6)}  ${field.padEnd(6)}  ${String(t.games).padStart(6)}  ${String(
          t.wins,
        ).padStart(
          4,
        )}  ${pct(t.wins / t.games).padStart(8)}  ${`${pct(lo)}–${pct(hi)}`.padEnd(15)}  ${pct(1 / players).padStart(10)}  ${String(t.stalled).padStart(7)}`,
      );
    }
  }

  // Decision time on one core: every decision of one strong seat in 4-player games against normal bots.
  const times: number[] = [];
  const searched: number[] = [];
  const timed: Strategy = {
    name: 'strong-timed',
    decide: (view, rnd) => {
      const t = performance.now();
      const r = search(view, rnd, budget);
      const dt = performance.now() - t;
      times.push(dt);
      if (r.candidates > 1) searched.push(dt);
      return r.action;
    },
  };
  for (let g = 0; g < TIMING_GAMES; g++) {
    const seat = g % 4;
    const strategies = Array.from({ length: 4 }, (_, i) => (i === seat ? timed : heuristicBot));
    simulateGame({ players: 4, seed: `timing-${g}`, strategies });
  }
  const q = (xs: number[], p: number) => {
    const s = xs.slice().sort((a, b) => a - b);
    return s.length === 0 ? 0 : (s[Math.min(s.length - 1, Math.floor(p * s.length))] as number);
  };
  console.log(`\nStrong decision time, one core (main thread), ${TIMING_GAMES} 4-player games against normal bots`);
  console.log('decisions                     count    p50 ms   p95 ms   max ms');
  for (const [label, xs] of [
    ['every decision', times],
    ['with a choice (≥2 moves)', searched],
  ] as const) {
    console.log(
      `${label.padEnd(28)}  ${String(xs.length).padStart(5)}  ${q(xs, 0.5).toFixed(1).padStart(8)}  ${q(xs, 0.95)
        .toFixed(1)
        .padStart(7)}  ${q(xs, 1).toFixed(1).padStart(7)}`,
    );
  }
}

if (isMainThread) await main();
