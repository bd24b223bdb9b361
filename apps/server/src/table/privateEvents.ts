/**
 * One-time private events (Bla5t's X1.6 and XN13, issue 36 item 4): a look ("you looked at slot 2:
 * a 7") reaches the looker's own clients once, as a `private` message, at the moment it is recorded.
 *
 * Why a message and not a field of the wire: a schema field persists. It would be repeated to the
 * seat's next client (a reload, another tab, whoever sits there next), it would have to be cleared
 * in step with the game, and XN13 says the view never repeats a past look (remembering is the game).
 * A message is sent to the sockets of that seat's person and nowhere else: not the public view, not
 * another seat's part, not the table's log ring (generic.ts logs each event redacted for nobody), not
 * a log line or metric (nothing here logs). The record keeps the action that caused it (`look`, the
 * power's targets), so a restore or a replay rebuilds the same state; the card itself is not written
 * anywhere but in that seat's socket. A client that is away at that moment misses the look, as a
 * player who looks away does.
 */
import type { AnyGameModule, EventBase } from '@blaze/game';
import type { Client } from '@colyseus/core';
import type { TableHost } from '../room/host.js';

export const PRIVATE_MESSAGE = 'private';

/** The events of one action that carry a seat's own secret, sent to that seat's clients alone. */
export function sendPrivateEvents(
  room: Pick<TableHost, 'clients' | 'personOf'>,
  module: AnyGameModule,
  types: readonly string[] | undefined,
  events: readonly EventBase[],
): void {
  if (!types || types.length === 0) return;
  const secret = events.filter((e) => types.includes(e.type));
  if (secret.length === 0) return;
  const bySeat = new Map<number, Client[]>();
  for (const c of room.clients) {
    const seat = room.personOf(c)?.seat;
    if (seat === null || seat === undefined) continue;
    bySeat.set(seat, [...(bySeat.get(seat) ?? []), c]);
  }
  for (const e of secret) {
    const open = JSON.stringify(module.redact(e, null));
    for (const [seat, clients] of bySeat) {
      const mine = module.redact(e, seat) as (EventBase & { by?: unknown }) | null;
      // Only what this seat sees differently from everyone (its own look, its own draw).
      if (mine === null || JSON.stringify(mine) === open) continue;
      const { by: _by, ...event } = mine;
      for (const c of clients) c.send(PRIVATE_MESSAGE, event);
    }
  }
}
