/**
 * People at the table: admitted, seated on arrival, given their grace when a connection drops,
 * gone for good (or played by the bot) once it lapses, and each client's view of its own slot.
 */
import { type JoinOptions, joinOptions, SEAT_TOKEN, type SeatMessage } from '@blaze/protocol';
import type { PlayerSlot } from '@blaze/protocol/schema';
import { type AuthContext, type Client, ServerError } from '@colyseus/core';
import type { StateView } from '@colyseus/schema';
import { normalizeName, uniqueName } from '../names.js';
import { HASHED, tokenHash } from '../store/record.js';
import type { TableHost } from './host.js';
import { expectJoined, type JoinHost } from './joinDeadline.js';
import { clearPrivate } from './mirror.js';
import { tunedView } from './schemaTuning.js';
import type { Person } from './seating.js';
import { setField } from './sync.js';
import { type GraceHost, graceSeconds } from './unclaimed.js';

/** What people coming and going need of the table. */
export type PeopleHost = Pick<
  TableHost,
  | 'afterChange'
  | 'allowReconnection'
  | 'applySettings'
  | 'autoDispose'
  | 'clients'
  | 'config'
  | 'disposed'
  | 'lastSeatSent'
  | 'log'
  | 'personOf'
  | 'restoredGrace'
  | 'roomId'
  | 'seating'
  | 'starting'
  | 'state'
  | 'tokenOf'
> &
  JoinHost &
  GraceHost;

/** onAuth: join options checked, the name normalised, the edge's caps applied. */
export function admit(room: PeopleHost, client: Client, options: unknown, context?: AuthContext): JoinOptions {
  const r = joinOptions.safeParse(options ?? {});
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new ServerError(400, `Bad join options: ${where}${issue?.message ?? 'invalid'}`);
  }
  room.config.edge.identify(client, context);
  const name = normalizeName(r.data.name);
  if (name === '') throw new ServerError(400, 'Bad join options: name: Type a name.');
  const known = r.data.seatToken === undefined ? undefined : personByToken(room, r.data.seatToken);
  const seated = known !== undefined && known.seat !== null;
  // Someone the table holds while away (the host watching their bots, a restored watcher) adds no one
  // to the gallery by coming back, so passes a full one as a seat's owner does; another tab of a
  // watcher who is here is one more place (29 watchers at a cap of 20, with tokens).
  const heldAway = known !== undefined && known.sessions.size === 0;
  const spectating = !seated && !heldAway && (r.data.spectate === true || gameOn(room) || room.seating.firstFree() < 0);
  const full = room.config.edge.admit({
    seated,
    spectating,
    spectators: room.state.spectators,
    tabs: known?.sessions.size ?? 0,
  });
  if (full !== null) throw new ServerError(403, full);
  return { ...r.data, name };
}

/**
 * The person a seat token belongs to: by the token itself, or, restored from the record and not yet
 * back, by its hash (arrive() rekeys them). Without the second, a restored seat's owner counted as a
 * stranger, and a table full of spectators kept them out of their own seat.
 */
function personByToken(room: PeopleHost, token: string): Person | undefined {
  return room.seating.people.get(token) ?? room.seating.people.get(HASHED + tokenHash(token));
}

/** The table's person a join's options name by seat token, if any (read before the options are checked). */
export function personOfJoin(room: PeopleHost, options: unknown): Person | undefined {
  const token = (options as { seatToken?: unknown } | undefined)?.seatToken;
  return typeof token === 'string' && SEAT_TOKEN.test(token) ? personByToken(room, token) : undefined;
}

/** onJoin: a new person (seated if a seat is free and no game runs) or one returning by token. */
export function arrive(room: PeopleHost, client: Client, auth: JoinOptions): void {
  // A restored table waits out its people's grace even if a visitor comes and goes meanwhile: they
  // have no reservation with Colyseus, so its own count of clients would close the table.
  if (!room.autoDispose && !room.restoredGrace) room.autoDispose = true;
  const seating = room.seating;
  const firstEver = seating.host === null && seating.people.size === 0;
  // Someone restored from the record comes back with the token whose hash we kept.
  if (auth.seatToken) seating.rekey(HASHED + tokenHash(auth.seatToken), auth.seatToken);
  const { person, returning, back } = seating.arrive(auth.name, auth.seatToken);
  if (firstEver && auth.settings) room.applySettings(auth.settings);
  const others = [...seating.people.values()].filter((p) => p !== person).map((p) => p.name);
  const taken = [...others, ...seating.slots.map((o) => (o?.kind === 'bot' ? o.name : ''))];
  if (!returning || (room.state.status !== 'playing' && person.seat === null))
    person.name = uniqueName(auth.name, taken);
  person.sessions.add(client.sessionId);
  room.tokenOf.set(client.sessionId, person.token);
  room.config.edge.bind(client, room.roomId, person.token);
  if (seating.host === null) seating.host = person.token;
  if (person.seat === null && !auth.spectate && !gameOn(room)) {
    const free = seating.firstFree();
    if (free >= 0) seating.sit(person, free);
  }
  client.view = tunedView();
  expectJoined(room, client);
  // Someone watching comes and goes without a line in the game's log (a spectator's reload said
  // 'left' and 'joined' to every player); the count of those watching says it.
  if (person.seat !== null || (!returning && !back)) {
    room.log.add(returning || back ? 'returned' : 'joined', { seat: person.seat ?? -1, text: person.name });
  }
  room.config.edge.log.info({ table: room.roomId, seat: person.seat ?? -1, session: client.sessionId }, 'joined');
  refreshSeats(room);
  sendSeat(room, person, true);
  room.afterChange();
}

