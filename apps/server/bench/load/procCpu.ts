/** CPU time of another process, from /proc (Linux): to count what Redis does for the servers. */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_S = 100;

/** The process's user + system CPU so far, in ms, or NaN where it cannot be read. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) is in parentheses and may hold spaces: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, so 12 and 13 after the name and state.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}
