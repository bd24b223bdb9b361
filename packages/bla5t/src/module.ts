/**
 * Bla5t as a game module (@blaze/game's contract), over the engine in this package: several seats
 * due at once (looks, Helmut windows, XT1), XT4 defaults on timeout, the outcome from the totals.
 */
import {
  type GameModule,
  type LogFields,
  type Outcome,
  type Result,
  refuse,
  type Seat,
  type SeatBot,
} from '@blaze/game';
import type { SearchBudget } from '@blaze/game/search';
import { z } from 'zod';
import { easyDecide } from './bots.js';
import { ALL_BOSSES, ALL_HEROES } from './cards.js';
import { applyAction, createGame, PLAYER_TYPES, SYSTEM_TYPES } from './engine.js';
import { NormalBot } from './memory.js';
import { StrongBot, type StrongMemory } from './strong.js';
import type { Action, ErrorCode, Event, State, View } from './types.js';
import { awaiting, legalActions, redactEvent, viewFor } from './view.js';

/** Bumped when a rule changes how a recorded game replays. */
export const BLA5T_RULES_VERSION = 1;

const HEROES_WHY = 'heroes: 4 different heroes, Lola and Leo together (X12.7)';
const BOSSES_WHY = 'bossSet: 2 different bosses of Gordon, Futura, Fawkes and Maga (X12.7)';

/** X2.2: the table options a host may set (decks are for tests only, never from a host). */
export const bla5tOptionsSchema = z
  .object({
    players: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    advanced: z.boolean().optional(),
    eleration: z.boolean().optional(),
    bosses: z.boolean().optional(),
    maxScore: z.union([z.literal(50), z.literal(100), z.literal(1000)]).optional(),
    dealer: z.number().int().min(0).max(4).optional(),
    /** X12.7: the host's public set in `advanced`. */
    heroes: z
      .array(z.enum(ALL_HEROES as [string, ...string[]], { error: HEROES_WHY }), { error: HEROES_WHY })
      .length(4, { error: HEROES_WHY })
      .optional(),
    bossSet: z
      .array(z.enum(ALL_BOSSES as [string, ...string[]], { error: BOSSES_WHY }), { error: BOSSES_WHY })
      .length(2, { error: BOSSES_WHY })
      .optional(),
  })
  .strict()
  .refine((o) => o.dealer === undefined || o.dealer < o.players, {
    message: 'dealer must be a seat',
    path: ['dealer'],
  })
  .refine(
    (o) =>
      o.heroes === undefined ||
      (new Set(o.heroes).size === 4 && o.heroes.includes('h:lola') === o.heroes.includes('h:leo')),
    { message: HEROES_WHY, path: ['heroes'] },
  )
  .refine((o) => o.bossSet === undefined || new Set(o.bossSet).size === 2, {
    message: BOSSES_WHY,
    path: ['bossSet'],
  });

export type Bla5tOptions = z.infer<typeof bla5tOptionsSchema>;

const slot = z.number().int().min(0).max(40);
const where = z.object({ seat: z.number().int().min(0).max(5), slot }).strict();
const card = z.string().max(16);

/** The wire messages: an action less `seat` (the table adds it). `timeout` is the table's alone. */
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('look'), slots: z.array(slot).max(8) }).strict(),
  z.object({ type: z.literal('draw') }).strict(),
  z.object({ type: z.literal('keep'), card }).strict(),
  z.object({ type: z.literal('discardDrawn') }).strict(),
  z.object({ type: z.literal('placeDrawn'), slot }).strict(),
  z.object({ type: z.literal('take'), slot }).strict(),
  z.object({ type: z.literal('match'), slot }).strict(),
  z.object({ type: z.literal('flip'), slot }).strict(),
  z
    .object({
      type: z.literal('power'),
      targets: z.array(where).max(40),
      swap: z.boolean().optional(),
      seating: z.array(z.number().int().min(0).max(4)).max(5).optional(),
    })
    .strict(),
  z.object({ type: z.literal('swap'), slot: slot.nullable() }).strict(),
  z.object({ type: z.literal('skipPower') }).strict(),
  z.object({ type: z.literal('claim'), slot: slot.optional(), helmut: z.boolean() }).strict(),
  z.object({ type: z.literal('blast') }).strict(),
  z.object({ type: z.literal('endTurn') }).strict(),
  z.object({ type: z.literal('carryOver'), use: z.array(z.enum(['jimbo', 'duo', 'enzo'])).max(3) }).strict(),
  z.object({ type: z.literal('changeSet'), heroes: z.array(card).max(4), bossSet: z.array(card).max(2) }).strict(),
]);

