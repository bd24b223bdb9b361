/**
 * /livez: the process runs (200 while its event loop does; an orchestrator restarts it otherwise).
 * /readyz: it can serve a table now: its tables are restored, it is not draining, its store can
 * write, and Redis (when shared) answers within the deadline; a 503 names each check that failed
 * and why. /healthz is /readyz under its old name. A stalled Redis once left /healthz answering
 * ok while every lookup, creation and join hung.
 */
import { matchMaker, type Presence } from '@colyseus/core';
import type express from 'express';
import { withDeadline } from './deadline.js';
import { currentStore, lifecycle } from './store/current.js';

/** A check answers null when fine, else why not (a short reason, nothing secret). */
export type ReadyCheck = () => Promise<string | null> | string | null;

export class Readiness {
  private readonly checks = new Map<string, ReadyCheck>();
  /** Tables still being restored: until they are, this process would answer "not found" for them. */
  private restoring = false;

  constructor(private readonly deadlineMs: number) {
    this.add('draining', () => (lifecycle.draining ? 'shutting down' : null));
    this.add('restore', () => (this.restoring ? 'tables are still being restored' : null));
    // The writer thread died, or it cannot write now: `writable()` is the hook for the store's own
    // probe (a full disk under SQLite): false (or why not) when it cannot; without one, writable.
    this.add('store', async () => {
      const store = currentStore() as { failure?(): string | null; writable?(): unknown } | null;
      const broken = store?.failure?.() ?? null;
      if (broken !== null) return broken;
      const writable = await store?.writable?.();
      if (writable === false) return 'the store cannot write (disk full or failing)';
      return typeof writable === 'string' ? writable : null;
    });
  }

  /** Adds (or replaces) a named check; each runs under the deadline. */
  add(name: string, check: ReadyCheck): void {
    this.checks.set(name, check);
  }

  restoreStarted(): void {
    this.restoring = true;
  }

  restoreFinished(): void {
    this.restoring = false;
  }

  /** Every check at once, each given the deadline: the answer never waits longer than one. */
  async run(): Promise<{ ok: boolean; failed: Record<string, string> }> {
    const names = [...this.checks.keys()];
    const results = await Promise.all(
      names.map(async (name) => {
        try {
          return await withDeadline(Promise.resolve((this.checks.get(name) as ReadyCheck)()), this.deadlineMs, 'store');
        } catch (e) {
          return e instanceof Error ? e.message.replace(/^store /, '') : String(e);
        }
      }),
    );
    const failed: Record<string, string> = {};
    names.forEach((name, i) => {
      const r = results[i];
      if (r !== null && r !== undefined) failed[name] = r;
    });
    return { ok: Object.keys(failed).length === 0, failed };
  }
}

/** Redis answers a read on the connection the matchmaker itself uses (its own stalls show here). */
export function redisCheck(presence: Presence): ReadyCheck {
  return async () => {
    await presence.exists('blaze:ready');
    return null;
  };
}

export function mountHealth(app: express.Express, readiness: Readiness): void {
  app.get('/livez', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true });
  });
  const ready = async (_req: express.Request, res: express.Response) => {
    const { ok, failed } = await readiness.run();
    res.setHeader('Cache-Control', 'no-store');
    const counts = { rooms: matchMaker.stats.local.roomCount, ccu: matchMaker.stats.local.ccu };
    if (ok) res.json({ ok: true, ...counts });
    // Each failed check under its own name (`store: "record writer stopped"`), and the list of them.
    else res.status(503).json({ ok: false, failed: Object.keys(failed), ...failed, ...counts });
  };
  app.get('/readyz', ready);
  app.get('/healthz', ready);
}
