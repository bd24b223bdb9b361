/** After a game: scores per round (feathers and bets), the tie-break, the evening's scoreboard, Rematch. */
import { ROUND_BREAK_MS } from '@blaze/protocol';
import type { GameClient, RoundSummary } from '../games/registry.js';
import { h, patch } from './dom.js';
import { t } from './i18n/index.js';
import { rt } from './i18n/replay.js';
import { readyList } from './logic/ready.js';
import { winnerWords } from './logic/winnerWords.js';
import { eveningBoard, nextGame } from './nextGame.js';
import { seatOffer } from './seatOffer.js';
import type { Send } from './send.js';
import { type ClientTable, nameOf } from './store/snapshot.js';

/**
 * `openTable`: shows the table's seats and settings between games (a host changes bots and settings,
 * frees a gone player's seat, or finds the invite link there; Start there is the rematch).
 */
/** What the results and the round summary ask of the game: its scores, rematch offer and bets in words. */
export type ResultsWords = Pick<GameClient, 'results' | 'rematchOffer' | 'lastRound' | 'betWords' | 'REPLAY_MS'>;

const footWatch = new WeakMap<HTMLElement, ResizeObserver>();

/**
 * The results scroll under their sticky foot (Rematch, the seat offer, the replay): a row scrolled into
 * view (by the keyboard's focus, a screen reader, scrollIntoView) stopped at the pane's bottom, under
 * the foot: on a 360x640 phone the evening's scoreboard lay wholly behind it (issue #40). The pane's
 * scroll padding is the foot's height, kept as the foot wraps or the window turns.
 */
function padForFoot(el: HTMLElement): void {
  if (typeof ResizeObserver === 'undefined') return;
  let watch = footWatch.get(el);
  if (!watch) {
    watch = new ResizeObserver(() => {
      const foot = el.querySelector<HTMLElement>('.results-next');
      el.style.scrollPaddingBottom = foot ? `${foot.offsetHeight}px` : '';
    });
    footWatch.set(el, watch);
  }
  watch.disconnect();
  const foot = el.querySelector<HTMLElement>('.results-next');
  if (foot) watch.observe(foot);
}

export function renderResults(
  el: HTMLElement,
  tb: ClientTable,
  send: Send,
  game: ResultsWords,
  openTable?: () => void,
): void {
  drawResults(el, tb, send, game, openTable);
  padForFoot(el);
}

