/**
 * One table connection: joins the Colyseus room, keeps the seat token, feeds decoded state into the
 * store and sends intentions. Reconnects with the seat token when the link drops.
 */
import {
  CLOSE_RESTARTING,
  type ClientMessage,
  type ClientMessageType,
  type ErrorMessage,
  type MovedMessage,
  type MoveSeatMessage,
  type SeatMessage,
} from '@blaze/protocol';
import { BlazeState } from '@blaze/protocol/schema';
import { Client, type Room } from 'colyseus.js';
import { type ClientTable, type StateLike, toClientTable } from '../store/snapshot.js';
import { colyseusEndpoint } from './endpoint.js';
import { joinFailure } from './joinError.js';
import { moveTo } from './moved.js';
import { keys, load, remove, save } from './storage.js';

export type ConnState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Why the connection is reconnecting or closed, for the words the page shows. */
export const RESTARTING = 'restarting';
export const TABLE_GONE = 'gone';
export type ConnReason = typeof RESTARTING | typeof TABLE_GONE;

export interface ConnectionEvents {
  onConnState(s: ConnState, reason?: ConnReason): void;
  onError(e: ErrorMessage): void;
  /** A message of a game's own, of a type its Reader names (Bla5t's one-time `private` looks). */
  onGameMessage?(type: string, message: unknown): void;
}

/**
 * How a decoded room state becomes what the page reads: Blaze's ClientTable by default. A game on the
 * generic wire (Durak) reads its own, and decodes by the server's reflection (no Blaze schema class).
 */
export interface Reader<T> {
  read(state: unknown, mySeat: number, host: boolean): T;
  /** The root schema class to decode with; undefined: the server's reflection. */
  schema?: typeof BlazeState;
  /** Message types of the game's own this reader's page listens to (passed to onGameMessage). */
  messages?: readonly string[];
}

const BLAZE_READER: Reader<ClientTable> = {
  read: (state, seat, host) => toClientTable(state as StateLike, seat, host),
  schema: BlazeState,
};

export class Connection<T = ClientTable> {
  private client: Client;
  private room: Room<BlazeState> | null = null;
  private mySeat = -1;
  /** From the server's seat message: a host who stands up to watch is still the host. */
  private host = false;
  private name = '';
  private spectate = false;
  private closing = false;
  /** The table moved to another (its host switched games): this connection's page is left behind. */
  private moved = false;
  private reconnectionToken = '';
  /**
   * Whether the room's first whole state arrived. A join resolves before it: the room's state is then
   * the schema's defaults (status "lobby"), and a reload showed the lobby for a second (issue #40).
   */
  private stateArrived = false;
  /** What this connection did, newest last (a few dozen lines): read by tests when a rejoin goes wrong. */
  readonly trail: string[] = [];
  private note(what: string): void {
    this.trail.push(`${Math.round(performance.now())} ${what}`);
    if (this.trail.length > 60) this.trail.shift();
  }

  constructor(
    readonly tableId: string,
    /** Where snapshots go: the store, or a pacer in front of it. */
    private store: { setTable(t: T): void },
    private events: ConnectionEvents,
    private reader: Reader<T> = BLAZE_READER as unknown as Reader<T>,
  ) {
    this.client = new Client(colyseusEndpoint(location, import.meta.env.DEV));
  }

  get seat(): number {
    return this.mySeat;
  }

  get hasSeatToken(): boolean {
    return load(keys.seat(this.tableId)) !== null;
  }

  /** `retrying`: a rejoin after a drop, which stays "reconnecting" (no join form) until it lands. */
  async join(name: string, spectate: boolean, retrying = false): Promise<void> {
    this.name = name;
    this.spectate = spectate;
    if (!retrying) this.events.onConnState('connecting');
    // Watching too: the token is who we are at this table. Without it, a watcher's rejoin after a
    // restart was a stranger ('Wes 2 joins'), their old self held by the restored table's grace.
    const seatToken = load(keys.seat(this.tableId)) ?? undefined;
    const options = { name, ...(seatToken ? { seatToken } : {}), ...(spectate ? { spectate: true } : {}) };
    this.note(`join${seatToken ? ' with token' : ''}${spectate ? ' watching' : ''}${retrying ? ' (retry)' : ''}`);
    const room = await this.client.joinById<BlazeState>(this.tableId, options, this.reader.schema);
    this.note('joined');
    this.attach(room);
  }

