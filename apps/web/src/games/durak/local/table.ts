/**
 * The Durak table for a game played in this page (practice, the guided game): the online page's
 * canvas, banner, buttons, results and table in words (scene.ts, actions.ts, results.ts,
 * tableWords.ts), fed by a LocalSession instead of a room. A refusal is worded with its rule.
 */
import type { Action, View } from '@blaze/durak';
import { attachHandKeys } from '../../../kit/handKeys.js';
import {
  beep,
  clearOnLangChange,
  h,
  keys,
  load,
  onLangChange,
  sayLive,
  setTextOf,
  topBar,
} from '../../../shell/host.js';
import { bannerWords, renderActions } from '../actions.js';
import { explainThing } from '../explain.js';
import { ExplainBubble } from '../explainBubble.js';
import { hitAt } from '../layout.js';
import { type Moves, movesOf, NO_MOVES } from '../legal.js';
import { renderResults } from '../results.js';
import { DurakScene } from '../scene.js';
import { tableWords } from '../tableWords.js';
import { dt, refusalWords } from '../words.js';

export interface LocalTableOptions {
  /** Seat names, the person's first. */
  names: () => string[];
  /** The person's move; null when taken, else the refusal's code. */
  act: (a: Action) => string | null;
  /** Play again (practice); absent: no button. */
  again?: () => void;
  /** Moves the page allows now (the guided game narrows them to its step). Default: the rules'. */
  allowed?: (m: Moves) => Moves;
  /** A replay: cards are only looked at, never played (no refusal either), the hand's seat named. */
  readOnly?: boolean;
  /** The banner's words instead of the table's own (null: the table's). */
  banner?: () => { text: string; yourMove: boolean } | null;
}

