/**
 * @blaze/game: what a game is, for a table that knows none.
 *
 * In the spirit of boardgame.io's game object (`setup`, `moves`, `endIf`, `playerView`, the
 * framework's `activePlayers`), but typed and pure: a module is a set of functions over plain data,
 * with no I/O, no clock and no randomness but what it is handed (a seed, an `rnd`). The table (server
 * room, practice worker, learn, tests) owns time, people, sockets and records, and asks the module
 * everything about the game. Three games must fit: Blaze (concurrent roles and a table timer),
 * Battle of Durak (teams, losers, ranks) and Bla5t (per-viewer knowledge, one-time private events,
 * several seats due at once).
 *
 * Everything a module returns is data the table may store, send and compare: states, actions,
 * events and views are JSON-safe values, never mutated once made (the conformance suite deep-freezes
 * what it hands in). Refusals are values with a stable `code` (as chessops' Result), never throws:
 * a refusal is the normal answer to a stale or hostile message, and a throw inside a room is an outage.
 *
 * This file imports no game and nothing that runs; the conformance suite is `@blaze/game/conformance`
 * (it needs node and fast-check, so a browser bundle that imports the contract stays small).
 */
import type { ZodType } from 'zod';

/** A seat index, 0-based, in clockwise order. */
export type Seat = number;

/** Who looks: a seat, or null for a spectator (and the public record). */
export type Viewer = Seat | null;

/**
 * A refusal: `code` is stable and worded by each client in its own language from `params`;
 * `message` is English for logs and tests only. Codes are the game's own (a string union per game).
 */
export interface RuleError<Code extends string = string> {
  code: Code;
  message: string;
  params?: Readonly<Record<string, string | number>>;
}

/** Errors as values: callers must look before they use the value. */
export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const refuse = <C extends string>(
  code: C,
  message: string,
  params?: Readonly<Record<string, string | number>>,
): { ok: false; error: RuleError<C> } => ({ ok: false, error: params ? { code, message, params } : { code, message } });

/**
 * An action names its kind in `type`. A person's action carries the seat that makes it in `seat`,
 * set by the table from the connection, never from the message: the wire message is the action
 * without `seat`, sent under its `type`. An action without `seat` is a system action (a clock: Blaze's
 * `closeWindow`, Durak's forced step): only the table makes one, from `onTimeout`.
 */
export interface ActionBase {
  type: string;
  seat?: Seat;
}

/** An event names its kind in `type` (the log's wording key, see `LogWords`). */
export interface EventBase {
  type: string;
}

/** What `apply` answers: the next state and what happened, or a coded refusal and nothing changed. */
export type Applied<S, E, Code extends string = string> =
  | { ok: true; state: S; events: readonly E[] }
  | { ok: false; error: RuleError<Code> };

/**
 * Someone the game waits for now. Several may be due at once (Blaze's target and both attackers,
 * everyone's bets; Bla5t's looks). `seat: null` is a table timer no person answers (Blaze's take-back
 * window): the table runs a clock for it and applies `onTimeout`'s system action when it fires.
 * `role` picks the clock's length from the table's settings (`'bet'`, `'target'`, ...).
 */
export interface Due {
  seat: Seat | null;
  role: string;
}

/**
 * How a game ended, or that it has not. `ranks` lists seats best first, ties sharing a group (every
 * seat exactly once), so a game that names losers (Durak) and one that names a winner (Blaze) read
 * the same to the scoreboard; `winners` and `losers` are what the results screen says aloud.
 */
export interface Outcome {
  over: boolean;
  /** Per seat; empty while the game does not show scores. */
  scores: readonly number[];
  /** Empty while the game is not over. */
  ranks: readonly (readonly Seat[])[];
  winners: readonly Seat[];
  losers: readonly Seat[];
}

/** A game's table sizes and, for team games, who plays with whom at each size. */
export interface SeatRange {
  min: number;
  max: number;
  /** Partners per seat count (every seat in exactly one team); absent: everyone for themselves. */
  teams?(players: number): readonly (readonly Seat[])[];
}

/**
 * The game's settings for one game (player count first: a game is set up for a number of seats).
 * `schema` judges what a host sends (zod, as every message and setting is); `defaults` is what a
 * table uses when the host said nothing. Table settings (clock speeds, chat) are not game options.
 */
