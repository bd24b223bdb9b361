/**
 * Between games, the host's choice of the next game (issue 36 item 5): "Next game: Blaze / Battle
 * of Durak / Bla5t" under every game's results. Choosing another game moves the whole table there
 * (the server's tableMove.ts); the evening's scoreboard, which then spans the games, names each
 * row's game and words its tally as that game's results do.
 */
import type { ErrorMessage } from '@blaze/protocol';
import { GAMES } from '../games/registry.js';
import { h } from './dom.js';
import { type MessageKey, t } from './i18n/index.js';
import type { ScoreRow } from './store/snapshot.js';

const nameOf = (id: string) => GAMES.find((g) => g.meta.id === id)?.meta.name() ?? id;

/** The host's buttons (null for anyone else): every game this page plays but the table's own. */
export function nextGame(current: string, host: boolean, choose: (game: string) => void): HTMLElement | null {
  if (!host) return null;
  const others = GAMES.filter((g) => g.meta.id !== current);
  return h(
    'div',
    { class: 'next-game', testid: 'next-game', role: 'group', 'aria-label': t('next.label'), title: t('next.hint') },
    h('span', { class: 'label' }, t('next.label')),
    others.map((g) =>
      h('button', { testid: `next-game-${g.meta.id}`, onclick: () => choose(g.meta.id) }, g.meta.name()),
    ),
  );
}

/** The words of a refused move (request switchGame), or null for any other refusal. */
export function moveRefusal(e: Pick<ErrorMessage, 'code' | 'message' | 'params' | 'request'>): string | null {
  if (e.request !== 'switchGame') return null;
  if (e.code === 'TOO_MANY_PLAYERS') {
    const p = e.params ?? {};
    return t('err.TOO_MANY_PLAYERS', {
      game: nameOf(String(p.game ?? '')),
      max: p.max ?? '',
      players: p.players ?? '',
    });
  }
  return t('error.generic', { message: e.message });
}

/** A row's tally as its game's results word it: Blaze's points and wins, Durak's losses, wins otherwise. */
function tally(r: ScoreRow): string {
  const game = r.game || 'blaze';
  const key: MessageKey =
    game === 'blaze' ? 'result.tally.blaze' : game === 'durak' ? 'result.tally.durak' : 'result.tally.other';
  return t(key, { wins: r.wins, points: r.points, games: r.games });
}

/**
 * The evening's scoreboard across the games its table played: grouped by game in the order they were
 * played, within a game its leader first (most wins, then Blaze's most points, Durak's fewest losses).
 */
export function eveningBoard(rows: readonly ScoreRow[], testid = 'scoreboard'): HTMLElement | null {
  if (rows.length === 0) return null;
  const order = [...new Set(rows.map((r) => r.game || 'blaze'))];
  const sorted = [...rows].sort((a, b) => {
    const ga = a.game || 'blaze';
    const byGame = order.indexOf(ga) - order.indexOf(b.game || 'blaze');
    if (byGame !== 0) return byGame;
    if (ga === 'durak') return a.points - b.points || a.name.localeCompare(b.name);
    return b.wins - a.wins || b.points - a.points;
  });
  return h(
    'div',
    { class: 'evening' },
    h('h3', {}, t('result.evening')),
    h(
      'table',
      { testid },
      h(
        'tr',
        {},
        h('th', {}, t('result.player')),
        h('th', {}, t('result.game')),
        h('th', {}, t('result.games')),
        h('th', {}, t('result.tally')),
      ),
      sorted.map((s, k) =>
        h(
          'tr',
          { class: k === 0 && rows.length > 1 ? 'leader' : '', 'data-game': s.game || 'blaze' },
          h('td', {}, s.name),
          h('td', {}, nameOf(s.game || 'blaze')),
          h('td', {}, String(s.games)),
          h('td', {}, tally(s)),
        ),
      ),
    ),
  );
}
