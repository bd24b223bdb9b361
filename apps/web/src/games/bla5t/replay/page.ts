/**
 * /r/<table>-<n> for a Bla5t game: its steps (steps.ts, frames.ts) drawn by the table's own board
 * (board.ts), every card face up (the record is served only after the game's end), with first /
 * back / next / last, play and pause, and the arrow keys. Nothing is played from here: no card is
 * lit, a tap does nothing.
 */
import { Stepper } from '../../../kit/stepper.js';
import { h, onLangChange, setTextOf, topBar } from '../../../shell/host.js';
import { renderBoard } from '../board.js';
import { type Frame, framesOf } from './frames.js';
import { frameWords } from './said.js';
import { buildSteps, readRecord } from './steps.js';
import { rw } from './words.js';
import '../bla5t.css';
import './replay.css';

/** Milliseconds per step while playing. */
const STEP_MS = 1_100;

export interface Bla5tReplayDebug {
  readonly step: number;
  readonly total: number;
}

declare global {
  interface Window {
    __bla5tReplay?: Bla5tReplayDebug;
  }
}

export function openBla5tReplay(root: HTMLElement, json: unknown): () => void {
  const read = readRecord(json);
  const built = read.ok ? buildSteps(read.record) : read;
  if (!read.ok || !built.ok) {
    const e = built.ok ? null : built.error;
    const reason =
      e?.code === 'REFUSED' && e.move !== undefined
        ? rw('replay.refused', { n: e.move, code: e.refusal ?? '' })
        : (e?.message ?? '');
    root.replaceChildren(
      h(
        'div',
        { class: 'home' },
        topBar({}),
        h('p', { class: 'replay-message', testid: 'replay-message' }, rw('replay.broken', { reason })),
      ),
    );
    return () => {};
  }
  const rec = read.record;
  const frames: Frame[] = framesOf(built.steps);
  const total = frames.length - 1;
  const stepper = new Stepper(total, STEP_MS, draw);

  const title = h('h2', { class: 'replay-title', testid: 'replay-title' });
  const counter = h('span', { class: 'replay-step', testid: 'replay-step', 'aria-live': 'polite' });
  const button = (testid: string, onClick: () => void) => h('button', { type: 'button', testid, onclick: onClick });
  // A phone shows the marks alone (replay.css); the words stay the button's name.
  const label = (b: HTMLElement, mark: string, words: string, after = false) => {
    const m = h('span', { class: 'b5r-mark', 'aria-hidden': 'true' }, mark);
    const w = h('span', { class: 'b5r-word' }, words);
    b.replaceChildren(...(after ? [w, ' ', m] : [m, ' ', w]));
    b.title = words;
    b.setAttribute('aria-label', words);
  };
  const first = button('replay-first', () => stepper.go(0));
  const back = button('replay-back', () => stepper.go(stepper.step - 1));
  const play = button('replay-play', () => stepper.toggle());
  const next = button('replay-next', () => stepper.go(stepper.step + 1));
  const last = button('replay-last', () => stepper.go(total));
  const note = h('p', { class: 'b5r-note', testid: 'replay-note' });
  const bannerText = h('span', { testid: 'banner-text' });
  const board = h('div', { class: 'b5-board b5-replay', testid: 'bla5t-board' });
  let header = topBar({});
  const main = h(
    'main',
    { class: 'play' },
    h('h1', { class: 'sr-only' }, 'Bla5t'),
    h(
      'div',
      { class: 'replay-bar b5r-bar', testid: 'replay-bar' },
      title,
      h('div', { class: 'replay-controls' }, first, back, play, next, last, counter),
      note,
    ),
    h('div', { testid: 'banner', class: 'banner' }, h('span', { class: 'banner-main' }, bannerText)),
    h('div', { class: 'stage b5-stage' }, board),
  );
  const page = h('div', { class: 'table-page bla5t b5-local b5r' }, header, h('div', { class: 'body' }, main));
  root.replaceChildren(page);

  function words(): void {
    const fresh = topBar({});
    header.replaceWith(fresh);
    header = fresh;
    title.textContent = rw('replay.title', { n: rec.game });
    label(first, '|◀', rw('replay.first'));
    label(back, '◀', rw('replay.back'));
    label(next, '▶', rw('replay.next'), true);
    label(last, '▶|', rw('replay.last'), true);
    note.textContent = rw('replay.note');
    draw();
  }

  function draw(): void {
    const f = frames[stepper.step] as Frame;
    setTextOf(counter, rw('replay.step', { n: stepper.step, total }));
    first.disabled = back.disabled = stepper.atStart;
    next.disabled = last.disabled = stepper.atEnd;
    label(play, stepper.playing ? '❚❚' : '▶', stepper.playing ? rw('replay.pause') : rw('replay.play'));
    setTextOf(bannerText, frameWords(f, rec.names));
    page.dataset.end = f.end ?? '';
    renderBoard(board, {
      view: f.view,
      names: rec.names,
      lit: new Set(),
      chosen: new Set(),
      peeks: f.open,
      drawPeek: null,
      drawLit: false,
      discardLit: false,
      onSlot: () => {},
      onDraw: () => {},
      onDiscard: () => {},
    });
    window.__bla5tReplay = { step: stepper.step, total };
  }

  const offLang = onLangChange(words);
  words();

  return () => {
    stepper.dispose();
    offLang();
    page.remove();
    delete window.__bla5tReplay;
  };
}
