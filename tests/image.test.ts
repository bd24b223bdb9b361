/**
 * Issue 39, finding 8: the Docker image, without a Docker engine. The Dockerfile is read and its
 * steps performed in a clean temporary directory, each stage on a root of its own (the paths it
 * names, /app, /out and /data, mapped under that stage's root): the build stage's copies and
 * commands (pnpm from the local store, offline), then the final stage's layout (root's files, a
 * data directory owned by the image's user), then its CMD run as an unprivileged user with the
 * image's ENV. The server must answer /healthz and keep a table in /data, the HEALTHCHECK pass, and
 * the deployed tree hold no development package (tsx, esbuild, typescript, type packages...).
 * An instruction this reader does not know fails the test, so the Dockerfile cannot drift from it.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, ROOT, track, until } from './support/processes.js';

interface Step {
  op: string;
  args: string;
}
interface Stage {
  name: string;
  steps: Step[];
}

/** The Dockerfile's stages and instructions, continuation lines joined, comments dropped. */
function readDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const joined = text.replace(/\\\n/g, ' ');
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([A-Z]+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`Dockerfile: cannot read ${line}`);
    const [, op, args] = m as unknown as [string, string, string];
    if (op === 'FROM') {
      stages.push({ name: /\sAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.length}`, steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${op} before FROM`);
    stage.steps.push({ op, args: args.trim() });
  }
  return stages;
}

/** `KEY=value KEY2=value2` (no quoting needed by this Dockerfile; a quote fails loudly). */
function pairs(args: string): [string, string][] {
  if (/["']/.test(args)) throw new Error(`Dockerfile: quoted ENV/ARG not supported: ${args}`);
  return args.split(/\s+/).map((kv) => {
    const i = kv.indexOf('=');
    if (i <= 0) throw new Error(`Dockerfile: expected KEY=value, got ${kv}`);
    return [kv.slice(0, i), kv.slice(i + 1)];
  });
}

const IMAGE_ROOTS = ['app', 'out', 'data'];
/** The absolute paths the Dockerfile names, moved under a stage's root (`/app/web` -> `<root>/app/web`). */
const mapPaths = (text: string, root: string) =>
  text.replace(new RegExp(`(^|[\\s=:'"])/(${IMAGE_ROOTS.join('|')})(?=$|[/\\s'"])`, 'g'), `$1${root}/$2`);

/** .dockerignore, for the patterns it uses: `**\/name` (any depth) and a top-level name. */
function dockerignore(): (rel: string) => boolean {
  const patterns = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const any = new Set<string>();
  const top = new Set<string>();
  for (const p of patterns) {
    if (/^\*\*\/[\w.-]+$/.test(p)) any.add(p.slice(3));
    else if (/^[\w.-]+$/.test(p)) top.add(p);
    else throw new Error(`.dockerignore pattern not understood here: ${p}`);
  }
  return (rel) => {
    const parts = rel.split('/');
    return top.has(parts[0] as string) || parts.some((s) => any.has(s));
  };
}

/** Who runs the final stage: the current user when unprivileged, else a system user made for it. */
function imageUser(): { name: string; uid: number; gid: number; asRoot: boolean } {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { name: '', uid, gid: process.getgid?.() ?? uid, asRoot: false };
  const name = 'blaze-image';
  if (spawnSync('id', ['-u', name]).status !== 0)
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  return { name, uid: id('-u'), gid: id('-g'), asRoot: true };
}

/**
 * argv run as the image's user: from root through setpriv, which execs the command itself (signals
 * reach the server, as they reach a container's process 1), directly when already unprivileged.
 */
const asUser = (user: ReturnType<typeof imageUser>, argv: string[]) =>
  user.asRoot ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', ...argv] : argv;

/** Docker's build environment: none of this test runner's (NODE_ENV=test would change the build). */
const hostEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) =>
      /^(PATH|HOME|USER|LANG|LC_ALL|TMPDIR|PNPM_HOME|XDG_\w+|npm_config_(store_dir|cache))$/.test(k),
    ),
  ) as Record<string, string>;

/** A RUN line through sh, its output kept for the failure message. */
function shell(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-ec', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (status) => resolve({ status, output: output.slice(-20_000) }));
  });
}

/** Copies as Docker's COPY does: symbolic links as they are (pnpm's are relative). */
const copy = (from: string, to: string) => cpSync(from, to, { recursive: true, verbatimSymlinks: true });

/** Every package directory name in a node_modules tree, .pnpm's virtual store included. */
function packagesIn(nodeModules: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, depth: number) => {
    if (depth > 6 || !existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === '.bin') continue;
      const at = join(dir, e.name);
      if (e.name === '.pnpm') {
        for (const v of readdirSync(at)) {
          // @scope+name@1.2.3(_peer...) -> @scope/name
          const m = /^(@[^+]+\+)?([^@]+)@/.exec(v);
          if (m) found.add(`${m[1] ? `${m[1].slice(0, -1)}/` : ''}${m[2]}`);
          walk(join(at, v, 'node_modules'), depth + 1);
        }
      } else if (e.name.startsWith('@') && (e.isDirectory() || e.isSymbolicLink())) {
        for (const s of readdirSync(at)) found.add(`${e.name}/${s}`);
      } else if (e.isDirectory() || e.isSymbolicLink()) found.add(e.name);
    }
  };
  walk(nodeModules, 0);
  return found;
}

