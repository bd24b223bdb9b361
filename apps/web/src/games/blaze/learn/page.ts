/**
 * "Learn to play": the table view fed by the guided game, with the coach above it. The coach says
 * what this step is about, names the cards and lights the buttons to press, and explains a wrong move.
 */
import { h, keys, load, onLangChange, tableOpener } from '../../../shell/host.js';
import { lt } from '../i18n/learn.js';
import { type CoachState, type Objection, TutorialSource } from './runner.js';
import { LEARN_NAMES, LEARNER } from './script.js';
import { buttonsFor, lessonWords, moveWords } from './words.js';

/** The lowest upright phones, where the coach shows one line of lesson (learn.css). */
const LOWEST_PHONE = '(max-width: 480px) and (max-height: 540px)';

export function learnPage(root: HTMLElement, go: (path: string) => void): () => void {
  // No name typed yet: the learner is called "You" in the page's language, whichever that is now.
  const typed = load(keys.name);
  const name = typed ?? lt('practice.you');
  const names = LEARN_NAMES.map((n, k) => (k === LEARNER ? name : n));
  const counter = h('span', { class: 'coach-step', testid: 'coach-step' });
  const lesson = h('p', { class: 'coach-lesson', testid: 'coach-lesson', id: 'coach-lesson' });
  // On an upright phone a long lesson shows three lines and this, so the table keeps the height a
  // full challenge needs (at 360x640 the whole first lesson left it 317 px, too low to fit one).
  const moreBtn = h('button', {
    class: 'coach-more',
    testid: 'coach-more',
    'aria-expanded': 'false',
    'aria-controls': 'coach-lesson',
    hidden: true,
  });
  const move = h('p', { class: 'coach-move', testid: 'coach-move' });
  const objection = h('p', { class: 'coach-objection', testid: 'coach-objection', role: 'alert' });
  const nextBtn = h('button', { class: 'primary', testid: 'coach-next' }, lt('learn.next'));
  const restartBtn = h('button', { testid: 'coach-restart' }, lt('learn.restart'));
  const homeBtn = h('button', { testid: 'coach-home', onclick: () => go('/') }, lt('learn.home'));
  const practiceBtn = h(
    'button',
    { testid: 'coach-practice', class: 'primary', onclick: () => go('/practice') },
    lt('home.practice'),
  );
  // A sheet of its own, not a <style> element: the page's policy (securityHeaders.ts) allows no inline style.
  const lights = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, lights];
  const title = h('strong', {}, lt('learn.title'));
  const coach = h(
    'section',
    { class: 'coach aside', testid: 'coach', 'aria-label': lt('learn.title'), 'aria-live': 'polite' },
    h('div', { class: 'coach-head' }, title, counter, restartBtn, homeBtn),
    h('div', { class: 'coach-lesson-wrap' }, lesson, moreBtn),
    move,
    objection,
    h('div', { class: 'row' }, nextBtn, practiceBtn),
  );
  let state: CoachState | null = null;
  const open = () => coach.classList.contains('open');
  // The button shows only where the lesson is cut (or was, while open): never on a wide screen.
  const fitMore = () => {
    const line = Number.parseFloat(getComputedStyle(lesson).lineHeight) || 17;
    const clipped = lesson.scrollHeight > lesson.clientHeight + 1;
    // Longer than the cut lesson (learn.css: three lines, one on the lowest phones), so 'less' can cut it again.
    const cut = matchMedia(LOWEST_PHONE).matches ? 1 : 3;
    const long = lesson.clientHeight > (cut + 0.5) * line;
    moreBtn.hidden = open() ? !long || !matchMedia('(max-width: 480px)').matches : !clipped;
    moreBtn.textContent = open() ? lt('learn.less') : lt('learn.more');
    moreBtn.setAttribute('aria-expanded', String(open()));
  };
  moreBtn.addEventListener('click', () => {
    coach.classList.toggle('open');
    fitMore();
  });
  window.addEventListener('resize', fitMore);

  const show = (s: CoachState) => {
    state = s;
    requestAnimationFrame(fitMore);
    objection.textContent = '';
    practiceBtn.hidden = s.kind !== 'done';
    if (s.kind === 'done') {
      counter.textContent = lt('learn.step', { n: s.total, total: s.total });
      lesson.textContent = lt('learn.done');
      move.textContent = '';
      nextBtn.hidden = true;
      lights.replaceSync('');
      coach.dataset.step = 'done';
      return;
    }
    const m = s.moment;
    coach.dataset.step = String(s.index + 1);
    coach.dataset.kind = s.busy ? 'busy' : m.kind;
    coach.dataset.lesson = m.lesson ?? '';
    counter.textContent = lt('learn.step', { n: s.index + 1, total: s.total });
    const about = m.lesson ? lessonWords({ ...m, lesson: m.lesson }, names) : '';
    lesson.textContent = s.index === 0 ? `${lt('learn.intro')} ${about}`.trim() : about;
    // A claim of these words that its table does not bear out (claims.ts): empty on every step.
    coach.dataset.untrue = s.busy ? '' : s.untrue.join('; ');
    if (s.busy) move.textContent = lt('learn.wait');
    else if (m.kind === 'do')
      move.textContent = `${m.lesson ? '' : `${lt('learn.yourMove')} `}${moveWords(m.action, names)}`;
    else move.textContent = '';
    nextBtn.hidden = s.busy || m.kind !== 'watch';
    // The same move, machine-readable (tests and the screen-reader table read it).
    const a = m.kind === 'do' && !s.busy ? m.action : null;
    move.dataset.action = a?.type ?? '';
    move.dataset.cards =
      a?.type === 'play' ? a.cards.join(' ') : a?.type === 'reject' ? a.pairs.map((p) => p.card).join(' ') : '';
    move.dataset.onto = a?.type === 'reject' ? a.pairs.map((p) => p.challenge).join(' ') : '';
    move.dataset.bet = a?.type === 'bet' ? `${a.on} ${a.value}` : '';
    // Light the buttons this step asks for (the action bar is rebuilt on every change, so by selector).
    const ids = s.busy ? [] : buttonsFor(m);
    lights.replaceSync(
      ids.map((id) => `[data-testid="actions"] [data-testid="${id}"]`).join(',') +
        (ids.length ? '{outline:4px solid #ffd23f;outline-offset:2px}' : ''),
    );
  };
  const objected = (o: Objection) => {
    objection.textContent =
      o.kind === 'rule'
        ? o.message
        : lt('learn.notNow', { what: o.moment.kind === 'do' ? moveWords(o.moment.action, names) : lt('learn.next') });
  };

  const source = new TutorialSource(name, { show, objected });
  // The coach words itself again when the language changes, as the table under it does (it stayed
  // in the language the page started in).
  const stopLang = onLangChange(() => {
    nextBtn.textContent = lt('learn.next');
    restartBtn.textContent = lt('learn.restart');
    homeBtn.textContent = lt('learn.home');
    practiceBtn.textContent = lt('home.practice');
    title.textContent = lt('learn.title');
    coach.setAttribute('aria-label', lt('learn.title'));
    if (typed === null) {
      names[LEARNER] = lt('practice.you');
      source.rename(names[LEARNER]);
    }
    if (state) show(state);
  });
  nextBtn.addEventListener('click', () => source.next());
  restartBtn.addEventListener('click', () => source.restart());
  let dispose: (() => void) | null = null;
  let gone = false;
  void tableOpener('blaze').then((open) => {
    if (gone) return;
    dispose = open(root, 'learn', source);
    const play = root.querySelector('.play');
    play?.prepend(coach);
    // On a phone held sideways the coach takes a column beside the table instead of rows above it (style.css).
    play?.classList.add('with-aside');
    if (state) show(state);
  });
  return () => {
    gone = true;
    stopLang();
    window.removeEventListener('resize', fitMore);
    dispose?.();
    coach.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== lights);
  };
}
