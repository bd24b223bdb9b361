/**
 * Compiles the server (and the load bench's server entry) into apps/server/dist with esbuild, and
 * the web client with Vite, each only when its sources are newer than its output: `pnpm start`
 * then runs compiled code and answers in a moment instead of rebuilding everything at every start.
 * What each output is made from: inputs.json (start.mjs checks the same, without TypeScript tooling).
 * Usage: tsx apps/server/build/build.ts [--force]
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { stale as staleOutput } from './stale.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const at = (p: string) => join(root, p);
const force = process.argv.includes('--force');

/**
 * The commit this build is made from, for blaze_build_info: BLAZE_COMMIT when given (the Dockerfile's
 * build argument: its context has no .git), else git's HEAD, else "unknown".
 */
function commit(): string {
  const given = process.env.BLAZE_COMMIT?.trim();
  if (given) return /^[\w.-]{1,64}$/.test(given) ? given : 'unknown';
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return git.status === 0 && /^[0-9a-f]{40}$/.test(git.stdout.trim()) ? git.stdout.trim() : 'unknown';
}

const stale = (name: 'server' | 'web') => force || staleOutput(name);

// Workspace packages export TypeScript sources, so they are bundled; everything from node_modules
// stays external and is loaded by Node as usual.
const externalDeps: Plugin = {
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@blaze/') ? undefined : { path: args.path, external: true },
    );
  },
};

if (stale('server')) {
  const t0 = performance.now();
  await build({
    entryPoints: {
      main: at('apps/server/src/main.ts'),
      'bench-server': at('apps/server/bench/load/server.ts'),
      // The strong bots' search thread (botPool/pool.ts loads it beside the bundle).
      'bot-worker': at('apps/server/src/botPool/worker.ts'),
      // The SQLite record writer's thread (store/sqliteThread.ts loads it beside the bundle).
      'store-worker': at('apps/server/src/store/sqliteWorker.ts'),
      // The inline store's WAL checkpoint thread (store/checkpointer.ts loads it beside the bundle).
      'checkpoint-worker': at('apps/server/src/store/checkpointWorker.ts'),
    },
    outdir: at('apps/server/dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // The schema classes need experimentalDecorators (and no define semantics) in every package.
    tsconfig: at('apps/server/tsconfig.run.json'),
    define: { __BLAZE_COMMIT__: JSON.stringify(commit()) },
    plugins: [externalDeps],
    logLevel: 'warning',
  });
  console.log(`server compiled to apps/server/dist in ${Math.round(performance.now() - t0)} ms`);
}

if (stale('web')) {
  // Always a production client: Vite builds with NODE_ENV, and under a test runner (NODE_ENV=test, as when a
  // test calls `pnpm build`) import.meta.env.DEV was true: a client that dials the dev port and never joins.
  const env = { ...process.env, NODE_ENV: 'production' };
  const r = spawnSync('pnpm', ['--filter', '@blaze/web', 'run', 'build'], { stdio: 'inherit', cwd: root, env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
