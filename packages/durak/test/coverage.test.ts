/**
 * Every rule id of RULES.md (a verbatim copy of the shared BATTLE_OF_DURAK.md) is cited by the name
 * of some test in this package, so a rule added to the page without a test fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url).pathname;
const ID = /\b(D\d+\.\d+|DN\d+|DT\d+|DX\d+)\b/g;

/** Ids defined by the page: a list item that starts with one. */
export function ruleIds(page: string): string[] {
  return page.split('\n').flatMap((line) => {
    const m = /^- (D\d+\.\d+|DN\d+|DT\d+|DX\d+)\b/.exec(line);
    return m ? [m[1] as string] : [];
  });
}

/** Ids cited in the titles of it / describe / test calls of the package's test files. */
export function citedIds(sources: string[]): Set<string> {
  const out = new Set<string>();
  const TITLE = /\b(?:it|describe|test)\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g;
  for (const src of sources) {
    for (const m of src.matchAll(TITLE)) for (const id of (m[2] as string).matchAll(ID)) out.add(id[1] as string);
  }
  return out;
}

describe('rule id coverage', () => {
  it('every D, DN, DT and DX id of RULES.md is cited by a test name', () => {
    const ids = ruleIds(readFileSync(join(here, '..', 'RULES.md'), 'utf8'));
    expect(ids.length).toBeGreaterThan(90);
    const sources = readdirSync(here)
      // Not this file: its scanner test holds sample titles.
      .filter((f) => f.endsWith('.test.ts') && f !== 'coverage.test.ts')
      .map((f) => readFileSync(join(here, f), 'utf8'));
    const cited = citedIds(sources);
    expect(ids.filter((id) => !cited.has(id))).toEqual([]);
  });

  it('the scanner finds ids in titles only, not in comments or bodies', () => {
    const cited = citedIds(["it('D5.4 and DX2 x', () => { // D9.9\n expect('D8.8'); });", 'describe(`DN3 y`, f)']);
    expect([...cited].sort()).toEqual(['D5.4', 'DN3', 'DX2']);
  });
});