/**
 * onLeave: a dropped connection of someone the table needs back gets its grace (reconnectSeconds,
 * bounded by TABLE_UNCLAIMED_SECONDS before the first game: unclaimed.ts):
 * a seated person, the host (a host watching their bots and reloading closed the table, game and
 * all), or the last one connected. Any other watcher is simply gone: a grace reserves a place in the
 * room, and thirty watchers coming and going locked a table against its own players.
 */
export async function leave(room: PeopleHost, client: Client, consented: boolean): Promise<void> {
  const person = room.personOf(client);
  if (!person) return;
  person.sessions.delete(client.sessionId);
  // A connection dropped for abuse gets no grace: its person may come back by token, as a new
  // connection that carries their strikes (edge.ts).
  const needed = person.seat !== null || room.seating.isHost(person) || room.clients.length === 0;
  if (!consented && needed && !room.disposed && !room.config.edge.wasDropped(client)) {
    person.pending++;
    refreshSeats(room);
    room.afterChange();
    try {
      const again = await room.allowReconnection(client, graceSeconds(room));
      room.config.edge.reconnected(client, again);
      person.pending--;
      person.sessions.add(client.sessionId);
      if (person.seat !== null) room.log.add('returned', { seat: person.seat, text: person.name });
      refreshSeats(room);
      room.afterChange();
      return;
    } catch {
      person.pending--;
    }
  }
  room.tokenOf.delete(client.sessionId);
  departed(room, person);
}

/** A person's last connection is gone for good (left, or the reconnection time ran out). */
export function departed(room: PeopleHost, person: Person): void {
  if (person.sessions.size > 0 || person.pending > 0) return;
  room.lastSeatSent.delete(person.token);
  if (gameOn(room) && person.seat !== null) {
    // The seat stays theirs (the token takes it back); the bot plays it meanwhile.
    if (room.seating.host === person.token) room.seating.handOnHost();
    room.log.add('botTookOver', { seat: person.seat, text: person.name });
  } else {
    const seat = person.seat;
    room.seating.forget(person);
    if (seat !== null) clearPrivate(room.state.players[seat] as PlayerSlot);
    if (seat !== null) room.log.add('left', { seat, text: person.name });
  }
  refreshSeats(room);
  room.afterChange();
}

/**
 * A game runs, or a start waits for its record (gameFlow.startGame): either way the seats are the
 * game's, so a newcomer watches and someone gone keeps their seat for the bot to play.
 */
function gameOn(room: PeopleHost): boolean {
  return room.state.status === 'playing' || room.starting;
}

/** The person's seat and host flag, to their own clients, only when it changed (unless forced). */
function sendSeat(room: PeopleHost, person: Person, force = false): void {
  const msg: SeatMessage = { seatToken: person.token, seat: person.seat ?? -1, host: room.seating.isHost(person) };
  const key = `${msg.seat}:${msg.host}`;
  if (!force && room.lastSeatSent.get(person.token) === key) return;
  room.lastSeatSent.set(person.token, key);
  for (const c of room.clients) if (room.tokenOf.get(c.sessionId) === person.token) c.send('seat', msg);
}

/** Slots, views and counts from the seating: who sits where, who is present, who is host. */
export function refreshSeats(room: PeopleHost): void {
  const s = room.seating;
  room.state.players.forEach((slot, i) => {
    const o = s.slots[i] ?? null;
    const p = s.personAt(i);
    setField(slot, 'occupied', o !== null);
    setField(slot, 'name', s.nameAt(i));
    setField(slot, 'bot', o?.kind === 'bot');
    setField(slot, 'strength', o?.kind === 'bot' ? o.strength : '');
    setField(slot, 'connected', o?.kind === 'bot' || (p !== null && s.present(p)));
    setField(slot, 'host', p !== null && s.isHost(p));
    setField(slot, 'standIn', p !== null && s.botPlays(i));
  });
  let watching = 0;
  for (const c of room.clients) {
    const p = room.personOf(c);
    if (!p || p.seat === null) watching++;
    const view = c.view;
    if (!view) continue;
    // Each client's own view holds exactly its own slot: its hand and nobody else's (R11.2).
    room.state.players.forEach((slot, i) => {
      const mine = p?.seat === i;
      if (mine && !view.has(slot)) view.add(slot);
      if (!mine && view.has(slot)) hideSlot(view, slot);
    });
  }
  setField(room.state, 'spectators', watching);
  for (const p of s.people.values()) sendSeat(room, p);
}

/**
 * Takes a slot out of a client's view, its hand array included. StateView.remove(slot) (schema
 * 3.0.76) sends the deletion of the slot's @view fields but leaves the hand array itself visible: its
 * later changes kept reaching this client, so someone who left a seat (stood up to watch, moved, or
 * was moved when the game closed up the seats) received the cards of whoever was dealt into it next.
 */
function hideSlot(view: StateView, slot: PlayerSlot): void {
  view.remove(slot);
  view.remove(slot.hand);
}
