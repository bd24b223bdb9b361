/**
 * Every message a client sends: rate limit, size, shape, then a game action (judged by the rules
 * through gameFlow.act) or a table request (seats, bots, settings, start, chat). Refusals go to the
 * sender only, through the edge.
 */
import {
  type ClientMessage,
  type ClientMessageType,
  type ErrorMessage,
  isClientMessageType,
  parseClientMessage,
  type TableSettings,
} from '@blaze/protocol';
import type { PlayerSlot } from '@blaze/protocol/schema';
import type { Client } from '@colyseus/core';
import { genericMessage } from '../table/generic.js';
import { type MoveHost, SWITCH_GAME, switchGame } from '../tableMove.js';
import type { Refusal } from './config.js';
import { act, type GameFlowHost, NOT_RECORDED, STARTING, startGame } from './gameFlow.js';
import type { TableHost } from './host.js';
import { clearPrivate } from './mirror.js';
import { sayReady } from './readyCheck.js';
import type { Person, SeatError } from './seating.js';

/** What a client's message needs of the table. */
export type MessageHost = Pick<
  TableHost,
  | 'afterChange'
  | 'applySettings'
  | 'broadcastPatch'
  | 'chat'
  | 'config'
  | 'disposed'
  | 'game'
  | 'log'
  | 'module'
  | 'onUncaughtException'
  | 'personOf'
  | 'recorder'
  | 'refreshSeats'
  | 'roomId'
  | 'seating'
  | 'starting'
  | 'state'
> &
  GameFlowHost &
  MoveHost;

/**
 * The table's own requests; every other client message is a game action, judged by the table's game
 * (its module: the types it knows, parseAction, apply).
 */
const TABLE_REQUESTS = new Set<ClientMessageType>([
  'sit',
  'leave',
  'addBot',
  'botStrength',
  'removeBot',
  'kick',
  'settings',
  'start',
  'rematch',
  'ready',
  'chat',
]);

export function onAnyMessage(room: MessageHost, client: Client, type: string | number, payload: unknown): void {
  // The rates were charged before the payload was decoded (frameGuard.ts, Edge.admitFrame).
  const request = String(type).slice(0, 40);
  // The host moves the table to another game (tableMove.ts).
  if (type === SWITCH_GAME) {
    switchGame(room, client, payload);
    return;
  }
  // A game other than Blaze answers its own actions, start and lobby options (table/generic.ts).
  if (genericMessage(room, client, type, payload)) return;
  // A system action (a clock's: Blaze's closeWindow) is the table's alone: from a client, no message.
  if (!isClientMessageType(type) || room.module.actionTypes.system.includes(type as never)) {
    refuse(room, client, request, { code: 'UNKNOWN_ACTION', message: `Unknown message type ${request}.` });
    return;
  }
  if (sizeOf(payload) > room.config.maxMessageChars) {
    refuse(room, client, request, { code: 'TOO_LARGE', message: 'That message is too large.' });
    return;
  }
  const parsed = parseClientMessage(type, payload);
  if (!parsed.ok) {
    refuse(room, client, request, { code: 'MALFORMED', message: parsed.message });
    return;
  }
  const person = room.personOf(client);
  if (!person) {
    refuse(room, client, request, { code: 'NOT_SEATED', message: 'Join the table first.' });
    return;
  }
  const refusal = !TABLE_REQUESTS.has(type)
    ? onGameMessage(room, person, type, parsed.value)
    : onTableMessage(room, person, type, parsed.value);
  if (refusal) refuse(room, client, request, refusal);
}

function refuse(room: MessageHost, client: Client, request: string, r: Refusal): void {
  const msg: ErrorMessage = { code: r.code, message: r.message, request };
  if (r.params) msg.params = r.params;
  room.config.edge.refuse(client, room.roomId, msg);
}

