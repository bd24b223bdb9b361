/**
 * The table page: join (or watch), then the lobby, the canvas, the banner and action bar, the side
 * panels and the results. Data flows one way: schema patch -> store -> canvas/DOM; intentions go
 * back as messages.
 */

import type { BetValue, CardId, Seat } from '@blaze/rules';
import type { GameClient, Highlights } from '../games/registry.js';
import { attachHandKeys } from '../kit/handKeys.js';
import { reducedMotion } from './a11y/motion.js';
import { ChatCue } from './chatCue.js';
import { CoachBubble } from './coachBubble.js';
import { installDebugHook } from './debugHook.js';
import { h, setText } from './dom.js';
import { Explainer } from './explainer.js';
import { keepFocus } from './focusKeeper.js';
import { lang, onLangChange, t } from './i18n/index.js';
import { type JoinReason, JoinScreen } from './joinScreen.js';
import { renderLobby } from './lobby.js';
import { Connection, type ConnState, RESTARTING } from './net/connection.js';
import { inviteLink } from './net/endpoint.js';
import { joinFailure } from './net/joinError.js';
import type { TableSource } from './net/source.js';
import { keys, load, remove, save } from './net/storage.js';
import { moveRefusal } from './nextGame.js';
import { SidePanels } from './panels.js';
import { holdResultsButtons, RoundSummaryView, renderResults } from './results.js';
import type { Send } from './send.js';
import { beep } from './sound.js';
import { Pacer } from './store/pacer.js';
import { type ClientTable, emptyTable } from './store/snapshot.js';
import { type SortMode, Store, type StoreState } from './store/store.js';
import { tabCue } from './tabCue.js';
import { topBar } from './topbar.js';
import { TurnAlerts } from './turnAlert.js';

/**
 * `game`: the client of the table's game (from games/registry.ts), which draws and words its part.
 * `source`: a table fed from the page itself (practice, the guided game) instead of a room.
 */
