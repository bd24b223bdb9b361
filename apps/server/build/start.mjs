/**
 * `pnpm start`'s first step: builds (through tsx and build.ts) only when an output is older than its
 * sources, so a start after a build reaches the server in a few tens of milliseconds.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, stale } from './stale.mjs';

if (stale('server') || stale('web')) {
  const tsx = join(root, 'node_modules/.bin/tsx');
  const r = spawnSync(tsx, [join(root, 'apps/server/build/build.ts')], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
