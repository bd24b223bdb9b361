/**
 * Display names as others see them. Two names that look alike must be the same string here, and
 * the same string may not appear twice at one table, so nobody can pass for someone else in chat.
 */
import unhomoglyph from 'unhomoglyph';

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
 * The Unicode skeleton (UTS #39 section 4: NFD, each character to its prototype in confusables.txt,
 * NFD again): two strings that look alike have the same skeleton. unhomoglyph carries that table.
 */
function skeleton(s: string): string {
  return unhomoglyph(s.normalize('NFD')).normalize('NFD');
}

/** Full case folding, near enough: "ß" reads as "SS", final "ς" as "σ". */
function fold(s: string): string {
  return s.toUpperCase().toLowerCase();
}

/**
 * Stands for one letter of another script inside a word (see `wildcards`); matches any one
 * character. Private use, so no name can hold it (normalizeName takes those out).
 */
const ANY = '\uE000';
const LETTER = /\p{L}/u;
const MAIN_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];
/**
 * Not foreign in any word: punctuation, digits and marks, and the scripts UTS #39's "highly
 * restrictive" level lets Latin mix with (Japanese, Korean, Chinese with Bopomofo).
 */
const NEUTRAL =
  /[\p{Script=Common}\p{Script=Inherited}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;

/**
 * Mixed-script words (UTS #39 section 5): in a word written mostly in Latin, Greek or Cyrillic, the
 * letters of another script (but those of NEUTRAL) are read as "some letter". confusables.txt lists only letters that
 * are drawn the same in most fonts, so the Coptic Ⲁ in "Ⲁlice" is not in it; no honest name mixes
 * Coptic into a Latin word, and such a word is then the same as "Alice" here.
 */
function wildcards(name: string): string {
  return name.replace(/\S+/gu, (word) => {
    const chars = [...word];
    const counts = MAIN_SCRIPTS.map((re) => chars.filter((c) => re.test(c)).length);
    const top = Math.max(...counts);
    if (top === 0) return word;
    const main = MAIN_SCRIPTS[counts.indexOf(top)] as RegExp;
    return chars.map((c) => (LETTER.test(c) && !main.test(c) && !NEUTRAL.test(c) ? ANY : c)).join('');
  });
}

/**
 * What two names are compared by. Skeletons are case-sensitive ("AIice" is "Alice", "ALICE" is
 * "ALlCE"), and case must not make a different person either, so a name has two keys: its folded
 * skeleton ("ALICE" = "Alice") and its skeleton folded ("aIice" = "Alice"). Two names are the same
 * when either key matches.
 */
export function nameKeys(name: string): [string, string] {
  const n = wildcards(normalizeName(name));
  return [skeleton(fold(n)), skeleton(fold(skeleton(n)))];
}

function keysMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.includes(ANY) && !b.includes(ANY)) return false;
  const x = [...a];
  const y = [...b];
  return x.length === y.length && x.every((c, i) => c === y[i] || c === ANY || y[i] === ANY);
}

/** Whether two names' keys say they read as the same name. */
function sameKeys([a1, a2]: [string, string], [b1, b2]: [string, string]): boolean {
  return keysMatch(a1, b1) || keysMatch(a2, b2);
}

/** Whether two names read as the same name: case, normalisation and look-alike letters make no different person. */
export function sameName(a: string, b: string): boolean {
  return sameKeys(nameKeys(a), nameKeys(b));
}

/** Whether `name` reads as any of `names`. */
export function nameTaken(name: string, names: Iterable<string>): boolean {
  const keys = nameKeys(name);
  for (const other of names) if (sameKeys(keys, nameKeys(other))) return true;
  return false;
}

/**
 * The name itself when nobody else uses it, else the name with the first free " 2", " 3", ...
 * suffix. `taken` are the other visible names at the table (people and bots).
 */
export function uniqueName(name: string, taken: Iterable<string>, maxLength = 24): string {
  const used = [...taken].map(nameKeys);
  const free = (n: string) => {
    const keys = nameKeys(n);
    return !used.some((t) => sameKeys(t, keys));
  };
  if (free(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = [...name].slice(0, Math.max(1, maxLength - suffix.length)).join('');
    const candidate = `${base}${suffix}`;
    if (free(candidate)) return candidate;
  }
}
