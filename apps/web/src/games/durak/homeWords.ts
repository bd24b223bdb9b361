/** The home page's links to Durak's own pages, in three languages: in the home chunk, so tiny. */
import { lang } from '../../shell/host.js';

const WORDS = {
  en: { learn: 'Learn Battle of Durak', practice: 'Battle of Durak with bots' },
  de: { learn: 'Battle of Durak lernen', practice: 'Battle of Durak gegen Bots' },
  ja: { learn: 'バトル・オブ・ドゥラクを学ぶ', practice: 'バトル・オブ・ドゥラク（ボット戦）' },
} as const;

export const homeWord = (k: 'learn' | 'practice'): string => (WORDS[lang()] ?? WORDS.en)[k];
