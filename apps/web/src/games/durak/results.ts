/** The end of a game: who is the Durak (or which team lost, or nobody), the finish places, again. */
import type { View } from '@blaze/durak';
import { h, patch } from '../../shell/host.js';
import { dt } from './words.js';

export function renderResults(
  el: HTMLElement,
  v: View | null,
  names: string[],
  o: { host: boolean; again: () => void },
): void {
  const key = JSON.stringify([v?.places, v?.losers, names, o.host, dt('res.title')]);
  patch(el, key, () => {
    if (!v) return [];
    const name = (s: number) => names[s] || `#${s + 1}`;
    const list = (seats: number[]) => seats.map(name).join(', ');
    const verdict =
      v.losers.length === 0
        ? dt('res.noLoser')
        : v.team
          ? dt('res.teamLost', { names: list(v.losers) })
          : dt('res.durak', { names: list(v.losers) });
    return [
      h('h2', { tabIndex: -1 }, dt('res.title')),
      h('p', { testid: 'durak-verdict', class: 'verdict' }, verdict),
      h(
        'ol',
        { testid: 'durak-places' },
        v.places.map((g) => h('li', {}, list(g))),
      ),
      h(
        'div',
        { class: 'row' },
        o.host
          ? h('button', { testid: 'durak-rematch', class: 'primary', onclick: o.again }, dt('res.rematch'))
          : h('p', { class: 'msg' }, dt('res.waitHost')),
        h('a', { href: '/', 'data-link': '', class: 'button', testid: 'durak-home' }, dt('res.home')),
      ),
    ];
  });
}
