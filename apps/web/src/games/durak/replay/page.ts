/**
 * /r/<table>-<n> for a Battle of Durak game: its steps (steps.ts) drawn by the same table as practice
 * and the lesson (local/table.ts), following one seat's hand, with first / back / next / last, play
 * and pause, and the arrow keys. Nothing is played from here: every card is unlit.
 */

import { type Action, type State, viewFor } from '@blaze/durak';
import { Stepper } from '../../../kit/stepper.js';
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
  let seat = 0;
  const stepper = new Stepper(total, STEP_MS, draw);
  const names = () => rec.names;

  const title = h('h2', { class: 'replay-title', testid: 'replay-title' });
  const counter = h('span', { class: 'replay-step', testid: 'replay-step', 'aria-live': 'polite' });
  const button = (testid: string, onClick: () => void) => h('button', { type: 'button', testid, onclick: onClick });
  const first = button('replay-first', () => stepper.go(0));
  const back = button('replay-back', () => stepper.go(stepper.step - 1));
  const play = button('replay-play', () => stepper.toggle());
  const next = button('replay-next', () => stepper.go(stepper.step + 1));
  const last = button('replay-last', () => stepper.go(total));
  const followLabel = h('label', { for: 'replay-follow' });
  const follow = h('select', { id: 'replay-follow', testid: 'replay-follow' }) as HTMLSelectElement;
  follow.append(...rec.names.map((n, i) => h('option', { value: String(i) }, n)));
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
        const end = states[stepper.step] as State;
        return { text: end.over ? `${said()} ${verdictOf(viewFor(end, null), rec.names)}` : said(), yourMove: false };
      },
    },
    bar,
  );

  function said(): string {
    if (stepper.step === 0) return dt('replay.start');
    const a = rec.actions[stepper.step - 1] as Action;
    const w = stepWord(states[stepper.step - 1] as State, a);
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
    play.textContent = stepper.playing ? dt('replay.pause') : dt('replay.play');
    followLabel.textContent = dt('replay.follow');
  }

  function draw(): void {
    setTextOf(counter, dt('replay.step', { n: stepper.step, total }));
    first.disabled = back.disabled = stepper.atStart;
    next.disabled = last.disabled = stepper.atEnd;
    words();
    table.show(viewFor(states[stepper.step] as State, seat));
    (window as unknown as { __durakReplay?: DurakReplayDebug }).__durakReplay = { step: stepper.step, total, seat };
  }

  const offLang = onLangChange(draw);
  draw();

  return () => {
    stepper.dispose();
    offLang();
    table.destroy();
    delete (window as unknown as { __durakReplay?: unknown }).__durakReplay;
  };
}
