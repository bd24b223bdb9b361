/**
 * A server process limited to a share of one core, as a container with a CPU limit is: a cgroup of
 * its own with a CFS quota (cgroup v2's cpu.max, or v1's cpu controller). On a machine whose cores
 * the generators and Redis share, this is how one process and two can be compared at the same CPU
 * each: without a limit, a lone process takes the cores the second would need.
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
  readonly dir: string;
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

/**
 * Puts the process `pid` (all its threads, and those it starts later) into a new cgroup allowed
 * `share` of one core per `periodMs`, with a burst of one period's quota where the kernel has it. A
 * short period spreads the waiting out: a process over its quota waits at most the rest of the period.
 */
export function limitCpu(pid: number, share: number, periodMs: number): CpuQuota {
  if (!(share > 0 && share <= 64))
    throw new Error(`BENCH_SERVER_CPU_QUOTA: ${share} is not a share of a core (0 < x ≤ 64)`);
  if (!(periodMs >= 1 && periodMs <= 1000))
    throw new Error(`BENCH_SERVER_CPU_PERIOD_MS: ${periodMs} is not between 1 and 1000`);
  const r = root();
  if ('error' in r) throw new Error(`BENCH_SERVER_CPU_QUOTA needs a cgroup cpu controller: ${r.error}`);
  const dir = join(r.dir, `blaze-bench-${pid}`);
  const period = Math.round(periodMs * 1000);
  const quota = Math.round(share * period);
  try {
    mkdirSync(dir);
    if (r.kind === 'v2') {
      writeFileSync(join(dir, 'cpu.max'), `${quota} ${period}`);
    } else {
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(period));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
    }
    // Up to one period's unused quota may be saved for a burst (the kernel allows no more): a young
    // collection and a patch tick in the same period then run on, as the average allows.
    const burst = join(dir, r.kind === 'v2' ? 'cpu.max.burst' : 'cpu.cfs_burst_us');
    if (existsSync(burst)) writeFileSync(burst, String(quota));
    // cgroup.procs moves every thread of the process (V8's GC helpers, libuv's pool, the bot pool).
    writeFileSync(join(dir, 'cgroup.procs'), String(pid));
  } catch (e) {
    throw new Error(
      `BENCH_SERVER_CPU_QUOTA: could not limit process ${pid} in ${dir} (${(e as Error).message}); it needs root`,
    );
  }
  return {
    dir,
    stat() {
      const s = parseStat(readFileSync(join(dir, 'cpu.stat'), 'utf8'));
      return {
        periods: s.get('nr_periods') ?? 0,
        throttled: s.get('nr_throttled') ?? 0,
        throttledMs: r.kind === 'v2' ? (s.get('throttled_usec') ?? 0) / 1000 : (s.get('throttled_time') ?? 0) / 1e6,
      };
    },
    remove() {
      try {
        rmdirSync(dir);
      } catch {
        // Still busy for a moment after the exit: the kernel empties it; a later run's name differs (pid).
      }
    },
  };
}

export const since = (a: Throttling, b: Throttling): Throttling => ({
  periods: b.periods - a.periods,
  throttled: b.throttled - a.throttled,
  throttledMs: b.throttledMs - a.throttledMs,
});