export function tablePage(root: HTMLElement, tableId: string, game: GameClient, source?: TableSource): () => void {
  const store = new Store({
    sort: load(keys.sort) === 'value' ? 'value' : 'suit',
    muted: load(keys.muted) === '1',
  });
  let conn: Connection | null = null;
  let connState: ConnState = 'idle';
  let betOn: Seat | null = null;
  let targetIdx = 0;
  let hl: Highlights = game.highlights(emptyTable(), []);
  const cleanups: (() => void)[] = [];

  // Snapshots from the server pass the pacer: each move by someone else stays in sight a moment.
  const pacer = new Pacer<ClientTable>((tb) => store.setTable(tb));
  let lastIn: ClientTable | null = null;
  const paced = {
    setTable(tb: ClientTable): void {
      const kind = game.paceKind(lastIn, tb);
      lastIn = tb;
      pacer.push(tb, kind);
    },
  };
  cleanups.push(() => pacer.destroy());
  // Acting never waits for the queue: the newest table first, then the message.
  const send: Send = (type, payload) => {
    if (linkDown()) return;
    pacer.flush();
    (source ?? conn)?.send(type, payload);
  };
  /** A table on the network whose link dropped (a local practice source never drops). */
  const linkDown = () => !source && (connState === 'reconnecting' || connState === 'closed');
  const invite = inviteLink(location.origin, tableId);
  /** The seats and settings in place of the results, between games (finished status only). */
  let betweenGames = false;
  const showTable = () => {
    betweenGames = true;
    draw(store.get());
  };
  const showResults = () => {
    betweenGames = false;
    draw(store.get());
  };

  // ---- DOM skeleton ----
  const watching = h('span', { testid: 'watching', class: 'watching' });
  const sortBtn = h('button', { testid: 'sort-toggle' });
  const muteBtn = h('button', { testid: 'mute' });
  const panelBtn = h('button', { testid: 'panel-toggle', class: 'only-narrow' }, '☰');
  const bannerText = h('span', { testid: 'banner-text' });
  const deadline = h('span', { testid: 'deadline', class: 'deadline' });
  // The trump, named, and the round: always in sight, in both phases (issue #10). Hidden until a game
  // gives them words. Words, not controls: no Tab stops (see Explainer.explainOn).
  const trumpEl = h('span', { testid: 'trump', class: 'trump-chip', hidden: true });
  const roundEl = h('span', { testid: 'round', class: 'round-chip', hidden: true });
  const bannerEl = h(
    'div',
    { testid: 'banner', class: 'banner' },
    h('span', { class: 'chips' }, roundEl, trumpEl),
    h('span', { class: 'banner-main' }, bannerText, deadline),
  );
  const summaryEl = h('section', { testid: 'round-summary', class: 'overlay summary', hidden: true });
  const canvasHost = h('div', { class: 'canvas-host' });
  // Hidden until a table says it is in the lobby: a page rejoining a game shows no lobby meanwhile.
  const lobbyEl = h('section', { testid: 'lobby', class: 'overlay lobby', hidden: true });
  const resultsEl = h('section', { testid: 'results', class: 'overlay results' });
  const join = new JoinScreen({ tableId, fetchCard: !source, go: (name, watch) => void connect(name, watch) });
  cleanups.push(() => join.stop());
  const actionsEl = h('div', { testid: 'actions', class: 'actions' });
  const panels = new SidePanels(send, game);
  const stage = h('div', { class: 'stage' }, canvasHost, lobbyEl, resultsEl, summaryEl, join.el);
  const coach = new CoachBubble(stage);
  stage.append(coach.el);
  // The page's one heading and its main landmark, for screen readers finding their way in (axe).
  const heading = h('h1', { class: 'sr-only', testid: 'page-heading', tabIndex: -1 }, t('app.title'));
  const main = h('main', { class: 'play' }, heading, bannerEl, stage, actionsEl);
  // Vibration and a notification on one's turn, off until the player turns them on (issue #40).
  const alerts = new TurnAlerts();
  panels.el.append(alerts.button);
  let header = buildHeader();
  const page = h('div', { class: 'table-page' }, header, h('div', { class: 'body' }, main, panels.el));
  root.replaceChildren(page);
  // A table fed by the page itself replaced the page whose button had the focus (practice's Start):
  // it goes to the heading, as when an online game starts (focusKeeper), not to <body>.
  if (source && (document.activeElement === null || document.activeElement === document.body))
    heading.focus({ preventScroll: true });

  function buildHeader(): HTMLElement {
    return topBar({ middle: [watching], right: [sortBtn, muteBtn, panelBtn] });
  }
  panelBtn.addEventListener('click', () => page.classList.toggle('panel-open'));
  // Chat that arrives while the chat is closed is counted and shown (issue #40, finding 4).
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
  sortBtn.addEventListener('click', () => {
    const sort: SortMode = store.get().ui.sort === 'suit' ? 'value' : 'suit';
    save(keys.sort, sort);
    store.updateUi({ sort });
  });
  muteBtn.addEventListener('click', () => {
    const muted = !store.get().ui.muted;
    save(keys.muted, muted ? '1' : '0');
    store.updateUi({ muted });
  });

  // ---- the canvas ----
  // A finger held on a card to have it explained does not also select, play or reject it.
  const held = () => explainer?.consumedPress() === true;
  const scene = new game.TableScene({
    toggle: (card) => {
      if (!held()) toggle(card);
    },
    focus: (card) => {
      const hand = sortedHand();
      const k = hand.indexOf(card);
      if (k >= 0) store.updateUi({ focus: k });
    },
    play: (cards) => {
      if (!held()) play(cards);
    },
    reject: (card, challenge) => {
      if (!held()) reject(card, challenge);
    },
  });
  let explainer: Explainer | null = null;
  const sceneReady = scene.init(canvasHost).then(() => {
    explainer = new Explainer({
      canvas: scene.app.canvas,
      host: stage,
      at: (x, y) => game.explainableAt(x, y, scene.positions.hand, scene.regions),
      table: () => store.get().table,
      words: game,
    });
    explainer.explainOn(trumpEl, { kind: 'trump' });
    explainer.explainOn(roundEl, { kind: 'round' });
    explainer.explainOn(deadline, { kind: 'clock' });
    cleanups.push(() => explainer?.destroy());
    draw(store.get());
  });

  cleanups.push(
    installDebugHook({
      store,
      scene,
      connection: () => ({ state: connState, trail: conn?.trail ?? [] }),
      summaryDue: () => summaryTimer !== undefined,
    }),
  );

  // ---- intentions ----
  function sortedHand(): CardId[] {
    const v = store.get().table?.view;
    if (!v) return [];
    const pending = store.get().ui.pending?.cards ?? [];
    return game.sortHand(
      v.hand.filter((c) => !pending.includes(c)),
      store.get().ui.sort,
      v.trump,
    );
  }

  function toggle(card: CardId): void {
    const ui = store.get().ui;
    const selected = ui.selected.includes(card);
    if (!selected && !hl.lit.has(card)) {
      // A grey card says why it cannot be played now.
      const tb = store.get().table;
      const why = tb ? game.whyNot(tb, card) : null;
      if (why) store.refused(game.coachWords(why), Date.now(), 5000, card);
      return;
    }
    if (hl.role === 'target') {
      targetIdx = 0;
      store.updateUi({ selected: selected ? [] : [card] });
      return;
    }
    store.toggleSelect(card);
  }

  function play(cards: CardId[]): void {
    const tb = store.get().table;
    const v = tb?.view;
    if (!tb || !v || cards.length === 0 || linkDown()) return;
    const e = game.checkPlay(v, tb.mySeat, v.hand, cards);
    if (e) {
      store.refused(game.coachWords(e), Date.now(), 6000, e.params?.card as CardId | undefined);
      beep('error', store.get().ui.muted);
      return;
    }
    lastSent = cards[0] ?? null;
    store.markPending({ kind: 'play', cards, onto: [] });
    send('play', { cards });
    beep('play', store.get().ui.muted);
    settleLater();
  }

  function reject(card: CardId, challenge: CardId): void {
    if (linkDown()) return;
    lastSent = card;
    store.markPending({ kind: 'reject', cards: [card], onto: [challenge] });
    send('reject', { pairs: [{ challenge, card }] });
    beep('reject', store.get().ui.muted);
    settleLater();
  }

  /** The card of the last move sent, so a refusal from the server is shown next to it. */
  let lastSent: CardId | null = null;

  /** If the server neither applies nor refuses a move in time, the cards come back. */
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  function settleLater(): void {
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      if (store.get().ui.pending) store.updateUi({ pending: null });
    }, 5000);
  }

  const actions = {
    play: () => play(store.get().ui.selected),
    reject: () => {
      const card = store.get().ui.selected[0];
      const target = hl.rejectTargets[targetIdx % Math.max(1, hl.rejectTargets.length)];
      if (card && target) reject(card, target);
    },
    pass: () => send('pass', {}),
    stand: () => send('stand', {}),
    chooseBetTarget: (seat: Seat) => {
      betOn = seat;
      draw(store.get());
    },
    bet: (value: BetValue) => {
      if (betOn === null) return;
      send('bet', { on: betOn, value });
      betOn = null;
    },
  };

  // The table in words for screen readers and the keyboard alone (issue #11).
  cleanups.push(game.attachMirror(main, store, { toggle, reject }));

  // Keyboard play for the hand (issue #11).
  cleanups.push(
    attachHandKeys({
      hand: sortedHand,
      focus: () => store.get().ui.focus,
      setFocus: (focus) => store.updateUi({ focus }),
      cycleTarget: (d) => {
        // Down steps back one: forward by all but one, so the index stays positive.
        targetIdx += d === 1 ? 1 : Math.max(1, hl.rejectTargets.length) - 1;
        draw(store.get());
      },
      toggle,
      enter: (focused) => {
        if (hl.role === 'target') {
          if (store.get().ui.selected.length === 0 && focused) toggle(focused);
          actions.reject();
        } else if (hl.canPlay) actions.play();
      },
      clear: () => store.updateUi({ selected: [] }),
    }),
  );

  // ---- drawing ----
  // Outside the page, the tab's title and icon say when the table waits on this person (issue #40).
  const tab = tabCue();
  cleanups.push(() => tab.restore());
  let lastYourMove = false;
  let releaseResults = () => {};
  cleanups.push(() => releaseResults());
  function draw(s: StoreState): void {
    const tb = s.table;
    sortBtn.textContent = s.ui.sort === 'suit' ? t('top.sortSuit') : t('top.sortValue');
    muteBtn.textContent = s.ui.muted ? t('top.soundOff') : t('top.soundOn');
    muteBtn.setAttribute('aria-pressed', s.ui.muted ? 'false' : 'true');
    // Sorting is for a hand: someone watching (or not yet at the table) has none.
    sortBtn.hidden = !tb || tb.mySeat < 0;
    if (!tb) return;
    // A spectator is told so; a player sees how many watch, once anyone does.
    const own = source?.words?.(tb) ?? null;
    watching.textContent = own
      ? own.badge
      : tb.mySeat < 0
        ? t('top.spectating')
        : tb.spectators > 0
          ? t('top.watching', { n: tb.spectators })
          : '';
    watching.classList.toggle('you-watch', tb.mySeat < 0);
    // While the link is down nothing is playable: a move made then would land on the table here and
    // be lost there (the card came back to the hand after the restart, without a word).
    hl = linkDown() ? game.highlights(emptyTable(), []) : game.highlights(tb, s.ui.selected, s.ui.pending?.cards ?? []);
    if (hl.rejectTargets.length > 0) {
      const chosen = hl.rejectTargets[targetIdx % hl.rejectTargets.length];
      hl = {
        ...hl,
        rejectTargets: chosen ? [chosen, ...hl.rejectTargets.filter((c) => c !== chosen)] : hl.rejectTargets,
      };
    }
    page.dataset.status = tb.status;
    // Someone watching has no moves: the action bar stays empty, and its row goes to the table (style.css).
    page.toggleAttribute('data-watching', tb.mySeat < 0);
    showTrump(tb);
    // Between games the results show first; the table's seats and settings are one press away.
    if (tb.status !== 'finished') betweenGames = false;
    const lobbyShown = tb.status === 'lobby' || (tb.status === 'finished' && betweenGames);
    const resultsWereHidden = resultsEl.hidden;
    keepFocus(
      main,
      {
        fallback: () => heading,
        // The game's end takes a focus that rested nowhere to its results: the winner is read first.
        opened: () => (resultsWereHidden && !resultsEl.hidden ? resultsEl.querySelector<HTMLElement>('h2') : null),
      },
      () => {
        lobbyEl.hidden = !lobbyShown;
        resultsEl.hidden = tb.status !== 'finished' || betweenGames;
        if (lobbyShown) renderLobby(lobbyEl, tb, { send, invite, back: betweenGames ? showResults : undefined });
        renderResults(resultsEl, tb, send, game, source ? undefined : showTable);
        game.renderActions(actionsEl, tb, hl, betOn, s.ui.selected.length, actions);
      },
    );
    if (resultsWereHidden && !resultsEl.hidden) releaseResults = holdResultsButtons(resultsEl, releaseResults);
    panels.update(tb);
    chatCue.update(tb);
    const b = game.banner(tb);
    // While the link is down the banner says so, not whose turn it was when it dropped.
    bannerText.textContent = own
      ? own.banner
      : connState === 'reconnecting'
        ? t(join.reason === RESTARTING ? 'join.restarting' : 'join.reconnecting')
        : t(b.key, b.params);
    bannerEl.classList.toggle('your-move', b.yourMove);
    bannerEl.dataset.deadline = own || b.deadline === null ? '' : String(b.deadline);
    tab.show(game.turnCue(tb, lang(), !linkDown()));
    if (b.yourMove && !lastYourMove) beep('turn', s.ui.muted);
    alerts.turn(b.yourMove && !lastYourMove && !own, game.turnCue(tb, lang(), true).title);
    lastYourMove = b.yourMove;
    scene.render(s, hl, !reducedMotion());
    // After the scene: the coach is placed against the seats and hand just drawn, not the last ones.
    tick();
    explainer?.refresh();
  }

  function showTrump(tb: ClientTable): void {
    const v = tb.view;
    const on = tb.status !== 'lobby' && !!v && v.trump !== '';
    trumpEl.hidden = !on;
    roundEl.hidden = !on;
    if (!on || !v) return;
    const suit = v.trump[0] as 'r' | 'y' | 'b';
    setText(trumpEl, `${SUIT_MARK[suit]} ${t('table.trump', { suit: t(`suit.${suit}`) })}`);
    trumpEl.className = `trump-chip suit-${suit}`;
    setText(roundEl, t('table.round', { round: v.round, phase: v.phase }));
  }

  const summary = new RoundSummaryView(summaryEl, () => store.get().table, game);

  function tick(): void {
    const at = Number(bannerEl.dataset.deadline || 0);
    // Only touch the DOM when the text changes: this runs four times a second on an idle table.
    setText(deadline, at > 0 ? t('banner.seconds', { n: game.secondsLeft(at, Date.now()) }) : '');
    const f = store.get().ui.flash;
    const show = f !== null && f.until > Date.now();
    // The scene is only asked once there are words (a refusal comes after the canvas is up).
    const drawn = show
      ? { canvas: scene.app.canvas, hand: scene.positions.hand, regions: scene.regions, handTop: scene.handTop }
      : null;
    coach.show(show ? f : null, drawn, store.get().table?.mySeat ?? -1);
  }
  // A resized canvas moves the seats without a store change: the coach follows at once, not a tick later.
  scene.onRelayout = tick;
  const ticker = setInterval(tick, 250);
  cleanups.push(() => clearInterval(ticker));

  let summaryTimer: ReturnType<typeof setTimeout> | undefined;
  cleanups.push(() => clearTimeout(summaryTimer));
  cleanups.push(
    store.subscribe((s, prev) => {
      void sceneReady;
      if (s.table && s.table !== prev.table) {
        // Arriving during the break after round 1, a page shows its summary as everyone else's does.
        const ended = game.roundEnded(prev.table, s.table) ?? (prev.table?.view ? null : game.arrivedInBreak(s.table));
        const table = s.table;
        // The final results take the table at once: no earlier round's summary stays over them.
        if (table.status === 'finished' && prev.table?.status !== 'finished') summary.close();
        // The canvas first replays the round's last move (render/motion.ts); the summary then covers it.
        if (ended) {
          clearTimeout(summaryTimer);
          summaryTimer = setTimeout(
            () => {
              summaryTimer = undefined;
              summary.show(ended, table);
            },
            reducedMotion() ? 0 : game.REPLAY_MS,
          );
        }
      }
      draw(s);
    }),
  );
  cleanups.push(
    onLangChange(() => {
      const fresh = buildHeader();
      header.replaceWith(fresh);
      header = fresh;
      panels.relabel();
      alerts.label();
      summary.relabel();
      heading.textContent = t('app.title');
      for (const el of [lobbyEl, resultsEl, actionsEl]) el.dataset.key = '';
      showJoin();
      draw(store.get());
    }),
  );

  // ---- joining ----
  const connect = async (name: string, watch: boolean) => {
    conn?.close();
    conn = new Connection(tableId, paced, {
      onConnState: (st, reason) => {
        connState = st;
        showJoin(reason);
        draw(store.get());
      },
      onError: (e) => {
        const card = (e.params?.card as CardId | undefined) ?? lastSent ?? undefined;
        store.refused(
          moveRefusal(e) ?? game.coachWords({ code: e.code, params: e.params, request: e.request }),
          Date.now(),
          6000,
          card,
          e.code,
        );
        beep('error', store.get().ui.muted);
      },
    });
    try {
      await conn.join(name, watch);
    } catch (e) {
      connState = 'closed';
      // Worded by the page from the error's code: the server's own text is English for developers.
      showJoin(joinFailure(e));
      draw(store.get());
    }
  };

  function showJoin(reason?: JoinReason): void {
    join.show(connState, reason);
    page.classList.toggle('reconnecting', connState === 'reconnecting');
    bannerEl.classList.toggle('offline', connState === 'reconnecting');
    if (connState === 'reconnecting')
      bannerText.textContent = t(join.reason === RESTARTING ? 'join.restarting' : 'join.reconnecting');
  }
  showJoin();
  // Coming back to a table we hold a seat at (reload): straight back in.
  const savedName = load(keys.name);
  // The creator of a table (who typed their name a moment ago) walks straight in.
  const created = load(keys.created(tableId)) !== null;
  if (created) remove(keys.created(tableId));
  if (source) {
    // A local source answers at once: let the canvas come up first.
    void sceneReady.then(() =>
      source.start(store, {
        onConnState: (st) => {
          connState = st;
          showJoin();
          draw(store.get());
        },
        onError: (e) => store.refused(e.message, Date.now()),
      }),
    );
  } else if ((load(keys.seat(tableId)) !== null || created) && savedName)
    // Someone watching comes back watching: joining to sit, the server gave them the first free seat.
    void connect(savedName, load(keys.watching(tableId)) !== null);

  return () => {
    for (const c of cleanups) c();
    summary.destroy();
    conn?.close();
    source?.close();
    scene.destroy();
    page.remove();
  };
}

/** The suit shapes of the card drawing (cardGfx): red circle, yellow triangle, blue square. */
const SUIT_MARK = { r: '●', y: '▲', b: '■' } as const;
