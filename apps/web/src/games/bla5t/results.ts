/** The end of a game: every total, lowest first, the winners (X10.1), again. */
import type { View } from '@blaze/bla5t';
import { h, patch } from '../../shell/host.js';
import { eveningBoard, type GameResultsOptions, nextGame, resultsActions } from '../../shell/hostTable.js';
import { bt } from './words.js';

export function renderResults(el: HTMLElement, v: View | null, names: string[], o: GameResultsOptions): void {
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
      resultsActions('bla5t', o, {
        rematch: bt('res.rematch'),
        waitHost: bt('res.waitHost'),
        replay: bt('res.replay'),
        home: bt('res.home'),
      }),
      o.evening ? eveningBoard(o.evening, 'bla5t-evening') : null,
      o.switchTo ? nextGame('bla5t', o.host, o.switchTo) : null,
    ];
  });
}
