/**
 * Compiles the server (and the load bench's server entry) into apps/server/dist with esbuild, and
 * the web client with Vite, each only when its sources are newer than its output: `pnpm start`
 * then runs compiled code and answers in a moment instead of rebuilding everything at every start.
 * Usage: node apps/server/build/build.ts is not possible (TypeScript); run through tsx:
 *   tsx apps/server/build/build.ts [--force]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const at = (p: string) => join(root, p);
const force = process.argv.includes('--force');

/** Newest modification time under these paths (files or folders), ignoring node_modules. */
function newest(paths: string[]): number {
  let t = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') visit(join(p, e));
    } else t = Math.max(t, s.mtimeMs);
  };
  for (const p of paths) visit(at(p));
  return t;
}
const stale = (output: string, inputs: string[]) =>
  force || !existsSync(at(output)) || statSync(at(output)).mtimeMs < newest(inputs);

const packages = ['packages/rules/src', 'packages/bots/src', 'packages/protocol/src'];

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

const serverInputs = ['apps/server/src', 'apps/server/bench/load', 'apps/server/build', ...packages];
if (stale('apps/server/dist/main.js', serverInputs)) {
  const t0 = performance.now();
  await build({
    entryPoints: {
      main: at('apps/server/src/main.ts'),
      'bench-server': at('apps/server/bench/load/server.ts'),
      // The strong bots' search thread (botPool/pool.ts loads it beside the bundle).
      'bot-worker': at('apps/server/src/botPool/worker.ts'),
    },
    outdir: at('apps/server/dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // The schema classes need experimentalDecorators (and no define semantics) in every package.
    tsconfig: at('apps/server/tsconfig.run.json'),
    plugins: [externalDeps],
    logLevel: 'warning',
  });
  console.log(`server compiled to apps/server/dist in ${Math.round(performance.now() - t0)} ms`);
}

const webInputs = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', ...packages];
if (stale('apps/web/dist/index.html', webInputs)) {
  const r = spawnSync('pnpm', ['--filter', '@blaze/web', 'run', 'build'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