function drawResults(el: HTMLElement, tb: ClientTable, send: Send, game: ResultsWords, openTable?: () => void): void {
  const v = tb.view;
  const key = JSON.stringify([
    tb.status,
    v?.scores,
    v?.roundLosers,
    v?.bets,
    v?.winner,
    tb.scoreboard,
    tb.mySeat,
    tb.isHost,
    tb.starting,
    tb.seats.map((s) => s.occupied),
    openTable !== undefined,
    t('result.title'),
  ]);
  patch(el, key, () => {
    if (tb.status !== 'finished' || !v) return [];
    const r = game.results(v);
    const rows = r.lines.map((l) => {
      const lost = v.roundLosers
        .map((s, k) => (s === l.seat ? t('result.loser', { n: k + 1 }) : ''))
        .filter(Boolean)
        .join(t('list.glue'));
      // Who lost a round is written under the name, so the table stays narrow enough for a phone.
      return h(
        'tr',
        { class: l.seat === r.winner ? 'winner' : '', testid: `result-${l.seat}` },
        h(
          'td',
          { class: 'who' },
          h('span', { class: 'name' }, nameOf(tb, l.seat)),
          lost ? h('span', { class: 'note' }, lost) : null,
        ),
        h('td', {}, String(l.feathers[0])),
        h('td', {}, String(l.bets[0])),
        h('td', {}, String(l.feathers[1])),
        h('td', {}, String(l.bets[1])),
        h('th', {}, String(l.total)),
      );
    });
    const winner = r.winner === null ? '?' : nameOf(tb, r.winner);
    // Someone watching a table the page feeds itself is watching a replay (practice and the lesson
    // seat their player): no seat to offer, no rematch to wait for ("Every seat is taken", issue #40).
    const replayed = !openTable && tb.mySeat < 0;
    return [
      // Named, so a redraw (someone sits, the evening's scoreboard) gives the focus back to it (focusKeeper).
      h('h2', { tabIndex: -1, testid: 'results-title' }, t('result.title')),
      h('p', { class: 'winner-line', testid: 'winner' }, winnerWords(tb, r.winner)),
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
          ),
          h(
            'tr',
            {},
            shortHead('result.feathers', 'result.feathersShort'),
            shortHead('result.bets', 'result.betsShort'),
            shortHead('result.feathers', 'result.feathersShort'),
            shortHead('result.bets', 'result.betsShort'),
          ),
        ),
        h('tbody', {}, rows),
      ),
      lastRoundBlock(tb, game),
      // The evening's games, each row named by its game (a table its host moved carries them on).
      eveningBoard(tb.scoreboard),
      // What to do next stays in sight at the panel's foot (style.css): five players' scores, the last
      // round and the evening pushed Rematch below the fold even on a desktop. Someone watching is
      // offered a seat there too: above the scores, a phone showed it below the fold and the host's
      // Rematch left them watching again.
      h(
        'div',
        { class: 'results-next', testid: 'results-next' },
        replayed ? null : seatOffer(tb, send, true),
        ...(replayed ? [] : readyCheck(tb, send, game)),
        replayed
          ? null
          : game.rematchOffer(tb) === 'button'
            ? h(
                'button',
                {
                  testid: 'rematch',
                  class: 'primary big',
                  // Held while it waits for the record: a second press would only be refused (STARTING).
                  // aria-disabled, not disabled: whoever pressed it keeps the focus (as Start, lobby.ts).
                  'aria-disabled': tb.starting ? 'true' : undefined,
                  onclick: (e: Event) => {
                    if ((e.currentTarget as HTMLElement).getAttribute('aria-disabled') !== 'true') send('rematch', {});
                  },
                },
                t('result.rematch'),
              )
            : game.rematchOffer(tb) === 'wait'
              ? h('p', { class: 'msg', testid: 'rematch-wait' }, t('result.waitRematch'))
              : null,
        openTable ? h('button', { testid: 'open-table', onclick: openTable }, t('result.table')) : null,
        replayLink(tb.gameNumber),
      ),
      // The host's next game after the foot, not in it: a phone's foot is kept to a quarter of its height
      // (sizes.test.ts: the buttons took it from 140 to 197 px at 360x640), and after it in the page's
      // order, so Tab reaches Rematch first (a11yKeyboard.test.ts).
      replayed ? null : nextGame('blaze', tb.isHost && !tb.starting, (game) => send('switchGame', { game })),
    ];
  });
}

/**
 * The ready check between games (issue #40): Ready (or that you are), who else is, and for the host
 * Start now, which does not wait for the others.
 */
function readyCheck(tb: ClientTable, send: Send, game: ResultsWords): (HTMLElement | null)[] {
  const offer = game.rematchOffer(tb);
  if (offer !== 'ready' && offer !== 'readyWait') return [];
  const held = tb.starting ? 'true' : undefined;
  const press = (type: 'ready' | 'rematch') => (e: Event) => {
    if ((e.currentTarget as HTMLElement).getAttribute('aria-disabled') !== 'true') send(type, {});
  };
  return [
    h(
      'p',
      { class: 'msg', testid: 'ready-list' },
      `${t('result.readyTitle')}: `,
      readyList(tb)
        .map((p) => `${p.name} ${p.ready ? '✓' : '…'}`)
        .join(', '),
    ),
    offer === 'ready'
      ? h(
          'button',
          { testid: 'ready', class: 'primary big', 'aria-disabled': held, onclick: press('ready') },
          t('result.ready'),
        )
      : h('p', { class: 'msg', testid: 'ready-wait', role: 'status' }, t('result.readyWait')),
    tb.isHost
      ? // The host's rematch as before (same id), now the one that does not wait for the others.
        h('button', { testid: 'rematch', 'aria-disabled': held, onclick: press('rematch') }, t('result.startNow'))
      : null,
  ];
}

