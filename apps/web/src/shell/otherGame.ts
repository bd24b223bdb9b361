/**
 * A table of a game this page has no client for (the server plays Battle of Durak before the web
 * does): said plainly, with the way home, instead of opening the table as if it were Blaze's (its
 * lobby then showed Blaze's settings and seat count, and a started game drew nothing sensible).
 */
import { h } from './dom.js';
import { t } from './i18n/index.js';

/** The names the server's games go by, for a page that cannot show them yet. */
const NAMES: Readonly<Record<string, string>> = { durak: 'Battle of Durak', bla5t: 'Bla5t' };

/** Which client opens a table: its game's, when this page has one; `null` when it has none. */
export function clientFor(game: string | null, known: readonly string[], fallback: string): string | null {
  if (game === null) return fallback;
  return known.includes(game) ? game : null;
}

export function otherGamePage(root: HTMLElement, game: string): () => void {
  const page = h(
    'main',
    { class: 'home', testid: 'other-game' },
    h('h1', {}, t('otherGame.title', { game: NAMES[game] ?? game })),
    h('p', {}, t('otherGame.body')),
    h('a', { href: '/', 'data-link': '', class: 'button primary', testid: 'other-game-home' }, t('join.home')),
  );
  root.replaceChildren(page);
  return () => page.remove();
}
