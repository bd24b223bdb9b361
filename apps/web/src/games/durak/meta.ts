/**
 * What the home page knows of Battle of Durak before its client loads: its name (a proper name, the
 * same in every language), the links to its own pages and where those load from (each a chunk of
 * its own). Small on purpose: it is in the home chunk.
 */
import { homeWord } from './homeWords.js';

export const durakMeta = {
  id: 'durak',
  name: () => 'Battle of Durak',
  links: () => [
    { href: '/durak/learn', testid: 'durak-learn', words: homeWord('learn'), main: false },
    { href: '/durak/practice', testid: 'durak-practice', words: homeWord('practice'), main: false },
  ],
  /** Its own pages by path: opened on the page's root, each answers its disposer. */
  routes: {
    '/durak/learn': () => import('./learn/page.js').then((m) => m.durakLearnPage),
    '/durak/practice': () => import('./practice/page.js').then((m) => (root: HTMLElement) => m.durakPracticePage(root)),
  } as Record<string, () => Promise<(root: HTMLElement, go: (path: string) => void) => () => void>>,
};
