/**
 * Durak's lobby options (server: the durak module's options schema, through table/lobby.ts):
 * players 2-4, Ambush, Team Battle (4 players only, D2.3). The host changes them with an `options`
 * message; everyone reads them from the wire. Bots fill the seats up to `players` at the start.
 */
import { h } from '../../shell/host.js';
import type { LobbyGameOptions } from '../../shell/hostTable.js';
import type { LobbyChoice } from './wire.js';
import { dt } from './words.js';

export function durakLobby(o: LobbyChoice, send: (type: string, payload: object) => void): LobbyGameOptions {
  return {
    key: JSON.stringify([o, dt('lobby.players')]),
    // Bots take the seats nobody sits in, so a host alone may start.
    seated: { min: 1, max: o.players },
    fields: (enabled) => {
      const players = h(
        'select',
        { testid: 'setting-players', disabled: !enabled },
        [2, 3, 4].map((n) => h('option', { value: String(n), selected: o.players === n }, String(n))),
      ) as HTMLSelectElement;
      players.addEventListener('change', () => {
        const n = Number(players.value);
        // Team Battle is for exactly 4 (D10): fewer players turn it off in the same message.
        send('options', n === 4 ? { players: n } : { players: n, team: false });
      });
      const box = (testid: string, on: boolean, disabled: boolean, change: (on: boolean) => void) => {
        const el = h('input', { type: 'checkbox', testid, checked: on, disabled }) as HTMLInputElement;
        el.addEventListener('change', () => change(el.checked));
        return el;
      };
      return [
        h('label', {}, dt('lobby.players'), players),
        h(
          'label',
          {},
          box('setting-ambush', o.ambush, !enabled, (on) => send('options', { ambush: on })),
          dt('lobby.ambush'),
        ),
        h(
          'label',
          {},
          box('setting-team', o.team, !enabled || o.players !== 4, (on) => send('options', { team: on })),
          dt('lobby.team'),
        ),
      ];
    },
  };
}
