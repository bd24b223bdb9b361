/**
 * Two builds of this project side by side, on one machine, in one run: issue 36 asks that the figures stay
 * within 10% of the build before the platform work. Measures: bytes per action per client at 50 tables
 * (the load bench's median), rules games per CPU second (`pnpm bench:rules`), and start to the first 200
 * from /healthz (the built server as `pnpm start` runs it, after its build step; and the whole start
 * script, whose first step checks whether a build is due). Every measure runs old, new, old, new, ... so a
 * busy minute of the shared machine falls on both alike; prints every run, the medians and new / old.
 *
 * Usage: tsx apps/server/bench/compare.ts <old tree> <new tree>   (each built with `pnpm build` first)
 * Env: COMPARE_ROUNDS=3  COMPARE_STARTS=3 (starts of each kind per build and round)
 *   COMPARE_MEASURES=load,rules,start  COMPARE_LOAD_SECONDS=20  COMPARE_LOAD_TABLES=50  COMPARE_RULES_SECONDS=3
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [oldArg, newArg] = process.argv.slice(2);
if (!oldArg || !newArg) {
  console.error('usage: tsx apps/server/bench/compare.ts <old tree> <new tree>');
  process.exit(2);
}
const builds = [
  { name: 'old', dir: resolve(oldArg) },
  { name: 'new', dir: resolve(newArg) },
] as const;
for (const b of builds) {
  if (!existsSync(join(b.dir, 'apps/server/dist/main.js')))
    throw new Error(`${b.dir}: no apps/server/dist/main.js (run pnpm build there first)`);
}
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 3);
const STARTS = Number(process.env.COMPARE_STARTS ?? 3);
const MEASURES = (process.env.COMPARE_MEASURES ?? 'load,rules,start').split(',');
const LOAD_SECONDS = process.env.COMPARE_LOAD_SECONDS ?? '20';
const LOAD_TABLES = process.env.COMPARE_LOAD_TABLES ?? '50';
const RULES_SECONDS = process.env.COMPARE_RULES_SECONDS ?? '3';

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Runs a command to its end; its stdout, or an error with its stderr's tail. */
function run(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) =>
      code === 0 ? done(out) : fail(new Error(`${cmd} ${args.join(' ')} in ${cwd}: exit ${code}\n${err.slice(-2000)}`)),
    );
  });
}

/** The load bench's figures for its one row: the named columns of its markdown table. */
async function loadBench(dir: string) {
  const out = await run(join(dir, 'node_modules/.bin/tsx'), ['apps/server/bench/load/run.ts'], dir, {
    BENCH_TABLES: LOAD_TABLES,
    BENCH_MODES: 'patch',
    BENCH_SECONDS: LOAD_SECONDS,
    BENCH_WARMUP: '5',
  });
  const lines = out.split('\n').filter((l) => l.startsWith('| '));
  const cells = (l: string) => l.slice(2, -2).split(' | ');
  const head = cells(lines.find((l) => l.includes('B/action/client')) ?? '');
  const row = lines.find((l) => l.startsWith(`| ${LOAD_TABLES} |`));
  if (!row) throw new Error(`load bench printed no row for ${LOAD_TABLES} tables:\n${out}`);
  const c = cells(row);
  const col = (name: string) => Number.parseFloat(c[head.indexOf(name)] ?? 'NaN');
  return {
    bytes: col('B/action/client med (mean)'),
    bytesMean: Number((c[head.indexOf('B/action/client med (mean)')] ?? '').match(/\(([\d.]+)\)/)?.[1] ?? Number.NaN),
    actionsPerS: col('actions/s'),
    p50: col('p50 ms'),
    p99: col('p99 ms'),
    cpuMsPerAction: col('CPU ms/action (with Redis)'),
  };
}

/** bench:rules' games per CPU second at 3/4/5 players, random play and the engine alone. */
async function rulesBench(dir: string) {
  const out = await run(join(dir, 'node_modules/.bin/tsx'), ['packages/bots/bench/simulate.ts'], dir, {
    BENCH_SECONDS: RULES_SECONDS,
    BENCH_GAMES: '30', // the heuristic's win rate is not a speed: a token run
  });
  /** The rows under the first "players ..." header after a title: the games/s column of 3, 4 and 5 players. */
  const section = (title: string, column: number) => {
    const rest = out.slice(out.indexOf(title)).split('\n');
    const rates: number[] = [];
    for (const l of rest.slice(rest.findIndex((x) => x.startsWith('players')) + 1)) {
      const cells = l.trim().split(/\s+/);
      if (!/^[345]$/.test(cells[0] ?? '')) break;
      rates.push(Number((cells[column] ?? '').replaceAll(',', '')));
    }
    if (rates.length !== 3 || !rates.every(Number.isFinite))
      throw new Error(`bench:rules: no rates under "${title}":\n${out}`);
    return rates;
  };
  return { random: section('Random play', 2), engine: section('Engine alone', 1) };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => done(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const status = (port: number) =>
  new Promise<number>((done) => {
    const req = get({ host: '127.0.0.1', port, path: '/healthz', timeout: 2000 }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', () => done(0));
    req.on('timeout', () => req.destroy());
  });

/** utime + stime of one process, in ms (clock ticks of 10 ms on Linux). */
const cpuMs = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(after[11]) + Number(after[12])) * 10;
  } catch {
    return Number.NaN;
  }
};

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const kill = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {}
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      done();
    }
  });
}

