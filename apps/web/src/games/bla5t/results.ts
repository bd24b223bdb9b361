/** The end of a game: every total, lowest first, the winners (X10.1), again. */
import type { View } from '@blaze/bla5t';
import { h, patch } from '../../shell/host.js';
import { bt } from './words.js';

export function renderResults(
  el: HTMLElement,
  v: View | null,
  names: string[],
  /** `replay`: the finished game's replay page (an online table's; practice has none). */
  o: { host: boolean; again: () => void; replay?: string },
): void {
  const key = JSON.stringify([v?.totals, v?.winners, names, o.host, o.replay, bt('res.title')]);
  patch(el, key, () => {
    if (!v) return [];
    const name = (p: number) => names[p] || `#${p + 1}`;
    const order = v.totals.map((t, p) => ({ t, p })).sort((a, b) => a.t - b.t);
    return [
      h('h2', { tabIndex: -1 }, bt('res.title')),
      h(
        'p',
        { testid: 'bla5t-verdict', class: 'verdict' },
        bt('res.winners', { names: v.winners.map(name).join(', ') }),
      ),
      h(
        'ol',
        { testid: 'bla5t-totals' },
        order.map((x) => h('li', {}, `${name(x.p)}: ${x.t}`)),
      ),
      h(
        'div',
        { class: 'row' },
        o.host
          ? h('button', { testid: 'bla5t-rematch', class: 'primary', onclick: o.again }, bt('res.rematch'))
          : h('p', { class: 'msg' }, bt('res.waitHost')),
        o.replay &&
          h('a', { href: o.replay, 'data-link': '', class: 'button', testid: 'bla5t-replay' }, bt('res.replay')),
        h('a', { href: '/', 'data-link': '', class: 'button', testid: 'bla5t-home' }, bt('res.home')),
      ),
    ];
  });
}