export interface GameOptions<O> {
  schema: ZodType<O>;
  defaults(players: number): O;
  /** The seat count these options set up. */
  players(options: O): number;
}

/**
 * A bot that remembers (Bla5t's looks): one per seat and game, told every event as its seat saw it
 * (`redact(e, seat)`, those that are null skipped) in order, then asked for its action from the view.
 */
export interface SeatBot<A, V, E> {
  observe(event: E): void;
  decide(view: V): A | null;
  /**
   * Optional, for a bot whose move may be decided elsewhere (a server's search thread): what it knows
   * beyond `view`, as plain data its game decides from, or null. The move made is then told back
   * (`decided`), since a bot may remember its own moves.
   */
  memory?(view: V): unknown;
  decided?(view: V, action: A | null): void;
}

/** Bots by strength: each decides from a view only, exactly what a person at that seat sees. */
export interface GameBots<A, V, E = EventBase> {
  /** Weakest first; the first is what a person's empty seat is given by default. */
  strengths: readonly string[];
  /** The action this seat sends now, or null while it has nothing to do. Pure and seeded by `rnd`. */
  decide(strength: string, view: V, rnd: () => number): A | null;
  /**
   * Optional: a bot with memory for `strength` at `seat`, or null for a strength that needs none. A
   * table that finds one makes it when the bot sits down, feeds it the seat's events, and asks it
   * instead of `decide` (see `seatBot`). Its only knowledge is what `observe` and the view tell it.
   */
  create?(strength: string, seat: Seat, rnd: () => number): SeatBot<A, V, E> | null;
}

/**
 * The bot a table seats: the module's own `create` when it makes one for this strength, else
 * `decide` over the view (which needs no events). One call per bot seat and game.
 */
export function seatBot<A, V, E>(
  bots: GameBots<A, V, E>,
  strength: string,
  seat: Seat,
  rnd: () => number,
): SeatBot<A, V, E> {
  const made = bots.create?.(strength, seat, rnd) ?? null;
  if (made !== null) return made;
  return { observe: () => {}, decide: (view) => bots.decide(strength, view, rnd) };
}

/** The fields a public log line carries; each client words a line from its key and these. */
export interface LogFields {
  seat?: number;
  other?: number;
  cards?: readonly string[];
  value?: number;
  text?: string;
}

/**
 * The log's wording keys: one per event type (the table adds its own: joined, left, timedOut, ...).
 * `fields` reads an event already redacted for nobody (`redact(e, null)`), so a log line can never
 * carry a secret.
 */
export interface LogWords<E extends EventBase> {
  keys: readonly E['type'][];
  fields(event: E): LogFields;
}

/**
 * One game, as the table sees it. S: the whole state, secrets included (stays on the server);
 * A: actions; V: what one viewer sees; E: events; O: options; Code: refusal codes.
 */
export interface GameModule<S, A extends ActionBase, V, E extends EventBase, O, Code extends string = string> {
  /** Stable id, in URLs and records (`'blaze'`). */
  id: string;
  /** The rules' version: a record names it, and a build refuses a version it does not know. */
  version: number;
  seats: SeatRange;
  options: GameOptions<O>;
  /**
   * Action types by who may send them: `player` types travel as messages of that name; `system`
   * types come only from `onTimeout` and are refused from a client.
   */
  actionTypes: { player: readonly A['type'][]; system: readonly A['type'][] };

