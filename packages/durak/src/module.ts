/**
 * Battle of Durak as a game module (@blaze/game's contract), built on the pure rules of this
 * package. Kept apart from the rules' root so that importing the rules pulls in no zod.
 */
import { type Due, type GameModule, type LogFields, type Outcome, type Result, refuse } from '@blaze/game';
import { z } from 'zod';
import { decide, STRENGTHS } from './bots/index.js';
import { type Card, cost, isCard, suitOf } from './cards.js';
import {
  type Action,
  applyAction,
  awaitedSeat,
  createGame,
  type ErrorCode,
  type Event,
  forcedAction,
  legalActions,
  redactEvent,
  type Seat,
  type State,
  type View,
  viewFor,
} from './engine.js';

/** Bumped when a rule changes how a recorded game replays; records name it. */
export const DURAK_RULES_VERSION = 1;

/** D2.3: ambush at any count, team at exactly 4; D3.1: the dealer. Deck stacking is for tests only. */
export const durakOptionsSchema = z
  .object({
    players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
    ambush: z.boolean(),
    team: z.boolean(),
    dealer: z.number().int().min(0).max(3).optional(),
  })
  .strict()
  .refine((o) => !o.team || o.players === 4, { message: 'Team battle needs exactly 4 players.', path: ['team'] })
  .refine((o) => o.dealer === undefined || o.dealer < o.players, {
    message: 'dealer must be a seat of this game',
    path: ['dealer'],
  });

export type DurakOptions = z.infer<typeof durakOptionsSchema>;

const PLAYER_TYPES = ['attack', 'defend', 'retreat', 'end'] as const;

const EVENT_TYPES: readonly Event['type'][] = [
  'attacked',
  'defended',
  'retreated',
  'ended',
  'passed',
  'battleOver',
  'drew',
  'deckDepleted',
  'left',
  'token',
  'gameOver',
];

/**
 * Due roles pick the clock (DT4): 'open' 30 s, 'continue' 20 s, 'defend' 30 s, 'ambush' 15 s.
 * 'auto' is a forced step (DT3): the table waits its random delay, then applies onTimeout. The role
 * depends on a hand, so the table must not show it to anyone.
 */
export type DurakRole = 'open' | 'continue' | 'defend' | 'ambush' | 'auto';

export function roleOf(s: State): DurakRole | null {
  const seat = awaitedSeat(s);
  if (seat === null) return null;
  if (forcedAction(s) !== null) return 'auto';
  if (s.table.some((p) => p.defence === null)) return 'defend';
  if (s.ambusher !== null) return 'ambush';
  return s.table.length === 0 ? 'open' : 'continue';
}

function due(s: State): Due[] {
  const seat = awaitedSeat(s);
  const role = roleOf(s);
  return seat === null || role === null ? [] : [{ seat, role }];
}

/** DT3 and DT4: the forced step, else the deadline's default (lowest card, end, retreat, pass). */
export function timeoutAction(s: State, d: Due): Action | null {
  const seat = awaitedSeat(s);
  if (seat === null || d.seat !== seat) return null;
  const forced = forcedAction(s);
  if (forced !== null) return forced;
  if (s.table.some((p) => p.defence === null)) return { type: 'retreat', seat };
  if (s.table.length > 0) return { type: 'end', seat };
  const trump = suitOf(s.trump);
  const hand = [...(s.hands[seat] as Card[])].sort((a, b) => cost(a, trump) - cost(b, trump));
  return hand[0] === undefined ? null : { type: 'attack', seat, card: hand[0] };
}

function parseAction(raw: unknown, seat: Seat): Result<Action, { code: ErrorCode; message: string }> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return refuse('MALFORMED', 'An action must be an object.');
  }
  let type: unknown;
  let card: unknown;
  try {
    // One read of each field: getters and proxies cannot answer differently later.
    type = (raw as Record<string, unknown>).type;
    card = (raw as Record<string, unknown>).card;
  } catch {
    return refuse('MALFORMED', 'The action could not be read.');
  }
  if (type === 'retreat' || type === 'end') return { ok: true, value: { type, seat } };
  if (type === 'attack' || type === 'defend') {
    if (!isCard(card)) return refuse('MALFORMED', 'An attack or defence needs a card id.');
    return { ok: true, value: { type, seat, card } };
  }
  return refuse('MALFORMED', 'Unknown action type.');
}

/** Ranks best first: finish places in order, then the durak; in team battle the winning team first. */
export function outcomeOf(s: State): Outcome {
  if (!s.over) return { over: false, scores: [], ranks: [], winners: [], losers: [] };
  let ranks: Seat[][];
  if (s.team) {
    ranks = s.losers.length === 0 ? [[...s.winners]] : [[...s.winners], [...s.losers]];
  } else {
    ranks = s.places.map((g) => [...g]);
    if (s.losers.length > 0) ranks.push([...s.losers]);
  }
  return { over: true, scores: [], ranks, winners: [...s.winners], losers: [...s.losers] };
}

function logFields(e: Event): LogFields {
  switch (e.type) {
    case 'attacked':
      return { seat: e.seat, cards: [e.card], text: e.role };
    case 'defended':
      return { seat: e.seat, cards: [e.card] };
    case 'retreated':
      return { seat: e.seat, cards: e.cards };
    case 'ended':
    case 'passed':
      return { seat: e.seat };
    case 'battleOver':
      return { value: e.graveyard, text: e.defended ? 'defended' : 'retreat' };
    case 'drew':
      return e.trump === undefined
        ? { seat: e.seat, value: e.count }
        : { seat: e.seat, value: e.count, cards: [e.trump] };
    case 'deckDepleted':
      return {};
    case 'left':
      return { text: e.seats.join(','), value: e.place };
    case 'token':
      return { seat: e.attacker, other: e.defender };
    case 'gameOver':
      return { text: `winners ${e.winners.join(',')}; losers ${e.losers.join(',')}` };
  }
}

export const durakModule: GameModule<State, Action, View, Event, DurakOptions, ErrorCode> = {
  id: 'durak',
  version: DURAK_RULES_VERSION,
  seats: { min: 2, max: 4 },
  options: {
    schema: durakOptionsSchema,
    defaults: (players) => ({ players: players as 2 | 3 | 4, ambush: false, team: false }),
    players: (o) => o.players,
  },
  actionTypes: { player: PLAYER_TYPES, system: [] },
  setup: (o, seed) =>
    createGame({
      players: o.players,
      seed,
      ambush: o.ambush,
      team: o.team,
      ...(o.dealer === undefined ? {} : { dealer: o.dealer }),
    }),
  parseAction,
  apply: applyAction,
  legal: legalActions,
  view: viewFor,
  redact: redactEvent,
  due,
  onTimeout: (s, d) => timeoutAction(s, d),
  outcome: outcomeOf,
  bots: { strengths: STRENGTHS, decide },
  log: { keys: EVENT_TYPES, fields: logFields },
};
