/**
 * What every game's results offer under its verdict: Rematch for the host (a line saying the host
 * decides for anyone else), the finished game's replay, the way home; the game's words name them.
 */
import { h } from './dom.js';
import type { ScoreRow } from './store/snapshot.js';

export interface GameResultsOptions {
  host: boolean;
  again: () => void;
  /** The finished game's replay page (an online table's; practice has none). */
  replay?: string;
  /** The evening's scoreboard at this table (every game it played). */
  evening?: readonly ScoreRow[];
  /** The host's choice of the next game (the whole table moves: shell/nextGame.ts). */
  switchTo?: (game: string) => void;
}

export interface ResultsWords {
  rematch: string;
  waitHost: string;
  replay: string;
  home: string;
}

/** The row of actions; test ids `<game>-rematch`, `<game>-replay`, `<game>-home`. */
export function resultsActions(game: string, o: GameResultsOptions, w: ResultsWords): HTMLElement {
  return h(
    'div',
    { class: 'row' },
    o.host
      ? h('button', { testid: `${game}-rematch`, class: 'primary', onclick: o.again }, w.rematch)
      : h('p', { class: 'msg' }, w.waitHost),
    o.replay && h('a', { href: o.replay, 'data-link': '', class: 'button', testid: `${game}-replay` }, w.replay),
    h('a', { href: '/', 'data-link': '', class: 'button', testid: `${game}-home` }, w.home),
  );
}
