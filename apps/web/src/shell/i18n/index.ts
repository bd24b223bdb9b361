/** Message lookup: English, German, Japanese; picked from the browser, switchable, remembered. */
import { de } from './de.js';
import { en, type MessageKey, type Messages } from './en.js';
import { ja } from './ja.js';

export type Lang = 'en' | 'de' | 'ja';
export type { MessageKey, Messages };
export const LANGS: readonly Lang[] = ['en', 'de', 'ja'];
export const TABLES: Record<Lang, Messages> = { en, de, ja };
export const LANG_NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch', ja: '日本語' };

/** The first supported language in the browser's preference list, else English. */
export function pickLang(preferred: readonly string[]): Lang {
  for (const p of preferred) {
    const base = p.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'de' || base === 'ja') return base;
  }
  return 'en';
}

export type Params = Record<string, string | number>;

/** Fill `{name}` placeholders; a missing parameter stays visible rather than vanishing. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

let current: Lang = 'en';
const listeners = new Set<() => void>();

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang): void {
  if (l === current) return;
  current = l;
  try {
    localStorage.setItem('blaze.lang', l);
  } catch {
    // storage may be unavailable (private mode); the switch still works for this page
  }
  if (typeof document !== 'undefined') document.documentElement.lang = l;
  for (const f of listeners) f();
}

export function onLangChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Chooses the starting language: a remembered choice first, then the browser's. */
export function initLang(): void {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem('blaze.lang');
  } catch {
    saved = null;
  }
  const l =
    saved === 'en' || saved === 'de' || saved === 'ja' ? saved : pickLang(navigator.languages ?? [navigator.language]);
  current = l;
  document.documentElement.lang = l;
}

export function t(key: MessageKey, params?: Params, l: Lang = current): string {
  return format(TABLES[l][key], params);
}

/** Keys with a singular form `<key>.one` (used when n is 1: "1 card", not "1 cards"). */
export type CountKey = { [K in MessageKey]: `${K}.one` extends MessageKey ? K : never }[MessageKey];

/** t() for a message about `n` things: `n` is passed as the {n} parameter and picks the singular form. */
export function tn(key: CountKey, n: number, params: Params = {}, l: Lang = current): string {
  return t(n === 1 ? (`${key}.one` as MessageKey) : key, { ...params, n }, l);
}
