/**
 * A websocket must finish joining its table within a few seconds. Colyseus seats a connection at
 * the upgrade and then waits for the client to answer the join message, for ever: a socket that
 * upgraded, answered pings and never answered the join kept its place and its table. It is closed
 * after JOIN_WITHIN_SECONDS, as a dropped connection (its person's grace applies, unclaimed.ts).
 */
import { type Client, ClientState } from '@colyseus/core';
import type { TableHost } from './host.js';
import { type TimerHost, timers } from './timers.js';

/** What the join deadline needs of the table. */
export type JoinHost = Pick<TableHost, 'config' | 'roomId'> & TimerHost;

/** Close code for a connection that never finished joining (4000-4999 are the application's). */
export const CLOSE_NOT_JOINED = 4408;

export function expectJoined(room: JoinHost, client: Client): void {
  if (client.state !== ClientState.JOINING) return;
  timers(room).setTimeout(() => {
    if (client.state !== ClientState.JOINING) return;
    room.config.edge.log.info({ table: room.roomId, session: client.sessionId }, 'join not finished in time');
    client.leave(CLOSE_NOT_JOINED, 'Join not finished in time.');
    // A client that answers no join may answer no close either: ws would wait 30 s for it.
    const raw = client.ref as { terminate?: () => void };
    setTimeout(() => raw.terminate?.(), 1_000).unref();
  }, room.config.edge.limits.joinWithinMs);
}
