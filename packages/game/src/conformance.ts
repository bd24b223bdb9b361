/**
 * The conformance suite every game module must pass (issue 36): random legal play from random seeds
 * ends; refusals never throw and change nothing; views and redacted events hold nothing the viewer may
 * not see; replay from (options, seed, actions) rebuilds the same state; timeouts always move the game
 * on; bots answer with actions the rules accept.
 *
 * It is a list of named checks, each a function that throws when the module fails, so a test file
 * registers them with its runner (`registerConformance(module, opts, { describe, it })`) and the
 * suite's own tests run them on deliberately broken modules and expect the throw. Games are played
 * with fast-check's seeds (a failure names the seed to replay it); shrinking is off because each
 * attempt is a whole game and the seed already reproduces the failure.
 *
 * Node only (structuredClone, util.isDeepStrictEqual, fast-check): kept out of the contract's index.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import {
  type ActionBase,
  type Due,
  type EventBase,
  type GameModule,
  isSystemAction,
  messageOf,
  parseOptions,
  replayGame,
  type Seat,
  type SeatBot,
  seatBot,
  type Viewer,
} from './index.js';

/**
 * What the viewer may not see, told by the game (only it knows): the suite drives it over every
 * state, viewer and event of many games.
 */
export interface PrivacyProbe<S> {
  /**
   * Strings `viewer` may not find anywhere in its view: others' card ids, the cards of a deck, the
   * seed. A redacted event is held to what was secret both before and after its action and is not
   * named by the action itself (what a seat does is seen by all: a card played from a hand and taken
   * by the target in the same action passed the table in plain sight; a card drawn is private
   * before and after).
   */
  secrets(state: S, viewer: Viewer): readonly string[];
  /**
   * Another state `viewer` cannot tell from `state` (hidden cards redealt, others' hidden values and
   * the seed changed): the view must not change. Catches leaks no string search can (a bet's value).
   */
  resample?(state: S, viewer: Viewer, rnd: () => number): S;
}

export interface ConformanceOptions<S> {
  privacy: PrivacyProbe<S>;
  /** Random games per seat count and check (default 2; a CI run may raise it via its own env var). */
  runs?: number;
  /** A game longer than this many actions fails "random legal play ends" (default 5000). */
  maxSteps?: number;
  /** Share of states the costlier checks look at, besides the first and last (default 0.04). */
  sampleRate?: number;
  /** Bot strengths to ask at sampled states (default: all of the module's). */
  botStrengths?: readonly string[];
  /** fast-check's seed, to replay a failing run. */
  seed?: number;
}

export interface ConformanceCheck {
  name: string;
  /** Throws (an Error naming the game, seat count and seed) when the module fails the check. */
  run(): void;
}

/** The subset of vitest's (or jest's, or node:test's) API the suite registers itself with. */
export interface TestApi {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: () => void, timeout?: number): void;
}

// biome-ignore lint/suspicious/noExplicitAny: the suite passes values of the module's own types through.
type Module<S> = GameModule<S, ActionBase, any, EventBase, any>;

class ConformanceError extends Error {
  override name = 'ConformanceError';
}

function fail(what: string, where: string, detail?: unknown): never {
  const extra = detail === undefined ? '' : `: ${short(detail)}`;
  throw new ConformanceError(`${what} (${where})${extra}`);
}

function short(x: unknown): string {
  let s: string;
  try {
    s = typeof x === 'string' ? x : (JSON.stringify(x) ?? String(x));
  } catch {
    s = String(x);
  }
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
}

/** A small seeded generator (mulberry32): the suite's own randomness, reproducible from a number. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Everything deepFreeze froze, all the way down: states share most of their parts with the last one. */
const frozenDeep = new WeakSet<object>();

/** Freeze a value and everything it holds, so a module that writes into its input throws. */
export function deepFreeze<T>(x: T): T {
  if (typeof x !== 'object' || x === null || frozenDeep.has(x)) return x;
  frozenDeep.add(x);
  for (const k of Reflect.ownKeys(x)) deepFreeze((x as Record<PropertyKey, unknown>)[k]);
  Object.freeze(x);
  return x;
}

