/** After a game: scores per round (feathers and bets), the tie-break, the evening's scoreboard, Rematch. */
import { t } from '../i18n/index.js';
import { rematchOffer, results } from '../logic/results.js';
import { type ClientTable, nameOf } from '../store/snapshot.js';
import { h, patch } from './dom.js';
import type { Send } from './send.js';

export function renderResults(el: HTMLElement, tb: ClientTable, send: Send): void {
  const v = tb.view;
  const key = JSON.stringify([tb.status, v?.scores, v?.winner, tb.scoreboard, tb.mySeat, tb.isHost, t('result.title')]);
  patch(el, key, () => {
    if (tb.status !== 'finished' || !v) return [];
    const r = results(v);
    const rows = r.lines.map((l) =>
      h(
        'tr',
        { class: l.seat === r.winner ? 'winner' : '', testid: `result-${l.seat}` },
        h('td', {}, nameOf(tb, l.seat)),
        h('td', {}, String(l.feathers[0])),
        h('td', {}, String(l.bets[0])),
        h('td', {}, String(l.feathers[1])),
        h('td', {}, String(l.bets[1])),
        h('th', {}, String(l.total)),
        h(
          'td',
          { class: 'note' },
          v.roundLosers
            .map((s, k) => (s === l.seat ? t('result.loser', { n: k + 1 }) : ''))
            .filter(Boolean)
            .join(', '),
        ),
      ),
    );
    const winner = r.winner === null ? '?' : nameOf(tb, r.winner);
    return [
      h('h2', {}, t('result.title')),
      h('p', { class: 'winner-line', testid: 'winner' }, t('result.winner', { name: winner })),
      r.tieBroken ? h('p', { testid: 'tie-break' }, t('result.tieBreak', { name: winner })) : null,
      h(
        'table',
        { testid: 'final-scores' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { rowSpan: 2 }, t('result.player')),
            h('th', { colSpan: 2 }, t('result.round', { n: 1 })),
            h('th', { colSpan: 2 }, t('result.round', { n: 2 })),
            h('th', { rowSpan: 2 }, t('result.total')),
            h('th', { rowSpan: 2 }),
          ),
          h(
            'tr',
            {},
            h('th', {}, t('result.feathers')),
            h('th', {}, t('result.bets')),
            h('th', {}, t('result.feathers')),
            h('th', {}, t('result.bets')),
          ),
        ),
        h('tbody', {}, rows),
      ),
      tb.scoreboard.length
        ? h(
            'div',
            { class: 'evening' },
            h('h3', {}, t('result.evening')),
            h(
              'table',
              { testid: 'scoreboard' },
              h(
                'tr',
                {},
                h('th', {}, t('result.player')),
                h('th', {}, t('result.games')),
                h('th', {}, t('result.wins')),
                h('th', {}, t('result.points')),
              ),
              tb.scoreboard.map((s) =>
                h(
                  'tr',
                  {},
                  h('td', {}, s.name),
                  h('td', {}, String(s.games)),
                  h('td', {}, String(s.wins)),
                  h('td', {}, String(s.points)),
                ),
              ),
            ),
          )
        : null,
      rematchOffer(tb) === 'button'
        ? h(
            'button',
            { testid: 'rematch', class: 'primary big', onclick: () => send('rematch', {}) },
            t('result.rematch'),
          )
        : h('p', { class: 'msg', testid: 'rematch-wait' }, t('result.waitRematch')),
    ];
  });
}