  /** A new game: a pure function of the options and the seed (the only source of its randomness). */
  setup(options: O, seed: string): S;
  /**
   * An untrusted message (the action less `seat`) from the seat the table knows sent it: a typed
   * action, or a refusal (`MALFORMED`, an unknown type, a system type). Never throws.
   */
  parseAction(raw: unknown, seat: Seat): Result<A, RuleError<Code>>;
  /**
   * Judge an action against the state it meets and return the next state. Never throws, never
   * changes `state`; a refusal changes nothing. Also the system actions of `onTimeout`.
   */
  apply(state: S, action: A): Applied<S, E, Code>;
  /**
   * What may be done now by `seat`: enough to play every game to its end (random play, hints), not
   * necessarily every combination; empty exactly when the seat can do nothing now.
   */
  legal(state: S, seat: Seat): readonly A[];
  /** What `viewer` may see: never another's secret, the order of a deck, or the seed. */
  view(state: S, viewer: Viewer): V;
  /** An event as `viewer` may see it; null when `viewer` must not learn it happened at all. */
  redact(event: E, viewer: Viewer): E | null;
  /** Who the game waits for now; empty exactly when the game is over. */
  due(state: S): readonly Due[];
  /**
   * What the table does when a `due` entry's clock runs out: a system action for a table timer, the
   * seat's idle move otherwise. It must be accepted by `apply` and move the game on. `rnd` is the
   * table's (a bot's choice may need it); the module never calls Math.random itself.
   */
  onTimeout(state: S, due: Due, rnd: () => number): A | null;
  /**
   * Optional, for a game whose timing is not the table's default (every move starts the timers of
   * whoever is due afresh, except one seat's answer while several are due, which leaves the others'
   * running: XT1). Asked after each move for every timer whose due is still due: true, it runs on;
   * false, it starts again. Blaze's take-back window runs on until the supporter plays into it again
   * (R5.4), and its idle clocks start again on every move, however many are due (R5.5, as the
   * server's room times them).
   */
  timerRunsOn?(due: Due, before: S, after: S): boolean;
  outcome(state: S): Outcome;
  bots: GameBots<A, V, E>;
  log: LogWords<E>;
}

/** Any module, for registries and the conformance suite, which only pass values through. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds modules of different type parameters.
export type AnyGameModule = GameModule<any, any, any, any, any, string>;

/** The type parameters of a module, read back (for code that is generic over one module). */
export type StateOf<M> = M extends GameModule<infer S, ActionBase, unknown, EventBase, unknown> ? S : never;
export type ActionOf<M> = M extends GameModule<unknown, infer A, unknown, EventBase, unknown> ? A : never;
export type ViewOf<M> = M extends GameModule<unknown, ActionBase, infer V, EventBase, unknown> ? V : never;
export type EventOf<M> = M extends GameModule<unknown, ActionBase, unknown, infer E, unknown> ? E : never;
export type OptionsOf<M> = M extends GameModule<unknown, ActionBase, unknown, EventBase, infer O> ? O : never;

/**
 * A host's options for `players` seats, judged by the module's schema: a table's way in, so bad
 * settings are a coded refusal (`BAD_OPTIONS`, `BAD_PLAYERS`), never a throw in `setup`.
 */
export function parseOptions<O>(
  module: Pick<GameModule<unknown, ActionBase, unknown, EventBase, O>, 'seats' | 'options'>,
  players: number,
  raw: unknown,
): Result<O> {
  if (!Number.isInteger(players) || players < module.seats.min || players > module.seats.max) {
    return refuse('BAD_PLAYERS', `This game seats ${module.seats.min} to ${module.seats.max}.`, {
      min: module.seats.min,
      max: module.seats.max,
    });
  }
  const base = module.options.defaults(players) as object;
  const given = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  const parsed = module.options.schema.safeParse({ ...base, ...given });
  if (!parsed.success) return refuse('BAD_OPTIONS', parsed.error.issues[0]?.message ?? 'Bad options.');
  if (module.options.players(parsed.data) !== players) {
    return refuse('BAD_OPTIONS', 'The options set up a different number of seats.');
  }
  return ok(parsed.data);
}

/** Replay a record: setup, then each action in turn; the first refusal stops it (and says where). */
export function replayGame<S, A extends ActionBase, E extends EventBase, O>(
  module: Pick<GameModule<S, A, unknown, E, O>, 'setup' | 'apply'>,
  options: O,
  seed: string,
  actions: readonly A[],
): { ok: true; state: S; events: E[] } | { ok: false; index: number; error: RuleError; state: S } {
  let state = module.setup(options, seed);
  const events: E[] = [];
  for (let i = 0; i < actions.length; i++) {
    const r = module.apply(state, actions[i] as A);
    if (!r.ok) return { ok: false, index: i, error: r.error, state };
    state = r.state;
    events.push(...r.events);
  }
  return { ok: true, state, events };
}

/** A system action is one no seat makes (see ActionBase). */
export const isSystemAction = (a: ActionBase): boolean => a.seat === undefined;

/** The wire message for a person's action: the action less `seat` (the table knows who sent it). */
export function messageOf(a: ActionBase): Record<string, unknown> {
  const { seat: _seat, ...rest } = a;
  return rest;
}
