/**
 * A bounded pool of worker threads for the strong bots' searches (Blaze's and Durak's), so a search
 * never blocks a table's event loop. Each decision has a time budget; when every thread is busy and
 * the queue is full, or a thread does not answer in time, the seat gets the normal bot's move instead
 * (decided at once, on the main thread: it costs microseconds). Requests whose state moved on before a
 * thread was free are dropped unanswered (`stale`).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  DEFAULT_BUDGET as BLA5T_BUDGET,
  type Action as Bla5tAction,
  type View as Bla5tView,
  type StrongMemory,
} from '@blaze/bla5t';
import { decideFromMemory as bla5tDecide } from '@blaze/bla5t/module';
import { DEFAULT_BUDGET, heuristicBot, type SearchBudget } from '@blaze/bots';
import type { Action as DurakAction, View as DurakView } from '@blaze/durak';
import { DEFAULT_BUDGET as DURAK_BUDGET, decide as durakDecide } from '@blaze/durak/bots';
import type { Action, PlayerView } from '@blaze/rules';
import { botDecisions, botSearchSeconds } from '../metrics.js';
import type { Ask, DecisionReply, DecisionRequest } from './messages.js';

type Outcome = 'search' | 'busy' | 'timeout' | 'error' | 'stale';

/** Durak's table budget as it crosses to a thread (a function does not). */
const { now: _, ...DURAK_POOL_BUDGET } = DURAK_BUDGET;

export interface PoolOptions {
  /** Threads (default: one less than the cores, at least one). */
  size: number;
  /** Requests waiting for a thread beyond which the normal bot answers. */
  maxQueue: number;
  budget: Omit<SearchBudget, 'now'>;
  /** Extra time over budget.timeMs before the normal bot answers instead. */
  graceMs: number;
}

export type Decision<A = Action> =
  | { source: 'search'; action: A | null; ms: number }
  | { source: 'fallback'; action: A | null; reason: 'busy' | 'timeout' | 'error' }
  | { source: 'stale' };

interface Job {
  ask: Ask;
  seed: string;
  stale: () => boolean;
  resolve: (d: Decision<unknown>) => void;
}

interface Thread {
  worker: Worker;
  /** Loaded and listening: its first request's clock must not include the thread's start-up. */
  ready: boolean;
  busy: boolean;
  /** `late`: the seat was already answered by the normal bot; the search's answer is dropped. */
  current: { id: number; job: Job; timer: NodeJS.Timeout; late: boolean } | null;
}

export const DEFAULT_POOL: PoolOptions = {
  size: Math.max(1, availableParallelism() - 1),
  maxQueue: 4,
  budget: { iterations: DEFAULT_BUDGET.iterations, timeMs: DEFAULT_BUDGET.timeMs ?? 200 },
  graceMs: 300,
};

/** Under tsx the sources run as they are; in the compiled bundle (dist/) the worker sits beside it. */
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './worker.mjs' : './bot-worker.js', import.meta.url);

