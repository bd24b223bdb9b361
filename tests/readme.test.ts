/**
 * The README stays a page a newcomer reads (issue 36): at most 200 lines, none over 120 characters,
 * the two commands CI and the project run exactly as written, and every file it links to present.
 * Figures and detail belong in docs/, which has no such bound.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const lines = readme.replace(/\n$/, '').split('\n');

it('README.md has at most 200 lines', () => {
  expect(lines.length).toBeLessThanOrEqual(200);
});

it('no README line is over 120 characters', () => {
  // Characters as people count them: "×" or "…" is one, not its UTF-8 bytes.
  const long = lines.flatMap((l, i) => ([...l].length > 120 ? [`line ${i + 1}: ${[...l].length} characters`] : []));
  expect(long).toEqual([]);
});

it('README holds the two commands exactly (.ci/run calls the test one)', () => {
  const install = 'npm install -g pnpm@10.34.9 && pnpm install --frozen-lockfile';
  expect(readme).toContain(`${install} && pnpm start`);
  expect(readme).toContain(`${install} && pnpm test`);
  expect(readFileSync(join(root, '.ci/run'), 'utf8')).toContain(`${install} && pnpm test`);
});

it('every file the README links to exists', () => {
  const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1] as string)
    .filter((t) => !/^[a-z]+:/.test(t));
  expect(targets.length).toBeGreaterThan(0);
  expect(targets.filter((t) => !existsSync(join(root, t)))).toEqual([]);
});
