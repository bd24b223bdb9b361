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
  t,
  topBar,
} from '../../shell/host.js';
import {
  ChatCue,
  Connection,
  type ConnState,
  inviteLink,
  JoinScreen,
  joinFailure,
  moveRefusal,
  Pacer,
  renderLobby,
  SidePanels,
  TurnAlerts,
  tabCue,
} from '../../shell/hostTable.js';
import { bannerWords, renderActions } from './actions.js';
import { explainThing } from './explain.js';
import { ExplainBubble } from './explainBubble.js';
import { hitAt } from './layout.js';
import { type Moves, movesOf, NO_MOVES } from './legal.js';
import { durakLobby } from './lobbyOptions.js';
import { logWords, rulesWords, toldLines } from './logWords.js';
import { paceKind } from './pace.js';
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

  // Snapshots pass the shell's pacer (as on Blaze's page): someone else's move stays in sight a moment.
  let lastIn: DurakTable | null = null;
  const pacer = new Pacer<DurakTable>((t) => {
    dtab = t;
    draw();
  });
  cleanups.push(() => pacer.destroy());
  const sendRaw = (type: string, payload: object) => {
    if (connState !== 'open') return;
    // Acting never waits for the queue: the newest table first, then the message.
    pacer.flush();
    conn?.sendRaw(type, payload);
  };
  const send = ((type: string, payload: object) => sendRaw(type, payload)) as Send;

  // ---- DOM ----
  const bannerText = h('span', { testid: 'banner-text' });
  // The acting seat's clock (the server's deadlines of kind `turn`), counted down four times a second.
  const deadline = h('span', { testid: 'deadline', class: 'deadline' });
  const bannerEl = h(
    'div',
    { testid: 'banner', class: 'banner' },
    h('span', { class: 'banner-main' }, bannerText, deadline),
  );
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
  // The shell's side panels: the log in Durak's words, Durak's rules, the chat (and the turn alerts).
  const panels = new SidePanels(send, { logWords, toldLines, rules: rulesWords });
  const alerts = new TurnAlerts();
  panels.el.append(alerts.button);
  const panelBtn = h('button', { testid: 'panel-toggle', class: 'only-narrow' }, '☰');
  panelBtn.addEventListener('click', () => page.classList.toggle('panel-open'));
  // The top bar names the game at this table, not only the site.
  const buildHeader = () =>
    topBar({ middle: [h('span', { class: 'game-name', testid: 'game-name' }, dt('name'))], right: [panelBtn] });
  let header = buildHeader();
  const page = h('div', { class: 'table-page durak' }, header, h('div', { class: 'body' }, main, panels.el));
  root.replaceChildren(page);
  const chatCue = new ChatCue({
    panelBtn,
    side: panels.el,
    chatOpen: () => panels.current() === 'chat' && panels.el.checkVisibility(),
    openChat: () => {
      page.classList.add('panel-open');
      panels.show('chat');
      chatCue.render();
    },
    myName: () => load(keys.name),
  });
  stage.append(chatCue.toast);
  main.append(chatCue.live);
  cleanups.push(() => chatCue.destroy());

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
  const tab = tabCue();
  cleanups.push(() => tab.restore());
  let lastYourMove = false;
  /** When the acting seat's clock runs out (epoch ms), 0 for none. */
  let clockAt = 0;
  function tick(): void {
    setTextOf(
      deadline,
      clockAt > 0 ? t('banner.seconds', { n: Math.max(0, Math.ceil((clockAt - Date.now()) / 1000)) }) : '',
    );
  }
  const ticker = setInterval(tick, 250);
  cleanups.push(() => clearInterval(ticker));

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
        // The lobby lists the seats of the game the host chose (2-4), not the room's five slots.
        const seats = tb.seats.filter((s) => s.seat < (dtab?.options.players ?? 4) || s.occupied);
        if (lobbyShown)
          renderLobby(
            lobbyEl,
            { ...tb, seats },
            {
              send,
              invite: inviteLink(location.origin, tableId),
              game: durakLobby(dtab?.options ?? { players: 4, ambush: false, team: false }, sendRaw),
            },
          );
        if (tb.status === 'finished')
          renderResults(resultsEl, v, n, {
            host: tb.isHost,
            again: () => sendRaw('rematch', {}),
            replay: `/r/${tableId}-${tb.gameNumber}`,
            evening: tb.scoreboard,
            switchTo: (game) => sendRaw('switchGame', { game }),
          });
        renderActions(actionsEl, v, moves, (type) => sendRaw(type, {}));
      },
    );
    const b = tb.mySeat < 0 && v && !v.over ? { text: dt('banner.watch'), yourMove: false } : bannerWords(v, n, moves);
    setTextOf(bannerText, b.text);
    bannerEl.classList.toggle('your-move', b.yourMove);
    const linkUp = connState === 'open';
    const clock = v && !v.over && tb.status === 'playing' ? dtab.clocks.find((c) => c.seat === v.awaited) : undefined;
    clockAt = clock?.at ?? 0;
    tick();
    panels.update(tb);
    chatCue.update(tb);
    // Outside the page, the tab's title and icon say when the table waits on this person.
    const yours = linkUp && b.yourMove;
    const app = dt('name');
    const title = yours ? t('title.yourTurn', { app }) : app;
    tab.show({ title, badge: yours });
    if (yours && !lastYourMove) beep('turn', muted());
    alerts.turn(yours && !lastYourMove, title);
    lastYourMove = yours;
    if (v) {
      scene.render({ view: v, names: n, moves, focus });
      wordsList.replaceChildren(...tableWords(v, n).map((l) => h('li', {}, l)));
      wordsList.append(h('li', {}, dt('words.keys')));
    }
  }

  cleanups.push(
    onLangChange(() => {
      const fresh = buildHeader();
      header.replaceWith(fresh);
      header = fresh;
      panels.relabel();
      alerts.label();
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
          const kind = paceKind(lastIn, t);
          lastIn = t;
          pacer.push(t, kind);
        },
      },
      {
        onConnState: (st) => {
          connState = st;
          showJoin();
          draw();
        },
        onError: (e) => refuse(moveRefusal(e) ?? refusalWords(e.code)),
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
    /** The hand card the arrow keys point at (the scene's focus ring). */
    focus: () => focus,
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
