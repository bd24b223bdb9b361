/**
 * What the home page knows of Blaze before its client loads: the ways in (learn, practice) and where
 * their pages load from. Small on purpose: the registry imports it into the home page's chunk.
 */
import { lt } from './i18n/learn.js';
import './learn/learn.css';

export const blazeMeta = {
  id: 'blaze',
  name: () => 'Blaze',
  /** The home page's links into this game's own pages, in their order; `main`: the way in for newcomers. */
  links: () => [
    { href: '/learn', testid: 'learn', words: lt('home.learn'), main: true },
    { href: '/practice', testid: 'practice', words: lt('home.practice'), main: false },
  ],
  /** Its own pages, each a chunk of its own (the table's client loads when a table opens). */
  pages: {
    practice: () => import('./practice/page.js').then((m) => m.practicePage),
    learn: () => import('./learn/page.js').then((m) => m.learnPage),
    // The dev server's fixture page: left out of the production build (Vite folds the condition).
    fixture: import.meta.env.DEV ? () => import('./dev/fixture.js').then((m) => m.fixturePage) : null,
  },
};
