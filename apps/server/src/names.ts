/**
 * Display names as others see them. Two names that look alike must be the same string here, and
 * the same string may not appear twice at one table, so nobody can pass for someone else in chat.
 */

/**
 * Invisible and control characters: C0/C1 controls, format characters (zero-width space/joiners,
 * bidi overrides, soft hyphen, BOM...), private use, unassigned, every default-ignorable code point
 * (Hangul fillers, combining grapheme joiner, variation selectors, tags), the braille blank, and
 * lone surrogates (half a character: "Ho\ud800st" showed to others as "Ho𐁳t", past the same-name check).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Variation_Selector}\u2800]/gu;
/** More than two marks on one letter: no name needs them, and they pile up over the seat box. */
const STACKED_MARKS = /(\p{M}{2})\p{M}+/gu;

/** NFKC (full-width and compatibility forms fold to plain letters), invisibles out, one space between words. */
export function normalizeName(raw: string, maxLength = 24): string {
  const folded = raw.normalize('NFKC').replace(INVISIBLE, '').replace(STACKED_MARKS, '$1');
  const spaced = folded.replace(/[\s\p{Zs}]+/gu, ' ').trim();
  return [...spaced].slice(0, maxLength).join('').trim();
}

/**
 * Letters of other scripts drawn like Latin ones (the Cyrillic о in "Hоst"): a name that differs
 * from another only by them reads as the same name. Only the keys compare this way; names show as typed.
 */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ғ: 'f',
  һ: 'h',
  ӏ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  ζ: 'z',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** Compares names as people read them: case, normalisation and look-alike letters do not make a different person. */
export function nameKey(name: string): string {
  return normalizeName(name)
    .toLocaleLowerCase('en')
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c);
}

/**
 * The name itself when nobody else uses it, else the name with the first free " 2", " 3", ...
 * suffix. `taken` are the other visible names at the table (people and bots).
 */
export function uniqueName(name: string, taken: Iterable<string>, maxLength = 24): string {
  const used = new Set<string>();
  for (const t of taken) used.add(nameKey(t));
  if (!used.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = [...name].slice(0, Math.max(1, maxLength - suffix.length)).join('');
    const candidate = `${base}${suffix}`;
    if (!used.has(nameKey(candidate))) return candidate;
  }
}