/** Every string in a value (keys included), for the secret search. */
function stringsIn(x: unknown, out: string[] = [], seen = new WeakSet<object>()): string[] {
  if (typeof x === 'string') out.push(x);
  else if (typeof x === 'object' && x !== null && !seen.has(x)) {
    seen.add(x);
    for (const [k, v] of Object.entries(x)) {
      out.push(k);
      stringsIn(v, out, seen);
    }
  }
  return out;
}

/**
 * The first secret found in `x`: a string that is one, or holds one (a card id inside a text field).
 * Substrings are looked up by the secrets' lengths, so the cost is per character, not per secret.
 */
function leakedSecret(x: unknown, isSecret: (s: string) => boolean, lengths: readonly number[]): string | null {
  for (const s of stringsIn(x)) {
    if (isSecret(s)) return s;
    for (const n of lengths) {
      for (let i = 0; i + n < s.length || (i + n === s.length && i > 0); i++) {
        const part = s.slice(i, i + n);
        if (isSecret(part)) return part;
      }
    }
  }
  return null;
}

function lengthsOf(secrets: Iterable<string>): number[] {
  const out = new Set<number>();
  for (const s of secrets) if (s.length > 0) out.add(s.length);
  return [...out];
}

const pick = <T>(rnd: () => number, xs: readonly T[]): T =>
  xs[Math.min(xs.length - 1, Math.floor(rnd() * xs.length))] as T;

const viewersOf = (players: number): Viewer[] => [null, ...Array.from({ length: players }, (_, i) => i)];

interface Step<S> {
  before: S;
  action: ActionBase;
  after: S;
  events: readonly EventBase[];
}

interface Played<S> {
  players: number;
  gameSeed: number;
  steps: Step<S>[];
  options: unknown;
  seed: string;
  actions: ActionBase[];
  states: S[];
  final: S;
  where: string;
}

/**
 * One random game: at each step any seat's legal action or a table timer's system action, chosen
 * uniformly; every state and action is deep-frozen before the module sees it. Checks on the way
 * that the game is never stuck, that a listed action is accepted, and that the end is an end.
 */
function playRandom<S>(
  m: Module<S>,
  players: number,
  gameSeed: number,
  maxSteps: number,
  suiteSeed: number,
): Played<S> {
  const seed = `conformance-${m.id}-${(gameSeed >>> 0).toString(16).padStart(8, '0')}`;
  const where = `${m.id}, ${players} seats, seed "${seed}"; suite seed ${suiteSeed}`;
  const parsed = parseOptions(m, players, {});
  if (!parsed.ok) fail('the default options are refused', where, parsed.error);
  const options = deepFreeze(parsed.value);
  const rnd = seededRandom(gameSeed ^ 0x5eed);
  let state = deepFreeze(m.setup(options, seed));
  const states: S[] = [state];
  const actions: ActionBase[] = [];
  const steps: Step<S>[] = [];
  for (let step = 0; ; step++) {
    const due = m.due(state);
    const over = m.outcome(state).over;
    if (over !== (due.length === 0)) {
      fail(over ? 'a game that is over still waits for someone' : 'a game in progress waits for nobody', where, {
        step,
        due,
      });
    }
    if (over) break;
    if (step >= maxSteps) fail(`random legal play did not end within ${maxSteps} actions`, where);
    const candidates: ActionBase[] = [];
    for (let seat = 0; seat < players; seat++) candidates.push(...m.legal(state, seat));
    for (const d of due) {
      if (d.seat !== null) continue;
      const a = m.onTimeout(state, d, rnd);
      if (a !== null) candidates.push(a);
    }
    if (candidates.length === 0) fail('nobody can act in a game in progress', where, { step, due });
    const action = deepFreeze(structuredClone(pick(rnd, candidates)));
    const r = applySafely(m, state, action, `${where}, step ${step}`);
    if (!r.ok) fail('a legal action was refused', `${where}, step ${step}`, { action, error: r.error });
    const after = deepFreeze(r.state);
    steps.push({ before: state, action, after, events: r.events });
    actions.push(action);
    states.push(after);
    state = after;
  }
  checkOutcome(m, state, players, where);
  return { players, gameSeed, steps, options, seed, actions, states, final: state, where };
}

