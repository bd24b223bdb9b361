/**
 * What the home page knows of Bla5t before its client loads: its name (a proper name, the same in
 * every language), the links to its own pages and where those load from (each a chunk of its own).
 * Small on purpose: it is in the home chunk.
 */
import { homeWord } from './homeWords.js';

export const bla5tMeta = {
  id: 'bla5t',
  name: () => 'Bla5t',
  links: () => [
    { href: '/bla5t/learn', testid: 'bla5t-learn', words: homeWord('learn'), main: false },
    { href: '/bla5t/practice', testid: 'bla5t-practice', words: homeWord('practice'), main: false },
  ],
  /** Its own pages by path: opened on the page's root, each answers its disposer. */
  routes: {
    '/bla5t/learn': () => import('./learn/page.js').then((m) => m.bla5tLearnPage),
    '/bla5t/practice': () => import('./practice/page.js').then((m) => (root: HTMLElement) => m.bla5tPracticePage(root)),
  } as Record<string, () => Promise<(root: HTMLElement, go: (path: string) => void) => () => void>>,
};
