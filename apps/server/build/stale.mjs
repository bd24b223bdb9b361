/**
 * Which build outputs are older than their sources (inputs.json), in plain JavaScript: `pnpm start`
 * asks this before anything else, and loading TypeScript tooling only to learn that nothing changed
 * cost two of the three seconds a start took.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
const at = (p) => join(root, p);

/** @type {Record<'server' | 'web', { output: string; inputs: string[] }>} */
export const targets = JSON.parse(readFileSync(new URL('./inputs.json', import.meta.url), 'utf8'));

/** Newest modification time under these paths (files or folders), ignoring node_modules and dist. */
function newest(paths) {
  let t = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') visit(join(p, e));
    } else t = Math.max(t, s.mtimeMs);
  };
  for (const p of paths) visit(at(p));
  return t;
}

/** @param {'server' | 'web'} name */
export function stale(name) {
  const { output, inputs } = targets[name];
  return !existsSync(at(output)) || statSync(at(output)).mtimeMs < newest(inputs);
}
