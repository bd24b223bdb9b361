/**
 * A spectator is told they are watching and offered every free seat, in the lobby and between
 * games (issue #10). While a game runs there is nothing to offer: the server refuses it (GAME_RUNNING).
 */

import { h } from './dom.js';
import { t } from './i18n/index.js';
import type { Send } from './send.js';
import type { ClientTable } from './store/snapshot.js';

/** Free seats a person who watches may take now (none while a game runs or when they sit). */
export function seatsOnOffer(tb: ClientTable): number[] {
  if (tb.mySeat >= 0 || tb.status === 'playing') return [];
  return tb.seats.filter((s) => !s.occupied).map((s) => s.seat);
}

/**
 * What the note tells someone watching. While a start waits for its record the seats are the game's
 * (the Sit buttons are held, the server says STARTING): they will watch it, not take a seat now.
 */
export function watchNote(tb: ClientTable): 'seat.watchStarting' | 'seat.watchNote' | 'seat.watchFull' {
  if (tb.starting) return 'seat.watchStarting';
  return seatsOnOffer(tb).length > 0 ? 'seat.watchNote' : 'seat.watchFull';
}

/** The note and the Sit buttons; null for someone seated. */
export function seatOffer(tb: ClientTable, send: Send, buttons: boolean): HTMLElement | null {
  if (tb.mySeat >= 0) return null;
  const free = seatsOnOffer(tb);
  return h(
    'div',
    { class: 'seat-offer', testid: 'seat-offer' },
    h('p', { class: 'you-watch' }, t(watchNote(tb))),
    buttons && free.length > 0
      ? h(
          'div',
          { class: 'row' },
          free.map((seat) =>
            h(
              'button',
              { testid: `offer-sit-${seat}`, disabled: tb.starting, onclick: () => send('sit', { seat }) },
              t('seat.sitAt', { n: seat + 1 }),
            ),
          ),
        )
      : null,
  );
}