export class BotPool {
  private threads: Thread[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Counts for tests and metrics: how decisions were made. */
  readonly counts: Record<Outcome, number> = { search: 0, busy: 0, timeout: 0, error: 0, stale: 0 };
  /** The last thread error, for logs and tests (never a view: errors carry no cards). */
  lastError: string | null = null;

  constructor(readonly options: PoolOptions = DEFAULT_POOL) {
    for (let i = 0; i < options.size; i++) this.threads.push(this.spawn());
  }

  private spawn(): Thread {
    const worker = new Worker(WORKER_URL);
    // Idle threads must not keep the process alive after the server closed.
    worker.unref();
    const t: Thread = { worker, ready: false, busy: false, current: null };
    worker.on('message', (r: DecisionReply | 'ready') => {
      if (r === 'ready') {
        t.ready = true;
        this.pump();
      } else this.onReply(t, r);
    });
    worker.on('error', (e) => {
      this.lastError = e.message;
      this.onCrash(t);
    });
    return t;
  }

  /** Resolves once every thread has loaded (for tests and benches; requests made before simply queue). */
  ready(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.threads.every((t) => t.ready) ? resolve() : setTimeout(check, 20).unref());
      check();
    });
  }

  /** Every outcome is counted here and in /metrics (blaze_bot_decisions_total): only strong bots search. */
  private count(outcome: Outcome): void {
    this.counts[outcome]++;
    botDecisions.inc({ strength: 'strong', outcome });
  }

  private onCrash(t: Thread): void {
    const cur = t.current;
    if (cur) {
      clearTimeout(cur.timer);
      this.count('error');
      cur.job.resolve(this.normal(cur.job.ask, 'error'));
    }
    const i = this.threads.indexOf(t);
    if (i >= 0 && !this.closed) this.threads[i] = this.spawn();
    this.pump();
  }

  /** The game's normal bot, decided at once on this thread (microseconds). */
  private normal(ask: Ask, reason: 'busy' | 'timeout' | 'error'): Decision<unknown> {
    switch (ask.game) {
      case 'blaze':
        return { source: 'fallback', action: heuristicBot.decide(ask.view, Math.random), reason };
      case 'durak':
        return { source: 'fallback', action: durakDecide('normal', ask.view, Math.random), reason };
      case 'bla5t':
        return { source: 'fallback', action: bla5tDecide('normal', ask.memory, ask.view, Math.random), reason };
    }
  }

  /** The search's budget for a game: Blaze's from the options, Durak's and Bla5t's their table budgets. */
  private budgetOf(ask: Ask): Omit<SearchBudget, 'now'> {
    switch (ask.game) {
      case 'blaze':
        return this.options.budget;
      case 'durak':
        return DURAK_POOL_BUDGET;
      case 'bla5t':
        return BLA5T_BUDGET;
    }
  }

  /** The strong bot's move for `view`; `stale` says whether the state it was asked for has moved on. */
  decide(view: PlayerView, seed: string, stale: () => boolean): Promise<Decision> {
    return this.ask({ game: 'blaze', view }, seed, stale) as Promise<Decision>;
  }

  /** Durak's strong bot's move for a seat's view, as `decide`. */
  decideDurak(view: DurakView, seed: string, stale: () => boolean): Promise<Decision<DurakAction>> {
    return this.ask({ game: 'durak', view }, seed, stale) as Promise<Decision<DurakAction>>;
  }

  /** Bla5t's strong bot's move for a seat's view and what the bot remembers (XT5), as `decide`. */
  decideBla5t(
    view: Bla5tView,
    memory: StrongMemory,
    seed: string,
    stale: () => boolean,
  ): Promise<Decision<Bla5tAction>> {
    return this.ask({ game: 'bla5t', view, memory }, seed, stale) as Promise<Decision<Bla5tAction>>;
  }

  private ask(ask: Ask, seed: string, stale: () => boolean): Promise<Decision<unknown>> {
    return new Promise((resolve) => {
      if (this.closed) {
        this.count('busy');
        resolve(this.normal(ask, 'busy'));
        return;
      }
      this.queue = this.queue.filter((j) => {
        if (!j.stale()) return true;
        this.count('stale');
        j.resolve({ source: 'stale' });
        return false;
      });
      if (this.queue.length >= this.options.maxQueue && !this.threads.some((t) => t.ready && !t.busy)) {
        this.count('busy');
        resolve(this.normal(ask, 'busy'));
        return;
      }
      this.queue.push({ ask, seed, stale, resolve });
      this.pump();
    });
  }

  private pump(): void {
    for (const t of this.threads) {
      if (t.busy || !t.ready) continue;
      let job = this.queue.shift();
      while (job?.stale()) {
        this.count('stale');
        job.resolve({ source: 'stale' });
        job = this.queue.shift();
      }
      if (!job) return;
      const id = this.nextId++;
      const budget = this.budgetOf(job.ask);
      const limit = (budget.timeMs ?? 1000) + this.options.graceMs;
      const timer = setTimeout(() => {
        if (t.current?.id !== id) return;
        // The thread runs on and frees itself when it answers; this seat does not wait for it.
        this.count('timeout');
        t.current.late = true;
        t.current.job.resolve(this.normal(t.current.job.ask, 'timeout'));
      }, limit);
      timer.unref();
      t.busy = true;
      t.current = { id, job, timer, late: false };
      const req = { ...job.ask, id, seed: job.seed, budget } as DecisionRequest;
      t.worker.postMessage(req);
    }
  }

  private onReply(t: Thread, r: DecisionReply): void {
    const cur = t.current;
    t.busy = false;
    t.current = null;
    // Late answers too: the histogram shows how long the thread was taken, not only useful searches.
    if (r.ok) botSearchSeconds.observe(r.ms / 1000);
    if (cur && cur.id === r.id && !cur.late) {
      clearTimeout(cur.timer);
      if (r.ok) {
        this.count('search');
        cur.job.resolve({ source: 'search', action: r.action, ms: r.ms });
      } else {
        this.count('error');
        this.lastError = r.error;
        cur.job.resolve(this.normal(cur.job.ask, 'error'));
      }
    }
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    // A closed pool is never handed out again: the next sharedBotPool() starts a fresh one.
    if (shared === this) shared = null;
    for (const j of this.queue) j.resolve({ source: 'stale' });
    this.queue = [];
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}

let shared: BotPool | null = null;
/** BOT_WORKERS from the validated config (main.ts); the default pool size when unset. */
let sharedSize = DEFAULT_POOL.size;

/** Sets the shared pool's thread count before its first use (main.ts, from BOT_WORKERS). */
export function configureBotPool(size: number | undefined): void {
  sharedSize = size ?? DEFAULT_POOL.size;
}

/** The process's one pool, started on first use (tables with only easy and normal bots never start it). */
export function sharedBotPool(): BotPool {
  if (shared === null) shared = new BotPool({ ...DEFAULT_POOL, size: sharedSize });
  return shared;
}