function applySafely<S>(m: Module<S>, state: S, action: unknown, where: string) {
  try {
    return m.apply(state, action as ActionBase);
  } catch (e) {
    fail('apply threw (it must answer with a refusal, and never write into its input)', where, {
      action,
      thrown: e instanceof Error ? e.message : String(e),
    });
  }
}

function checkOutcome<S>(m: Module<S>, state: S, players: number, where: string): void {
  const o = m.outcome(state);
  const isSeat = (s: Seat) => Number.isInteger(s) && s >= 0 && s < players;
  if (!o.over) fail('the outcome of a finished game is not over', where, o);
  if (o.scores.length !== 0 && o.scores.length !== players) fail('scores are not one per seat', where, o);
  const ranked = o.ranks.flat();
  if (ranked.length !== players || new Set(ranked).size !== players || !ranked.every(isSeat)) {
    fail('ranks do not list every seat exactly once', where, o);
  }
  if (!o.winners.every(isSeat) || !o.losers.every(isSeat)) fail('winners or losers are not seats', where, o);
  if (o.winners.length === 0 && o.losers.length === 0)
    fail('a finished game names neither winners nor losers', where, o);
  if (o.winners.some((w) => o.losers.includes(w))) fail('a seat both won and lost', where, o);
}

/** States the costlier checks visit: the first, the last, and a seeded share of the rest. */
function sample<S>(game: Played<S>, rate: number, gameSeed: number): S[] {
  const rnd = seededRandom(gameSeed ^ 0xc0ffee);
  const out = game.states.filter((_, i) => i === 0 || rnd() < rate);
  if (out.at(-1) !== game.final) out.push(game.final);
  return out;
}

/** Values a hostile or broken client might send (fast-check's `anything`, bounded). */
const junk = fc.anything({ maxDepth: 2, maxKeys: 4, withNullPrototype: true, withMap: true, withBoxedValues: true });

