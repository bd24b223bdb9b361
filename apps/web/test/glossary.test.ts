import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, type GlossaryLang, glossaryPattern } from '../src/kit/glossary.js';

const SRC = join(import.meta.dirname, '../src');
const LANGS: readonly GlossaryLang[] = ['en', 'de', 'ja'];
const isLang = (s: string): s is GlossaryLang => (LANGS as readonly string[]).includes(s);

/** Every words file: the shell's and each game's (a new game's i18n folder is picked up on its own). */
function wordsFiles(): string[] {
  const dirs = [join(SRC, 'shell/i18n')];
  for (const game of readdirSync(join(SRC, 'games'), { withFileTypes: true })) {
    const dir = join(SRC, 'games', game.name, 'i18n');
    if (game.isDirectory() && existsSync(dir)) dirs.push(dir);
  }
  return dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(d, f)),
  );
}

interface Line {
  readonly where: string;
  readonly lang: GlossaryLang;
  readonly text: string;
}

/** Every string of an exported table, with its language: from `{ en, de, ja }` or from the file name. */
function lines(where: string, value: unknown, lang: GlossaryLang | undefined, out: Line[]): void {
  if (typeof value === 'string') {
    // Placeholders ({feathers}) are names for the code, not words a player reads.
    if (lang) out.push({ where, lang, text: value.replace(/\{\w+\}/g, '…') });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) lines(`${where}.${k}`, v, isLang(k) ? k : lang, out);
}

async function allLines(): Promise<Line[]> {
  const out: Line[] = [];
  for (const file of wordsFiles()) {
    const fromName = /(?:^|[./])(en|de|ja)\.ts$/.exec(file)?.[1];
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      lines(`${relative(SRC, file)}:${name}`, value, fromName && isLang(fromName) ? fromName : undefined, out);
    }
  }
  return out;
}

/** The glossary's complaints about some lines: a synonym where the glossary chose another word. */
function synonyms(all: readonly Line[]): string[] {
  const found: string[] = [];
  for (const [term, words] of Object.entries(GLOSSARY)) {
    for (const l of all) {
      for (const avoid of words[l.lang].avoid) {
        const m = glossaryPattern(avoid).exec(l.text);
        if (m) found.push(`${l.where} (${l.lang}): "${m[0]}" where the glossary says ${term} = ${words[l.lang].use}`);
      }
    }
  }
  return found;
}

describe('glossary', () => {
  it('finds the words of the shell and of every game', async () => {
    const files = wordsFiles().map((f) => relative(SRC, f));
    expect(files).toEqual(expect.arrayContaining(['shell/i18n/de.ts', 'games/blaze/i18n/explain.ts']));
    const all = await allLines();
    for (const l of LANGS) expect(all.filter((x) => x.lang === l).length, l).toBeGreaterThan(400);
  });

  it('never uses a synonym the glossary rules out, in any language of any game', async () => {
    expect(synonyms(await allLines())).toEqual([]);
  });

  it('uses every term of the glossary in every language (the glossary names words really used)', async () => {
    const all = await allLines();
    for (const [term, words] of Object.entries(GLOSSARY)) {
      for (const l of LANGS) {
        const re = glossaryPattern(words[l].use);
        expect(
          all.some((x) => x.lang === l && re.test(x.text)),
          `${term} ${l}`,
        ).toBe(true);
      }
    }
  });

  it('catches a synonym put back (German Angriff, Japanese 場の攻撃 or スート)', () => {
    const planted: Line[] = [
      { where: 'x', lang: 'de', text: 'Der Angriff beginnt' },
      { where: 'y', lang: 'ja', text: '場の攻撃を始めます' },
      { where: 'z', lang: 'ja', text: 'スートは自由' },
      { where: 'w', lang: 'ja', text: '防御側はパスします' },
    ];
    const got = synonyms(planted);
    expect(got.some((s) => s.startsWith('x') && s.includes('challenge'))).toBe(true);
    expect(got.some((s) => s.startsWith('y') && s.includes('challenge'))).toBe(true);
    expect(got.some((s) => s.startsWith('z') && s.includes('suit'))).toBe(true);
    // The target's role name is not the rejected verb.
    expect(got.some((s) => s.startsWith('w'))).toBe(false);
  });
});
