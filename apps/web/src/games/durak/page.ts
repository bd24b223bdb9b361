/**
 * A Durak table's page: the shell's join screen, lobby and top bar around this game's canvas, banner,
 * buttons, results and the table in words. Data flows one way: wire -> DurakTable -> DOM and canvas;
 * moves go back as the messages named by the action type (the action less its seat).
 */

import { attachHandKeys } from '../../kit/handKeys.js';
import {
  beep,
  clearOnLangChange,
  h,
  keepFocus,
  keys,
  load,
  onLangChange,
  remove,
  type Send,
  sayLive,
  setTextOf,
  topBar,
} from '../../shell/host.js';
import { Connection, type ConnState, inviteLink, JoinScreen, joinFailure, renderLobby } from '../../shell/hostTable.js';
import { bannerWords, renderActions } from './actions.js';
import { explainThing } from './explain.js';
import { ExplainBubble } from './explainBubble.js';
import { hitAt } from './layout.js';
import { type Moves, movesOf, NO_MOVES } from './legal.js';
import { durakLobby } from './lobbyOptions.js';
import { renderResults } from './results.js';
import { DurakScene } from './scene.js';
import { tableWords } from './tableWords.js';
import { type DurakTable, readDurak } from './wire.js';
import { dt, refusalWords } from './words.js';

