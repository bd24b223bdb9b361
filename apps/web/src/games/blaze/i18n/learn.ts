/** Lookup for the guided game, practice and screen-reader strings, in the page's language. */
import { format, lang, type Params } from '../../../shell/host.js';
import { learnDe } from './learn.de.js';
import { type LearnKey, learnEn } from './learn.en.js';
import { learnJa } from './learn.ja.js';

const TABLES = { en: learnEn, de: learnDe, ja: learnJa } as const;

export function lt(key: LearnKey, params?: Params): string {
  return format(TABLES[lang()][key], params);
}