/**
 * Spawns a start command in its own process group with a fresh DATA_DIR and free ports, polls /healthz every
 * 5 ms, and returns the ms from spawn to the first 200 (and the CPU ms of the spawned process by then: for
 * the server alone that is the server's own start, which the machine's load moves little).
 */
async function startOnce(dir: string, command: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'blaze-compare-'));
  const port = await freePort();
  const metricsPort = await freePort();
  const t0 = performance.now();
  const child = spawn('sh', ['-c', command], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
    },
  });
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} in ${dir} exited ${child.exitCode}:\n${err}`);
      if ((await status(port)) === 200) break;
      if (performance.now() - t0 > 60_000) throw new Error(`${command} in ${dir}: no 200 from /healthz in 60 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - t0;
    // sh -c with one command execs it; with `a && b` the node server is sh's child.
    let pid = child.pid as number;
    try {
      const kids = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .trim()
        .split('\n');
      if (kids[0]) pid = Number(kids[kids.length - 1]);
    } catch {}
    return { ms, cpu: cpuMs(pid) };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The start script of a tree's package.json, and its last step: the server alone. */
function startCommands(dir: string) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const steps = pkg.scripts.start.split('&&').map((s) => s.trim());
  return { server: `exec ${steps[steps.length - 1]}`, script: pkg.scripts.start };
}

type Figures = Record<string, number[]>;
const results = new Map<string, Figures>(builds.map((b) => [b.name, {}]));
const add = (build: string, key: string, v: number) => {
  const f = results.get(build) as Figures;
  const list = f[key] ?? [];
  list.push(v);
  f[key] = list;
};

console.log(`compare: old ${builds[0].dir}, new ${builds[1].dir}; ${ROUNDS} rounds, measures ${MEASURES.join(',')}`);
console.log(`uptime at the start: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
for (const b of builds) {
  const c = startCommands(b.dir);
  console.log(`${b.name} start script: ${c.script}`);
}
for (let round = 1; round <= ROUNDS; round++) {
  for (const measure of MEASURES) {
    for (const b of builds) {
      const before = load();
      if (measure === 'load') {
        const r = await loadBench(b.dir);
        add(b.name, 'load: B/action/client median', r.bytes);
        add(b.name, 'load: B/action/client mean', r.bytesMean);
        add(b.name, 'load: actions/s', r.actionsPerS);
        add(b.name, 'load: p50 ms', r.p50);
        add(b.name, 'load: p99 ms', r.p99);
        add(b.name, 'load: server CPU ms/action', r.cpuMsPerAction);
        console.log(
          `round ${round} load ${b.name}: ${r.bytes} B median (${r.bytesMean} mean), ${r.actionsPerS} actions/s, p50 ${r.p50} / p99 ${r.p99} ms, ${r.cpuMsPerAction} CPU ms/action; load avg ${before}`,
        );
      } else if (measure === 'rules') {
        const r = await rulesBench(b.dir);
        [3, 4, 5].forEach((p, i) => {
          add(b.name, `rules: random play ${p}p games/s`, r.random[i] as number);
          add(b.name, `rules: engine alone ${p}p games/s`, r.engine[i] as number);
        });
        console.log(
          `round ${round} rules ${b.name}: random ${r.random.join(' / ')}, engine alone ${r.engine.join(' / ')} games/CPU s; load avg ${before}`,
        );
      } else if (measure === 'start') {
        const c = startCommands(b.dir);
        const shown: string[] = [];
        for (let i = 0; i < STARTS; i++) {
          const s = await startOnce(b.dir, c.server);
          add(b.name, 'start: server to /healthz 200, ms', s.ms);
          add(b.name, 'start: server CPU ms by then', s.cpu);
          const w = await startOnce(b.dir, c.script);
          add(b.name, 'start: whole start script to 200, ms', w.ms);
          shown.push(`${s.ms.toFixed(0)} (${s.cpu} CPU) / ${w.ms.toFixed(0)}`);
        }
        console.log(
          `round ${round} start ${b.name}: server / whole script ms: ${shown.join(', ')}; load avg ${before}`,
        );
      } else throw new Error(`COMPARE_MEASURES: unknown measure ${measure}`);
    }
  }
}

console.log(`\nuptime at the end: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
console.log('\n| figure | old median | new median | new / old | old runs | new runs |');
console.log('|---|---|---|---|---|---|');
const oldF = results.get('old') as Figures;
const newF = results.get('new') as Figures;
const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(x >= 100 ? 0 : 2));
for (const key of Object.keys(oldF)) {
  const a = median(oldF[key] ?? []);
  const b = median(newF[key] ?? []);
  console.log(
    `| ${key} | ${fmt(a)} | ${fmt(b)} | ${(b / a).toFixed(3)} | ${(oldF[key] ?? []).map(fmt).join(' ')} | ${(newF[key] ?? []).map(fmt).join(' ')} |`,
  );
}
