/**
 * Bla5t's lobby options (server: the bla5t module's options schema, through table/lobby.ts):
 * players 2-5 (2: heads-up with a dummy, X13.2), `advanced` (X12), `eleration` (X13.1), `bosses`
 * (X2.2) and `maxScore` 50 / 100 / 1000 (X10.1, XN3). The host changes them with an `options`
 * message; everyone reads them from the wire. Bots fill the seats up to `players` at the start.
 * With `advanced`, the host's hero and boss set (X12.7): shown to all, changed by the host only once
 * a whole set is ticked (4 heroes, Lola and Leo as one pair; 2 bosses), so no half set is sent.
 */
import { ALL_BOSSES } from '@blaze/bla5t';
import { h } from '../../shell/host.js';
import type { LobbyGameOptions } from '../../shell/hostTable.js';
import { HERO_CHOICES } from './steps.js';
import type { LobbyChoice } from './wire.js';
import { bt, cardTitle } from './words.js';

/** The set's pickers: ticks kept in the page until the set is whole, then sent as one option. */
function setPicker(o: LobbyChoice, enabled: boolean, send: (type: string, payload: object) => void): HTMLElement {
  const hint = h('span', { class: 'b5-set-hint', testid: 'set-hint', role: 'status' });
  const heroBoxes: [readonly string[], HTMLInputElement][] = [];
  const bossBoxes: [string, HTMLInputElement][] = [];
  const picked = () => ({
    heroes: heroBoxes.filter(([, b]) => b.checked).flatMap(([cards]) => cards),
    bossSet: bossBoxes.filter(([, b]) => b.checked).map(([c]) => c),
  });
  const changed = () => {
    const p = picked();
    if (p.heroes.length === 4 && p.bossSet.length === 2) {
      hint.textContent = '';
      send('options', p);
    } else
      hint.textContent = `${bt('lobby.setCount', { n: p.heroes.length, of: 4 })} ${bt('lobby.setCount', { n: p.bossSet.length, of: 2 })}`;
  };
  const tick = (testid: string, on: boolean, text: string) => {
    const el = h('input', { type: 'checkbox', testid, checked: on, disabled: !enabled }) as HTMLInputElement;
    el.addEventListener('change', changed);
    return { el, label: h('label', { class: 'b5-tick' }, el, text) };
  };
  const heroes = HERO_CHOICES.map((cards) => {
    const t = tick(
      `set-${cards.join('-')}`,
      cards.every((c) => o.heroes.includes(c)),
      cards.map(cardTitle).join(' + '),
    );
    heroBoxes.push([cards, t.el]);
    return t.label;
  });
  const bosses = ALL_BOSSES.map((c) => {
    const t = tick(`set-${c}`, o.bossSet.includes(c), cardTitle(c));
    bossBoxes.push([c, t.el]);
    return t.label;
  });
  return h(
    'div',
    { class: 'b5-set', testid: 'setting-set' },
    h(
      'p',
      { testid: 'set-shown' },
      bt('lobby.setShown', { heroes: o.heroes.map(cardTitle).join(', '), bosses: o.bossSet.map(cardTitle).join(', ') }),
    ),
    h('fieldset', {}, h('legend', {}, bt('lobby.heroes')), ...heroes),
    h('fieldset', {}, h('legend', {}, bt('lobby.bossSet')), ...bosses),
    hint,
  );
}

export function bla5tLobby(o: LobbyChoice, send: (type: string, payload: object) => void): LobbyGameOptions {
  return {
    key: JSON.stringify([o, bt('lobby.players')]),
    // Bots take the seats nobody sits in, so a host alone may start.
    seated: { min: 1, max: o.players },
    fields: (enabled) => {
      const select = (testid: string, values: number[], current: number, change: (n: number) => void) => {
        const el = h(
          'select',
          { testid, disabled: !enabled },
          values.map((n) => h('option', { value: String(n), selected: current === n }, String(n))),
        ) as HTMLSelectElement;
        el.addEventListener('change', () => change(Number(el.value)));
        return el;
      };
      const box = (testid: string, on: boolean, change: (on: boolean) => void) => {
        const el = h('input', { type: 'checkbox', testid, checked: on, disabled: !enabled }) as HTMLInputElement;
        el.addEventListener('change', () => change(el.checked));
        return el;
      };
      return [
        h(
          'label',
          {},
          bt('lobby.players'),
          select('setting-players', [2, 3, 4, 5], o.players, (n) => send('options', { players: n })),
        ),
        h(
          'label',
          {},
          bt('lobby.maxScore'),
          select('setting-max-score', [50, 100, 1000], o.maxScore, (n) => send('options', { maxScore: n })),
        ),
        h(
          'label',
          {},
          box('setting-advanced', o.advanced, (on) => send('options', { advanced: on })),
          bt('lobby.advanced'),
        ),
        h(
          'label',
          {},
          box('setting-eleration', o.eleration, (on) => send('options', { eleration: on })),
          bt('lobby.eleration'),
        ),
        h(
          'label',
          {},
          box('setting-bosses', o.bosses, (on) => send('options', { bosses: on })),
          bt('lobby.bosses'),
        ),
        ...(o.advanced ? [setPicker(o, enabled, send)] : []),
      ];
    },
  };
}
