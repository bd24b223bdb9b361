/**
 * "Bla5t with bots": choose 1–4 bots, their strength, basic or advanced rules and the score that ends
 * the game, then play on the online table's board in this page: the rules and bots of @blaze/bla5t
 * run here, so it works with the network cut. Bots wait a moment before each move so a person can
 * follow it (the places it touched lit, a line saying what it did); the results offer another game.
 */
import { paced } from '../../../kit/testPace.js';
import { h, keys, load, onLangChange, topBar } from '../../../shell/host.js';
import { cardName, refusalWords } from '../words.js';
import { Bla5tSession, type Outcome, STRENGTHS, type Strength } from './session.js';
import { LocalBla5tTable } from './table.js';
import { type PracticeKey, pw } from './words.js';
import './practice.css';

/** About how long a bot waits before its move: long enough to see what the last one did. */
export const BOT_MS = 1100;
const TARGETS = [50, 100] as const;

export function bla5tPracticePage(root: HTMLElement): () => void {
  const words: (() => void)[] = [];
  const say = <E extends HTMLElement>(el: E, key: PracticeKey, params?: Record<string, string | number>): E => {
    const put = () => {
      el.textContent = pw(key, params);
    };
    put();
    words.push(put);
    return el;
  };
  const select = (id: string, options: [string, HTMLElement][], selected: string) =>
    h(
      'select',
      { id, testid: id },
      options.map(([value, el]) => {
        (el as HTMLOptionElement).value = value;
        (el as HTMLOptionElement).selected = value === selected;
        return el;
      }),
    );
  const bots = select(
    'b5p-bots',
    ['1', '2', '3', '4'].map((n) => [n, h('option', {}, n)]),
    '2',
  );
  const strength = select(
    'b5p-strength',
    STRENGTHS.map((st) => [st, say(h('option'), `practice.${st}`)]),
    'normal',
  );
  const rules = select(
    'b5p-rules',
    [
      ['basic', say(h('option'), 'practice.basic')],
      ['advanced', say(h('option'), 'practice.advanced')],
    ],
    'basic',
  );
  const target = select(
    'b5p-target',
    TARGETS.map((n) => [String(n), say(h('option'), 'practice.points', { n })]),
    '100',
  );
  const label = (forId: string, key: PracticeKey) => say(h('label', { for: forId }), key);
  const setup = h(
    'div',
    { class: 'home' },
    topBar({}),
    h(
      'main',
      { class: 'card-panel b5-setup' },
      say(h('h1', {}), 'practice.title'),
      say(h('p', {}), 'practice.intro'),
      label('b5p-bots', 'practice.bots'),
      bots,
      label('b5p-strength', 'practice.strength'),
      strength,
      label('b5p-rules', 'practice.rules'),
      rules,
      label('b5p-target', 'practice.target'),
      target,
      h(
        'div',
        {},
        say(h('button', { testid: 'b5p-start', class: 'primary', onclick: () => begin() }), 'practice.start'),
      ),
      say(h('a', { href: '/', 'data-link': '' }), 'practice.back'),
    ),
  );
  root.replaceChildren(setup);
  const stopLang = onLangChange(() => {
    for (const put of words) put();
  });
  let stop: (() => void) | null = null;

  function begin(): void {
    stopLang();
    const n = Number(bots.value);
    const strengths: Strength[] = Array.from({ length: n }, () => strength.value as Strength);
    const advanced = rules.value === 'advanced';
    const maxScore = Number(target.value) as 50 | 100;
    const typed = load(keys.name);
    const names = () => [typed || pw('practice.you'), ...strengths.map((_, i) => pw('practice.bot', { n: i + 1 }))];
    const seedBase = new URLSearchParams(location.search).get('seed') ?? `bla5t-practice-${Date.now()}`;
    let games = 0;
    // The bots play on the session's table loop, one pause each (the person is never waited for).
    const newSession = (seed: string) => {
      const made = new Bla5tSession({ seed, advanced, maxScore }, strengths, paced(BOT_MS));
      made.onMove((out, player) => after(out, player));
      return made;
    };
    let session = newSession(seedBase);
    const table = new LocalBla5tTable(root, {
      names,
      advanced,
      act: (type, payload) => {
        const out = session.act({ type, ...payload });
        if (!out.ok) return refusalWords(out.code);
        after(out, 0);
        return null;
      },
      again: () => {
        session.stop();
        session = newSession(`${seedBase}:${++games}`);
        table.showMove('', []);
        table.show(session.view());
        session.start();
      },
    });
    const after = (out: Outcome, player: number) => {
      if (!out.ok) return;
      table.peek(out.peeks);
      const s = out.seen;
      const v = session.view();
      if (s && player !== 0) {
        const name = names()[player] ?? '';
        const top = v.discardTop;
        table.showMove(pw(`seen.${s.kind}` as PracticeKey, { name, card: top ? cardName(top) : '' }), s.at);
      } else table.showMove('', []);
      if (out.scored) {
        const scores = out.scored.scores.map((x, p) => `${names()[p]} ${x >= 0 ? '+' : ''}${x}`).join(' · ');
        table.showMove(pw('practice.round', { round: out.scored.round, scores }), []);
      }
      table.show(v);
    };
    const stopTableLang = onLangChange(() => table.relabel());
    table.show(session.view());
    session.start();
    (window as unknown as { __bla5tPractice?: unknown }).__bla5tPractice = {
      view: () => session.view(),
      moves: () => {
        const m = table.currentMoves();
        return { kind: m.kind, look: m.look, draw: m.draw, blast: m.blast, place: [...m.place] };
      },
    };
    stop = () => {
      session.stop();
      stopTableLang();
      table.destroy();
      delete (window as unknown as { __bla5tPractice?: unknown }).__bla5tPractice;
    };
  }

  return () => {
    stopLang();
    stop?.();
    setup.remove();
  };
}
