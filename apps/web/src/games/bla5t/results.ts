/** The end of a game: every total, lowest first, the winners (X10.1), again. */
import type { View } from '@blaze/bla5t';
import type { ScoreRow } from '../../shell/host.js';
import { h, patch } from '../../shell/host.js';
import { eveningBoard, nextGame } from '../../shell/hostTable.js';
import { bt } from './words.js';

export function renderResults(
  el: HTMLElement,
  v: View | null,
  names: string[],
  o: {
    host: boolean;
    again: () => void;
    /** The finished game's replay page (an online table's; practice has none). */
    replay?: string;
    /** The evening's scoreboard (every game its table played) and the host's choice of the next game. */
    evening?: readonly ScoreRow[];
    switchTo?: (game: string) => void;
  },
): void {
  const key = JSON.stringify([v?.totals, v?.winners, names, o.host, o.replay, o.evening, bt('res.title')]);
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
      o.evening ? eveningBoard(o.evening, 'bla5t-evening') : null,
      o.switchTo ? nextGame('bla5t', o.host, o.switchTo) : null,
    ];
  });
}
