/** The end of a game: who is the Durak (or which team lost, or nobody), the finish places, again. */
import type { View } from '@blaze/durak';
import { h, patch } from '../../shell/host.js';
import { eveningBoard, type GameResultsOptions, nextGame, resultsActions } from '../../shell/hostTable.js';
import { dt } from './words.js';

export function renderResults(el: HTMLElement, v: View | null, names: string[], o: GameResultsOptions): void {
  const key = JSON.stringify([v?.places, v?.losers, names, o.host, o.replay, o.evening, dt('res.title')]);
  patch(el, key, () => {
    if (!v) return [];
    const list = (seats: number[]) => seats.map((s) => names[s] || `#${s + 1}`).join(', ');
    const verdict = verdictOf(v, names);
    return [
      h('h2', { tabIndex: -1 }, dt('res.title')),
      h('p', { testid: 'durak-verdict', class: 'verdict' }, verdict),
      h(
        'ol',
        { testid: 'durak-places' },
        v.places.map((g) => h('li', {}, list(g))),
      ),
      o.evening && eveningBoard(o.evening, 'durak-evening'),
      resultsActions('durak', o, {
        rematch: dt('res.rematch'),
        waitHost: dt('res.waitHost'),
        replay: dt('res.replay'),
        home: dt('res.home'),
      }),
      o.switchTo ? nextGame('durak', o.host, o.switchTo) : null,
    ];
  });
}

/** Who lost (D8.2, D10.3), or that nobody did (D8.3): the results' and a replay's last words. */
export function verdictOf(v: View, names: string[]): string {
  const list = (seats: number[]) => seats.map((s) => names[s] || `#${s + 1}`).join(', ');
  if (v.losers.length === 0) return dt('res.noLoser');
  return v.team ? dt('res.teamLost', { names: list(v.losers) }) : dt('res.durak', { names: list(v.losers) });
}
