/** Issue 12: how the strong bots' decisions were made shows in /metrics (the load bench reads the same counters). */
import { heuristicBot, simulateGame } from '@blaze/bots';
import { type GameState, viewFor } from '@blaze/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPool } from '../src/botPool/pool.js';
import { registry } from '../src/metrics.js';

function choiceState(): GameState {
  let found: GameState | null = null;
  simulateGame({
    players: 4,
    seed: 'pool-metrics',
    strategies: [heuristicBot, heuristicBot, heuristicBot, heuristicBot],
    onStep: (s) => {
      if (found === null && s.table.length > 0 && !s.targetPassed && s.table.some((e) => e.rejection === null))
        found = s;
    },
  });
  if (found === null) throw new Error('no challenge met');
  return found;
}

/** One series' value as the /metrics text shows it. */
async function sample(series: string): Promise<number> {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
const outcome = (o: string) => sample(`blaze_bot_decisions_total{strength="strong",outcome="${o}"}`);

describe('bot pool metrics', () => {
  const pool = new BotPool({ size: 1, maxQueue: 1, budget: { iterations: 60, timeMs: 150 }, graceMs: 2_000 });
  afterAll(() => pool.close());
  beforeAll(() => pool.ready());

  it('counts searched, fallen back (busy) and stale decisions by outcome, and the search time', async () => {
    const before = { search: await outcome('search'), busy: await outcome('busy'), stale: await outcome('stale') };
    const timed = await sample('blaze_bot_search_seconds_count');
    const s = choiceState();
    const view = viewFor(s, s.target);
    const first = pool.decide(view, 'a', () => false); // runs
    const stale = pool.decide(view, 'b', () => true); // queued, then dropped as stale
    const second = pool.decide(view, 'c', () => false); // queued
    const busy = await pool.decide(view, 'd', () => false); // queue full: the normal bot answers
    expect(busy.source).toBe('fallback');
    await Promise.all([first, stale, second]);
    expect(await outcome('search')).toBe(before.search + 2);
    expect(await outcome('busy')).toBe(before.busy + 1);
    expect(await outcome('stale')).toBe(before.stale + 1);
    expect(await sample('blaze_bot_search_seconds_count')).toBe(timed + 2);
    expect(pool.counts).toMatchObject({ search: 2, busy: 1, stale: 1 });
  });
});
