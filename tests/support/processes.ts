/** Real processes for cross-package tests: a loopback Redis and the product's own server entry point. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../../apps/server/build/nodeFlags.js';
import { stale } from '../../apps/server/build/stale.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

export function track(child: ChildProcess): Proc {
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export async function until(what: string, ok: () => Promise<boolean>, proc: Proc, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) throw new Error(`${what} exited early:\n${proc.output()}`);
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up in ${ms} ms:\n${proc.output()}`);
}

/**
 * Debian's redis-server on 127.0.0.1, no persistence; with `dir`, an append-only file there synced
 * at every write, so a Redis killed and started again (on `port`) comes back with everything.
 */
export async function startRedis(options: { port?: number; dir?: string } = {}): Promise<Proc & { url: string }> {
  const port = options.port ?? (await freePort());
  const persistence = options.dir
    ? ['--dir', options.dir, '--appendonly', 'yes', '--appendfsync', 'always']
    : ['--appendonly', 'no'];
  const proc = track(
    spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await until('redis-server', async () => proc.output().includes('Ready to accept connections'), proc);
  return { ...proc, url: `redis://127.0.0.1:${port}` };
}

/** `pnpm build`: the compiled server (apps/server/dist) and web client, rebuilt only when stale. */
export function buildProduct(): void {
  const r = spawnSync('pnpm', ['build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pnpm build failed:\n${r.stdout}${r.stderr}`);
}

/**
 * The compiled server exactly as `pnpm start` runs it (`node apps/server/dist/main.js`, after
 * buildProduct), on a loopback port.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  /** The same port again (a restart the proxy should find). */
  samePort?: number,
  /** A new port already chosen (startServer's, named in PUBLIC_ADDRESS). */
  chosenPort?: number,
): Promise<Proc & { port: number; base: string }> {
  const port = samePort ?? chosenPort ?? (await freePort());
  const own = withOwnData(env, samePort);
  const proc = removingOnStop(
    track(
      spawn(process.execPath, [...NODE_FLAGS, 'apps/server/dist/main.js'], {
        cwd: ROOT,
        env: serverEnv(port, own.env),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ),
    own.done,
  );
  const base = `http://127.0.0.1:${port}`;
  await until('server', async () => (await fetch(`${base}/healthz`)).ok, proc, 90_000);
  return { ...proc, port, base };
}

/**
 * A server started fresh with no record of its own named (no DATA_DIR, no Redis) keeps it in a new
 * folder, removed when it stops: test files run side by side, and one file's server must never
 * restore, or write over, another's tables in the default ./data. A restart on the same port is
 * given its DATA_DIR by its test, as before.
 */
function withOwnData(
  env: Record<string, string>,
  samePort: number | undefined,
): { env: Record<string, string>; done(): void } {
  if (samePort !== undefined || env.DATA_DIR !== undefined || env.REDIS_URL) return { env, done: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'blaze-server-'));
  return { env: { ...env, DATA_DIR: dir }, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A process whose own data folder goes when it stops. */
function removingOnStop<P extends Proc>(proc: P, done: () => void): P {
  const stop = proc.stop;
  return {
    ...proc,
    stop: async () => {
      const code = await stop();
      done();
      return code;
    },
  };
}

/**
 * A test server's environment on `port`: metrics on any free port (servers side by side must not contend for 9464),
 * and, since every test client is 127.0.0.1, the per-address quotas of held tables and sockets lifted unless set.
 */
function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    TABLES_HELD_PER_ADDRESS: '1000',
    HTTP_CONNECTIONS_PER_ADDRESS: '10000',
    ...env,
  };
}

/**
 * The server exactly as `pnpm start` runs it (the compiled `apps/server/dist/main.js`, built first
 * when older than its sources), on a loopback port. With `announce`, the process tells the
 * matchmaker its own address (PUBLIC_ADDRESS), as each process must when several share Redis. Not
 * through tsx: compiling the server's sources took 2.2-2.3 CPU-s a start against 0.9-1.0 (ready in
 * 2.3-3.1 s against 1.0-2.2, `/proc/<pid>/stat`), and the suite starts some sixty servers.
 */
export async function startServer(
  env: Record<string, string> = {},
  announce = false,
  /** The same port again (a restart the clients should find). */
  samePort?: number,
): Promise<Proc & { port: number; base: string }> {
  if (stale('server') || stale('web')) buildProduct();
  const port = samePort ?? (await freePort());
  if (announce) env = { ...env, PUBLIC_ADDRESS: `127.0.0.1:${port}` };
  return startBuiltServer(env, samePort, port);
}

/**
 * `apps/server/src/main.ts` as its own process, run by tsx from apps/server, with `env` added: a port
 * of its own choosing (PORT 0), no Redis, unless `env` says otherwise. Not waited for: a test that
 * wants it serving asks `listeningPort`.
 */
export function spawnMain(env: Record<string, string> = {}): Proc {
  return track(
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: `${ROOT}apps/server`,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.run.json',
        PORT: '0',
        HOST: '127.0.0.1',
        REDIS_URL: '',
        // Any free port: processes started side by side must not contend for the default 9464.
        METRICS_PORT: '0',
        TABLES_HELD_PER_ADDRESS: '1000',
        HTTP_CONNECTIONS_PER_ADDRESS: '10000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

const LISTENING = /listening on http:\/\/[^:]+:(\d+)/;

/** The port a server process says it is listening on, once it says so. */
export async function listeningPort(proc: Proc, ms = 60_000): Promise<number> {
  await until('server', async () => LISTENING.test(proc.output()), proc, ms);
  return Number(LISTENING.exec(proc.output())?.[1]);
}