export function durakTablePage(root: HTMLElement, tableId: string): () => void {
  let dtab: DurakTable | null = null;
  let conn: Connection<DurakTable> | null = null;
  let connState: ConnState = 'idle';
  let moves: Moves = NO_MOVES;
  let focus = 0;
  const cleanups: (() => void)[] = [];
  const muted = () => load(keys.muted) === '1';

  const sendRaw = (type: string, payload: object) => {
    if (connState !== 'open') return;
    conn?.sendRaw(type, payload);
  };
  const send = ((type: string, payload: object) => sendRaw(type, payload)) as Send;

  // ---- DOM ----
  const bannerText = h('span', { testid: 'banner-text' });
  const bannerEl = h('div', { testid: 'banner', class: 'banner' }, h('span', { class: 'banner-main' }, bannerText));
  const canvasHost = h('div', { class: 'canvas-host', testid: 'durak-canvas' });
  const lobbyEl = h('section', { testid: 'lobby', class: 'overlay lobby', hidden: true });
  const resultsEl = h('section', { testid: 'results', class: 'overlay results', hidden: true });
  const flash = h('p', { class: 'flash', testid: 'durak-refusal', role: 'alert', hidden: true });
  const join = new JoinScreen({ tableId, fetchCard: true, go: (name, watch) => void connect(name, watch) });
  cleanups.push(() => join.stop());
  const stage = h('div', { class: 'stage' }, canvasHost, flash, lobbyEl, resultsEl, join.el);
  const actionsEl = h('div', { testid: 'actions', class: 'actions' });
  // The table in words (screen readers; anyone may read it): redrawn on every change.
  const wordsList = h('ul', { testid: 'durak-words' });
  const words = h('section', { class: 'sr-only', testid: 'table-words' }, h('h2', {}, dt('words.title')), wordsList);
  const live = h('div', { class: 'sr-only', 'aria-live': 'polite', testid: 'durak-live' });
  cleanups.push(clearOnLangChange(live));
  const heading = h('h1', { class: 'sr-only', tabIndex: -1 }, dt('name'));
  const main = h('main', { class: 'play' }, heading, bannerEl, stage, actionsEl, words, live);
  let header = topBar({});
  const page = h('div', { class: 'table-page durak' }, header, h('div', { class: 'body' }, main));
  root.replaceChildren(page);

  // ---- canvas ----
  const scene = new DurakScene();
  const names = () => dtab?.table.seats.map((s) => s.name) ?? [];
  let bubble: ExplainBubble | null = null;
  void scene.init(canvasHost).then(() => {
    bubble = new ExplainBubble(
      scene.app.canvas,
      (x, y) => hitAt(scene.placed, x, y),
      (p) => (dtab?.view ? explainThing(p.what, dtab.view, names(), moves) : ''),
    );
    stage.append(bubble.el);
    cleanups.push(() => bubble?.destroy());
    scene.app.canvas.addEventListener('pointerup', (e) => {
      if (bubble?.held) return;
      const r = scene.app.canvas.getBoundingClientRect();
      const p = hitAt(scene.placed, e.clientX - r.left, e.clientY - r.top);
      if (p?.what.kind === 'hand') {
        focus = p.what.index;
        playCard(p.what.card);
      }
    });
    draw();
  });

  // ---- moves ----
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  function refuse(text: string): void {
    flash.textContent = text;
    flash.hidden = false;
    sayLive(live, text);
    beep('error', muted());
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => {
      flash.hidden = true;
    }, 6000);
  }
  cleanups.push(() => clearTimeout(flashTimer));

  function playCard(card: string): void {
    const how = moves.cards.get(card);
    if (!how) {
      // A grey card is sent all the same when it is this seat's turn: the server's refusal names
      // the rule. Out of turn, the page says so itself.
      const v = dtab?.view;
      if (v && v.viewer !== null && v.awaited === v.viewer) {
        const open = v.table.some((p) => p.defence === null);
        sendRaw(open && v.defender === v.viewer ? 'defend' : 'attack', { card });
      } else if (v && v.viewer !== null && !v.over) refuse(refusalWords('NOT_YOUR_TURN'));
      return;
    }
    // Only one card is ever undefended (D5.3), so a defence needs no target.
    sendRaw(how, { card });
    beep('play', muted());
  }

  cleanups.push(
    attachHandKeys({
      hand: () => dtab?.view?.hand ?? [],
      focus: () => focus,
      setFocus: (k) => {
        focus = k;
        draw();
      },
      cycleTarget: () => {},
      toggle: (card) => playCard(card),
      enter: (card) => {
        if (card) playCard(card);
      },
      clear: () => {},
    }),
  );

  // ---- drawing ----
  function draw(): void {
    const tb = dtab?.table;
    if (!tb || !dtab) return;
    const v = dtab.view;
    moves = connState === 'open' ? movesOf(v) : NO_MOVES;
    const n = names();
    if (v && focus >= v.hand.length) focus = Math.max(0, v.hand.length - 1);
    page.dataset.status = tb.status;
    page.toggleAttribute('data-watching', tb.mySeat < 0);
    const lobbyShown = tb.status === 'lobby';
    const resultsWereHidden = resultsEl.hidden;
    keepFocus(
      main,
      {
        fallback: () => heading,
        opened: () => (resultsWereHidden && !resultsEl.hidden ? resultsEl.querySelector<HTMLElement>('h2') : null),
      },
      () => {
        lobbyEl.hidden = !lobbyShown;
        resultsEl.hidden = tb.status !== 'finished';
        if (lobbyShown)
          renderLobby(lobbyEl, tb, {
            send,
            invite: inviteLink(location.origin, tableId),
            game: durakLobby(dtab?.options ?? { players: 4, ambush: false, team: false }, sendRaw),
          });
        if (tb.status === 'finished')
          renderResults(resultsEl, v, n, { host: tb.isHost, again: () => sendRaw('rematch', {}) });
        renderActions(actionsEl, v, moves, (type) => sendRaw(type, {}));
      },
    );
    const b = tb.mySeat < 0 && v && !v.over ? { text: dt('banner.watch'), yourMove: false } : bannerWords(v, n, moves);
    setTextOf(bannerText, b.text);
    bannerEl.classList.toggle('your-move', b.yourMove);
    if (v) {
      scene.render({ view: v, names: n, moves, focus });
      wordsList.replaceChildren(...tableWords(v, n).map((l) => h('li', {}, l)));
      wordsList.append(h('li', {}, dt('words.keys')));
    }
  }

  cleanups.push(
    onLangChange(() => {
      const fresh = topBar({});
      header.replaceWith(fresh);
      header = fresh;
      heading.textContent = dt('name');
      for (const el of [lobbyEl, resultsEl, actionsEl]) el.dataset.key = '';
      showJoin();
      draw();
    }),
  );

  // ---- joining ----
  const connect = async (name: string, watch: boolean) => {
    conn?.close();
    conn = new Connection<DurakTable>(
      tableId,
      {
        setTable: (t) => {
          dtab = t;
          draw();
        },
      },
      {
        onConnState: (st) => {
          connState = st;
          showJoin();
          draw();
        },
        onError: (e) => refuse(refusalWords(e.code)),
      },
      { read: readDurak },
    );
    try {
      await conn.join(name, watch);
    } catch (e) {
      connState = 'closed';
      showJoin(joinFailure(e));
    }
  };
  function showJoin(reason?: Parameters<JoinScreen['show']>[1]): void {
    join.show(connState, reason);
    bannerEl.classList.toggle('offline', connState === 'reconnecting');
  }
  showJoin();
  const savedName = load(keys.name);
  const created = load(keys.created(tableId)) !== null;
  if (created) remove(keys.created(tableId));
  if ((load(keys.seat(tableId)) !== null || created) && savedName)
    void connect(savedName, load(keys.watching(tableId)) !== null);

  // A test's and a curious reader's view of where things are (no secrets: the page draws them anyway).
  (window as unknown as { __durak?: unknown }).__durak = {
    placed: () => scene.placed,
    view: () => dtab?.view ?? null,
    moves: () => ({ cards: [...moves.cards.keys()], retreat: moves.retreat, end: moves.end }),
  };

  return () => {
    for (const c of cleanups) c();
    conn?.close();
    scene.destroy();
    page.remove();
    delete (window as unknown as { __durak?: unknown }).__durak;
  };
}
