/**
 * The table without sight: a DOM mirror of the canvas. An aria-live region says every move in
 * words; the hand is a list of buttons named in words ("yellow 4, trump"); the table is a list of
 * challenges with their rejections, each a button while it can be rejected with the chosen card.
 * What a hover explains on the chips, piles and bets is a list of its own. Play, Done, Pass and the
 * bets are the action bar's own buttons. Hidden from sight until a key takes the focus into it, then
 * shown with a visible focus ring.
 */
import { type CardId, suitOf } from '@blaze/rules';
import type { Store, StoreState } from '../../../shell/host.js';
import {
  type ClientTable,
  clearOnLangChange,
  h,
  nameOf,
  onLangChange,
  patch,
  sayLive,
  t,
} from '../../../shell/host.js';
import { lt } from '../i18n/learn.js';
import { banner } from '../logic/banner.js';
import { cardWords, sortHand } from '../logic/cards.js';
import { type Explainable, explain } from '../logic/explain.js';
import { highlights } from '../logic/highlights.js';
import { announcements, savingAnnouncement, startingAnnouncement, turnAnnouncement } from './announce.js';
import { holdMirrorOpen } from './mirrorHold.js';

export interface MirrorIntents {
  toggle(card: CardId): void;
  reject(card: CardId, challenge: CardId): void;
}

