/** The home page's links to Bla5t's own pages, in three languages: in the home chunk, so tiny. */
import { lang } from '../../shell/host.js';

const WORDS = {
  en: { learn: 'Learn Bla5t', practice: 'Bla5t with bots' },
  de: { learn: 'Bla5t lernen', practice: 'Bla5t gegen Bots' },
  ja: { learn: 'Bla5tを学ぶ', practice: 'Bla5t（ボット戦）' },
} as const;

export const homeWord = (k: 'learn' | 'practice'): string => (WORDS[lang()] ?? WORDS.en)[k];