const work = mkdtempSync(join(tmpdir(), 'blaze-image-'));
// The final stage's user must reach its root through this directory (mkdtemp makes it 0700).
chmodSync(work, 0o755);
let server: ReturnType<typeof track> | undefined;

afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

it('the Dockerfile builds with a dependency layer, runs as an unprivileged user over /data, and ships no dev dependency', async () => {
  const stages = readDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  expect(stages.map((s) => s.name)).toEqual(['build', 'stage1']);
  const [build, final] = stages as [Stage, Stage];
  const rootOf = (stage: string) => join(work, `fs-${stage}`);

  // The build context: the repository as `docker build .` sends it (.dockerignore applied).
  const context = join(work, 'context');
  const ignored = dockerignore();
  cpSync(ROOT, context, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => src === ROOT || !ignored(relative(ROOT, src)),
  });
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || 'unknown';

  // --- The build stage: as root in Docker, so as this process here.
  const buildRoot = rootOf('build');
  let cwd = buildRoot;
  const buildEnv: Record<string, string> = {};
  const order: string[] = [];
  for (const { op, args } of build.steps) {
    order.push(op === 'COPY' ? `COPY ${args}` : op === 'RUN' ? `RUN ${args.split(/\s+/).slice(0, 2).join(' ')}` : op);
    if (op === 'WORKDIR') {
      cwd = join(buildRoot, args);
      mkdirSync(cwd, { recursive: true });
    } else if (op === 'ARG') {
      // The build argument given as `--build-arg BLAZE_COMMIT=<HEAD>` would be.
      for (const [k, v] of pairs(args)) buildEnv[k] = k === 'BLAZE_COMMIT' ? commit : v;
    } else if (op === 'ENV') {
      for (const [k, v] of pairs(args)) buildEnv[k] = mapPaths(v, buildRoot);
    } else if (op === 'COPY') {
      const words = args.split(/\s+/);
      if (words.some((w) => w.startsWith('--'))) throw new Error(`build stage COPY flags not supported: ${args}`);
      const dest = words.pop() as string;
      const to = dest.startsWith('/') ? join(buildRoot, dest) : join(cwd, dest);
      for (const src of words) {
        const from = join(context, src);
        copy(from, src !== '.' && dest.endsWith('/') ? join(to, basename(src)) : to);
      }
    } else if (op === 'RUN') {
      const pin = /^npm install -g pnpm@(\S+)$/.exec(args);
      if (pin) {
        // Not installed again: the pnpm running this test stands in for it, at the pinned version.
        expect(execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim()).toBe(pin[1]);
        continue;
      }
      // Asynchronously: a minute-long spawnSync would starve vitest's own messages to its worker.
      // Offline: the packages come from this machine's pnpm store, as `pnpm fetch` put them in Docker's.
      const r = await shell(mapPaths(args, buildRoot), cwd, {
        ...hostEnv(),
        ...buildEnv,
        CI: 'true',
        npm_config_offline: 'true',
      });
      expect(r.status, `RUN ${args}\n${r.output}`).toBe(0);
    } else throw new Error(`build stage: ${op} not supported here`);
  }
  // The dependency layer: lockfile and manifests, fetch and install, before the sources are copied.
  const install = order.findIndex((s) => s.startsWith('RUN pnpm install'));
  const sources = order.indexOf('COPY . .');
  expect(order.indexOf('RUN pnpm fetch')).toBeGreaterThan(order.indexOf('COPY pnpm-lock.yaml pnpm-workspace.yaml ./'));
  expect(install).toBeGreaterThan(order.indexOf('RUN pnpm fetch'));
  expect(sources).toBeGreaterThan(install);
  for (const s of order.slice(0, install))
    if (s.startsWith('COPY')) expect(s).toMatch(/(package\.json|pnpm-[\w-]+\.yaml)/);

  // --- The final stage: its files root's, its data directory the user's, its CMD run by that user.
  const user = imageUser();
  const finalRoot = rootOf('final');
  cwd = finalRoot;
  const env: Record<string, string> = {};
  let runAs = '';
  let volume = '';
  let exposed = '';
  let healthcheck = '';
  let cmd: string[] = [];
  for (const { op, args } of final.steps) {
    if (op === 'WORKDIR') {
      cwd = join(finalRoot, args);
      mkdirSync(cwd, { recursive: true });
    } else if (op === 'ENV') for (const [k, v] of pairs(args)) env[k] = mapPaths(v, finalRoot);
    else if (op === 'COPY') {
      const m = /^--from=build(?:\s+--chown=(\S+))?\s+(\/\S+)\s+(\/\S+)$/.exec(args);
      if (!m) throw new Error(`final stage COPY not supported: ${args}`);
      const [, chown, src, dest] = m as unknown as [string, string | undefined, string, string];
      const to = join(finalRoot, dest);
      copy(join(buildRoot, src), to);
      if (chown !== undefined) {
        // The official image's unprivileged `node` user is this test's unprivileged user.
        expect(chown).toBe('node:node');
        if (user.asRoot) chownTree(to, user.uid, user.gid);
      }
    } else if (op === 'VOLUME') volume = args;
    else if (op === 'USER') runAs = args;
    else if (op === 'EXPOSE') exposed = args;
    else if (op === 'HEALTHCHECK') healthcheck = /\bCMD\s+(.*)$/.exec(args)?.[1] ?? '';
    else if (op === 'CMD') cmd = JSON.parse(args) as string[];
    else throw new Error(`final stage: ${op} not supported here (no RUN: the layout is copies only)`);
  }
  expect(runAs, 'the image runs as an unprivileged user').toBe('node');
  expect(exposed).toBe(env.PORT);
  expect(cmd.slice(0, 1).concat(cmd.slice(-1))).toEqual(['node', 'dist/main.js']);

  // No development package anywhere in the deployed tree.
  const app = cwd;
  const present = packagesIn(join(app, 'node_modules'));
  expect(present.has('express') && present.has('better-sqlite3'), [...present].join(' ')).toBe(true);
  const manifest = (p: string) => JSON.parse(readFileSync(join(ROOT, p), 'utf8')) as { devDependencies?: object };
  const devNames = [
    ...Object.keys(manifest('package.json').devDependencies ?? {}),
    ...Object.keys(manifest('apps/server/package.json').devDependencies ?? {}),
  ].filter((n) => !['express', 'better-sqlite3'].includes(n));
  const forbidden = [...present].filter(
    (n) =>
      devNames.includes(n) ||
      /^(tsx|esbuild|typescript|vite|vitest|@types\/.*|@esbuild\/.*|@biomejs\/.*|@blaze\/.*)$/.test(n),
  );
  expect(forbidden, 'development packages in the image').toEqual([]);
  expect(existsSync(join(app, 'dist/main.js'))).toBe(true);
  expect(existsSync(join(app, 'src')), 'sources are not shipped').toBe(false);

  if (user.asRoot) {
    // /app is root's and not writable by the user: the record can live only in DATA_DIR.
    expect(statSync(app).uid).toBe(0);
    const write = asUser(user, ['test', '-w', app]);
    expect(spawnSync(write[0] as string, write.slice(1)).status, 'the user cannot write /app').not.toBe(0);
  }

  const port = await freePort();
  const metricsPort = await freePort();
  const runEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    ...env,
    // Loopback only, on free ports: the image's HOST (0.0.0.0) and PORT are for a container.
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
  };
  const argv = asUser(
    user,
    cmd.map((a) => (a === 'node' ? process.execPath : a)),
  );
  server = track(spawn(argv[0] as string, argv.slice(1), { cwd: app, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] }));
  const base = `http://127.0.0.1:${port}`;
  await until('the image server', async () => (await fetch(`${base}/healthz`)).ok, server, 60_000);

  // A table, kept in the user's data directory (without DATA_DIR on it the record was under root's
  // /app: the start failed with exit 3).
  expect(env.DATA_DIR).toBe(join(finalRoot, 'data'));
  expect(volume).toBe('/data');
  expect(statSync(env.DATA_DIR as string).uid).toBe(user.uid);
  const created = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(created.status).toBe(201);
  const record = join(env.DATA_DIR as string, 'blaze.sqlite');
  expect(existsSync(record)).toBe(true);
  expect(statSync(record).uid).toBe(user.uid);
  expect((await fetch(`${base}/`)).status).toBe(200);

  // The HEALTHCHECK, as Docker runs it (a shell form, in the container's environment, as its user).
  const hc = asUser(user, ['sh', '-c', healthcheck.replace(/^node /, `${process.execPath} `)]);
  expect(spawnSync(hc[0] as string, hc.slice(1), { env: runEnv, timeout: 10_000 }).status).toBe(0);

  // The build's commit reached blaze_build_info; /metrics is on its own port, not the game's.
  const gamePort = await fetch(`${base}/metrics`);
  expect(gamePort.status).toBe(404);
  expect(await gamePort.text()).not.toMatch(/blaze_|<html/i);
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(metrics).toMatch(
    new RegExp(`^blaze_build_info\\{version="[^"]+",commit="${commit}",node="${process.version}"\\} 1$`, 'm'),
  );

  expect(await server.stop()).toBe(0);
}, 300_000);

function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory()) for (const e of readdirSync(path)) chownTree(join(path, e), uid, gid);
}
