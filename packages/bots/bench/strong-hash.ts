/**
 * The strong bot's decisions as one hash per player count, and the CPU a game costs.
 *
 *   nice -n 10 pnpm exec tsx packages/bots/bench/strong-hash.ts        # HASH_GAMES=30 per count
 *
 * Plays HASH_GAMES seeded games at 3, 4 and 5 players with one strong seat (rotating, budget 120
 * playouts, no clock: the league's bot) against normal bots and hashes every accepted action in order.
 * A speed-up of the search must leave these hashes unchanged: the league's chunks stay valid only while
 * the same seed gives the same game. test/strong-decisions.test.ts checks the first games of each count.
 */
import { createHash } from 'node:crypto';
import type { PlayerCount } from '@blaze/rules';
import { heuristicBot, simulateGame, strongBot } from '../src/index.js';

const GAMES = Number(process.env.HASH_GAMES ?? 30);
const strong = strongBot({ iterations: 120, margin: 1 });

/** SHA-256 of the JSON of every accepted action of `games` games at `players`, in order. */
export function decisionHash(players: PlayerCount, games: number): { hash: string; actions: number } {
  const h = createHash('sha256');
  let actions = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const strategies = Array.from({ length: players }, (_, i) => (i === seat ? strong : heuristicBot));
    const r = simulateGame({ players, seed: `strong-hash-${players}-${g}`, strategies, record: true });
    for (const a of r.actions) h.update(JSON.stringify(a)).update('\n');
    h.update(`end ${r.state.winner} ${r.stalled}\n`);
    actions += r.actions.length;
  }
  return { hash: h.digest('hex'), actions };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`strong decisions: ${GAMES} games per count, one strong seat (120 playouts) against normal bots`);
  console.log('players  games  actions  cpu s/game  sha256');
  for (const players of [3, 4, 5] as PlayerCount[]) {
    const c0 = process.cpuUsage();
    const { hash, actions } = decisionHash(players, GAMES);
    const c = process.cpuUsage(c0);
    const perGame = (c.user + c.system) / 1e6 / GAMES;
    console.log(
      `${String(players).padStart(7)}  ${String(GAMES).padStart(5)}  ${String(actions).padStart(7)}  ${perGame.toFixed(3).padStart(10)}  ${hash}`,
    );
  }
}
