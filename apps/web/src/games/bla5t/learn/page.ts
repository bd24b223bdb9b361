/**
 * "Learn Bla5t": a guided first round on the practice table (you and two bots, in this page, so it
 * works offline), dealt from a fixed order (deck.ts) so that each step's move does what its words
 * say: look at two cards, draw and replace, a match, a power, Blast, the scoring. The learner makes
 * only the step's move (only its card lit); anything else is answered with what the step asks.
 */
import type { Action, View } from '@blaze/bla5t';
import { paced } from '../../../kit/testPace.js';
import { h, keys, load, onLangChange, setTextOf } from '../../../shell/host.js';
import { BOT_MS } from '../practice/page.js';
import { Bla5tSession, HUMAN, type Outcome } from '../practice/session.js';
import { LocalBla5tTable } from '../practice/table.js';
import { pw } from '../practice/words.js';
import { bt, cardName, refusalWords } from '../words.js';
import { LESSON_GAME } from './deck.js';
import { type LessonKey, type LessonMove, lw, STEPS } from './script.js';
import './learn.css';

/** The lesson's bots play plainly: look at two cards, draw and throw away, never call Blast. */
export function lessonBot(v: View): Action | null {
  const seat = v.viewer;
  if (seat === null) return null;
  switch (v.awaiting.kind) {
    case 'look':
      return { type: 'look', seat, slots: [0, 1] };
    case 'action':
      return { type: 'draw', seat };
    case 'drawn':
      return { type: 'discardDrawn', seat };
    case 'power':
      return { type: 'skipPower', seat };
    case 'blast':
      return { type: 'endTurn', seat };
    default:
      return null;
  }
}

/** The table's own label of the button a move is made with. */
function buttonOf(m: LessonMove): string {
  const k = {
    draw: 'act.draw',
    match: 'act.match',
    endTurn: 'act.endTurn',
    discardDrawn: 'act.discard',
    blast: 'act.blast',
  } as const;
  return m.type in k ? bt(k[m.type as keyof typeof k]) : '';
}

const same = (m: LessonMove, type: string, payload: object): boolean => {
  const p = payload as { slots?: number[] };
  const got = { type, ...payload, ...(p.slots ? { slots: [...p.slots].sort((a, b) => a - b) } : {}) };
  return JSON.stringify(got) === JSON.stringify(m);
};

export function bla5tLearnPage(root: HTMLElement, _go: (path: string) => void): () => void {
  let at = 0;
  /** The round's last table, every card shown, once it is scored. */
  let ended: View | null = null;
  /** The table before the bots' latest move (the scoring shows it with its cards revealed). */
  let before: View | null = null;
  const session = new Bla5tSession(LESSON_GAME, ['easy', 'easy'], paced(BOT_MS), lessonBot);
  session.onMove((out, player, prev) => {
    before = prev;
    after(out, player);
  });
  const typed = load(keys.name);
  const names = () => [typed || pw('practice.you'), lw('bot1'), lw('bot2')];
  const step = () => STEPS[at] ?? STEPS[STEPS.length - 1];
  const finished = () => at >= STEPS.length - 1;

  const count = h('p', { class: 'b5-count', testid: 'b5l-count' });
  const text = h('p', { testid: 'b5l-text' });
  const buttons = h('div', { class: 'row' });
  const coach = h('section', { class: 'b5-coach', testid: 'b5l-coach', 'aria-live': 'polite' }, count, text, buttons);

  const table = new LocalBla5tTable(root, {
    names,
    advanced: false,
    act: (type, payload) => {
      const m = step()?.move;
      if (!m || !same(m, type, payload))
        return lw('asks', { what: m ? lw(`do.${m.type}` as LessonKey, { btn: buttonOf(m) }) : lw('next') });
      const out = session.act({ type, ...payload });
      if (!out.ok) return refusalWords(out.code);
      // The step after Blast comes with the scoring, once the bots have played their last turns.
      if (!STEPS[at + 1]?.onScored) at++;
      table.unsay();
      after(out, HUMAN);
      return null;
    },
    again: () => {},
    lit: (k) => {
      const s = step();
      return !!s?.slots?.some((slot) => k === `${session.seatOf(HUMAN)}.${slot}`);
    },
    locked: () => finished() || !step()?.move,
  });
  table.top.append(coach);
  table.el.classList.add('b5-learn');

  function renderCoach(): void {
    const s = step();
    if (!s) return;
    table.el.dataset.step = s.id;
    table.el.dataset.read = s.move ? '' : '1';
    setTextOf(count, lw('step', { n: at + 1, total: STEPS.length }));
    const m = s.move;
    // While the bots play, the step's words (which speak of the table the bots leave) wait too.
    const waiting = m !== null && !finished() && !session.humanDue();
    table.el.dataset.waiting = waiting ? '1' : '';
    setTextOf(text, waiting ? lw('wait') : lw(`say.${s.id}` as LessonKey, { btn: m ? buttonOf(m) : '' }));
    const out: HTMLElement[] = [];
    if (finished()) {
      out.push(h('strong', { testid: 'b5l-done' }, lw('done')));
      out.push(
        h(
          'a',
          { href: '/bla5t/practice', 'data-link': '', class: 'button primary', testid: 'b5l-practice' },
          lw('practice'),
        ),
      );
      out.push(h('a', { href: '/', 'data-link': '', class: 'button', testid: 'b5l-home' }, lw('home')));
    } else if (!m)
      out.push(
        h(
          'button',
          {
            class: 'primary',
            testid: 'b5l-next',
            onclick: () => {
              at++;
              table.unsay();
              show();
            },
          },
          lw('next'),
        ),
      );
    buttons.replaceChildren(...out);
  }

  function show(): void {
    renderCoach();
    table.show(ended ?? session.view());
  }

  function after(out: Outcome, player: number): void {
    if (!out.ok) return;
    table.peek(out.peeks);
    const top = session.view().discardTop;
    if (out.scored) {
      // The round is scored: the last step explains it on the round's cards, all shown, and the lesson
      // plays no further (the next round's deal is not shown).
      at = STEPS.length - 1;
      session.stop();
      const sc = out.scored;
      const scores = sc.scores.map((x, p) => `${names()[p]} ${x >= 0 ? '+' : ''}${x}`).join(' · ');
      table.showMove(pw('practice.round', { round: sc.round, scores }), []);
      ended = {
        ...(before ?? session.view()),
        layouts: sc.layouts.map((l) => l.map((c) => (c === null ? null : { up: c }))),
        totals: sc.totals,
        roundScores: sc.scores,
        awaiting: { kind: 'scored', seats: [] },
        drawn: null,
      };
      table.unsay();
      show();
      return;
    } else if (out.seen && player !== HUMAN)
      table.showMove(
        pw(`seen.${out.seen.kind}` as Parameters<typeof pw>[0], {
          name: names()[player] ?? '',
          card: top ? cardName(top) : '',
        }),
        out.seen.at,
      );
    else table.showMove('', []);
    show();
  }

  const stopLang = onLangChange(() => {
    table.relabel();
    renderCoach();
  });
  show();
  session.start();
  (window as unknown as { __bla5tLearn?: unknown }).__bla5tLearn = {
    step: () => step()?.id,
    view: () => session.view(),
  };
  return () => {
    session.stop();
    stopLang();
    table.destroy();
    delete (window as unknown as { __bla5tLearn?: unknown }).__bla5tLearn;
  };
}
