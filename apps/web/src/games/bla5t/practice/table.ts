/**
 * Bla5t's table in a page of its own (practice, the guided round): the online table's board, banner,
 * buttons and results, fed by a local game instead of a server. Moves go to `act`, which answers the
 * refusal's words or null; the person's peeks show for a few seconds, then turn down (XN13); a bot's
 * move shows for a moment as highlighted places and a line saying what it did.
 */
import type { Card, View, Where } from '@blaze/bla5t';
import { h, keepFocus, patch, sayLive, setTextOf, topBar } from '../../../shell/host.js';
import { bannerWords } from '../banner.js';
import { renderBoard } from '../board.js';
import { type Moves, movesOf, NO_MOVES, powerTargets, targetsNeeded } from '../legal.js';
import { renderResults } from '../results.js';
import { stepControls } from '../steps.js';
import { tableWords } from '../tableWords.js';
import { bt, cardName, refusalWords } from '../words.js';
import '../bla5t.css';
import './practice.css';

/** How long a peek stays face up (XN13), as on the online table. */
export const PEEK_MS = 4000;

type Mode = 'take' | 'match' | 'flip' | null;

export interface TableHooks {
  names(): string[];
  advanced: boolean;
  /** The person's move; answers the refusal in words, or null when it was played. */
  act(type: string, payload: object): string | null;
  again(): void;
  /** Whether a slot (`seat.slot`) may be lit now: the lesson lights only its step's card. */
  lit?(key: string): boolean;
  /** No moves offered at all (the lesson's last step). */
  locked?(): boolean;
}

export class LocalBla5tTable {
  readonly el: HTMLElement;
  private view: View | null = null;
  private moves: Moves = NO_MOVES;
  private mode: Mode = null;
  private lookSel: number[] = [];
  private chosen: Where[] = [];
  private stepKey = '';
  private peeks = new Map<string, { card: Card; until: number }>();
  private drawPeek: { card: Card; until: number } | null = null;
  private shownMove = new Set<string>();
  private peekTimer: ReturnType<typeof setTimeout> | undefined;
  private flashTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly bannerText = h('span', { testid: 'banner-text' });
  private readonly bannerEl = h(
    'div',
    { testid: 'banner', class: 'banner' },
    h('span', { class: 'banner-main' }, this.bannerText),
  );
  private readonly board = h('div', { class: 'b5-board', testid: 'bla5t-board' });
  private readonly resultsEl = h('section', { testid: 'results', class: 'overlay results', hidden: true });
  private readonly flash = h('p', { class: 'flash', testid: 'bla5t-refusal', role: 'alert', hidden: true });
  private readonly seenEl = h('p', { class: 'b5-seen', testid: 'b5-seen', 'aria-live': 'polite' });
  private readonly actionsEl = h('div', { testid: 'actions', class: 'actions b5-actions' });
  private readonly wordsList = h('ul', { testid: 'bla5t-words' });
  private readonly live = h('div', { class: 'sr-only', 'aria-live': 'polite', testid: 'bla5t-live' });
  private readonly main: HTMLElement;
  private header: HTMLElement;
  /** Extra content above the banner (the lesson's coach). */
  readonly top = h('div', { class: 'b5-top' });

  constructor(
    root: HTMLElement,
    private readonly hooks: TableHooks,
  ) {
    const stage = h('div', { class: 'stage b5-stage' }, this.board, this.resultsEl);
    const words = h(
      'section',
      { class: 'sr-only', testid: 'table-words' },
      h('h2', {}, bt('words.title')),
      this.wordsList,
    );
    this.main = h(
      'main',
      { class: 'play' },
      h('h1', { class: 'sr-only', tabIndex: -1 }, bt('name')),
      this.top,
      this.bannerEl,
      stage,
      this.seenEl,
      this.flash,
      this.actionsEl,
      words,
      this.live,
    );
    this.header = topBar({});
    this.el = h('div', { class: 'table-page bla5t b5-local' }, this.header, h('div', { class: 'body' }, this.main));
    root.replaceChildren(this.el);
  }

  destroy(): void {
    clearTimeout(this.peekTimer);
    clearTimeout(this.flashTimer);
    this.el.remove();
  }

  /** After a language switch: every word again. */
  relabel(): void {
    const fresh = topBar({});
    this.header.replaceWith(fresh);
    this.header = fresh;
    this.resultsEl.dataset.key = '';
    this.actionsEl.dataset.key = '';
    this.draw();
  }

