/**
 * `tsx apps/web/bench/chromiumCpu.ts <command...>`: runs the command (e.g. `pnpm exec vitest run
 * --project e2e tests/browser/journey.test.ts`) and reports its wall time, the load average, and the
 * CPU seconds of every Chromium process it started, by process type. Each process is sampled every
 * 250 ms until it exits, so browsers closed along the way count too (up to their last sample).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { descendants } from './cpu.js';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) throw new Error('usage: tsx apps/web/bench/chromiumCpu.ts <command...>');
const t0 = Date.now();
const load0 = loadavg()[0] ?? 0;
const child = spawn(cmd, args, { stdio: 'inherit' });
const last = new Map<number, { type: string; cpu: number }>();
const sample = () => {
  if (child.pid === undefined) return;
  for (const p of descendants(child.pid)) if (p.type !== 'other') last.set(p.pid, { type: p.type, cpu: p.cpu });
};
const timer = setInterval(sample, 250);
const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? 1)));
clearInterval(timer);
const byType = new Map<string, number>();
let total = 0;
for (const { type, cpu } of last.values()) {
  byType.set(type, (byType.get(type) ?? 0) + cpu);
  total += cpu;
}
const parts = [...byType].sort((a, b) => b[1] - a[1]).map(([t, c]) => `${t} ${c.toFixed(1)}`);
console.log(
  `chromiumCpu: exit ${code}, wall ${((Date.now() - t0) / 1000).toFixed(0)} s, load ${load0.toFixed(2)} -> ${(loadavg()[0] ?? 0).toFixed(2)}, Chromium CPU ${total.toFixed(1)} s = ${parts.join(', ')}`,
);
process.exit(code);
