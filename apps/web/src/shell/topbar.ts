/** The header: title, optional controls, and the language switch (every page has it). */

import { type Child, h } from './dom.js';
import { LANG_NAMES, LANGS, type Lang, lang, setLang, t } from './i18n/index.js';

export function languageSwitch(): HTMLSelectElement {
  const sel = h(
    'select',
    { testid: 'language', 'aria-label': t('top.language') },
    LANGS.map((l) => h('option', { value: l, selected: l === lang() }, LANG_NAMES[l])),
  );
  sel.addEventListener('change', () => setLang(sel.value as Lang));
  return sel;
}

export function topBar(o: { middle?: Child[]; right?: Child[] }): HTMLElement {
  return h(
    'header',
    { class: 'topbar' },
    h('a', { href: '/', class: 'brand', 'data-link': '' }, t('app.title')),
    h('div', { class: 'middle' }, ...(o.middle ?? [])),
    h('div', { class: 'right' }, ...(o.right ?? []), languageSwitch()),
  );
}