type Code = ErrorCode | 'UNKNOWN_ACTION';

function parseAction(raw: unknown, seat: Seat): Result<Action, { code: Code; message: string }> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return refuse('MALFORMED', 'An action is an object.');
  let type: unknown;
  try {
    type = (raw as { type?: unknown }).type;
  } catch {
    return refuse('MALFORMED', 'The action could not be read.');
  }
  if ((SYSTEM_TYPES as readonly unknown[]).includes(type)) return refuse('UNKNOWN_ACTION', 'Only the table times out.');
  let parsed: ReturnType<typeof messageSchema.safeParse>;
  try {
    parsed = messageSchema.safeParse(raw);
  } catch {
    return refuse('MALFORMED', 'The action could not be read.');
  }
  if (!parsed.success) return refuse('MALFORMED', parsed.error.issues[0]?.message ?? 'Malformed action.');
  return { ok: true, value: { ...parsed.data, seat } as Action };
}

const EVENT_TYPES: readonly ModuleEvent['type'][] = [
  'roundStarted',
  'looked',
  'drew',
  'drewTwo',
  'discarded',
  'placed',
  'took',
  'matched',
  'penalty',
  'flipped',
  'swapped',
  'shuffled',
  'powerUsed',
  'powerSkipped',
  'helmutWindow',
  'claimed',
  'cancelled',
  'reshuffled',
  'extraTurn',
  'turn',
  'skipped',
  'blast',
  'setChosen',
  'seated',
  'timedOut',
  'revealed',
  'scored',
  'gameOver',
];

/** A public log line's fields (X1.5): read from an event already redacted for nobody. */
function logFields(e: ModuleEvent): LogFields {
  switch (e.type) {
    case 'looked':
      return e.at === 'drawPile'
        ? { seat: e.seat, text: 'drawPile' }
        : { seat: e.seat, other: e.at.seat, value: e.at.slot };
    case 'drew':
    case 'drewTwo':
    case 'turn':
    case 'skipped':
    case 'blast':
    case 'extraTurn':
      return { seat: e.seat };
    case 'discarded':
      return { seat: e.seat, cards: [e.card] };
    case 'placed':
      return { seat: e.seat, value: e.slot, cards: [e.out] };
    case 'took':
      return { seat: e.seat, value: e.slot, cards: [e.card, e.out] };
    case 'matched':
      return { seat: e.seat, value: e.slot, cards: [e.card], text: e.ok ? 'ok' : 'wrong' };
    case 'penalty':
      return { seat: e.seat, value: e.slot };
    case 'flipped':
      return { seat: e.seat, other: e.at.seat, value: e.at.slot, ...(e.card ? { cards: [e.card] } : {}) };
    case 'swapped':
      return { seat: e.seat, other: e.b.seat, text: `${e.a.seat}.${e.a.slot}<->${e.b.seat}.${e.b.slot}` };
    case 'shuffled':
      return { seat: e.seat, text: `${e.slots[0]},${e.slots[1]}` };
    case 'powerUsed':
      // Its targets are public (X1.5); Daisy's discard names its slot nowhere else.
      return { seat: e.seat, cards: [e.card], text: e.targets.map((w) => `${w.seat}.${w.slot}`).join(' ') };
    case 'powerSkipped':
      return { seat: e.seat, cards: [e.card] };
    case 'helmutWindow':
      return { seat: e.seat, text: e.at.map((w) => `${w.seat}.${w.slot}`).join(' ') };
    case 'claimed':
      return { seat: e.seat, value: e.slot, ...(e.card ? { cards: [e.card] } : {}) };
    case 'cancelled':
      return { seat: e.seat, other: e.at.seat, value: e.at.slot };
    case 'reshuffled':
      return { value: e.count };
    case 'timedOut':
      return { ...(e.seat !== null ? { seat: e.seat } : {}), text: e.step };
    case 'roundStarted':
      return { seat: e.first, value: e.round, cards: [e.discardTop] };
    case 'revealed':
      return { cards: e.layouts.flat().filter((c): c is string => c !== null) };
    case 'scored':
      return { value: e.round, text: e.scores.join(' ') };
    case 'gameOver':
      return { text: e.winners.join(' ') };
    case 'setChosen':
      return { seat: e.seat };
    case 'seated':
      return { seat: e.seat, text: e.seating.join(' ') };
    default:
      return {};
  }
}