  say(text: string, error: boolean): void {
    this.flash.textContent = text;
    this.flash.hidden = false;
    this.flash.classList.toggle('hint', !error);
    sayLive(this.live, text);
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      this.flash.hidden = true;
    }, 6000);
  }

  /** A refusal or hint of an earlier step goes. */
  unsay(): void {
    this.flash.hidden = true;
  }

  /** What a bot (or the table) just did, with the places it touched lit for a moment. */
  showMove(text: string, at: Where[]): void {
    this.seenEl.textContent = text;
    this.shownMove = new Set(at.map((w) => `${w.seat}.${w.slot}`));
  }

  /** Cards this seat just saw: face up for PEEK_MS (XN13). */
  peek(list: { at: Where | 'drawPile'; card: Card }[]): void {
    const until = Date.now() + PEEK_MS;
    for (const p of list) {
      if (p.at === 'drawPile') this.drawPeek = { card: p.card, until };
      else this.peeks.set(`${p.at.seat}.${p.at.slot}`, { card: p.card, until });
    }
    if (list.length) sayLive(this.live, bt('words.peek', { cards: list.map((p) => cardName(p.card)).join(', ') }));
  }

  show(view: View): void {
    const before = this.view;
    // A new round or a change of seats: what was seen of a place is of another card now.
    if (before && (before.round !== view.round || before.seatOf.join() !== view.seatOf.join())) {
      this.peeks.clear();
      this.drawPeek = null;
    }
    if (before && before.drawCount !== view.drawCount) this.drawPeek = null;
    this.view = view;
    this.draw();
  }

  /** The person's moves now (the lesson restricts them; a test reads them). */
  currentMoves(): Moves {
    return this.moves;
  }

  private act(type: string, payload: object = {}): void {
    const refused = this.hooks.act(type, payload);
    if (refused) this.say(refused, true);
  }

  private sendPower(targets: Where[], extra: object = {}): void {
    this.chosen = [];
    this.act('power', { targets, ...extra });
  }

  private onSlot(seat: number, slot: number): void {
    const view = this.view;
    if (!view || view.viewer === null || view.over) return;
    const me = view.viewer;
    if (!view.awaiting.seats.includes(me)) {
      this.say(refusalWords('NOT_YOUR_TURN'), true);
      return;
    }
    const own = seat === me;
    const m = this.moves;
    switch (m.kind) {
      case 'look':
        if (!own) return;
        this.lookSel = this.lookSel.includes(slot) ? this.lookSel.filter((s) => s !== slot) : [...this.lookSel, slot];
        if (this.lookSel.length >= m.look) {
          const slots = this.lookSel;
          this.lookSel = [];
          this.act('look', { slots });
        }
        this.draw();
        return;
      case 'action':
        if (!own) return;
        if (this.mode === null) this.say(bt('hint.pickMode'), false);
        // A slot not lit goes to the rules all the same: their refusal names the rule.
        else this.act(this.mode, { slot });
        this.mode = null;
        this.draw();
        return;
      case 'drawn':
        if (own) this.act('placeDrawn', { slot });
        return;
      case 'swap':
        if (own) this.act('swap', { slot });
        return;
      case 'power': {
        const kind = m.power;
        if (!kind) return;
        const need = targetsNeeded(kind);
        if (need === 0) return;
        const i = this.chosen.findIndex((w) => w.seat === seat && w.slot === slot);
        this.chosen = i >= 0 ? this.chosen.slice(0, i) : [...this.chosen, { seat, slot }];
        if (kind !== 'shuffle6' && this.chosen.length >= need) this.sendPower(this.chosen);
        this.draw();
        return;
      }
      default:
        return;
    }
  }

  private onDraw(): void {
    if (this.moves.kind === 'action') {
      this.mode = null;
      this.act('draw');
    } else if (this.view && this.view.viewer !== null && !this.view.awaiting.seats.includes(this.view.viewer))
      this.say(refusalWords('NOT_YOUR_TURN'), true);
  }

  private onDiscard(): void {
    if (this.moves.kind === 'drawn') this.act('discardDrawn');
    else if (this.moves.kind === 'action') {
      this.mode = this.mode === 'take' ? null : 'take';
      this.draw();
    }
  }

  private button(testid: string, text: string, onclick: () => void, primary = false): HTMLElement {
    return h('button', { testid, class: primary ? 'primary' : '', onclick }, text);
  }

  private renderActions(): void {
    const m = this.moves;
    const key = JSON.stringify([
      m.kind,
      this.mode,
      this.chosen,
      this.lookSel,
      m.draw,
      [...m.take],
      [...m.match],
      [...m.flip],
      m.claim,
      m.blast,
      m.keep,
      m.other,
      this.view?.pendingPower,
      this.view?.carryOptions,
      this.view?.heroes,
      this.view?.bossSet,
      bt('act.draw'),
    ]);
    patch(this.actionsEl, key, () => {
      const out: (HTMLElement | null)[] = [];
      const modeBtn = (which: 'take' | 'match' | 'flip', set: Set<number>) =>
        set.size > 0
          ? h(
              'button',
              {
                testid: `b5-${which}`,
                class: this.mode === which ? 'primary' : '',
                'aria-pressed': this.mode === which ? 'true' : 'false',
                onclick: () => {
                  this.mode = this.mode === which ? null : which;
                  this.draw();
                },
              },
              bt(`act.${which}`),
            )
          : null;
      switch (m.kind) {
        case 'action':
          if (m.draw) out.push(this.button('b5-act-draw', bt('act.draw'), () => this.onDraw(), true));
          out.push(modeBtn('take', m.take), modeBtn('match', m.match), modeBtn('flip', m.flip));
          if (this.mode) out.push(h('span', { class: 'label' }, bt('hint.mode', { what: bt(`act.${this.mode}`) })));
          break;
        case 'drawn':
          out.push(this.button('b5-discard-drawn', bt('act.discard'), () => this.act('discardDrawn'), true));
          break;
        case 'keep':
          for (const c of m.keep)
            out.push(
              this.button(`b5-keep-${c}`, bt('act.keep', { card: cardName(c) }), () => this.act('keep', { card: c })),
            );
          break;
        case 'power': {
          const kind = m.power;
          if (kind && targetsNeeded(kind) === 0 && kind !== 'stephania')
            out.push(this.button('b5-use', bt('act.use'), () => this.sendPower([]), true));
          if (kind === 'shuffle6' && this.chosen.length === 2) {
            out.push(
              this.button('b5-shuffle-swap', bt('act.really'), () => this.sendPower(this.chosen, { swap: true }), true),
            );
            out.push(
              this.button('b5-shuffle-pretend', bt('act.pretend'), () => this.sendPower(this.chosen, { swap: false })),
            );
          }
          for (const a of m.other)
            if (a.type === 'power' && a.seating)
              out.push(
                this.button(`b5-seating-${a.seating.join('')}`, bt('act.choice', { what: a.seating.join(' ') }), () =>
                  this.sendPower([], { seating: a.seating }),
                ),
              );
          if (this.chosen.length > 0)
            out.push(
              this.button('b5-cancel', bt('act.cancel'), () => {
                this.chosen = [];
                this.draw();
              }),
            );
          out.push(
            this.button('b5-skip', bt('act.skip'), () => {
              this.chosen = [];
              this.act('skipPower');
            }),
          );
          break;
        }
        case 'swap':
          out.push(this.button('b5-no-swap', bt('act.noSwap'), () => this.act('swap', { slot: null })));
          break;
        case 'helmut':
          for (const slot of m.claim) {
            const one = m.claim.length > 1 ? { slot } : {};
            out.push(
              this.button(`b5-helmut-${slot}`, bt('act.helmut', { slot }), () =>
                this.act('claim', { ...one, helmut: true }),
              ),
            );
            out.push(
              this.button(
                `b5-no-claim-${slot}`,
                bt('act.noClaim'),
                () => this.act('claim', { ...one, helmut: false }),
                true,
              ),
            );
          }
          break;
        case 'blast':
          if (m.blast) out.push(this.button('b5-blast', bt('act.blast'), () => this.act('blast'), true));
          out.push(this.button('b5-end-turn', bt('act.endTurn'), () => this.act('endTurn')));
          break;
        case 'none':
          break;
        default: {
          // Carry-over and the midpoint set have the table's own controls (steps.ts); a boss's
          // targets are still chosen from the list here.
          const view = this.view;
          if (view && (m.kind === 'carry' || m.kind === 'change')) {
            const act = (type: string, payload: object) => this.act(type, payload);
            const step = stepControls({ view, moves: m, advanced: this.hooks.advanced, chosen: [], act });
            if (step) out.push(step);
            break;
          }
          for (const [i, a] of m.other.entries()) {
            const { type, seat: _s, ...rest } = a as { type: string; seat: number };
            out.push(
              this.button(`b5-other-${i}`, bt('act.choice', { what: choiceWords(a) }), () => this.act(type, rest)),
            );
          }
        }
      }
      return out;
    });
  }

  private expirePeeks(): void {
    const now = Date.now();
    for (const [k, p] of this.peeks) if (p.until <= now) this.peeks.delete(k);
    if (this.drawPeek && this.drawPeek.until <= now) this.drawPeek = null;
    clearTimeout(this.peekTimer);
    const next = Math.min(...[...this.peeks.values()].map((p) => p.until), this.drawPeek?.until ?? Infinity);
    if (Number.isFinite(next)) this.peekTimer = setTimeout(() => this.draw(), Math.max(10, next - now));
  }

  draw(): void {
    const view = this.view;
    if (!view) return;
    this.moves = this.hooks.locked?.() ? NO_MOVES : movesOf(view, this.hooks.advanced);
    const sk = JSON.stringify([view.round, view.active, view.awaiting.kind, view.pendingPower, view.turnsStarted]);
    if (sk !== this.stepKey) {
      this.stepKey = sk;
      this.mode = null;
      this.lookSel = [];
      this.chosen = [];
    }
    this.expirePeeks();
    const names = this.hooks.names();
    this.el.dataset.awaits = this.moves.kind;
    this.el.dataset.status = view.over ? 'finished' : 'playing';
    const wasHidden = this.resultsEl.hidden;
    keepFocus(
      this.main,
      {
        fallback: () => null,
        opened: () => (wasHidden && view.over ? this.resultsEl.querySelector<HTMLElement>('h2') : null),
      },
      () => {
        this.resultsEl.hidden = !view.over;
        if (view.over) renderResults(this.resultsEl, view, names, { host: true, again: () => this.hooks.again() });
        this.renderActions();
      },
    );
    const b = bannerWords(view, names, this.moves);
    setTextOf(this.bannerText, b.text);
    this.bannerEl.classList.toggle('your-move', b.yourMove);
    const me = view.viewer;
    const m = this.moves;
    const lit = new Set<string>();
    const own = (set: Iterable<number>) => {
      if (me !== null) for (const s of set) lit.add(`${me}.${s}`);
    };
    if (m.kind === 'look' && me !== null)
      view.layouts[me]?.forEach((x, s) => {
        if (x && !this.lookSel.includes(s)) lit.add(`${me}.${s}`);
      });
    if (m.kind === 'action' && this.mode) own(this.mode === 'take' ? m.take : this.mode === 'match' ? m.match : m.flip);
    if (m.kind === 'drawn') own(m.place);
    if (m.kind === 'swap') own(m.swap);
    if (m.kind === 'helmut') own(m.claim);
    if (m.kind === 'power' && m.power && targetsNeeded(m.power) > this.chosen.length)
      for (const k of powerTargets(view, this.hooks.advanced, m.power, this.chosen)) lit.add(k);
    const only = this.hooks.lit;
    if (only) for (const k of [...lit]) if (!only(k)) lit.delete(k);
    const chosenKeys = new Set<string>([
      ...this.shownMove,
      ...this.chosen.map((w) => `${w.seat}.${w.slot}`),
      ...(me !== null ? this.lookSel.map((s) => `${me}.${s}`) : []),
    ]);
    if (view.swapTarget && m.kind === 'swap') chosenKeys.add(`${view.swapTarget.seat}.${view.swapTarget.slot}`);
    renderBoard(this.board, {
      view,
      names,
      lit,
      chosen: chosenKeys,
      peeks: new Map([...this.peeks].map(([k, p]) => [k, p.card])),
      drawPeek: this.drawPeek?.card ?? null,
      drawLit: m.draw,
      discardLit: m.kind === 'drawn' || (m.kind === 'action' && m.take.size > 0),
      onSlot: (seat, slot) => this.onSlot(seat, slot),
      onDraw: () => this.onDraw(),
      onDiscard: () => this.onDiscard(),
    });
    this.wordsList.replaceChildren(...tableWords(view, names, this.peeks).map((l) => h('li', {}, l)));
  }
}

function choiceWords(a: unknown): string {
  const x = a as { use?: string[]; heroes?: string[]; targets?: Where[] };
  if (x.use) return x.use.join(' + ') || '—';
  if (x.heroes) return x.heroes.map(cardName).join(', ');
  if (x.targets) return x.targets.map((w) => `${w.seat}.${w.slot}`).join(' ') || '—';
  return '…';
}
