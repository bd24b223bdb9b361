/**
 * A Durak table's page: the shell's join screen, lobby and top bar around this game's canvas, banner,
 * buttons, results and the table in words. Data flows one way: wire -> DurakTable -> DOM and canvas;
 * moves go back as the messages named by the action type (the action less its seat).
 */

import { attachHandKeys } from '../../kit/handKeys.js';
import { beep, h, keys, load } from '../../shell/host.js';
import { gameFrame, Pacer } from '../../shell/hostTable.js';
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
  let moves: Moves = NO_MOVES;
  let focus = 0;
  const muted = () => load(keys.muted) === '1';

  // Snapshots pass the shell's pacer (as on Blaze's page): someone else's move stays in sight a moment.
  let lastIn: DurakTable | null = null;
  const pacer = new Pacer<DurakTable>((t) => {
    dtab = t;
    draw();
  });
  const canvasHost = h('div', { class: 'canvas-host', testid: 'durak-canvas' });
  const frame = gameFrame<DurakTable>({
    tableId,
    game: 'durak',
    name: () => dt('name'),
    wordsTitle: () => dt('words.title'),
    board: canvasHost,
    flashOverBoard: true,
    panelWords: { logWords, toldLines, rules: rulesWords },
    reader: { read: readDurak },
    onTable: (t) => {
      const kind = paceKind(lastIn, t);
      lastIn = t;
      pacer.push(t, kind);
    },
    refusal: refusalWords,
    draw: () => draw(),
    beforeSend: () => pacer.flush(),
  });
  frame.onCleanup(() => pacer.destroy());
  const { sendRaw, stage } = frame;
  root.replaceChildren(frame.page);

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
    frame.onCleanup(() => bubble?.destroy());
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
  const refuse = (text: string) => frame.say(text, true);

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

  frame.onCleanup(
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
    moves = frame.connState() === 'open' ? movesOf(v) : NO_MOVES;
    const n = names();
    if (v && focus >= v.hand.length) focus = Math.max(0, v.hand.length - 1);
    frame.update(tb);
    frame.sections(tb, {
      players: dtab.options.players,
      lobby: durakLobby(dtab.options, sendRaw),
      results: (el) =>
        renderResults(el, v, n, {
          host: tb.isHost,
          again: () => sendRaw('rematch', {}),
          replay: `/r/${tableId}-${tb.gameNumber}`,
          evening: tb.scoreboard,
          switchTo: (game) => sendRaw('switchGame', { game }),
        }),
      actions: () => renderActions(frame.actionsEl, v, moves, (type) => sendRaw(type, {})),
    });
    const b = tb.mySeat < 0 && v && !v.over ? { text: dt('banner.watch'), yourMove: false } : bannerWords(v, n, moves);
    frame.banner(b.text, b.yourMove);
    const clock = v && !v.over && tb.status === 'playing' ? dtab.clocks.find((c) => c.seat === v.awaited) : undefined;
    frame.clock(clock?.at ?? 0);
    if (v) {
      scene.render({ view: v, names: n, moves, focus });
      frame.wordsList.replaceChildren(...tableWords(v, n).map((l) => h('li', {}, l)));
      frame.wordsList.append(h('li', {}, dt('words.keys')));
    }
  }
  frame.start();

  // A test's and a curious reader's view of where things are (no secrets: the page draws them anyway).
  (window as unknown as { __durak?: unknown }).__durak = {
    placed: () => scene.placed,
    /** Canvas draws so far: an idle table adds none. */
    renders: () => scene.renders,
    view: () => dtab?.view ?? null,
    /** The hand card the arrow keys point at (the scene's focus ring). */
    focus: () => focus,
    moves: () => ({ cards: [...moves.cards.keys()], retreat: moves.retreat, end: moves.end }),
  };

  return () => {
    frame.destroy();
    scene.destroy();
    delete (window as unknown as { __durak?: unknown }).__durak;
  };
}
