/** The end of a game: who is the Durak (or which team lost, or nobody), the finish places, again. */
import type { View } from '@blaze/durak';
import type { ScoreRow } from '../../shell/host.js';
import { h, patch } from '../../shell/host.js';
import { eveningBoard, nextGame } from '../../shell/hostTable.js';
import { dt } from './words.js';

export function renderResults(
  el: HTMLElement,
  v: View | null,
  names: string[],
  /** `replay`: the finished game's replay page (an online table's; practice has none). */
  o: {
    host: boolean;
    again: () => void;
    replay?: string;
    /** The evening's tally at this table (its scoreboard: a game lost scores 1), fewest losses first. */
    evening?: readonly ScoreRow[];
    /** The host's choice of the next game (the whole table moves: shell/nextGame.ts). */
    switchTo?: (game: string) => void;
  },
): void {
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
      h(
        'div',
        { class: 'row' },
        o.host
          ? h('button', { testid: 'durak-rematch', class: 'primary', onclick: o.again }, dt('res.rematch'))
          : h('p', { class: 'msg' }, dt('res.waitHost')),
        o.replay &&
          h('a', { href: o.replay, 'data-link': '', class: 'button', testid: 'durak-replay' }, dt('res.replay')),
        h('a', { href: '/', 'data-link': '', class: 'button', testid: 'durak-home' }, dt('res.home')),
      ),
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
