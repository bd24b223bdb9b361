/**
 * "Learn Battle of Durak": the guided first game (script.ts) on the same table as practice, with the
 * coach above it. The coach says what a step is about and which move it asks for; the bots' moves
 * come from the script at a pace a person can follow. A move the step does not ask for is answered
 * with the rule that refuses it, or with the move the step asks for. Nothing here needs the network.
 */
import { type Action, applyAction, type Event, rankOf, type State, viewFor } from '@blaze/durak';
import { paced } from '../../../kit/testPace.js';
import { h, keys, load, onLangChange } from '../../../shell/host.js';
import { type Moves, NO_MOVES } from '../legal.js';
import { HUMAN, LocalSession } from '../local/session.js';
import { LocalTable } from '../local/table.js';
import '../local/local.css';
import { lw } from '../local/words.js';
import { cardName, dt, refusalWords } from '../words.js';
import { untrue } from './claims.js';
import { ALL_STEPS, LEARNER, PARTS, type Part, type Step, stepsOf } from './script.js';

const same = (x: Action, y: Action | null | undefined) => JSON.stringify(x) === JSON.stringify(y);

export function durakLearnPage(root: HTMLElement, go: (path: string) => void): () => void {
  const typed = load(keys.name);
  let partNo = 0;
  let part = PARTS[0] as Part;
  let steps: Step[] = stepsOf(part);
  let stepNo = 0;
  /** Moves of this part applied so far. */
  let played = 0;
  let events: Event[] = [];
  let before: State | null = null;
  let done = false;

  const names = () => [typed ?? lw('practice.you'), ...part.bots.map((k) => lw(k))];
  const seatOf = (k: 'name.ben' | 'name.ana') => part.bots.indexOf(k) + 1;
  const step = (): Step | null => (done ? null : (steps[stepNo] ?? null));
  const asked = (): Action | null => {
    const s = step();
    return s?.kind === 'do' && s.at === played ? (part.actions[s.at] ?? null) : null;
  };

  // ---- the coach ----
  const title = h('strong', {}, lw('learn.title'));
  const counter = h('span', { class: 'coach-step', testid: 'coach-step' });
  const homeBtn = h('button', { testid: 'coach-home', onclick: () => go('/') }, lw('learn.home'));
  const lesson = h('p', { class: 'durak-lesson', testid: 'coach-lesson' });
  const move = h('p', { class: 'coach-move', testid: 'coach-move' });
  const nextBtn = h('button', { class: 'primary', testid: 'coach-next' }, lw('learn.next'));
  const practiceBtn = h(
    'button',
    { class: 'primary', testid: 'coach-practice', onclick: () => go('/durak/practice') },
    lw('learn.practice'),
  );
  const coach = h(
    'section',
    { class: 'coach durak-coach', testid: 'coach', 'aria-label': lw('learn.title'), 'aria-live': 'polite' },
    h('div', { class: 'coach-head' }, title, counter, homeBtn),
    lesson,
    move,
    h('div', { class: 'row' }, nextBtn, practiceBtn),
  );
  // Lights the button a step asks for (the bar is rebuilt on each change, so by a selector). A sheet
  // of its own: the page's policy allows no inline <style>.
  const lights = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, lights];

  const table = new LocalTable(
    root,
    {
      names,
      act: (a) => attempt(a),
      allowed: (m) => narrow(m),
      // While a step is read, the table waits for Next (the bare banner would say whose turn it is).
      banner: () => bannerLine(),
    },
    coach,
  );

  /**
   * The banner says what the step waits for (the table's own would offer moves the step does not
   * light), or whose move it is while the bots play.
   */
  function bannerLine(): { text: string; yourMove: boolean } | null {
    if (done) return { text: lw('learn.finished'), yourMove: false };
    const s = step();
    if (s?.kind === 'read' && s.at === played) return { text: lw('learn.readFirst'), yourMove: false };
    const want = asked();
    return want ? { text: moveWords(want), yourMove: true } : null;
  }

  /** The lit cards and buttons: only the move this step asks for. */
  function narrow(m: Moves): Moves {
    const want = asked();
    if (!want) return NO_MOVES;
    if (want.type === 'attack' || want.type === 'defend') {
      const how = m.cards.get(want.card);
      return { cards: how ? new Map([[want.card, how]]) : new Map(), retreat: false, end: null };
    }
    if (want.type === 'retreat') return { ...NO_MOVES, retreat: m.retreat };
    return { ...NO_MOVES, end: m.end };
  }

  function moveWords(a: Action): string {
    if (a.type === 'attack') return lw('move.attack', { card: cardName(a.card) });
    if (a.type === 'defend') return lw('move.defend', { card: cardName(a.card) });
    if (a.type === 'retreat') return lw('move.retreat');
    return lw(session.state.ambusher === LEARNER ? 'move.pass' : 'move.end');
  }

  /** The learner's move: the step's own is played; another is refused with its rule, or redirected. */
  function attempt(a: Action): string | null {
    const want = asked();
    if (want && same(a, want)) {
      const code = session.act(a);
      return code ? refusalWords(code) : null;
    }
    const r = applyAction(session.state, a);
    if (!r.ok) return refusalWords(r.error.code);
    return lw('learn.asks', { move: want ? moveWords(want) : lw('learn.next') });
  }

  let session = newSession();

  function newSession(): LocalSession {
    const s = new LocalSession({
      game: part.game,
      delayMs: paced(1000),
      manualForced: true,
      // The bots play the script's move, and only when it is theirs.
      policy: (_, seat) => {
        const next = part.actions[played];
        return next && next.seat === seat && seat !== HUMAN ? next : null;
      },
      onAction: (a, prev, evs) => {
        before = prev;
        played++;
        events = [...events, ...evs];
        if (a.seat === LEARNER) stepNo++;
      },
    });
    s.onChange(() => {
      table.show(viewFor(s.state, LEARNER));
      show();
    });
    return s;
  }

  function params(): Record<string, string> {
    const v = viewFor(session.state, LEARNER);
    const want = asked();
    const values = [...new Set(v.table.flatMap((p) => [p.attack, p.defence ?? p.attack]).map(rankOf))]
      .sort((x, y) => x - y)
      .map((n) => (n >= 11 ? dt(`v.${n}` as 'v.11') : String(n)));
    return {
      trump: cardName(v.trump),
      suit: dt(`suit.${v.trump.slice(-1)}` as 'suit.K'),
      values: values.join(', '),
      name: names()[v.trumpDrawnBy ?? -1] ?? '',
      card: want && 'card' in want ? cardName(want.card) : '',
    };
  }

  function show(): void {
    const s = step();
    const total = ALL_STEPS.length;
    const n = ALL_STEPS.filter((x) => x.part < partNo).length + stepNo + 1;
    practiceBtn.hidden = !done;
    let lit: string[] = [];
    if (!s) {
      coach.dataset.kind = 'done';
      coach.dataset.step = 'done';
      coach.dataset.untrue = '';
      coach.dataset.claims = '';
      // The last step's words stay (in the page's language) above the ways on.
      lesson.textContent = lw('step.ambushDone', params());
      counter.textContent = lw('learn.step', { n: total, total });
      nextBtn.hidden = true;
      move.textContent = '';
      move.dataset.action = '';
      move.dataset.card = '';
      lights.replaceSync('');
      return;
    }
    const here = s.at === played;
    const kind = here ? s.kind : 'busy';
    coach.dataset.kind = kind;
    coach.dataset.step = String(n);
    coach.dataset.part = part.id;
    counter.textContent = lw('learn.step', { n, total });
    nextBtn.hidden = kind !== 'read';
    session.hold(kind === 'read');
    if (kind === 'busy') {
      const waiting = part.actions[played]?.seat ?? 1;
      move.textContent = lw('learn.wait', { name: names()[waiting] ?? '' });
      move.dataset.action = '';
      move.dataset.card = '';
      coach.dataset.untrue = '';
      coach.dataset.claims = '';
      lights.replaceSync('');
      return;
    }
    lesson.textContent = s.words ? lw(s.words, params()) : '';
    const want = asked();
    move.textContent = want ? moveWords(want) : '';
    move.dataset.action = want?.type ?? '';
    move.dataset.card = want && 'card' in want ? want.card : '';
    // What the words claim, checked on this very table (claims.ts): empty on every step.
    const scene = {
      state: session.state,
      before,
      events,
      action: want,
      ben: seatOf('name.ben'),
      ana: seatOf('name.ana'),
    };
    coach.dataset.claims = s.claims.join('|');
    coach.dataset.untrue = untrue(s.claims, scene).join('|');
    if (want?.type === 'retreat') lit = ['durak-retreat'];
    else if (want?.type === 'end') lit = ['durak-end', 'durak-pass'];
    lights.replaceSync(
      lit.length
        ? `${lit.map((id) => `[data-testid="actions"] [data-testid="${id}"]`).join(',')}{outline:4px solid #ffd23f;outline-offset:2px}`
        : '',
    );
  }

  nextBtn.addEventListener('click', () => {
    const s = step();
    if (s?.kind !== 'read' || s.at !== played) return;
    stepNo++;
    if (stepNo < steps.length) {
      // The table too: its lit cards and banner follow the step.
      table.show(viewFor(session.state, LEARNER));
      show();
      return;
    }
    // The part is over: the next one, or the end of the lesson.
    session.stop();
    if (partNo + 1 >= PARTS.length) {
      done = true;
      table.show(viewFor(session.state, LEARNER));
      show();
      return;
    }
    partNo++;
    part = PARTS[partNo] as Part;
    steps = stepsOf(part);
    stepNo = 0;
    played = 0;
    before = null;
    events = [];
    session = newSession();
    session.start();
  });

  const stopLang = onLangChange(() => {
    title.textContent = lw('learn.title');
    homeBtn.textContent = lw('learn.home');
    nextBtn.textContent = lw('learn.next');
    practiceBtn.textContent = lw('learn.practice');
    coach.setAttribute('aria-label', lw('learn.title'));
    table.show(viewFor(session.state, LEARNER));
    show();
  });

  session.start();
  return () => {
    stopLang();
    session.stop();
    table.destroy();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((x) => x !== lights);
  };
}
