/**
 * The frame of a game's own table page (Battle of Durak's, Bla5t's): the join screen, the connection,
 * the top bar naming the game, the banner with the awaited seat's clock, the lobby and results
 * overlays, the refusal line, the side panels (log, rules, chat) with the chat's cue and the turn
 * alerts, the tab's title cue, the table in words and its live line. The game's page fills the board
 * and the buttons and decides what each snapshot draws; everything a table gives every game is here
 * once, so a fix to a table's frame reaches every game.
 */

import { clearOnLangChange, sayLive } from './a11y/liveLine.js';
import { ChatCue } from './chatCue.js';
import { h, setText as setTextOf } from './dom.js';
import { keepFocus } from './focusKeeper.js';
import { onLangChange, t } from './i18n/index.js';
import { JoinScreen } from './joinScreen.js';
import { type LobbyGameOptions, renderLobby } from './lobby.js';
import { Connection, type ConnState, type Reader } from './net/connection.js';
import { inviteLink } from './net/endpoint.js';
import { joinFailure } from './net/joinError.js';
import { keys, load, remove } from './net/storage.js';
import { moveRefusal } from './nextGame.js';
import { type PanelWords, SidePanels } from './panels.js';
import type { Send } from './send.js';
import { beep } from './sound.js';
import type { ClientTable } from './store/snapshot.js';
import { tabCue } from './tabCue.js';
import { topBar } from './topbar.js';
import { TurnAlerts } from './turnAlert.js';

export interface GameFrameSpec<T> {
  tableId: string;
  /** The page's class beside `table-page`, and the prefix of its own test ids (`<game>-refusal`, ...). */
  game: string;
  /** The game's name in the reader's language (top bar, heading, tab title). */
  name: () => string;
  /** The heading of the table in words. */
  wordsTitle: () => string;
  /** The game's board: its canvas host or its DOM. */
  board: HTMLElement;
  stageClass?: string;
  actionsClass?: string;
  /** The refusal line over the board (in the stage), or between the board and the buttons. */
  flashOverBoard: boolean;
  panelWords: PanelWords;
  reader: Reader<T>;
  /** A snapshot came: the page keeps it (and decides when to draw). */
  onTable(t: T): void;
  onGameMessage?(type: string, message: unknown): void;
  /** The words of a refusal's code (the server's `error` message). */
  refusal(code: string): string;
  /** Draws the latest table: after a connection change and a change of language too. */
  draw(): void;
  /** Before anything is sent (Durak lets its pacer show the newest table first). */
  beforeSend?(): void;
  /** Texts the ticker rewrites besides the banner's clock (Bla5t's seats' clocks). */
  tick?(now: number): void;
}

/** What the game's page draws through. */
export interface GameFrame {
  readonly page: HTMLElement;
  readonly main: HTMLElement;
  readonly stage: HTMLElement;
  readonly actionsEl: HTMLElement;
  readonly wordsList: HTMLElement;
  readonly live: HTMLElement;
  readonly resultsEl: HTMLElement;
  readonly connState: () => ConnState;
  readonly sendRaw: (type: string, payload: object) => void;
  readonly send: Send;
  /** A refusal (error) or a hint on the refusal line, said in the live line too, for 6 s. */
  say(text: string, error: boolean): void;
  hideFlash(): void;
  /**
   * The lobby and results overlays and the buttons, redrawn with the focus kept: the lobby lists the
   * seats of the game the host chose, not the room's every slot.
   */
  sections(
    tb: ClientTable,
    o: { players: number; lobby: LobbyGameOptions; results: (el: HTMLElement) => void; actions: () => void },
  ): void;
  /** The banner's words; whether this person is awaited (the tab's title, a beep, the turn alert). */
  banner(text: string, yourMove: boolean): void;
  /** When the awaited seat's clock runs out (epoch ms), 0 for none. */
  clock(at: number): void;
  /** The table's status on the page, the panels (log, chat) and the chat's cue. */
  update(tb: ClientTable): void;
  /** Shows the join screen and joins at once when this browser holds a seat here (or just made the table). */
  start(): void;
  onCleanup(f: () => void): void;
  destroy(): void;
}

