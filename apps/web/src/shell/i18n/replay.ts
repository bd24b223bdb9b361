/** Lookup for the replay viewer's strings, in the page's language. */
import { format, lang, type Params } from './index.js';
import { replayDe } from './replay.de.js';
import { type ReplayKey, replayEn } from './replay.en.js';
import { replayJa } from './replay.ja.js';

const TABLES = { en: replayEn, de: replayDe, ja: replayJa } as const;

export function rt(key: ReplayKey, params?: Params): string {
  return format(TABLES[lang()][key], params);
}
