/**
 * "Play with bots": pick the seats, the clock and the bots' pace, then the same table view as online, fed by the
 * practice worker. A hint button asks the bot what it would play here, and why.
 */
import { botPace, botStrength } from '@blaze/protocol';
import { paced } from '../../../kit/testPace.js';
import { h, keys, load, onLangChange, t, tableOpener, topBar } from '../../../shell/host.js';
import { lt } from '../i18n/learn.js';
import { cardsWords, cardWords } from '../logic/cards.js';
import type { Hint } from './hint.js';
import type { ClockSetting } from './messages.js';
import { loadPace, PACE_MS, parsePace, savePace } from './pace.js';
import { PracticeSource } from './source.js';

export function practicePage(root: HTMLElement): () => void {
  let dispose: (() => void) | null = null;
  let stopLang: (() => void) | null = null;
  // The setup's words, said again when the language changes before Start (they stayed in the
  // language the page was opened in; the router leaves this page alone so a game is not lost).
  const words: (() => void)[] = [];
  const say = <E extends HTMLElement>(el: E, text: () => string): E => {
    const put = () => {
      el.textContent = text();
    };
    put();
    words.push(put);
    return el;
  };
  let stopSetupLang: (() => void) | null = onLangChange(() => {
    for (const put of words) put();
  });
  const seats = h(
    'select',
    { id: 'practice-seats', testid: 'practice-seats' },
    ['3', '4', '5'].map((n) => h('option', { value: n, selected: n === '4' }, n)),
  );
  // One strength per bot seat, as in the lobby; seats beyond the chosen count are hidden.
  const strengths = [1, 2, 3, 4].map((k) =>
    h(
      'select',
      {
        id: `practice-strength-${k}`,
        testid: `practice-strength-${k}`,
      },
      botStrength.options.map((st) =>
        say(h('option', { value: st, selected: st === 'normal' }), () => t(`lobby.strength.${st}`)),
      ),
    ),
  );
  const strengthRows = strengths.map((sel, i) =>
    h('div', { class: 'practice-strength' }, h('label', { for: sel.id }, `Bot ${i + 1}`), sel),
  );
  const showStrengths = () => {
    const n = Number(seats.value);
    strengthRows.forEach((row, i) => {
      row.hidden = i + 1 >= n;
    });
  };
  seats.addEventListener('change', showStrengths);
  showStrengths();
  const clocks: ClockSetting[] = ['off', 'relaxed', 'normal', 'fast'];
  const clock = h(
    'select',
    { id: 'practice-clock', testid: 'practice-clock' },
    clocks.map((c) => say(h('option', { value: c, selected: c === 'relaxed' }), () => lt(`practice.clock.${c}`))),
  );
  // The bots' pace is remembered in this browser, as the sort and the sound are.
  const pace = h(
    'select',
    { id: 'practice-pace', testid: 'practice-pace' },
    botPace.options.map((p) =>
      say(h('option', { value: p, selected: p === loadPace() }), () => lt(`practice.pace.${p}`)),
    ),
  );
  pace.addEventListener('change', () => savePace(parsePace(pace.value)));
  const startBtn = say(h('button', { testid: 'practice-start', class: 'primary', onclick: () => void start() }), () =>
    lt('practice.start'),
  );
  const page = h(
    'div',
    { class: 'home' },
    topBar({}),
    h(
      'main',
      { class: 'card-panel' },
      say(h('h1', {}), () => lt('practice.title')),
      say(h('p', {}), () => lt('practice.intro')),
      say(h('label', { for: 'practice-seats' }), () => lt('practice.seats')),
      seats,
      h(
        'fieldset',
        { class: 'practice-strengths' },
        say(h('legend', {}), () => t('lobby.strength')),
        ...strengthRows,
      ),
      say(h('label', { for: 'practice-clock' }), () => lt('practice.clock')),
      clock,
      say(h('label', { for: 'practice-pace' }), () => lt('practice.pace')),
      pace,
      startBtn,
      say(h('a', { href: '/', 'data-link': '' }), () => t('join.home')),
    ),
  );
  root.replaceChildren(page);

  async function start(): Promise<void> {
    stopSetupLang?.();
    stopSetupLang = null;
    const open = await tableOpener('blaze');
    // No name typed yet: the seat is called "You" in the page's language, whichever that is now.
    const typed = load(keys.name);
    const source = new PracticeSource({
      players: Number(seats.value) as 3 | 4 | 5,
      name: typed ?? lt('practice.you'),
      clock: clock.value as ClockSetting,
      botDelayMs: paced(PACE_MS[parsePace(pace.value)]),
      strengths: strengths.slice(0, Number(seats.value) - 1).map((sel) => botStrength.parse(sel.value)),
      // ?seed= replays one deal (to show a hand, or to try a deal again).
      seed: new URLSearchParams(location.search).get('seed') ?? `practice-${Date.now()}`,
    });
    dispose = open(root, 'practice', source);
    const line = h('p', { class: 'hint-line', testid: 'hint-line', role: 'status' });
    const hintBtn = h('button', { testid: 'hint', class: 'hint-button' }, lt('practice.hint'));
    const names = () => window.__blaze?.snapshot?.seats.map((s) => s.name) ?? [];
    let shown: Hint | null = null;
    hintBtn.addEventListener('click', async () => {
      shown = await source.hint();
      line.textContent = hintWords(shown, names());
    });
    // The table page words itself again when the language changes; the hint bar is this page's own.
    stopLang = onLangChange(() => {
      hintBtn.textContent = lt('practice.hint');
      if (typed === null) source.rename(lt('practice.you'));
      if (shown) line.textContent = hintWords(shown, names());
    });
    root.querySelector('.play')?.append(h('div', { class: 'hint-bar' }, hintBtn, line));
  }

  return () => {
    stopSetupLang?.();
    stopLang?.();
    dispose?.();
    page.remove();
  };
}

export function hintWords(hint: Hint, names: string[]): string {
  const cards =
    hint.onto.length > 0
      ? hint.cards
          .map((c, k) => lt('hint.pair', { challenge: cardWords(hint.onto[k] ?? ''), card: cardWords(c) }))
          .join(t('list.glue'))
      : cardsWords(hint.cards);
  return lt(`hint.${hint.reason}`, { cards, name: names[hint.on] ?? '' });
}