/**
 * Players and seats: the table knows a person by the seat they started in (a player); Stephania
 * (X12.5) moves players between seats, so the module turns a player into their current seat on the
 * way in and back on the way out. Without Stephania the two are the same.
 */
const seatOfPlayer = (s: State, p: Seat): Seat =>
  Number.isInteger(p) && p >= 0 && p < s.n ? (s.seatOf[p] as Seat) : p;
const playerAtSeat = (s: State, seat: Seat): Seat => s.seatOf.indexOf(seat);
const PRIVATE: ReadonlySet<string> = new Set(['looked', 'drew', 'drewTwo', 'shuffled', 'setChosen']);

/** A module event: a private one also names the player it belongs to (`by`), for redaction. */
export type ModuleEvent = Event & { by?: number };

function apply(state: State, action: Action) {
  const a = action as { seat?: unknown };
  const moved =
    typeof a === 'object' && a !== null && typeof a.seat === 'number' && state?.seatOf
      ? ({ ...action, seat: seatOfPlayer(state, a.seat) } as Action)
      : action;
  const r = applyAction(state, moved);
  if (!r.ok) return r;
  let map = state.seatOf;
  const events: ModuleEvent[] = r.events.map((e) => {
    const out = PRIVATE.has(e.type) ? { ...e, by: map.indexOf((e as { seat: Seat }).seat) } : e;
    if (e.type === 'seated') map = r.state.seatOf;
    return out;
  });
  return { ok: true as const, state: r.state, events };
}

/** The bot answers for its seat; the table knows it as the player sitting there. */
function asPlayer(view: View, a: Action | null): Action | null {
  return a === null || a.type === 'timeout' ? a : ({ ...a, seat: view.seatOf.indexOf(a.seat) } as Action);
}

/**
 * XT5: a bot with its memory (normal or strong), for the table (GameBots.create). It hears the events as its
 * player may see them (redacted by the table). Its memory is of its seat's slots: should Stephania
 * (X12.5) move its player to another seat, it starts again from what it sees there.
 */
function memorySeatBot(
  player: Seat,
  rnd: () => number,
  make: (seat: Seat) => {
    observe(e: Event): void;
    decide(v: View, rnd: () => number): Action | null;
    memory?(): StrongMemory;
    decided?(v: View, chosen: Action | null): void;
  },
): SeatBot<Action, View, ModuleEvent> {
  let bot = make(player);
  let seat = player;
  /** The bot of the view's seat (a new one, knowing nothing, when Stephania moved its player). */
  const at = (view: View) => {
    if (view.viewer !== null && view.viewer !== seat) {
      seat = view.viewer;
      bot = make(seat);
    }
    return bot;
  };
  return {
    observe(e) {
      const { by: _by, ...event } = e;
      bot.observe(event as Event);
    },
    decide(view) {
      if (view.viewer === null) return null;
      return asPlayer(view, at(view).decide(view, rnd));
    },
    ...(bot.memory
      ? {
          memory: (view: View) => (view.viewer === null ? null : (at(view).memory?.() ?? null)),
          decided: (view: View, a: Action | null) => {
            if (view.viewer === null) return;
            const mine = a === null || a.type === 'timeout' ? a : ({ ...a, seat: view.seatOf[a.seat] } as Action);
            at(view).decided?.(view, mine);
          },
        }
      : {}),
  };
}

