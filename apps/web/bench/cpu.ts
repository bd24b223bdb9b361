/** CPU seconds of Chromium processes from /proc, by process type (browser, renderer, gpu-process, ...). */
import { readdirSync, readFileSync } from 'node:fs';

export interface Proc {
  pid: number;
  ppid: number;
  /** utime + stime, in seconds. */
  cpu: number;
  /** Chromium's --type (browser for the main process), or 'other' for anything that is not Chromium. */
  type: string;
}

const HZ = 100;

/** Every process below `root` (itself excluded), with its CPU time so far. */
export function descendants(root: number): Proc[] {
  const procs: Proc[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const type = cmd.includes('chromium') ? (/--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser') : 'other';
      procs.push({ pid: Number(d), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / HZ, type });
    } catch {
      // gone
    }
  }
  const mine = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
    }
  }
  return procs.filter((p) => p.pid !== root && mine.has(p.pid));
}

/** CPU seconds (user + system) of the Chromium processes below `pid`, by process type. */
export function cpuByType(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of descendants(pid)) if (p.type !== 'other') out.set(p.type, (out.get(p.type) ?? 0) + p.cpu);
  return out;
}
