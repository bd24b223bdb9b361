/**
 * Every rule id of BLA5T.md (a copy kept beside the package) is cited by a test name in this
 * package, except the ids listed below as not yet implemented: a new id, or a test renamed away
 * from an id, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ID = /\bX(?:\d+\.\d+|N\d+|T\d+|X\d+)\b/g;
const here = new URL('.', import.meta.url).pathname;

/** Advanced rules not implemented yet (each id stays here until a test cites it). */
const NOT_DONE = new Set<string>([
  // Every rule is implemented; an id left out of every test name must be added here with a reason.
]);

function ruleIds(): string[] {
  const text = readFileSync(join(here, '..', 'BLA5T.md'), 'utf8');
  return [...new Set(text.match(ID) ?? [])];
}

function citedIds(): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(here).filter((x) => x.endsWith('.test.ts'))) {
    const src = readFileSync(join(here, f), 'utf8');
    for (const m of src.matchAll(/\b(?:it|describe)\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)) {
      for (const id of (m[2] as string).match(ID) ?? []) out.add(id);
    }
  }
  return out;
}

describe('rule ids', () => {
  it('XC every rule id of BLA5T.md is cited by a test name, or listed as not done', () => {
    const ids = ruleIds();
    expect(ids.length).toBeGreaterThan(100);
    const cited = citedIds();
    expect(ids.filter((id) => !cited.has(id) && !NOT_DONE.has(id))).toEqual([]);
  });
});