export class LocalTable {
  readonly page: HTMLElement;
  readonly main: HTMLElement;
  readonly scene = new DurakScene();
  private view: View | null = null;
  private moves: Moves = NO_MOVES;
  private focus = 0;
  private cleanups: (() => void)[] = [];
  private bannerText = h('span', { testid: 'banner-text' });
  private bannerEl: HTMLElement;
  private resultsEl = h('section', { testid: 'results', class: 'overlay results', hidden: true });
  private actionsEl = h('div', { testid: 'actions', class: 'actions' });
  private flash = h('p', { class: 'flash', testid: 'durak-refusal', role: 'alert', hidden: true });
  private wordsList = h('ul', { testid: 'durak-words' });
  private live = h('div', { class: 'sr-only', 'aria-live': 'polite', testid: 'durak-live' });
  private heading = h('h1', { class: 'sr-only', tabIndex: -1 }, dt('name'));
  private header = topBar({});
  private flashTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    root: HTMLElement,
    private o: LocalTableOptions,
    /** Put above the table (the guided game's coach). */
    before: HTMLElement | null = null,
  ) {
    this.bannerEl = h(
      'div',
      { testid: 'banner', class: 'banner' },
      h('span', { class: 'banner-main' }, this.bannerText),
    );
    const canvasHost = h('div', { class: 'canvas-host', testid: 'durak-canvas' });
    const stage = h('div', { class: 'stage' }, canvasHost, this.flash, this.resultsEl);
    const words = h(
      'section',
      { class: 'sr-only', testid: 'table-words' },
      h('h2', {}, dt('words.title')),
      this.wordsList,
    );
    this.cleanups.push(clearOnLangChange(this.live));
    this.main = h(
      'main',
      { class: 'play' },
      this.heading,
      before,
      this.bannerEl,
      stage,
      this.actionsEl,
      words,
      this.live,
    );
    this.page = h('div', { class: 'table-page durak local' }, this.header, h('div', { class: 'body' }, this.main));
    this.page.dataset.status = 'playing';
    root.replaceChildren(this.page);

    void this.scene.init(canvasHost).then(() => {
      const bubble = new ExplainBubble(
        this.scene.app.canvas,
        (x, y) => hitAt(this.scene.placed, x, y),
        (p) => (this.view ? explainThing(p.what, this.view, this.o.names(), this.moves) : ''),
      );
      stage.append(bubble.el);
      this.cleanups.push(() => bubble.destroy());
      this.scene.app.canvas.addEventListener('pointerup', (e) => {
        if (bubble.held) return;
        const r = this.scene.app.canvas.getBoundingClientRect();
        const p = hitAt(this.scene.placed, e.clientX - r.left, e.clientY - r.top);
        if (p?.what.kind === 'hand') {
          this.focus = p.what.index;
          this.playCard(p.what.card);
        }
      });
      this.draw();
    });
    this.cleanups.push(
      attachHandKeys({
        hand: () => this.view?.hand ?? [],
        focus: () => this.focus,
        setFocus: (k) => {
          this.focus = k;
          this.draw();
        },
        cycleTarget: () => {},
        toggle: (card) => this.playCard(card),
        enter: (card) => {
          if (card) this.playCard(card);
        },
        clear: () => {},
      }),
      onLangChange(() => {
        const fresh = topBar({});
        this.header.replaceWith(fresh);
        this.header = fresh;
        this.heading.textContent = dt('name');
        for (const el of [this.resultsEl, this.actionsEl]) el.dataset.key = '';
        this.draw();
      }),
      () => clearTimeout(this.flashTimer),
    );
    // The same hook as the online page's (tests read where things are drawn; nothing secret).
    (window as unknown as { __durak?: unknown }).__durak = {
      placed: () => this.scene.placed,
      renders: () => this.scene.renders,
      view: () => this.view,
      moves: () => ({ cards: [...this.moves.cards.keys()], retreat: this.moves.retreat, end: this.moves.end }),
    };
  }

  private muted(): boolean {
    return load(keys.muted) === '1';
  }

  /** Says a refusal (or the coach's objection) over the table, and to screen readers. */
  refuse(text: string): void {
    this.flash.textContent = text;
    this.flash.hidden = false;
    sayLive(this.live, text);
    beep('error', this.muted());
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      this.flash.hidden = true;
    }, 6000);
  }

  private send(a: Action): void {
    const code = this.o.act(a);
    if (code) this.refuse(refusalWords(code));
    else {
      this.flash.hidden = true;
      beep('play', this.muted());
    }
  }

  private playCard(card: string): void {
    const v = this.view;
    if (!v || v.viewer === null || v.over || this.o.readOnly) return;
    const how = this.moves.cards.get(card);
    if (how) {
      this.send({ type: how, seat: v.viewer, card });
      return;
    }
    if (v.awaited !== v.viewer) {
      this.refuse(refusalWords('NOT_YOUR_TURN'));
      return;
    }
    // A grey card is tried all the same: the rules' refusal names the rule it breaks.
    const open = v.table.some((p) => p.defence === null);
    this.send({ type: open && v.defender === v.viewer ? 'defend' : 'attack', seat: v.viewer, card });
  }

  /** Draws the table from the person's view. */
  show(v: View): void {
    this.view = v;
    this.draw();
  }

  private draw(): void {
    const v = this.view;
    if (!v) return;
    const base = movesOf(v);
    this.moves = this.o.allowed ? this.o.allowed(base) : base;
    const names = this.o.names();
    if (this.focus >= v.hand.length) this.focus = Math.max(0, v.hand.length - 1);
    this.page.dataset.status = v.over ? 'finished' : 'playing';
    this.resultsEl.hidden = !v.over || !this.o.again;
    if (v.over && this.o.again) renderResults(this.resultsEl, v, names, { host: true, again: this.o.again });
    renderActions(this.actionsEl, v, this.moves, (type) => {
      if (v.viewer !== null) this.send({ type, seat: v.viewer });
    });
    const b = this.o.banner?.() ?? bannerWords(v, names, this.moves);
    setTextOf(this.bannerText, b.text);
    this.bannerEl.classList.toggle('your-move', b.yourMove);
    this.scene.render({ view: v, names, moves: this.moves, focus: this.focus, followed: this.o.readOnly });
    this.wordsList.replaceChildren(...tableWords(v, names).map((l) => h('li', {}, l)));
    this.wordsList.append(h('li', {}, dt('words.keys')));
  }

  destroy(): void {
    for (const c of this.cleanups) c();
    this.scene.destroy();
    this.page.remove();
    delete (window as unknown as { __durak?: unknown }).__durak;
  }
}
