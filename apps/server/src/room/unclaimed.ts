/**
 * Tables are held by people, not by sockets. Before a table's first game, nobody's reconnection
 * grace outlasts TABLE_UNCLAIMED_SECONDS, whatever the host set: a lobby whose people are all gone
 * closes within that bound. From the first game on, the host's grace holds (a seat in a game is
 * worth coming back to; the bot plays it meanwhile). Issue 39: 114 addresses each made ten tables
 * with a grace of 600 s, joined once and dropped the socket, and held every table for ten minutes.
 */
import type { TableHost } from './host.js';

/** What the grace bound needs of the table. */
export type GraceHost = Pick<TableHost, 'config' | 'game' | 'settings' | 'starting' | 'state'>;

/** A game was started at this table (or its start waits for the record). */
export function everStarted(room: GraceHost): boolean {
  return room.state.gameNumber > 0 || room.starting || room.game !== null;
}

/** How long a dropped connection's person is waited for, in seconds. */
export function graceSeconds(room: GraceHost): number {
  const chosen = room.settings.reconnectSeconds;
  return everStarted(room) ? chosen : Math.min(chosen, room.config.unclaimedMs / 1000);
}
