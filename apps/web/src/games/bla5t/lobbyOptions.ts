/**
 * Bla5t's lobby options (server: the bla5t module's options schema, through table/lobby.ts):
 * players 2-5 (2: heads-up with a dummy, X13.2), `advanced` (X12), `eleration` (X13.1), `bosses`
 * (X2.2) and `maxScore` 50 / 100 / 1000 (X10.1, XN3). The host changes them with an `options`
 * message; everyone reads them from the wire. Bots fill the seats up to `players` at the start.
 */
import { h } from '../../shell/host.js';
import type { LobbyGameOptions } from '../../shell/hostTable.js';
import type { LobbyChoice } from './wire.js';
import { bt } from './words.js';

export function bla5tLobby(o: LobbyChoice, send: (type: string, payload: object) => void): LobbyGameOptions {
  return {
    key: JSON.stringify([o, bt('lobby.players')]),
    // Bots take the seats nobody sits in, so a host alone may start.
    canStart: (seated) => seated >= 1 && seated <= o.players,
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
      ];
    },
  };
}
