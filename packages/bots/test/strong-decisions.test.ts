/**
 * The strong bot's search may get faster, never different: the league's chunks (bench/league-log.jsonl)
 * stay valid only while the same seed and budget give the same game. These hashes were recorded from
 * the search as it was when the first 4-player chunks were played (commit f6e30ab); every accepted
 * action of two games per player count, one strong seat (120 playouts, no clock) against normal bots.
 * `HASH_GAMES=30 pnpm exec tsx packages/bots/bench/strong-hash.ts` checks many more games.
 */
import type { PlayerCount } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { decisionHash } from '../bench/strong-hash.js';

const RECORDED: Record<PlayerCount, { hash: string; actions: number }> = {
  3: { hash: 'b7343960ecb6fb9b8a12fe6a3d06787659d84ce2b5e40a93e6a0299bc1c6112d', actions: 209 },
  4: { hash: 'd36800071a16f258f1e93355eff17d3271157f18440acf197e63508495d1148a', actions: 241 },
  5: { hash: '5c15b20f2ad0212d0f427bb9fc16e0167514de9446e2b1889ac434456a2e40f7', actions: 290 },
};

describe('strong bot decisions', () => {
  for (const players of [3, 4, 5] as PlayerCount[]) {
    it(`are the recorded ones at ${players} players`, () => {
      expect(decisionHash(players, 2)).toEqual(RECORDED[players]);
    });
  }
});