function onGameMessage(room: MessageHost, person: Person, type: ClientMessageType, m: unknown): Refusal | null {
  // A message of a game, but not of this table's: as malformed as a move without its cards.
  if (!room.module.actionTypes.player.includes(type as never)) {
    return { code: 'MALFORMED', message: `This table's game has no ${type} message.` };
  }
  if (person.seat === null) return { code: 'SPECTATOR', message: 'Spectators watch; take a seat to play.' };
  if (room.state.status !== 'playing' || room.game === null) {
    return { code: 'WRONG_PHASE', message: 'No game is running.' };
  }
  // The message is the action less its seat: the seat is the one the table knows for this person.
  const parsed = room.module.parseAction({ ...(m as object), type }, person.seat);
  if (!parsed.ok) return parsed.error;
  return act(room, parsed.value, 'person');
}

function onTableMessage(room: MessageHost, person: Person, type: ClientMessageType, m: unknown): Refusal | null {
  const s = room.seating;
  if (type === 'chat') {
    const line = room.chat.say(person.name, person.seat ?? -1, (m as ClientMessage<'chat'>).text);
    let unrecorded = false;
    room.recorder.write(
      [line],
      () => {
        if (room.disposed) return;
        room.chat.put(line.seq, line.at, line.name, line.seat, line.text);
        room.broadcastPatch();
      },
      () => {
        unrecorded = true;
      },
    );
    // Not shown, and the sender told so (it vanished without a word).
    return unrecorded ? NOT_RECORDED : null;
  }
  if (room.state.status === 'playing') return { code: 'GAME_RUNNING', message: 'Not while a game is running.' };
  if (type === 'ready') return room.starting ? STARTING : sayReady(room, person);
  // Seats, bots, settings and a second start wait until the start being written is on record.
  if (room.starting) return STARTING;
  const hostOnly = type !== 'sit' && type !== 'leave';
  if (hostOnly && !s.isHost(person)) return { code: 'NOT_HOST', message: 'Only the host may do that.' };
  let err: SeatError | null = null;
  const before = person.seat;
  switch (type) {
    case 'sit':
      err = s.sit(person, (m as ClientMessage<'sit'>).seat);
      break;
    case 'leave':
      s.stand(person);
      break;
    case 'addBot':
      err = s.addBot(
        (m as ClientMessage<'addBot'>).seat,
        (m as ClientMessage<'addBot'>).strength,
        room.state.scoreboard.map((row) => row.name),
      );
      break;
    case 'botStrength':
      err = s.setBotStrength((m as ClientMessage<'botStrength'>).seat, (m as ClientMessage<'botStrength'>).strength);
      break;
    case 'removeBot':
      err = s.removeBot((m as ClientMessage<'removeBot'>).seat);
      break;
    case 'kick': {
      const slot = (m as ClientMessage<'kick'>).seat;
      const target = s.personAt(slot);
      if (s.slots[slot]?.kind === 'bot') err = s.removeBot(slot);
      else if (!target) err = { code: 'SEAT_EMPTY', message: 'Nobody sits there.' };
      else if (target === person) err = { code: 'BAD_SEAT', message: 'You cannot kick yourself; leave instead.' };
      else {
        s.stand(target);
        room.log.add('kicked', { seat: slot, text: target.name });
      }
      break;
    }
    case 'settings':
      room.applySettings(m as Partial<TableSettings>);
      break;
    case 'start':
    case 'rematch':
      return startGame(room, (m as ClientMessage<'start'>).firstSeat, { token: person.token, request: type });
  }
  if (err) return err;
  if (before !== null && before !== person.seat) clearPrivate(room.state.players[before] as PlayerSlot);
  for (let i = 0; i < s.seats; i++) if (s.slots[i] === null) clearPrivate(room.state.players[i] as PlayerSlot);
  room.refreshSeats();
  room.afterChange();
  return null;
}

function sizeOf(payload: unknown): number {
  try {
    return JSON.stringify(payload ?? null)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