export function conformanceChecks<S>(m: Module<S>, opts: ConformanceOptions<S>): ConformanceCheck[] {
  const runs = opts.runs ?? 2;
  const maxSteps = opts.maxSteps ?? 5000;
  const rate = opts.sampleRate ?? 0.04;
  const seatCounts: number[] = [];
  for (let p = m.seats.min; p <= m.seats.max; p++) seatCounts.push(p);
  const suiteSeed = opts.seed ?? Math.floor(Math.random() * 2 ** 31);
  /**
   * The random games, `runs` per seat count, played once and shared by every check (playing is most
   * of the cost). Seeds come from fast-check, so `opts.seed` (printed in every failure) replays them.
   */
  const games = new Map<string, Played<S>>();
  const forGames = (body: (game: Played<S>) => void): void => {
    for (const players of seatCounts) {
      for (const gameSeed of fc.sample(fc.integer(), { numRuns: runs, seed: suiteSeed + players })) {
        const key = `${players}:${gameSeed}`;
        let game = games.get(key);
        if (game === undefined) {
          game = playRandom(m, players, gameSeed, maxSteps, suiteSeed);
          games.set(key, game);
        }
        body(game);
      }
    }
  };

  return [
    {
      name: 'options and set-up: every seat count, deterministic, JSON-safe',
      run() {
        const types = [...m.actionTypes.player, ...m.actionTypes.system];
        if (new Set(types).size !== types.length) fail('an action type is both a player and a system type', m.id);
        if (m.seats.min < 1 || m.seats.max < m.seats.min) fail('the seat range is empty', m.id, m.seats);
        for (const bad of [m.seats.min - 1, m.seats.max + 1, 2.5]) {
          if (parseOptions(m, bad, {}).ok) fail('options for a seat count out of range are accepted', m.id, bad);
        }
        for (const players of seatCounts) {
          const where = `${m.id}, ${players} seats`;
          const o = parseOptions(m, players, {});
          if (!o.ok) fail('the default options are refused', where, o.error);
          const a = m.setup(o.value, 'conformance-setup');
          if (!isDeepStrictEqual(a, m.setup(o.value, 'conformance-setup')))
            fail('setup is not a function of its seed', where);
          if (!isDeepStrictEqual(JSON.parse(JSON.stringify(a)), a)) fail('a state is not plain JSON data', where);
          if (m.outcome(a).over || m.due(a).length === 0) fail('a new game is over or waits for nobody', where);
          const teams = m.seats.teams?.(players);
          if (teams) {
            const all = teams.flat();
            if (all.length !== players || new Set(all).size !== players || all.some((s) => s < 0 || s >= players)) {
              fail('teams do not hold every seat exactly once', where, teams);
            }
          }
        }
      },
    },
    {
      name: 'random legal play from random seeds ends at every seat count',
      run() {
        // Playing checks each step on the way (see playRandom); the other checks reuse these games.
        forGames(() => {});
      },
    },
    {
      name: 'refusals never throw and change nothing; clients send no system action',
      run() {
        forGames((game) => {
          const { players, gameSeed } = game;
          const rnd = seededRandom(gameSeed ^ 0xbad);
          const raws = fc.sample(junk, { numRuns: 40, seed: gameSeed });
          const types = ['', 'nope', '__proto__', 'constructor', ...m.actionTypes.player, ...m.actionTypes.system];
          for (const [i, state] of sample(game, rate, gameSeed).entries()) {
            const where = `${game.where}, sampled state ${i}`;
            const before = structuredClone(state);
            const tryMessage = (raw: unknown, seat: Seat): boolean => {
              let parsed: ReturnType<typeof m.parseAction>;
              try {
                parsed = m.parseAction(raw, seat);
              } catch (e) {
                fail('parseAction threw', where, { raw, thrown: String(e) });
              }
              if (!parsed.ok) {
                if (typeof parsed.error?.code !== 'string' || parsed.error.code === '') {
                  fail('a refusal carries no code', where, parsed);
                }
                return false;
              }
              const r = applySafely(m, state, deepFreeze(parsed.value), where);
              if (!r.ok && typeof r.error?.code !== 'string') fail('a refusal carries no code', where, r);
              return r.ok;
            };
            for (let seat = 0; seat < players; seat++) {
              // Junk and half-right messages: any answer but a throw; the state stays as it was.
              for (const raw of raws) tryMessage(raw, seat);
              for (const type of types) tryMessage({ type, ...(pick(rnd, raws) as object) }, seat);
              for (const legal of m.legal(state, seat).slice(0, 8)) {
                const msg = messageOf(legal);
                for (const key of Object.keys(msg))
                  if (key !== 'type') tryMessage({ ...msg, [key]: pick(rnd, raws) }, seat);
              }
              // System actions never come from a client, whatever their fields.
              for (const type of m.actionTypes.system) {
                if (tryMessage({ type }, seat)) fail('a client sent a system action and it was accepted', where, type);
                const p = m.parseAction({ type }, seat);
                if (p.ok) fail('parseAction accepts a system action from a client', where, type);
              }
              for (const d of m.due(state)) {
                const a = d.seat === null ? m.onTimeout(state, d, rnd) : null;
                if (a !== null && m.parseAction(messageOf(a), seat).ok) {
                  fail("parseAction accepts a timer's system action from a client", where, a);
                }
              }
              // A seat that can do nothing is refused whatever it sends, another seat's moves included.
              if (m.legal(state, seat).length === 0) {
                for (let other = 0; other < players; other++) {
                  for (const legal of m.legal(state, other).slice(0, 8)) {
                    if (tryMessage(messageOf(legal), seat)) {
                      fail("a seat with nothing to do had another seat's move accepted", where, { seat, legal });
                    }
                  }
                }
              }
            }
            // Typed actions from code with a seat that is not at the table: refused, not thrown.
            for (const legal of m.legal(state, 0).slice(0, 4)) {
              for (const seat of [-1, players, players + 7, 0.5]) {
                const r = applySafely(m, state, deepFreeze({ ...legal, seat }), where);
                if (r.ok) fail('an action from a seat not at the table was accepted', where, { ...legal, seat });
              }
            }
            if (!isDeepStrictEqual(state, before)) fail('the state changed under parseAction or apply', where);
          }
        });
      },
    },
    {
      name: 'views and redacted events hold nothing the viewer may not see',
      run() {
        forGames((game) => {
          const { players, gameSeed } = game;
          const viewers = viewersOf(players);
          const secretSets = (s: S) => viewers.map((v) => new Set(opts.privacy.secrets(s, v)));
          let before = game.steps.length > 0 ? secretSets((game.steps[0] as Step<S>).before) : [];
          for (const [n, step] of game.steps.entries()) {
            const where = `${game.where}, step ${n}`;
            const after = secretSets(step.after);
            const named = new Set(stringsIn(step.action));
            for (const [i, v] of viewers.entries()) {
              const b = before[i] as Set<string>;
              const a = after[i] as Set<string>;
              const hidden = (x: string) => b.has(x) && a.has(x) && !named.has(x);
              const lengths = lengthsOf(b);
              for (const e of step.events) {
                let seen: EventBase | null;
                try {
                  seen = m.redact(e, v);
                } catch (err) {
                  fail('redact threw', where, { event: e, thrown: String(err) });
                }
                const leak = leakedSecret(seen, hidden, lengths);
                if (leak !== null) fail(`an event shows viewer ${v} a secret ("${leak}")`, where, seen);
              }
            }
            before = after;
          }
          const rnd = seededRandom(gameSeed ^ 0x5ec);
          for (const [i, state] of sample(game, rate, gameSeed).entries()) {
            const where = `${game.where}, sampled state ${i}`;
            for (const v of viewers) {
              const seen = m.view(state, v);
              const secrets = new Set(opts.privacy.secrets(state, v));
              const leak = leakedSecret(seen, (x) => secrets.has(x), lengthsOf(secrets));
              if (leak !== null) fail(`the view of viewer ${v} holds a secret ("${leak}")`, where);
              if (opts.privacy.resample) {
                const other = deepFreeze(opts.privacy.resample(state, v, rnd));
                if (!isDeepStrictEqual(m.view(other, v), seen)) {
                  fail(`the view of viewer ${v} changes with what it may not know`, where);
                }
              }
            }
          }
        });
      },
    },
    {
      name: 'replay from (options, seed, actions) rebuilds the same state',
      run() {
        forGames((game) => {
          const events = game.steps.flatMap((step) => step.events);
          // Through JSON, as a record stores them.
          const actions = JSON.parse(JSON.stringify(game.actions)) as ActionBase[];
          const options = JSON.parse(JSON.stringify(game.options));
          const r = replayGame(m, options, game.seed, actions);
          if (!r.ok) fail('a recorded action was refused on replay', game.where, { index: r.index, error: r.error });
          if (!isDeepStrictEqual(r.state, game.final)) fail('replay ended in another state', game.where);
          if (!isDeepStrictEqual(r.events, events)) fail('replay told other events', game.where);
          if (!isDeepStrictEqual(JSON.parse(JSON.stringify(game.final)), game.final)) {
            fail('a state is not plain JSON data', game.where);
          }
        });
      },
    },
    {
      name: "timeouts always move the game on: every due entry's action is accepted and changes the state",
      run() {
        forGames((game) => {
          const { gameSeed } = game;
          const rnd = seededRandom(gameSeed ^ 0x71e);
          for (const [i, state] of sample(game, rate, gameSeed).entries()) {
            const where = `${game.where}, sampled state ${i}`;
            for (const d of m.due(state) as Due[]) {
              let a: ActionBase | null;
              try {
                a = m.onTimeout(state, d, rnd);
              } catch (e) {
                fail('onTimeout threw', where, { due: d, thrown: String(e) });
              }
              if (a === null) fail('a due entry has no timeout action', where, d);
              if (d.seat === null ? !isSystemAction(a) : a.seat !== d.seat) {
                fail("a timeout acts for someone other than who was due (a table timer's action has no seat)", where, {
                  due: d,
                  action: a,
                });
              }
              const r = applySafely(m, state, deepFreeze(a), where);
              if (!r.ok) fail("a timeout's action is refused", where, { due: d, action: a, error: r.error });
              if (isDeepStrictEqual(r.state, state))
                fail("a timeout's action changes nothing", where, { due: d, action: a });
            }
          }
        });
      },
    },
    {
      name: 'bots decide from their view with actions the rules accept',
      run() {
        const strengths = opts.botStrengths ?? m.bots.strengths;
        if (m.bots.strengths.length === 0) fail('the module has no bots', m.id);
        forGames((game) => {
          const { players, gameSeed } = game;
          const rnd = seededRandom(gameSeed ^ 0xb07);
          for (const [i, state] of sample(game, rate / 2, gameSeed).entries()) {
            const where = `${game.where}, sampled state ${i}`;
            for (let seat = 0; seat < players; seat++) {
              const view = deepFreeze(m.view(state, seat));
              for (const strength of strengths) {
                const a = m.bots.decide(strength, view, rnd);
                if (a === null) continue;
                if (a.seat !== seat) fail(`a ${strength} bot acts for another seat`, where, { seat, action: a });
                const r = applySafely(m, state, deepFreeze(a), where);
                if (!r.ok) fail(`a ${strength} bot's action is refused`, where, { action: a, error: r.error });
              }
            }
          }
        });
      },
    },
    {
      name: 'bots with memory play whole games from their own events',
      run() {
        // Only for a module that makes bots with memory; `decide` is judged by the check above.
        const create = m.bots.create;
        if (create === undefined) return;
        const strengths = opts.botStrengths ?? m.bots.strengths;
        forGames((game) => {
          const { players, gameSeed } = game;
          const where = `${game.where}, bots with memory`;
          const rnd = seededRandom(gameSeed ^ 0x5ea7);
          const bots = Array.from({ length: players }, (_, seat) =>
            seatBot(m.bots, strengths[seat % strengths.length] as string, seat, rnd),
          );
          let state = deepFreeze(m.setup(game.options, game.seed));
          for (let step = 0; ; step++) {
            const due = m.due(state) as Due[];
            if (due.length === 0) break;
            if (step >= maxSteps) fail(`bots with memory did not end a game within ${maxSteps} actions`, where);
            let action: ActionBase | null = null;
            for (const d of due) {
              if (d.seat === null) continue;
              const bot = bots[d.seat] as SeatBot<ActionBase, unknown, EventBase>;
              const a = bot.decide(deepFreeze(m.view(state, d.seat)));
              if (a === null) continue;
              if (a.seat !== d.seat)
                fail('a bot with memory acts for another seat', where, { seat: d.seat, action: a });
              action = a;
              break;
            }
            // Nobody due acts now: the first clock runs out, as on a table.
            action ??= m.onTimeout(state, due[0] as Due, rnd);
            if (action === null) fail('a due entry has no timeout action', where, due[0]);
            const r = applySafely(m, state, deepFreeze(action), `${where}, step ${step}`);
            if (!r.ok) fail("a bot's action is refused", `${where}, step ${step}`, { action, error: r.error });
            for (let seat = 0; seat < players; seat++) {
              for (const e of r.events) {
                const seen = m.redact(e, seat);
                if (seen !== null) (bots[seat] as SeatBot<ActionBase, unknown, EventBase>).observe(deepFreeze(seen));
              }
            }
            state = deepFreeze(r.state);
          }
        });
      },
    },
  ];
}

/** Register the checks as one `describe` of `it`s with a test runner. */
export function registerConformance<S>(m: Module<S>, opts: ConformanceOptions<S>, t: TestApi): void {
  t.describe(`conformance: ${m.id} v${m.version}`, () => {
    for (const c of conformanceChecks(m, opts)) t.it(c.name, () => c.run());
  });
}