/**
 * XT5's normal or strong move for a table's view, from a strong bot's memory (SeatBot.memory) instead
 * of the bot: the move the bot itself would make with the same random stream. The server's search
 * threads decide so; the table then tells the bot its move (SeatBot.decided).
 */
export function decideFromMemory(
  strength: 'normal' | 'strong',
  memory: StrongMemory,
  view: View,
  rnd: () => number,
  budget?: SearchBudget,
): Action | null {
  if (view.viewer !== memory.seat) return null;
  const bot = StrongBot.from(memory, budget);
  return asPlayer(view, strength === 'strong' ? bot.decide(view, rnd) : bot.normalDecide(view, rnd));
}

function redact(e: ModuleEvent, viewer: Seat | null): ModuleEvent | null {
  if (PRIVATE.has(e.type) && e.by !== undefined) return e.by === viewer ? e : redactEvent(e, null);
  return redactEvent(e, viewer);
}

function due(s: State): { seat: Seat | null; role: string }[] {
  if (s.over) return [];
  const a = awaiting(s);
  const role = ['look', 'helmut', 'blast', 'carry', 'maga', 'fawkes', 'change'].includes(a.kind) ? a.kind : 'turn';
  return a.seats.map((seat) => ({ seat: playerAtSeat(s, seat), role }));
}

/** X10.1: the lowest total wins; ranks by total, ties sharing a place. */
function outcome(s: State): Outcome {
  if (!s.over) return { over: false, scores: [...s.totals], ranks: [], winners: [], losers: [] };
  const seats = Array.from({ length: s.n }, (_, p) => p).sort(
    (a, b) => (s.totals[a] as number) - (s.totals[b] as number),
  );
  const ranks: Seat[][] = [];
  let last: number | null = null;
  for (const p of seats) {
    const t = s.totals[p] as number;
    if (last === t) (ranks.at(-1) as Seat[]).push(p);
    else ranks.push([p]);
    last = t;
  }
  return { over: true, scores: [...s.totals], ranks, winners: [...s.winners], losers: [] };
}

export const bla5tModule: GameModule<State, Action, View, ModuleEvent, Bla5tOptions, Code> = {
  id: 'bla5t',
  version: BLA5T_RULES_VERSION,
  seats: { min: 2, max: 5 },
  options: {
    schema: bla5tOptionsSchema,
    defaults: (players) => ({ players: players as 2 | 3 | 4 | 5 }),
    players: (o) => o.players,
  },
  actionTypes: { player: PLAYER_TYPES, system: SYSTEM_TYPES },
  setup: (o, seed) => createGame({ ...o, seed }),
  parseAction,
  apply,
  legal: (state, player) =>
    legalActions(state, seatOfPlayer(state, player)).map((a) => ({ ...a, seat: player }) as Action),
  view: (state, viewer) => viewFor(state, viewer === null ? null : seatOfPlayer(state, viewer)),
  redact,
  due,
  onTimeout: (_state, d) => (d.seat === null ? { type: 'timeout' } : { type: 'timeout', seat: d.seat }),
  outcome,
  bots: {
    strengths: ['easy', 'normal', 'strong'],
    decide: (strength, view, rnd) => {
      // Without its events a bot knows only what the view shows (the table uses `create`): strong
      // then cannot account for the discard pile and plays as normal.
      const a =
        strength === 'easy'
          ? easyDecide(view, rnd)
          : strength === 'normal' && view.viewer !== null
            ? new NormalBot(view.viewer).decide(view, rnd)
            : strength === 'strong' && view.viewer !== null
              ? new StrongBot(view.viewer).decide(view, rnd)
              : null;
      return asPlayer(view, a);
    },
    create: (strength, player, rnd) =>
      strength === 'normal'
        ? memorySeatBot(player, rnd, (seat) => new NormalBot(seat))
        : strength === 'strong'
          ? memorySeatBot(player, rnd, (seat) => new StrongBot(seat))
          : null,
  },
  log: { keys: EVENT_TYPES, fields: logFields },
};
