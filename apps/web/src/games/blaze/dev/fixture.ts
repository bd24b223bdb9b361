/**
 * Dev only (never in the production build): the table page's canvas and controls driven by a local
 * rules engine, with seat 0 as "you" and random legal moves for the others. For working on the
 * renderer without a server.
 */

import { type Action, applyAction, createGame, type GameState, legalActions, viewFor } from '@blaze/rules';
import { type ClientTable, emptyTable, h, Store } from '../../../shell/host.js';
import { coachWords } from '../logic/coach.js';
import { highlights } from '../logic/highlights.js';
import { TableScene } from '../render/scene.js';

export function fixturePage(root: HTMLElement): () => void {
  const players = Number(new URLSearchParams(location.search).get('n') ?? 4) as 3 | 4 | 5;
  let game: GameState = createGame({ players, seed: 'fixture', startSeat: 0 });
  const store = new Store();
  const names = ['You', 'Ben', 'Cleo', 'Dai', 'Eve'];
  const host = h('div', { class: 'canvas-host' });
  const info = h('div', { class: 'banner' });
  const btn = (label: string, f: () => void) => h('button', { onclick: f }, label);
  const act = (a: Action) => {
    const r = applyAction(game, a);
    if (r.ok) game = r.state;
    else store.refused(coachWords(r.error), Date.now());
    publish();
  };
  root.replaceChildren(
    h(
      'div',
      { class: 'table-page' },
      info,
      h('div', { class: 'stage' }, host),
      h(
        'div',
        { class: 'actions' },
        btn('Play', () => act({ type: 'play', seat: 0, cards: store.get().ui.selected })),
        btn('Pass', () => act({ type: 'pass', seat: 0 })),
        btn('Done', () => act({ type: 'stand', seat: 0 })),
        btn('Bet', () => act({ type: 'bet', seat: 0, on: 1, value: game.betCards[0]?.[0] ?? 0 })),
      ),
    ),
  );
  const scene = new TableScene({
    toggle: (c) => store.toggleSelect(c),
    focus: () => {},
    play: (cards) => act({ type: 'play', seat: 0, cards }),
    reject: (card, challenge) => act({ type: 'reject', seat: 0, pairs: [{ challenge, card }] }),
  });
  function publish(): void {
    const v = viewFor(game, 0);
    const table: ClientTable = {
      ...emptyTable(),
      status: game.over ? 'finished' : 'playing',
      spectators: 1,
      gameNumber: 1,
      seats: names.map((name, seat) => ({
        seat,
        occupied: seat < players,
        name: seat < players ? name : '',
        bot: seat > 0,
        connected: seat !== 2,
        standIn: false,
        host: seat === 0,
        handCount: game.hands[seat]?.length ?? 0,
      })),
      mySeat: 0,
      isHost: true,
      view: v,
    };
    store.setTable(table);
    info.textContent = `fixture: active ${v.active} target ${v.target} table ${v.table.length}`;
  }
  store.subscribe((s) => {
    if (s.table) scene.render(s, highlights(s.table, s.ui.selected, s.ui.pending?.cards ?? []));
  });
  const timer = setInterval(() => {
    if (game.over) return;
    for (let seat = 1; seat < players; seat++) {
      const acts = legalActions(game, seat);
      const pick =
        acts.find((a) => a.type === 'reject' || a.type === 'bet') ?? acts.find((a) => a.type === 'stand') ?? acts[0];
      if (pick && Math.random() < 0.5) {
        act(pick);
        return;
      }
    }
    const close = legalActions(game, 0).find((a) => a.type === 'closeWindow');
    if (close) act(close);
  }, 900);
  void scene.init(host).then(publish);
  return () => {
    clearInterval(timer);
    scene.destroy();
  };
}