export function attachMirror(host: HTMLElement, store: Store, on: MirrorIntents): () => void {
  const live = h('div', { class: 'sr-live', testid: 'live', 'aria-live': 'polite', role: 'log' });
  const handList = h('ul', { class: 'mirror-hand', testid: 'mirror-hand', 'aria-label': lt('a11y.hand') });
  const tableList = h('ul', { class: 'mirror-table', testid: 'mirror-table', 'aria-label': lt('a11y.table') });
  const seatList = h('ul', { class: 'mirror-seats', testid: 'mirror-seats', 'aria-label': lt('a11y.seats') });
  // What a hover or a held finger explains (the chips, piles and bets), in words for the keyboard and
  // the screen reader: the chips themselves are no Tab stops (Explainer.explainOn).
  const chipList = h('ul', { class: 'mirror-chips', testid: 'mirror-chips', 'aria-label': lt('a11y.chips') });
  const status = h('p', { class: 'mirror-status', testid: 'mirror-status' });
  // Focusable from code only: where the focus goes when the hand is empty (see drawMirror).
  const title = h('h2', { class: 'mirror-title', tabIndex: -1 }, lt('a11y.region'));
  const el = h(
    'section',
    { class: 'mirror', testid: 'mirror', 'aria-label': lt('a11y.region') },
    title,
    status,
    h('h3', {}, lt('a11y.hand')),
    handList,
    h('h3', {}, lt('a11y.table')),
    tableList,
    h('h3', {}, lt('a11y.seats')),
    seatList,
    h('h3', {}, lt('a11y.chips')),
    chipList,
  );
  host.append(el, live);
  const unhold = holdMirrorOpen(el, host);
  const unclear = clearOnLangChange(live);
  // Its headings and names are said again when the language changes, and the lists redrawn in it:
  // nothing else redraws them until the table changes, and the headings never were (they stayed in
  // the first language while the page around them switched).
  const headings = el.querySelectorAll('h3');
  const relabel = () => {
    title.textContent = lt('a11y.region');
    el.setAttribute('aria-label', lt('a11y.region'));
    (['a11y.hand', 'a11y.table', 'a11y.seats', 'a11y.chips'] as const).forEach((key, k) => {
      const heading = headings[k];
      if (heading) heading.textContent = lt(key);
    });
    handList.setAttribute('aria-label', lt('a11y.hand'));
    tableList.setAttribute('aria-label', lt('a11y.table'));
    seatList.setAttribute('aria-label', lt('a11y.seats'));
    chipList.setAttribute('aria-label', lt('a11y.chips'));
    const s = store.get();
    if (s.table) drawMirror(s.table, s);
  };
  // The canvas page's own keys (arrows, Enter, Space) belong to the canvas hand, not to these buttons.
  el.addEventListener('keydown', (e) => e.stopPropagation());

  let lastSeq = store.get().table?.log.at(-1)?.seq ?? 0;
  let lastTurn: string | null = null;
  let first = true;
  let wasStarting = false;
  let wasDelayed = false;
  const render = (s: StoreState) => {
    const tb = s.table;
    // Before the first game there is no view (nothing below runs), but the wait is said all the same.
    if (tb) {
      const line = startingAnnouncement(tb, wasStarting);
      wasStarting = tb.starting;
      if (line) sayLive(live, line);
      const saving = savingAnnouncement(tb, wasDelayed);
      wasDelayed = tb.savingDelayed;
      if (saving) sayLive(live, saving);
    }
    if (!tb?.view) return;
    const turn = turnAnnouncement(tb, lastTurn);
    lastTurn = turn.key;
    if (first) {
      first = false;
      lastSeq = tb.log.at(-1)?.seq ?? 0;
    } else {
      const a = announcements(tb, lastSeq);
      lastSeq = a.seq;
      // The moves first, then what they leave this reader to do.
      for (const line of turn.line ? [...a.lines, turn.line] : a.lines) sayLive(live, line);
    }
    drawMirror(tb, s);
  };

  function drawMirror(tb: ClientTable, s: StoreState): void {
    const v = tb.view;
    if (!v) return;
    const hl = highlights(tb, s.ui.selected, s.ui.pending?.cards ?? []);
    const trumpSuit = v.trump ? suitOf(v.trump) : '';
    const hand = sortHand(v.hand, s.ui.sort, v.trump);
    const chosen = s.ui.selected[0] ?? null;
    // Deck 2 too while round 2 is ahead: on a narrow canvas its label is the count alone (piles.ts).
    const deck2 = v.round === 1 ? lt('a11y.deck2', { n: v.deck2Count }) : '';
    status.textContent =
      lt('a11y.status', {
        trump: v.trump ? cardWords(v.trump) : '-',
        deck: v.deckCount,
        role: lt(`a11y.role.${hl.role}`),
      }) + deck2;
    const focusedId = (document.activeElement as HTMLElement | null)?.dataset?.testid ?? '';
    // Once the game is over nothing in the hand can be played: it is said in words, not offered as
    // buttons that stay greyed for good (a reader tabbing past the results met them after Rematch);
    // an empty hand is not said at all.
    const over = tb.status === 'finished';
    handList.hidden = over && hand.length === 0;
    if (headings[0]) headings[0].hidden = handList.hidden;
    // What each card can do now, or why not: the words a hover shows, as each button's description.
    const why = over ? [] : hand.map((c) => explain(tb, { kind: 'hand', card: c }) ?? '');
    patch(handList, JSON.stringify([over, hand, s.ui.selected, [...hl.lit], v.trump, why]), () =>
      hand.map((c, k) => {
        const name = suitOf(c) === trumpSuit ? lt('a11y.trumpCard', { card: cardWords(c) }) : cardWords(c);
        if (over) return h('li', { testid: `mirror-held-${c}` }, name);
        return h(
          'li',
          {},
          h(
            'button',
            {
              testid: `mirror-card-${c}`,
              'aria-pressed': s.ui.selected.includes(c) ? 'true' : 'false',
              'aria-disabled': hl.lit.has(c) || s.ui.selected.includes(c) ? 'false' : 'true',
              'aria-describedby': `mirror-why-${c}`,
              onclick: () => on.toggle(c),
            },
            name,
          ),
          h('span', { id: `mirror-why-${c}`, class: 'mirror-why', testid: `mirror-why-${c}` }, why[k]),
        );
      }),
    );
    const canReject = new Set(hl.role === 'target' && chosen ? hl.rejectTargets : []);
    patch(tableList, JSON.stringify([v.table, [...canReject], chosen, tb.seats.map((x) => x.name), t('suit.r')]), () =>
      v.table.length === 0
        ? [h('li', {}, lt('a11y.emptyTable'))]
        : v.table.map((e) => {
            const words = e.rejection
              ? lt('a11y.rejected', { card: cardWords(e.challenge), by: cardWords(e.rejection) })
              : lt('a11y.open', { card: cardWords(e.challenge), name: nameOf(tb, e.by) });
            if (canReject.has(e.challenge) && chosen) {
              return h(
                'li',
                {},
                h(
                  'button',
                  {
                    testid: `mirror-challenge-${e.challenge}`,
                    onclick: () => on.reject(chosen, e.challenge),
                  },
                  lt('a11y.rejectWith', { card: cardWords(e.challenge), with: cardWords(chosen) }),
                ),
              );
            }
            return h('li', { testid: `mirror-entry-${e.challenge}` }, words);
          }),
    );
    const seats = tb.seats.slice(0, v.players).map((_, seat) => explain(tb, { kind: 'seat', seat }) ?? '');
    patch(seatList, JSON.stringify(seats), () => seats.map((words) => h('li', {}, words)));
    const chips = shownChips(tb).flatMap((what) => {
      const words = explain(tb, what);
      return words === null ? [] : [{ id: what.kind === 'bets' ? `bets-${what.seat}` : what.kind, words }];
    });
    patch(chipList, JSON.stringify(chips), () => chips.map((c) => h('li', { testid: `mirror-chip-${c.id}` }, c.words)));
    // A rebuilt list loses the focused button: put the focus back on the same one if it is still there,
    // else (the challenge just rejected, the card just played) on the hand, where the next move starts;
    // left alone it fell to <body>, and the next Tab started again at the top of the page.
    const nowId = (document.activeElement as HTMLElement | null)?.dataset?.testid ?? '';
    if (focusedId.startsWith('mirror-') && nowId !== focusedId) {
      const same = el.querySelector<HTMLElement>(`[data-testid="${focusedId}"]`);
      (same ?? handList.querySelector<HTMLElement>('button') ?? title).focus();
    }
  }

  const off = store.subscribe((s) => render(s));
  const offLang = onLangChange(relabel);
  render(store.get());
  return () => {
    off();
    offLang();
    unhold();
    unclear();
    el.remove();
    live.remove();
  };
}

/** The things on screen a hover explains, banner first, then the piles and the bets on each seat. */
function shownChips(tb: ClientTable): Explainable[] {
  const v = tb.view;
  if (!v) return [];
  const seats = tb.seats.slice(0, v.players).map((_, seat): Explainable => ({ kind: 'bets', seat }));
  return [
    { kind: 'round' },
    { kind: 'trump' },
    // The clock chip shows only while someone's move has a deadline.
    ...(banner(tb).deadline !== null ? [{ kind: 'clock' } as const] : []),
    { kind: 'deck' },
    { kind: 'discard' },
    { kind: 'feathers' },
    { kind: 'limit' },
    ...seats,
  ];
}