export function gameFrame<T>(spec: GameFrameSpec<T>): GameFrame {
  const { tableId, game } = spec;
  let conn: Connection<T> | null = null;
  let connState: ConnState = 'idle';
  const cleanups: (() => void)[] = [];
  const muted = () => load(keys.muted) === '1';
  const sendRaw = (type: string, payload: object) => {
    if (connState !== 'open') return;
    // Acting never waits for the queue: the newest table first, then the message.
    spec.beforeSend?.();
    conn?.sendRaw(type, payload);
  };
  const send = ((type: string, payload: object) => sendRaw(type, payload)) as Send;

  const bannerText = h('span', { testid: 'banner-text' });
  // The awaited seat's clock (the server's deadlines of kind `turn`), counted down four times a second.
  const deadline = h('span', { testid: 'deadline', class: 'deadline' });
  const bannerEl = h(
    'div',
    { testid: 'banner', class: 'banner' },
    h('span', { class: 'banner-main' }, bannerText, deadline),
  );
  const lobbyEl = h('section', { testid: 'lobby', class: 'overlay lobby', hidden: true });
  const resultsEl = h('section', { testid: 'results', class: 'overlay results', hidden: true });
  const flash = h('p', { class: 'flash', testid: `${game}-refusal`, role: 'alert', hidden: true });
  const join = new JoinScreen({ tableId, fetchCard: true, go: (name, watch) => void connect(name, watch) });
  cleanups.push(() => join.stop());
  const stage = h(
    'div',
    { class: `stage ${spec.stageClass ?? ''}`.trim() },
    spec.board,
    ...(spec.flashOverBoard ? [flash] : []),
    lobbyEl,
    resultsEl,
    join.el,
  );
  const actionsEl = h('div', { testid: 'actions', class: `actions ${spec.actionsClass ?? ''}`.trim() });
  // The table in words (screen readers; anyone may read it): redrawn on every change.
  const wordsList = h('ul', { testid: `${game}-words` });
  const words = h('section', { class: 'sr-only', testid: 'table-words' }, h('h2', {}, spec.wordsTitle()), wordsList);
  const live = h('div', { class: 'sr-only', 'aria-live': 'polite', testid: `${game}-live` });
  cleanups.push(clearOnLangChange(live));
  const heading = h('h1', { class: 'sr-only', tabIndex: -1 }, spec.name());
  const main = h(
    'main',
    { class: 'play' },
    heading,
    bannerEl,
    stage,
    ...(spec.flashOverBoard ? [] : [flash]),
    actionsEl,
    words,
    live,
  );
  const panels = new SidePanels(send, spec.panelWords);
  const alerts = new TurnAlerts();
  panels.el.append(alerts.button);
  const panelBtn = h('button', { testid: 'panel-toggle', class: 'only-narrow' }, '☰');
  panelBtn.addEventListener('click', () => page.classList.toggle('panel-open'));
  // The top bar names the game at this table, not only the site.
  const buildHeader = () =>
    topBar({ middle: [h('span', { class: 'game-name', testid: 'game-name' }, spec.name())], right: [panelBtn] });
  let header = buildHeader();
  const page = h('div', { class: `table-page ${game}` }, header, h('div', { class: 'body' }, main, panels.el));
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

  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  function hideFlash(): void {
    clearTimeout(flashTimer);
    flash.hidden = true;
    flash.textContent = '';
  }
  function say(text: string, error: boolean): void {
    flash.textContent = text;
    flash.hidden = false;
    flash.classList.toggle('hint', !error);
    sayLive(live, text);
    if (error) beep('error', muted());
    clearTimeout(flashTimer);
    flashTimer = setTimeout(hideFlash, 6000);
  }
  cleanups.push(() => clearTimeout(flashTimer));

  const tab = tabCue();
  cleanups.push(() => tab.restore());
  let lastYourMove = false;
  let clockAt = 0;
  function tick(): void {
    const now = Date.now();
    setTextOf(deadline, clockAt > 0 ? t('banner.seconds', { n: Math.max(0, Math.ceil((clockAt - now) / 1000)) }) : '');
    spec.tick?.(now);
  }
  const ticker = setInterval(tick, 250);
  cleanups.push(() => clearInterval(ticker));

  cleanups.push(
    onLangChange(() => {
      const fresh = buildHeader();
      header.replaceWith(fresh);
      header = fresh;
      panels.relabel();
      alerts.label();
      heading.textContent = spec.name();
      // A refusal was said in the old language: it goes rather than stay half translated.
      hideFlash();
      for (const el of [lobbyEl, resultsEl, actionsEl]) el.dataset.key = '';
      showJoin();
      spec.draw();
    }),
  );

  const connect = async (name: string, watch: boolean) => {
    conn?.close();
    conn = new Connection<T>(
      tableId,
      { setTable: (tb) => spec.onTable(tb) },
      {
        onConnState: (st) => {
          connState = st;
          showJoin();
          spec.draw();
        },
        onError: (e) => say(moveRefusal(e) ?? spec.refusal(e.code), true),
        ...(spec.onGameMessage ? { onGameMessage: spec.onGameMessage } : {}),
      },
      spec.reader,
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

  return {
    page,
    main,
    stage,
    actionsEl,
    wordsList,
    live,
    resultsEl,
    connState: () => connState,
    sendRaw,
    send,
    say,
    hideFlash,
    sections(tb, o) {
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
          const seats = tb.seats.filter((s) => s.seat < o.players || s.occupied);
          if (lobbyShown)
            renderLobby(
              lobbyEl,
              { ...tb, seats },
              { send, invite: inviteLink(location.origin, tableId), game: o.lobby },
            );
          if (tb.status === 'finished') o.results(resultsEl);
          o.actions();
        },
      );
    },
    banner(text, yourMove) {
      setTextOf(bannerText, text);
      bannerEl.classList.toggle('your-move', yourMove);
      // Outside the page, the tab's title and icon say when the table waits on this person.
      const yours = connState === 'open' && yourMove;
      const app = spec.name();
      const title = yours ? t('title.yourTurn', { app }) : app;
      tab.show({ title, badge: yours });
      if (yours && !lastYourMove) beep('turn', muted());
      alerts.turn(yours && !lastYourMove, title);
      lastYourMove = yours;
    },
    clock(at) {
      clockAt = at;
      tick();
    },
    update(tb) {
      page.dataset.status = tb.status;
      page.toggleAttribute('data-watching', tb.mySeat < 0);
      panels.update(tb);
      chatCue.update(tb);
    },
    start() {
      showJoin();
      const savedName = load(keys.name);
      const created = load(keys.created(tableId)) !== null;
      if (created) remove(keys.created(tableId));
      if ((load(keys.seat(tableId)) !== null || created) && savedName)
        void connect(savedName, load(keys.watching(tableId)) !== null);
    },
    onCleanup(f) {
      cleanups.push(f);
    },
    destroy() {
      for (const c of cleanups) c();
      conn?.close();
      page.remove();
    },
  };
}