/**
 * The game's last round, folded into the final results (issue #10): who lost it and every bet revealed
 * with what it scored, shown at once with the scores instead of a summary overlay covering them.
 */
function lastRoundBlock(tb: ClientTable, game: ResultsWords): HTMLElement | null {
  const s = game.lastRound(tb);
  if (!s) return null;
  return h(
    'section',
    { class: 'last-round', testid: 'final-round' },
    h('h3', {}, t('summary.title', { round: s.round })),
    h('p', { class: 'loser', testid: 'final-round-loser' }, loserWords(tb, s.loser)),
    h('ul', { class: 'summary-bets', testid: 'final-round-bets' }, betItems(s, tb, game)),
  );
}

/** Every bet of a round revealed, with what it scored (R9.2). */
function betItems(s: RoundSummary, tb: ClientTable, game: ResultsWords): HTMLElement[] {
  if (s.bets.length === 0) return [h('li', {}, t('summary.noBets'))];
  return s.bets.map((b, k) => {
    const words = game.betWords(b, tb);
    return h(
      'li',
      { testid: `summary-bet-${k}` },
      h('span', {}, words.bet),
      h('span', { class: b.outcome?.kind === 'back' ? 'outcome back' : 'outcome scores' }, words.outcome),
    );
  });
}

/** On a live table, the finished game's replay (also the link to share). */
function replayLink(game: number): HTMLElement | null {
  const table = /^\/t\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname)?.[1];
  if (!table || game < 1) return null;
  return h(
    'a',
    { href: `/r/${table}-${game}`, 'data-link': '', class: 'button', testid: 'replay-button' },
    rt('replay.button'),
  );
}

/** Who lost the round; your own loss in the second person ("You lose", not "You loses"). */
function loserWords(tb: ClientTable, seat: number): string {
  return seat === tb.mySeat ? t('summary.loser.you') : t('summary.loser', { name: nameOf(tb, seat) });
}

/** Up as long as the round's break holds the next clocks (it appears after the last move's replay). */
/**
 * A tap this soon after the summary appears was aimed at the table under it (quicker than anyone reacts
 * to what just appeared): for this long the summary lets taps through instead of closing on them.
 */
export const SUMMARY_ARRIVE_MS = 300;

/**
 * The results open where the action bar and the hand were: a press aimed at Pass or a card as the last
 * move ended the game landed on Rematch and dealt a new game for everyone (seen in a browser test). The
 * results' buttons take no pointer for this long after they appear; nobody reads the scores and decides
 * on a rematch sooner. Longer than the summary's SUMMARY_ARRIVE_MS: a stray press here starts a game.
 */
export const RESULTS_HOLD_MS = 800;

/** Marks `el` (the results) as just opened for RESULTS_HOLD_MS (style.css: `.just-opened`); returns the cancel. */
export function holdResultsButtons(el: HTMLElement, prev: () => void): () => void {
  prev();
  el.classList.add('just-opened');
  const timer = setTimeout(() => el.classList.remove('just-opened'), RESULTS_HOLD_MS);
  return () => {
    clearTimeout(timer);
    el.classList.remove('just-opened');
  };
}

/**
 * The round-end overlay (issue #10): who lost, every bet revealed and what it scored (R9.2), the
 * round's feathers, the new trump. It closes by itself, by a tap, or (once a mouse rested on it) a
 * while after the mouse left; the game goes on underneath. The game's end closes it at once.
 */
export class RoundSummaryView {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private arriving: ReturnType<typeof setTimeout> | undefined;
  private shown: RoundSummary | null = null;
  /** A mouse rests on it: someone is reading it, so it waits for them (a tap or moving off closes it). */
  private reading = false;

