/**
 * /r/<table>-<n> for a Battle of Durak game: its steps (steps.ts) drawn by the same table as practice
 * and the lesson (local/table.ts), following one seat's hand, with first / back / next / last, play
 * and pause, and the arrow keys. Nothing is played from here: every card is unlit.
 */
import { type Action, type State, viewFor } from '@blaze/durak';
import { h, onLangChange, setTextOf } from '../../../shell/host.js';
import { NO_MOVES } from '../legal.js';
import { LocalTable } from '../local/table.js';
import { verdictOf } from '../results.js';
import { cardName, dt } from '../words.js';
import { buildStates, type DurakRecord, readRecord, stepWord } from './steps.js';

/** Milliseconds per step while playing. */
const STEP_MS = 1_100;

export interface DurakReplayDebug {
  readonly step: number;
  readonly total: number;
  readonly seat: number;
}

export function openDurakReplay(root: HTMLElement, json: unknown): () => void {
  const record = readRecord(json);
  const built = typeof record === 'string' ? { ok: false as const, reason: record } : buildStates(record);
  if (typeof record === 'string' || !built.ok) {
    const reason = built.ok ? '' : built.reason;
    root.replaceChildren(
      h('p', { class: 'replay-message', testid: 'replay-message' }, dt('replay.broken', { reason })),
    );
    return () => {};
  }
  const rec: DurakRecord = record;
  const states: State[] = built.states;
  const total = states.length - 1;
  let step = 0;
  let seat = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const names = () => rec.names;

  const title = h('h2', { class: 'replay-title', testid: 'replay-title' });
  const counter = h('span', { class: 'replay-step', testid: 'replay-step', 'aria-live': 'polite' });
  const button = (testid: string, onClick: () => void) => h('button', { type: 'button', testid, onclick: onClick });
  const first = button('replay-first', () => go(0));
  const back = button('replay-back', () => go(step - 1));
  const play = button('replay-play', () => (timer ? stop() : start()));
  const next = button('replay-next', () => go(step + 1));
  const last = button('replay-last', () => go(total));
  const followLabel = h('label', { for: 'replay-follow' });
  const follow = h('select', { id: 'replay-follow', testid: 'replay-follow' }) as HTMLSelectElement;
  rec.names.forEach((n, i) => {
    follow.append(h('option', { value: String(i) }, n));
  });
  follow.addEventListener('change', () => {
    seat = Number(follow.value);
    draw();
  });
  const bar = h(
    'div',
    { class: 'replay-bar', testid: 'replay-bar' },
    title,
    h('div', { class: 'replay-controls' }, first, back, play, next, last, counter),
    h('div', { class: 'replay-follow' }, followLabel, follow),
  );

  const table = new LocalTable(
    root,
    {
      names,
      act: () => 'REPLAY',
      readOnly: true,
      allowed: () => NO_MOVES,
      // The last step says the verdict too: the replay has no results overlay.
      banner: () => {
        const end = states[step] as State;
        return { text: end.over ? `${said()} ${verdictOf(viewFor(end, null), rec.names)}` : said(), yourMove: false };
      },
    },
    bar,
  );

  function said(): string {
    if (step === 0) return dt('replay.start');
    const a = rec.actions[step - 1] as Action;
    const w = stepWord(states[step - 1] as State, a);
    const name = rec.names[w.seat] ?? `#${w.seat + 1}`;
    switch (w.key) {
      case 'log.retreated':
        return dt(w.key, { name, cards: w.cards.map(cardName).join(', ') });
      case 'log.ended':
      case 'log.passed':
        return dt(w.key, { name });
      default:
        return dt(w.key, { name, card: cardName(w.card) });
    }
  }

  function words(): void {
    title.textContent = dt('replay.title', { n: rec.game });
    first.textContent = dt('replay.first');
    back.textContent = dt('replay.back');
    next.textContent = dt('replay.next');
    last.textContent = dt('replay.last');
    play.textContent = timer ? dt('replay.pause') : dt('replay.play');
    followLabel.textContent = dt('replay.follow');
  }

  function draw(): void {
    setTextOf(counter, dt('replay.step', { n: step, total }));
    first.disabled = back.disabled = step === 0;
    next.disabled = last.disabled = step === total;
    words();
    table.show(viewFor(states[step] as State, seat));
    (window as unknown as { __durakReplay?: DurakReplayDebug }).__durakReplay = { step, total, seat };
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
  const offLang = onLangChange(draw);
  draw();

  return () => {
    stop();
    offLang();
    document.removeEventListener('keydown', onKey);
    table.destroy();
    delete (window as unknown as { __durakReplay?: unknown }).__durakReplay;
  };
}
