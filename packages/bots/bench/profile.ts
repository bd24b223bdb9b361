/**
 * Where random play spends its time.
 *
 *   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/blaze-prof packages/bots/bench/profile.ts
 *   pnpm exec tsx packages/bots/bench/profile.ts /tmp/blaze-prof
 *
 * Without an argument it plays 4-player random games for PROFILE_SECONDS (default 5); with a directory
 * it prints the self and inclusive time of the top functions of the newest .cpuprofile in it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomLegalAction, simulateGame } from '../src/index.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function summarize(dir: string): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const file = files.find((f) => statSync(f).size > 100_000) ?? files[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}`;
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const t = p.timeDeltas[i] ?? 0;
    total += t;
    const n = byId.get(id) as ProfileNode;
    self.set(name(n), (self.get(name(n)) ?? 0) + t);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = name(byId.get(cur) as ProfileNode);
      if (!seen.has(k)) incl.set(k, (incl.get(k) ?? 0) + t);
      seen.add(k);
    }
  });
  const show = (title: string, m: Map<string, number>) => {
    console.log(title);
    for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 15))) {
      console.log(`${((100 * t) / total).toFixed(1).padStart(6)}%  ${k}`);
    }
  };
  show(`self time (${file})`, self);
  show('inclusive time', incl);
}

const dir = process.argv[2];
if (dir) summarize(dir);
else {
  const ms = Number(process.env.PROFILE_SECONDS ?? 5) * 1000;
  const t0 = performance.now();
  let games = 0;
  while (performance.now() - t0 < ms) {
    simulateGame({ players: 4, seed: `profile-${games}`, mover: randomLegalAction });
    games++;
  }
  console.log(`${games} games, ${((games * 1000) / (performance.now() - t0)).toFixed(0)} games/s (profiled)`);
}
