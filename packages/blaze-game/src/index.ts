/**
 * Blaze as a game module (@blaze/game's contract), built from what the rules and the bots already
 * export: nothing of the game is decided here. A separate package because the module needs both the
 * rules and the bots (a bot picks an idle bettor's bet), and the bots depend on the rules.
 */
import { STRENGTHS, strategies, timeoutAction } from '@blaze/bots';
import { type GameModule, type Outcome, type Result, refuse, type Seat } from '@blaze/game';
import { logFieldsOf } from '@blaze/protocol';
import {
  type Action,
  applyAction,
  createGame,
  due,
  type ErrorCode,
  type GameEvent,
  type GameState,
  legalActions,
  type PlayerCount,
  type PlayerView,
  parseAction as parseRulesAction,
  redactEvent,
  viewFor,
} from '@blaze/rules';
import { z } from 'zod';

/** Bumped when a rule changes how a recorded game replays; records name it. */
export const BLAZE_RULES_VERSION = 1;

/** R2.5: the host may choose the start player; otherwise the seed does. */
export const blazeOptionsSchema = z
  .object({
    players: z.union([z.literal(3), z.literal(4), z.literal(5)]),
    startSeat: z.number().int().min(0).max(4).optional(),
  })
  .strict()
  .refine((o) => o.startSeat === undefined || o.startSeat < o.players, {
    message: 'startSeat must be a seat of this game',
    path: ['startSeat'],
  });

export type BlazeOptions = z.infer<typeof blazeOptionsSchema>;

const SYSTEM_TYPES = ['closeWindow'] as const;
const PLAYER_TYPES = ['play', 'reject', 'pass', 'stand', 'bet'] as const;
/** Seats a message may name as `on` before the table's size is known; apply judges the size. */
const MAX_SEATS: PlayerCount = 5;

const EVENT_TYPES: readonly GameEvent['type'][] = [
  'opened',
  'extended',
  'rejected',
  'passed',
  'stood',
  'tookBack',
  'windowClosed',
  'discarded',
  'took',
  'drew',
  'phaseTwo',
  'betPlaced',
  'betsRevealed',
  'feather',
  'roundOver',
  'roundStarted',
  'gameOver',
];

function parseAction(raw: unknown, seat: Seat): Result<Action, { code: ErrorCode; message: string }> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return refuse('MALFORMED', 'An action must be an object.');
  }
  let copy: Record<string, unknown>;
  try {
    // One read of every field: getters and proxies cannot answer differently later. The seat is the
    // table's, whatever the message says.
    copy = { ...(raw as Record<string, unknown>), seat };
  } catch {
    return refuse('MALFORMED', 'The action could not be read.');
  }
  if ((SYSTEM_TYPES as readonly unknown[]).includes(copy.type)) {
    // A clock's action is the table's alone (R5.4): to a client it is not an action at all.
    return refuse('UNKNOWN_ACTION', 'Only the table closes the take-back window.');
  }
  const r = parseRulesAction(copy, MAX_SEATS);
  return r.ok ? { ok: true, value: r.action } : r;
}

/** R10.3–R10.4: the winner first, then by score, ties split by the best round-2 feather. */
function ranksOf(s: GameState): Seat[][] {
  if (!s.over || s.winner === null) return [];
  const best = (seat: Seat) =>
    Math.max(0, ...s.feathers.filter((f) => f.seat === seat && f.round === 2).map((f) => f.value));
  const key = (seat: Seat): [number, number] => [s.scores[seat] ?? 0, best(seat)];
  const rest = Array.from({ length: s.players }, (_, i) => i)
    .filter((seat) => seat !== s.winner)
    .sort((a, b) => key(b)[0] - key(a)[0] || key(b)[1] - key(a)[1] || a - b);
  const ranks: Seat[][] = [[s.winner]];
  let last: [number, number] | null = null;
  for (const seat of rest) {
    const k = key(seat);
    if (last !== null && k[0] === last[0] && k[1] === last[1]) (ranks.at(-1) as Seat[]).push(seat);
    else ranks.push([seat]);
    last = k;
  }
  return ranks;
}

function outcome(s: GameState): Outcome {
  return {
    over: s.over,
    scores: s.scores,
    ranks: ranksOf(s),
    winners: s.winner === null ? [] : [s.winner],
    // Blaze names a loser per round (R8.3), not per game: the game has a winner only (R10.3).
    losers: [],
  };
}

export const blazeModule: GameModule<GameState, Action, PlayerView, GameEvent, BlazeOptions, ErrorCode> = {
  id: 'blaze',
  version: BLAZE_RULES_VERSION,
  seats: { min: 3, max: 5 },
  options: {
    schema: blazeOptionsSchema,
    defaults: (players) => ({ players: players as PlayerCount }),
    players: (o) => o.players,
  },
  actionTypes: { player: PLAYER_TYPES, system: SYSTEM_TYPES },
  // createGame throws only on options the schema refuses; a module's caller has parsed them.
  setup: createGameFrom,
  parseAction,
  apply(state, action) {
    const seat = (action as { seat?: unknown }).seat;
    if (
      seat !== undefined &&
      (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= state.players)
    ) {
      return refuse('BAD_SEAT', 'That is not a seat at this table.');
    }
    return applyAction(state, action);
  },
  legal: legalActions,
  view: viewFor,
  redact: redactEvent,
  due,
  onTimeout: timeoutAction,
  timerRunsOn,
  outcome,
  bots: {
    strengths: STRENGTHS,
    decide(strength, view, rnd) {
      const bot = (STRENGTHS as readonly string[]).includes(strength) ? strategies[strength as 'easy'] : null;
      return bot === null ? null : bot.decide(view, rnd);
    },
  },
  log: { keys: EVENT_TYPES, fields: logFieldsOf },
};

/**
 * Blaze's timing, as the server's room keeps it (apps/server/src/room/blazeLoop.ts): the take-back window
 * runs on until the supporter plays into it again (R5.4: more cards covered); a bettor's clock runs
 * from when betting began; an idle attacker's or target's clock starts again on every move, since the
 * situation changed under them (R5.5), however many others are due.
 */
function timerRunsOn(d: { role: string }, before: GameState, after: GameState): boolean {
  if (d.role === 'bet') return true;
  if (d.role !== 'window') return false;
  const was = before.window;
  const is = after.window;
  return was !== null && is !== null && is.seat === was.seat && is.cards.length === was.cards.length;
}

function createGameFrom(o: BlazeOptions, seed: string): GameState {
  return createGame(
    o.startSeat === undefined ? { players: o.players, seed } : { players: o.players, seed, startSeat: o.startSeat },
  );
}

export * from './table.js';
