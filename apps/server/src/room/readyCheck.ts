/**
 * Rematch as a ready check (issue #40, finding 8): after a game each seated person says they are
 * ready, and the next game starts once every seat is (bots are, and so is a seat the stand-in plays
 * for someone away), or when the host starts it at once. A rematch no longer deals everyone into a
 * game with their clock running while they still read the results.
 */
import type { PlayerSlot } from '@blaze/protocol/schema';
import type { Refusal } from './config.js';
import { type GameFlowHost, startGame } from './gameFlow.js';
import type { Person } from './seating.js';
import { setField } from './sync.js';

/** What the ready check needs of its table (host.ts): its game flow, state and seats. */
type ReadyHost = GameFlowHost;

/** Seat tokens of the people who said ready since the last game ended, per table. */
const readyOf = new WeakMap<ReadyHost, Set<string>>();

function tokens(room: ReadyHost): Set<string> {
  let set = readyOf.get(room);
  if (!set) {
    set = new Set();
    readyOf.set(room, set);
  }
  return set;
}

/** A `ready` message: marked, shown, and the next game started when it was the last one missing. */
export function sayReady(room: ReadyHost, person: Person): Refusal | null {
  if (room.state.status !== 'finished')
    return { code: 'WRONG_PHASE', message: 'Ready is for the next game, once a game has ended.' };
  if (person.seat === null) return { code: 'NOT_SEATED', message: 'Only a seated player can be ready.' };
  tokens(room).add(person.token);
  showReady(room);
  if (!allReady(room)) {
    room.afterChange();
    return null;
  }
  return startGame(room, undefined, { token: person.token, request: 'ready' });
}

/** Every occupied seat ready: a bot, a seat the stand-in plays, or a person who said so. */
function allReady(room: ReadyHost): boolean {
  const s = room.seating;
  const said = tokens(room);
  return s.slots.every((o, i) => {
    if (o === null || o === undefined || s.botPlays(i)) return true;
    const p = s.personAt(i);
    return p !== null && said.has(p.token);
  });
}

/**
 * Each seat's ready flag, as everyone sees it (PlayerSlot.ready; bots and stand-ins always are).
 * Outside the time between games nobody is: a start clears what was said for it.
 */
export function showReady(room: ReadyHost): void {
  const between = room.state.status === 'finished' && !room.starting;
  const said = tokens(room);
  if (!between) said.clear();
  const s = room.seating;
  room.state.players.forEach((slot: PlayerSlot, i) => {
    const p = s.personAt(i);
    const isReady = (s.botPlays(i) || (p !== null && said.has(p.token))) && s.slots[i] != null;
    setField(slot, 'ready', between && isReady);
  });
}
