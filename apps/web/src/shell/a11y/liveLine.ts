/**
 * Lines for a live region, each marked with the language it was said in, and a language switch that
 * empties the region (issue #40, finding 8): the lines said before a switch stayed in the log region
 * beside the new ones, a screen reader reviewing it heard two languages, the old ones read with the
 * new language's voice.
 */

import { h } from '../dom.js';
import { lang, onLangChange } from '../i18n/index.js';

const KEEP = 30;

export function sayLive(live: HTMLElement, text: string, keep = KEEP): void {
  live.append(h('p', { lang: lang() }, text));
  while (live.childElementCount > keep) live.firstElementChild?.remove();
}

/** Empties `live` on every language switch; the returned function stops that. */
export function clearOnLangChange(live: HTMLElement): () => void {
  return onLangChange(() => live.replaceChildren());
}
