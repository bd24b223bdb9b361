/**
 * `pnpm bench:rules`: whole Blaze games through @blaze/rules, on one core.
 *
 * 1. Random play for 3, 4 and 5 players: full games per second, accepted actions per second and the
 *    median actions per game. A random seat among those who may act (or the server's closeWindow while a
 *    window is open) takes a uniformly random legal action, drawn by the simulator's mover straight from
 *    the state without listing every subset (src/mover.ts; its test checks it against legalActions).
 * 2. The engine alone: those games replayed from their recorded actions, applyAction only.
 * 3. Observed: the same replays, and before each action every seat's legalActions and viewFor plus
 *    the spectator's view, as bots, the client's highlights and any search call them.
 * 4. One heuristic seat (rotating) against random seats: the heuristic's win rate against 1/players.
 *
 * Rates are per CPU second of this process (see cpuMs).
 * Env: BENCH_SECONDS (per random-play measurement, default 3), BENCH_GAMES (heuristic games per
 * player count, default 3000).
 */
import { type Action, applyAction, createGame, legalActions, type PlayerCount, viewFor } from '@blaze/rules';
import { heuristicBot, randomBot, randomLegalAction, simulateGame } from '../src/index.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/**
 * This process's CPU time (ms): rates are per CPU second, which equals wall time on an idle core
 * and stays comparable when the machine is shared (wall-clock rates there measured the neighbours).
 */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const heuristicGames = Number(process.env.BENCH_GAMES ?? 3000);
const COUNTS: PlayerCount[] = [3, 4, 5];

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function randomPlay(players: PlayerCount, ms: number, tag: string) {
  const lengths: number[] = [];
  let actions = 0;
  let stalled = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < ms) {
    const r = simulateGame({ players, seed: `${tag}-${players}-${lengths.length}`, mover: randomLegalAction });
    lengths.push(r.count);
    actions += r.count;
    if (r.stalled) stalled++;
    t = cpuMs();
  }
  const dt = (t - t0) / 1000;
  return { games: lengths.length, gamesPerSec: lengths.length / dt, actionsPerSec: actions / dt, lengths, stalled };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(
  `Blaze rules bench: node ${process.version}, single thread, ${seconds} CPU s per measurement, rates per CPU second`,
);
console.log('\nRandom play: every seat that may act draws uniformly among its legal actions; the server may close');
console.log('a take-back window; each step is one accepted action');
console.log('players  games  games/s  actions/s  median actions/game  stalled');
for (const players of COUNTS) {
  randomPlay(players, 400, 'warm'); // let the JIT settle
  const r = randomPlay(players, seconds * 1000, 'bench');
  console.log(
    `${String(players).padStart(7)}  ${String(r.games).padStart(5)}  ${fmt(r.gamesPerSec).padStart(7)}  ${fmt(
      r.actionsPerSec,
    ).padStart(9)}  ${String(median(r.lengths)).padStart(19)}  ${String(r.stalled).padStart(7)}`,
  );
}

/** Engine-alone games/s per player count, to show what observing costs on top (a ratio the load on a shared machine moves less than a rate). */
const engineRate = new Map<PlayerCount, number>();
console.log('\nEngine alone: the same kind of random games replayed from recorded actions (applyAction only)');
console.log('players  games/s  actions/s');
for (const players of COUNTS) {
  const recorded: { seed: string; actions: Action[] }[] = [];
  for (let g = 0; g < 100; g++) {
    const seed = `replay-${players}-${g}`;
    recorded.push({
      seed,
      actions: simulateGame({ players, seed, mover: randomLegalAction, record: true }).actions,
    });
  }
  let games = 0;
  let actions = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 500) {
    const game = recorded[games % recorded.length] as (typeof recorded)[number];
    let state = createGame({ players, seed: game.seed });
    for (const a of game.actions) {
      const r = applyAction(state, a);
      if (!r.ok) throw new Error(`replay refused ${JSON.stringify(a)}: ${r.error.code}`);
      state = r.state;
    }
    if (!state.over) throw new Error('replay did not finish');
    games++;
    actions += game.actions.length;
    t = cpuMs();
  }
  const dt = (t - t0) / 1000;
  engineRate.set(players, games / dt);
  console.log(`${String(players).padStart(7)}  ${fmt(games / dt).padStart(7)}  ${fmt(actions / dt).padStart(9)}`);
}

console.log('\nObserved: the same replays, calling legalActions and viewFor for every seat (and the spectator view)');
console.log('before each action; "slowdown" is engine-alone games/s over observed games/s');
console.log('players  games/s  actions/s  slowdown');
for (const players of COUNTS) {
  const recorded = Array.from({ length: 100 }, (_, g) => {
    const seed = `replay-${players}-${g}`;
    return { seed, actions: simulateGame({ players, seed, mover: randomLegalAction, record: true }).actions };
  });
  let games = 0;
  let actions = 0;
  let sink = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 500) {
    const game = recorded[games % recorded.length] as (typeof recorded)[number];
    let state = createGame({ players, seed: game.seed });
    for (const a of game.actions) {
      sink += viewFor(state, null).deckCount;
      for (let seat = 0; seat < players; seat++) {
        sink += legalActions(state, seat).length + viewFor(state, seat).hand.length;
      }
      const r = applyAction(state, a);
      if (!r.ok) throw new Error(`replay refused ${JSON.stringify(a)}: ${r.error.code}`);
      state = r.state;
    }
    games++;
    actions += game.actions.length;
    t = cpuMs();
  }
  const dt = (t - t0) / 1000;
  if (sink < 0) console.log(sink); // keeps the calls from being optimised away
  const slowdown = (engineRate.get(players) ?? Number.NaN) / (games / dt);
  console.log(
    `${String(players).padStart(7)}  ${fmt(games / dt).padStart(7)}  ${fmt(actions / dt).padStart(9)}  ${slowdown
      .toFixed(1)
      .padStart(7)}x`,
  );
}

console.log(`\nHeuristic vs random: one heuristic seat (rotating), ${heuristicGames} games per player count`);
console.log('players  heuristic wins  win rate  baseline 1/n  95% interval  stalled  seconds');
for (const players of COUNTS) {
  let wins = 0;
  let stalled = 0;
  const t0 = cpuMs();
  for (let g = 0; g < heuristicGames; g++) {
    const seat = g % players;
    const strategies = Array.from({ length: players }, (_, i) => (i === seat ? heuristicBot : randomBot));
    const r = simulateGame({ players, seed: `hvr-${players}-${g}`, strategies });
    if (r.stalled) stalled++;
    else if (r.state.winner === seat) wins++;
  }
  const p = wins / heuristicGames;
  const half = 1.96 * Math.sqrt((p * (1 - p)) / heuristicGames);
  console.log(
    `${String(players).padStart(7)}  ${String(wins).padStart(14)}  ${(100 * p).toFixed(1).padStart(7)}%  ${(
      100 / players
    )
      .toFixed(1)
      .padStart(11)}%  ${`${(100 * (p - half)).toFixed(1)}-${(100 * (p + half)).toFixed(1)}%`.padStart(12)}  ${String(
      stalled,
    ).padStart(7)}  ${((cpuMs() - t0) / 1000).toFixed(1).padStart(7)}`,
  );
}
