/**
 * Server processes limited to a share of one core each, as containers with a CPU limit are: cgroups
 * with a CFS quota (cgroup v2's cpu.max, or v1's cpu controller), inside one budget that Redis shares.
 * On a machine whose cores the generators share too, this is how one process and two can be compared
 * at the same CPU each: without a limit, a lone process takes the cores the second would need.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Throttling {
  /** Scheduler periods in which the process ran, and those in which it used up its quota and waited. */
  periods: number;
  throttled: number;
  /** Time spent waiting for the next period, in ms. */
  throttledMs: number;
}

export interface CpuQuota {
  /** The counters since the cgroup was made (take two and subtract for a window). */
  stat(): Throttling;
  /** Removes the cgroup; the process must have exited. */
  remove(): void;
}

const V2 = '/sys/fs/cgroup';
const V1 = '/sys/fs/cgroup/cpu';

/** Where a cgroup with a CPU quota can be made here, or why not. */
function root(): { kind: 'v2' | 'v1'; dir: string } | { error: string } {
  const controllers = join(V2, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu'))
    return { kind: 'v2', dir: V2 };
  if (existsSync(join(V1, 'cpu.cfs_quota_us'))) return { kind: 'v1', dir: V1 };
  return { error: 'no cgroup cpu controller at /sys/fs/cgroup (v2) or /sys/fs/cgroup/cpu (v1)' };
}

function parseStat(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [k, v] = line.trim().split(/\s+/);
    if (k && v !== undefined) m.set(k, Number(v));
  }
  return m;
}

/** Writes a CFS quota of `share` of one core per `period` µs (and a burst of one period's quota) to a cgroup. */
function setQuota(kind: 'v2' | 'v1', dir: string, share: number, period: number): void {
  const quota = Math.round(share * period);
  if (kind === 'v2') {
    writeFileSync(join(dir, 'cpu.max'), `${quota} ${period}`);
  } else {
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(period));
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
  }
  // Up to one period's unused quota may be saved for a burst (the kernel allows no more): a young
  // collection and a patch tick in the same period then run on, as the average allows.
  const burst = join(dir, kind === 'v2' ? 'cpu.max.burst' : 'cpu.cfs_burst_us');
  if (existsSync(burst)) writeFileSync(burst, String(quota));
}

function readThrottling(kind: 'v2' | 'v1', dir: string): Throttling {
  const s = parseStat(readFileSync(join(dir, 'cpu.stat'), 'utf8'));
  return {
    periods: s.get('nr_periods') ?? 0,
    throttled: s.get('nr_throttled') ?? 0,
    throttledMs: kind === 'v2' ? (s.get('throttled_usec') ?? 0) / 1000 : (s.get('throttled_time') ?? 0) / 1e6,
  };
}

/** rmdir, tried for up to a second: a cgroup stays busy for a moment after its last process exits. */
function removeDir(dir: string): void {
  for (let i = 0; i < 20; i++) {
    try {
      rmdirSync(dir);
      return;
    } catch {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  // Left behind: the kernel empties it, and a later run's name differs (pid and count).
}

function validate(share: number, periodMs: number): void {
  if (!(share > 0 && share <= 64))
    throw new Error(`BENCH_SERVER_CPU_QUOTA: ${share} is not a share of a core (0 < x ≤ 64)`);
  if (!(periodMs >= 1 && periodMs <= 1000))
    throw new Error(`BENCH_SERVER_CPU_PERIOD_MS: ${periodMs} is not between 1 and 1000`);
}

/**
 * What a deployment may use in all: `total` of one core per `periodMs`, shared by the processes put
 * in it. Each server process gets a quota of its own inside it (as its container would); Redis, joined
 * without one, takes its CPU from the same total, as it would from the machine the servers share. So
 * two processes and their Redis are held to twice what one process with its SQLite file is.
 */
export interface CpuBudget {
  /** Puts `pid` (all its threads, and those it starts later) in the budget, limited to `share` of a core. */
  limit(pid: number, share: number): CpuQuota;
  /** Puts `pid` in the budget with no limit of its own. */
  join(pid: number): void;
  /**
   * The budget's own waits: its processes together (Redis with two servers) may use up the total while
   * none uses up its own share, and a server's own figures do not show that.
   */
  stat(): Throttling;
  /** Removes the cgroups; their processes must have exited. */
  remove(): void;
}

let budgets = 0;

export function cpuBudget(total: number, periodMs: number): CpuBudget {
  validate(total, periodMs);
  const r = root();
  if ('error' in r) throw new Error(`BENCH_SERVER_CPU_QUOTA needs a cgroup cpu controller: ${r.error}`);
  const { kind } = r;
  const dir = join(r.dir, `blaze-bench-${process.pid}-${++budgets}`);
  const period = Math.round(periodMs * 1000);
  const children: string[] = [];
  const fail = (what: string, e: unknown) =>
    new Error(`BENCH_SERVER_CPU_QUOTA: could not ${what} in ${dir} (${(e as Error).message}); it needs root`);
  try {
    mkdirSync(dir);
    setQuota(kind, dir, total, period);
    // cgroup v2 hands the cpu controller down only where the parent enables it for its children.
    if (kind === 'v2') writeFileSync(join(dir, 'cgroup.subtree_control'), '+cpu');
  } catch (e) {
    throw fail('make the budget', e);
  }
  const child = (pid: number, share: number | null): string => {
    const d = join(dir, `p${pid}`);
    try {
      mkdirSync(d);
      children.push(d);
      if (share !== null) setQuota(kind, d, share, period);
      // cgroup.procs moves every thread of the process (V8's GC helpers, libuv's pool, the bot pool).
      writeFileSync(join(d, 'cgroup.procs'), String(pid));
    } catch (e) {
      throw fail(`limit process ${pid}`, e);
    }
    return d;
  };
  return {
    limit(pid, share) {
      validate(share, periodMs);
      const d = child(pid, share);
      return { stat: () => readThrottling(kind, d), remove: () => removeDir(d) };
    },
    join(pid) {
      child(pid, null);
    },
    stat: () => readThrottling(kind, dir),
    remove() {
      for (const d of children) removeDir(d);
      removeDir(dir);
    },
  };
}

export const since = (a: Throttling, b: Throttling): Throttling => ({
  periods: b.periods - a.periods,
  throttled: b.throttled - a.throttled,
  throttledMs: b.throttledMs - a.throttledMs,
});
