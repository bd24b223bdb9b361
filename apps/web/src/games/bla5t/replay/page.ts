/**
 * /r/<table>-<n> for a Bla5t game: its steps (steps.ts, frames.ts) drawn by the table's own board
 * (board.ts), every card face up (the record is served only after the game's end), with first /
 * back / next / last, play and pause, and the arrow keys. Nothing is played from here: no card is
 * lit, a tap does nothing.
 */
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
  let step = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

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
  const first = button('replay-first', () => go(0));
  const back = button('replay-back', () => go(step - 1));
  const play = button('replay-play', () => (timer ? stop() : start()));
  const next = button('replay-next', () => go(step + 1));
  const last = button('replay-last', () => go(total));
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
    const f = frames[step] as Frame;
    setTextOf(counter, rw('replay.step', { n: step, total }));
    first.disabled = back.disabled = step === 0;
    next.disabled = last.disabled = step === total;
    label(play, timer ? '❚❚' : '▶', timer ? rw('replay.pause') : rw('replay.play'));
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
    window.__bla5tReplay = { step, total };
  }

  function go(to: number): void {
    step = Math.max(0, Math.min(total, to));
    if (step === total) stop();
    draw();
  }

  function start(): void {
    if (step === total) step = 0;
    timer = setInterval(() => go(step + 1), STEP_MS);
    draw();
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') go(step + 1);
    else if (e.key === 'ArrowLeft') go(step - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(total);
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  const offLang = onLangChange(words);
  words();

  return () => {
    stop();
    offLang();
    document.removeEventListener('keydown', onKey);
    page.remove();
    delete window.__bla5tReplay;
  };
}
