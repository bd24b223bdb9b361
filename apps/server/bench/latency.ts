/**
 * `pnpm bench:server` entry. tsx only applies a tsconfig's compilerOptions to the files it includes,
 * and the schema classes need experimentalDecorators: so this launcher runs measure.ts under
 * apps/server/tsconfig.run.json, whatever directory the command was started from.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const r = spawnSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', here('./measure.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: here('../tsconfig.run.json') },
  },
);
process.exit(r.status ?? 1);