  constructor(
    private el: HTMLElement,
    private table: () => ClientTable | null,
    private game: ResultsWords,
  ) {
    el.addEventListener('click', () => this.close());
    el.addEventListener('pointerenter', (e) => {
      if (e.pointerType !== 'mouse') return;
      this.reading = true;
      clearTimeout(this.timer);
    });
    // Once the mouse leaves, it stays its full time from then.
    el.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'mouse') return;
      this.reading = false;
      if (!this.el.hidden) this.arm();
    });
    // A finger or pen moving over it is reading it too: its full time from their last move.
    el.addEventListener('pointermove', (e) => {
      if (this.el.hidden) return;
      if (e.pointerType === 'mouse') {
        this.reading = true;
        clearTimeout(this.timer);
      } else this.arm();
    });
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' || e.key === 'Enter' || e.key === ' ') this.close();
    });
    // Escape closes it wherever the focus is: it is not focused when it appears (the person may be
    // in the middle of choosing a card).
    document.addEventListener('keydown', this.onEscape);
  }

  private readonly onEscape = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && !this.el.hidden) this.close();
  };

  show(s: RoundSummary, tb: ClientTable): void {
    // The game's last round is folded into the final results, which must show at once.
    if (s.gameOver || this.table()?.status === 'finished') {
      this.close();
      return;
    }
    this.shown = s;
    this.build(tb);
    if (this.el.hidden) {
      this.el.classList.add('arriving');
      clearTimeout(this.arriving);
      this.arriving = setTimeout(() => this.el.classList.remove('arriving'), SUMMARY_ARRIVE_MS);
    }
    this.el.hidden = false;
    clearTimeout(this.timer);
    if (!this.reading) this.arm();
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.close(), ROUND_BREAK_MS - this.game.REPLAY_MS);
  }

  /** Words again in the current language. */
  relabel(): void {
    const tb = this.table();
    if (this.shown && tb && !this.el.hidden) this.build(tb);
  }

  close(): void {
    clearTimeout(this.timer);
    clearTimeout(this.arriving);
    this.el.classList.remove('arriving');
    this.el.hidden = true;
    this.shown = null;
    this.reading = false;
  }

  destroy(): void {
    clearTimeout(this.timer);
    clearTimeout(this.arriving);
    document.removeEventListener('keydown', this.onEscape);
  }

  private build(tb: ClientTable): void {
    const s = this.shown;
    if (!s) return;
    const name = (seat: number) => nameOf(tb, seat);
    const bets = betItems(s, tb, this.game);
    const feathers = s.feathers.map((f) =>
      h('li', {}, h('span', { class: 'feather-chip' }, String(f.value)), name(f.seat)),
    );
    const trump = s.newTrump ? (s.newTrump[0] as 'r' | 'y' | 'b') : null;
    this.el.replaceChildren(
      h(
        'div',
        {
          class: 'summary-card',
          role: 'dialog',
          'aria-modal': 'false',
          'aria-label': t('summary.title', { round: s.round }),
          tabIndex: 0,
        },
        h('h2', {}, t('summary.title', { round: s.round })),
        h('p', { class: 'loser', testid: 'summary-loser' }, loserWords(tb, s.loser)),
        h('h3', {}, t('summary.bets')),
        h('ul', { class: 'summary-bets', testid: 'summary-bets' }, bets),
        s.feathers.length > 0 ? h('h3', {}, t('summary.feathers')) : null,
        s.feathers.length > 0 ? h('ul', { class: 'summary-feathers' }, feathers) : null,
        trump
          ? h(
              'p',
              { class: `new-trump suit-${trump}`, testid: 'summary-trump' },
              t(s.sameTrump === null ? 'summary.trumpTwo' : s.sameTrump ? 'summary.sameTrump' : 'summary.newTrump', {
                suit: t(`suit.${trump}`),
              }),
            )
          : null,
        // A mouse clicks and a keyboard presses Esc; a finger taps.
        h('p', { class: 'hint' }, t(matchMedia('(pointer: fine)').matches ? 'summary.close.pointer' : 'summary.close')),
      ),
    );
  }
}

/**
 * A column head that a 320-px phone shortens (style.css: the German scores were wider than the pane);
 * the full word is still what a screen reader reads (a11y.css).
 */
function shortHead(full: 'result.feathers' | 'result.bets', short: 'result.feathersShort' | 'result.betsShort') {
  return h(
    'th',
    {},
    h('span', { class: 'head-full' }, t(full)),
    h('span', { class: 'head-short', 'aria-hidden': 'true' }, t(short)),
  );
}
