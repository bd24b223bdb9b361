/**
 * The start page: a name (remembered), then three ways in, each with its own main button (issue #40:
 * only "New table" read as the main action): a new table for friends, joining one by its link or
 * code, and learning or practising alone.
 */
import { DEFAULT_GAME, GAMES } from '../games/registry.js';
import { h } from './dom.js';
import { t } from './i18n/index.js';
import { CREATE_FAILURE_WORDS, createFailure } from './net/createError.js';
import { tableIdFrom } from './net/endpoint.js';
import { keys, load, save } from './net/storage.js';
import { topBar } from './topbar.js';

export function homePage(root: HTMLElement, go: (path: string) => void): () => void {
  const name = h('input', {
    testid: 'name-input',
    id: 'name',
    maxLength: 24,
    autocomplete: 'nickname',
    value: load(keys.name) ?? '',
    placeholder: t('home.namePlaceholder'),
  });
  const link = h('input', {
    testid: 'join-link',
    placeholder: t('home.joinPlaceholder'),
    'aria-label': t('home.joinPlaceholder'),
  });
  const msg = h('p', { class: 'msg', testid: 'home-message', role: 'status' });
  const needName = (): string | null => {
    const n = name.value.replace(/\s+/g, ' ').trim();
    if (!n) {
      msg.textContent = t('home.needName');
      name.focus();
      return null;
    }
    save(keys.name, n);
    return n;
  };
  const create = async () => {
    const n = needName();
    if (!n) return;
    newBtn.disabled = true;
    try {
      const res = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Blaze's tables are made as before (no game named); another game's by its id.
        body: JSON.stringify(gamePick.value === DEFAULT_GAME ? {} : { game: gamePick.value }),
      });
      if (!res.ok) {
        const why = createFailure(res.status, await res.json().catch(() => null));
        msg.textContent = t(CREATE_FAILURE_WORDS[why]);
        newBtn.disabled = false;
        return;
      }
      const { id } = (await res.json()) as { id: string };
      save(keys.created(id), '1');
      go(`/t/${encodeURIComponent(id)}`);
    } catch {
      // No answer at all: the network, or the server is down.
      msg.textContent = t('home.createFailed');
      newBtn.disabled = false;
    }
  };
  const join = () => {
    const id = tableIdFrom(link.value);
    if (!id) {
      msg.textContent = t('home.badLink');
      return;
    }
    if (needName()) go(`/t/${encodeURIComponent(id)}`);
  };
  const newBtn = h('button', { testid: 'new-table', class: 'primary', onclick: create }, t('home.newTable'));
  // Which game the new table plays: every game the registry knows, Blaze first.
  const gamePick = h(
    'select',
    { testid: 'new-game', 'aria-label': t('home.game') },
    GAMES.map((g) => h('option', { value: g.meta.id }, g.meta.name())),
  ) as HTMLSelectElement;
  const page = h(
    'div',
    { class: 'home' },
    topBar({}),
    h(
      'main',
      { class: 'card-panel' },
      h('h1', {}, t('app.title')),
      h('p', {}, t('app.tagline')),
      h('label', { for: 'name' }, t('home.name')),
      name,
      h('h2', { class: 'home-way' }, t('home.friendsTitle')),
      h('div', { class: 'row' }, gamePick, newBtn),
      h('h2', { class: 'home-way' }, t('home.joinTitle')),
      h(
        'div',
        { class: 'row' },
        link,
        h('button', { testid: 'join-button', class: 'primary', onclick: join }, t('home.join')),
      ),
      msg,
      h('h2', { class: 'home-way' }, t('home.aloneTitle')),
      h(
        'div',
        { class: 'row learn-row' },
        // Each game's own pages (learn, practice), from the registry: Blaze's only, for now.
        ...GAMES.flatMap((g) =>
          g.meta
            .links()
            .map((l) =>
              h(
                'a',
                { href: l.href, 'data-link': '', class: l.main ? 'button primary' : 'button', testid: l.testid },
                l.words,
              ),
            ),
        ),
      ),
    ),
  );
  name.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void create();
  });
  link.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') join();
  });
  root.replaceChildren(page);
  return () => page.remove();
}
