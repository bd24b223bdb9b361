/**
 * Issue 12: the strong bot searches on worker threads, within a budget, and the normal bot answers when
 * the pool is busy; /metrics counts how each decision was made (the load bench reads the same counters).
 */

import type { StrongMemory } from '@blaze/bla5t';
import { bla5tModule } from '@blaze/bla5t/module';
import { heuristicBot, simulateGame } from '@blaze/bots';
import { durakModule } from '@blaze/durak/module';
import { applyAction, type GameState, viewFor } from '@blaze/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPool } from '../src/botPool/pool.js';
import { registry } from '../src/metrics.js';

/** A state where the target has a real choice (reject or pass). */
function choiceState(): GameState {
  let found: GameState | null = null;
  simulateGame({
    players: 4,
    seed: 'pool',
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
const searchesTimed = () => sample('blaze_bot_search_seconds_count');

describe('bot pool', () => {
  const pool = new BotPool({ size: 1, maxQueue: 1, budget: { iterations: 60, timeMs: 150 }, graceMs: 10_000 });
  afterAll(() => pool.close());
  // Let the thread load the rules and the bots first, so the busy test meets a running search.
  beforeAll(() => pool.ready());

  it('answers from a worker thread with a move the rules accept', async () => {
    const s = choiceState();
    const d = await pool.decide(viewFor(s, s.target), 'seed', () => false);
    expect(d.source, `${JSON.stringify(pool.counts)} ${pool.lastError}`).toBe('search');
    if (d.source !== 'search' || d.action === null) throw new Error('no move');
    expect(applyAction(s, d.action).ok).toBe(true);
  });

  it("searches a Durak seat's view too, with Durak's budget, and answers a move Durak's rules accept", async () => {
    // A Durak game's first moves where the one due has more than one legal move.
    let state = durakModule.setup(durakModule.options.defaults(3), 'pool-durak');
    for (let i = 0; i < 40; i++) {
      const [due] = durakModule.due(state);
      if (due?.seat == null) break;
      if (durakModule.legal(state, due.seat).length > 1) break;
      const a = durakModule.bots.decide('normal', durakModule.view(state, due.seat), () => 0.5);
      const r = a && durakModule.apply(state, a);
      if (!r?.ok) break;
      state = r.state;
    }
    const [due] = durakModule.due(state);
    if (due?.seat == null) throw new Error('nobody due');
    const before = pool.counts.search;
    const d = await pool.decideDurak(durakModule.view(state, due.seat), 'seed', () => false);
    expect(d.source, `${JSON.stringify(pool.counts)} ${pool.lastError}`).toBe('search');
    if (d.source !== 'search' || d.action === null) throw new Error('no move');
    expect(durakModule.apply(state, d.action).ok).toBe(true);
    expect(pool.counts.search).toBe(before + 1);
  });

  it("searches a Bla5t seat's view with what its bot remembers (XT5), and answers a move Bla5t's rules accept", async () => {
    // Past the first looks, to a turn whose bot has looked at two of its cards.
    let state = bla5tModule.setup(bla5tModule.options.defaults(3), 'pool-bla5t');
    const made = [0, 1, 2].map((p) => bla5tModule.bots.create?.('strong', p, () => 0.5));
    const rnd = () => 0.5;
    for (let i = 0; i < 200; i++) {
      const [due] = bla5tModule.due(state);
      if (due?.seat == null) break;
      if (bla5tModule.view(state, due.seat).awaiting.kind === 'action') break;
      const a = bla5tModule.bots.decide('normal', bla5tModule.view(state, due.seat), rnd);
      const r = a && bla5tModule.apply(state, a);
      if (!r?.ok) break;
      for (const e of r.events)
        made.forEach((b, p) => {
          const seen = bla5tModule.redact(e, p);
          if (seen) b?.observe(seen);
        });
      state = r.state;
    }
    const [due] = bla5tModule.due(state);
    if (due?.seat == null) throw new Error('nobody due');
    const view = bla5tModule.view(state, due.seat);
    const memory = made[due.seat]?.memory?.(view) as StrongMemory;
    expect(memory.mine.length).toBeGreaterThan(0);
    const before = pool.counts.search;
    const d = await pool.decideBla5t(view, memory, 'seed', () => false);
    expect(d.source, `${JSON.stringify(pool.counts)} ${pool.lastError}`).toBe('search');
    if (d.source !== 'search' || d.action === null) throw new Error('no move');
    expect(bla5tModule.apply(state, d.action).ok).toBe(true);
    expect(pool.counts.search).toBe(before + 1);
  });

  it('falls back to the normal bot when every thread is busy and the queue is full, drops stale requests, and counts each outcome in /metrics', async () => {
    const metrics0 = { search: await outcome('search'), busy: await outcome('busy'), stale: await outcome('stale') };
    const timed0 = await searchesTimed();
    const counts0 = { ...pool.counts };
    const s = choiceState();
    const view = viewFor(s, s.target);
    const first = pool.decide(view, 'a', () => false); // runs
    const stale = pool.decide(view, 'b', () => true); // queued, then found stale
    const second = pool.decide(view, 'c', () => false); // queued (the stale one is dropped first)
    const third = await pool.decide(view, 'd', () => false); // queue full: the normal bot answers at once
    expect(third.source).toBe('fallback');
    if (third.source === 'fallback') {
      expect(third.reason).toBe('busy');
      expect(third.action).toEqual(heuristicBot.decide(view, Math.random));
    }
    expect((await stale).source).toBe('stale');
    expect((await first).source).toBe('search');
    expect((await second).source).toBe('search');
    expect(await outcome('search')).toBe(metrics0.search + 2);
    expect(await outcome('busy')).toBe(metrics0.busy + 1);
    expect(await outcome('stale')).toBe(metrics0.stale + 1);
    expect(await searchesTimed()).toBe(timed0 + 2);
    expect(pool.counts.search - counts0.search).toBe(2);
    expect(pool.counts.busy - counts0.busy).toBe(1);
    expect(pool.counts.stale - counts0.stale).toBe(1);
  });

  it('keeps the event loop free while it searches', async () => {
    const s = choiceState();
    const view = viewFor(s, s.target);
    // A search on this thread would answer before any timer could run; off it, the timer runs first.
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const d = await pool.decide(view, 'e', () => false);
    expect(d.source).toBe('search');
    expect(timerRan).toBe(true);
  });

  it('answers with the normal bot when a search overruns its time', async () => {
    // No clock in the search itself and far too many playouts: only the pool's deadline stops the wait.
    const slow = new BotPool({ size: 1, maxQueue: 1, budget: { iterations: 1_000_000 }, graceMs: 0 });
    try {
      await slow.ready();
      const s = choiceState();
      const t0 = performance.now();
      const d = await slow.decide(viewFor(s, s.target), 'slow', () => false);
      expect(d.source === 'fallback' && d.reason).toBe('timeout');
      expect(performance.now() - t0).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  }, 30_000);
});
