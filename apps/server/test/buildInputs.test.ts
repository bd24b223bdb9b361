/**
 * `pnpm start` and the tests rebuild the server and the client only when an input is newer than the
 * output (apps/server/build/inputs.json): every workspace package an app depends on, however
 * indirectly, must be among its inputs, or a change to it alone is served stale (it was: a change to
 * Bla5t's or Durak's rules, or to the game contract, left both builds as they were).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(`${root}${path}`, 'utf8'));
const targets = read('apps/server/build/inputs.json') as Record<'server' | 'web', { inputs: string[] }>;

/** Each workspace package's folder by its name (@blaze/rules -> packages/rules). */
const folders = new Map<string, string>(
  readdirSync(`${root}packages`).map((dir) => [read(`packages/${dir}/package.json`).name as string, `packages/${dir}`]),
);

/** The workspace packages `folder` depends on, directly or through another. */
function workspaceDeps(folder: string, seen = new Set<string>()): Set<string> {
  const pkg = read(`${folder}/package.json`);
  // The server bundles its workspace packages, so it lists them as devDependencies.
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  for (const name of deps) {
    const dep = folders.get(name);
    if (dep === undefined || seen.has(dep)) continue;
    seen.add(dep);
    workspaceDeps(dep, seen);
  }
  return seen;
}

describe('build inputs', () => {
  for (const [target, app] of [
    ['server', 'apps/server'],
    ['web', 'apps/web'],
  ] as const) {
    it(`${target}: its own sources and every workspace package it depends on`, () => {
      const wanted = [`${app}/src`, ...[...workspaceDeps(app)].map((dir) => `${dir}/src`)];
      expect(wanted.length).toBeGreaterThan(4);
      expect(wanted.filter((p) => !targets[target].inputs.includes(p))).toEqual([]);
    });
  }
});
