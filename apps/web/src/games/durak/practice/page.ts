/**
 * "Battle of Durak with bots": pick the players (2-4), each bot's strength and the options (Ambush,
 * Team Battle at 4), then play on the online table's drawing, in this page: the rules and bots of
 * @blaze/durak run here, so it works with the network cut. Bots wait a moment before each move so a
 * person can follow; a refused move is worded with its rule; the results offer another game.
 */
import type { Action, State } from '@blaze/durak';
import { nextDealer, viewFor } from '@blaze/durak';
import { decide, LEAGUE_BUDGET, STRENGTHS, type Strength, strongBot } from '@blaze/durak/bots';
import { paced } from '../../../kit/testPace.js';
import { h, keys, load, onLangChange, t, topBar } from '../../../shell/host.js';
import { HUMAN, LocalSession } from '../local/session.js';
import { LocalTable } from '../local/table.js';
import '../local/local.css';
import { lw } from '../local/words.js';
import { refusalWords } from '../words.js';

/** About how long a bot waits before its move: long enough to see what it played. */
const BOT_MS = 1100;
/** The strong bot searches on this page's thread: a short budget keeps the page responsive. */
const strong = strongBot({ ...LEAGUE_BUDGET, timeMs: 150 });

/** A seeded stream for the bots' choices (easy plays at random). */
function stream(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

export function durakPracticePage(root: HTMLElement): () => void {
  let game: { session: LocalSession; table: LocalTable } | null = null;
  const words: (() => void)[] = [];
  const say = <E extends HTMLElement>(el: E, text: () => string): E => {
    const put = () => {
      el.textContent = text();
    };
    put();
    words.push(put);
    return el;
  };
  const players = h(
    'select',
    { id: 'durak-players', testid: 'durak-players' },
    ['2', '3', '4'].map((n) => h('option', { value: n, selected: n === '3' }, n)),
  );
  const strengths = [1, 2, 3].map((k) =>
    h(
      'select',
      { id: `durak-strength-${k}`, testid: `durak-strength-${k}` },
      STRENGTHS.map((st) =>
        say(h('option', { value: st, selected: st === 'normal' }), () => t(`lobby.strength.${st}`)),
      ),
    ),
  );
  const strengthRows = strengths.map((sel, i) =>
    h(
      'div',
      { class: 'practice-strength' },
      say(h('label', { for: sel.id }), () => lw('practice.bot', { n: i + 1 })),
      sel,
    ),
  );
  const ambush = h('input', { type: 'checkbox', id: 'durak-ambush', testid: 'durak-ambush' });
  const team = h('input', { type: 'checkbox', id: 'durak-team', testid: 'durak-team' });
  const fit = () => {
    const n = Number(players.value);
    strengthRows.forEach((row, i) => {
      row.hidden = i + 1 >= n;
    });
    // Team Battle is for exactly four (D2.3, D10).
    team.disabled = n !== 4;
    if (n !== 4) team.checked = false;
  };
  players.addEventListener('change', fit);
  fit();
  const start = say(h('button', { testid: 'durak-start', class: 'primary', onclick: () => begin() }), () =>
    lw('practice.start'),
  );
  const setup = h(
    'div',
    { class: 'home' },
    topBar({}),
    h(
      'main',
      { class: 'card-panel' },
      say(h('h1', {}), () => lw('practice.title')),
      say(h('p', {}), () => lw('practice.intro')),
      say(h('label', { for: 'durak-players' }), () => lw('practice.players')),
      players,
      h(
        'fieldset',
        { class: 'practice-strengths' },
        say(h('legend', {}), () => t('lobby.strength')),
        ...strengthRows,
      ),
      h(
        'label',
        { class: 'durak-check' },
        ambush,
        say(h('span', {}), () => lw('practice.ambush')),
      ),
      h(
        'label',
        { class: 'durak-check' },
        team,
        say(h('span', {}), () => lw('practice.team')),
      ),
      start,
      say(h('a', { href: '/', 'data-link': '' }), () => lw('practice.back')),
    ),
  );
  root.replaceChildren(setup);
  let stopSetupLang: (() => void) | null = onLangChange(() => {
    for (const put of words) put();
  });

  function begin(): void {
    stopSetupLang?.();
    stopSetupLang = null;
    const n = Number(players.value) as 2 | 3 | 4;
    const levels: Strength[] = ['normal', ...strengths.slice(0, n - 1).map((s) => s.value as Strength)];
    const options = { players: n, ambush: ambush.checked, team: team.checked && n === 4 };
    const typed = load(keys.name);
    const seedOf = () => new URLSearchParams(location.search).get('seed') ?? `durak-practice-${Date.now()}`;
    let games = 0;
    const rnd = stream(Date.now());
    const policy = (s: State, seat: number): Action | null => {
      const v = viewFor(s, seat);
      return levels[seat] === 'strong' ? strong(v, rnd) : decide(levels[seat] ?? 'normal', v, rnd);
    };
    const session = new LocalSession({
      game: { ...options, seed: seedOf(), dealer: 0 },
      policy,
      delayMs: paced(BOT_MS),
    });
    const names = () => [
      typed ?? lw('practice.you'),
      ...levels.slice(1).map((_, i) => lw('practice.bot', { n: i + 1 })),
    ];
    const table = new LocalTable(root, {
      names,
      act: (a) => {
        const code = session.act(a);
        return code ? refusalWords(code) : null;
      },
      // D11.1: the loser deals the next game (the same dealer after a game with no loser).
      again: () => session.restart({ ...options, seed: `${seedOf()}:${++games}`, dealer: nextDealer(session.state) }),
    });
    session.onChange(() => table.show(viewFor(session.state, HUMAN)));
    game = { session, table };
    session.start();
  }

  return () => {
    stopSetupLang?.();
    game?.session.stop();
    game?.table.destroy();
    setup.remove();
  };
}