  private attach(room: Room<BlazeState>): void {
    this.room = room;
    this.stateArrived = false;
    this.reconnectionToken = room.reconnectionToken;
    room.onMessage('seat', (m: SeatMessage) => {
      if (m.seatToken) save(keys.seat(this.tableId), m.seatToken);
      this.note(`seat ${m.seat}`);
      this.mySeat = m.seat;
      this.host = m.host === true;
      // A spectator who took a seat rejoins by token after a drop, like any player.
      if (m.seat >= 0) this.spectate = false;
      if (m.seat >= 0) remove(keys.watching(this.tableId));
      else save(keys.watching(this.tableId), '1');
      this.publish();
    });
    room.onMessage('error', (m: ErrorMessage) => this.events.onError(m));
    // The host moved the table to another game: our own new token first, then where it went.
    room.onMessage('moveSeat', (m: MoveSeatMessage) => {
      save(keys.seat(m.table), m.seatToken);
      if (this.mySeat < 0) save(keys.watching(m.table), '1');
    });
    room.onMessage('moved', (m: MovedMessage) => {
      this.note('moved');
      this.moved = true;
      // The page goes first: its disposal closes this connection (and stops drawing) as any leaving does.
      moveTo(m.table);
      if (!this.closing) this.close();
    });
    for (const type of this.reader.messages ?? []) room.onMessage(type, (m) => this.events.onGameMessage?.(type, m));
    room.onMessage('chat', () => {
      // chat lines arrive through the state as well
    });
    room.onStateChange(() => {
      this.stateArrived = true;
      this.publish();
    });
    room.onLeave((code) => {
      this.note(`left ${code}`);
      this.room = null;
      // Moved: the page that listened is gone (its scene with it), nothing more to tell it.
      if (this.moved) return;
      if (this.closing || code === 1000 || code === 4000) {
        this.events.onConnState('closed');
        return;
      }
      void this.reconnect(code === CLOSE_RESTARTING);
    });
    this.events.onConnState('open');
    this.publish();
  }

  private publish(): void {
    if (!this.room?.state || !this.stateArrived) {
      this.note(this.room ? 'no state yet' : 'no room');
      return;
    }
    this.store.setTable(this.reader.read(this.room.state, this.mySeat, this.host));
    if (this.trail.at(-1)?.endsWith('published') !== true) this.note(`published`);
  }

  /**
   * Back into the seat after an unexpected close: the same session first (a short network drop),
   * then the seat token, with growing pauses (a restart takes a few seconds). A table the server
   * says it does not know, several times over, is gone.
   */
  private async reconnect(restarting: boolean): Promise<void> {
    this.events.onConnState('reconnecting', restarting ? RESTARTING : undefined);
    let notFound = 0;
    for (let attempt = 0; attempt < 80 && !this.closing; attempt++) {
      const pause = Math.min(5_000, 250 * 2 ** Math.min(attempt, 5)) * (0.8 + 0.4 * Math.random());
      await new Promise((r) => setTimeout(r, pause));
      try {
        if (attempt === 0 && this.reconnectionToken && !restarting) {
          this.attach(await this.client.reconnect<BlazeState>(this.reconnectionToken, this.reader.schema));
          return;
        }
        await this.join(this.name, this.spectate, true);
        return;
      } catch (e) {
        // A restarted server restores its tables just after it starts listening: a few misses are normal.
        if (joinFailure(e) === TABLE_GONE && ++notFound >= 6) {
          this.events.onConnState('closed', TABLE_GONE);
          return;
        }
      }
    }
    this.events.onConnState('closed');
  }

  send<K extends ClientMessageType>(type: K, payload: ClientMessage<K>): void {
    this.room?.send(type, payload);
  }

  /** A message of a game's own (Durak's actions, lobby options): the protocol's types do not name it. */
  sendRaw(type: string, payload: object): void {
    this.room?.send(type, payload);
  }

  close(): void {
    this.closing = true;
    void this.room?.leave(true);
  }
}
