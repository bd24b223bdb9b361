/**
 * The guided first game: one fixed deal (createGame's `deck`), played out once by the heuristic
 * strategy for every seat in a fixed order, so the game is the same for every learner. The learner's
 * own moves become steps to do; the first time a new idea shows up, the game stops and says why.
 */
import { heuristicBot } from '@blaze/bots';
import {
  type Action,
  applyAction,
  type CardId,
  createGame,
  type GameEvent,
  type GameState,
  isFirebird,
  randomStream,
  type Seat,
  suitOf,
  viewFor,
} from '@blaze/rules';

export const LEARNER = 0;
export const LEARN_NAMES = ['', 'Ana', 'Ben'];
/**
 * The game's seed deals round 2 (R10.1; round 1 comes from LEARN_DECK). Chosen among 1,500 seeds
 * (`learn-end-0..1499`) with the bots' seed kept, so round 1 stays as it was: in this round 2 the
 * learner goes out first with two Firebirds and wins, instead of passing three times and losing.
 */
export const LEARN_SEED = 'learn-end-8';
/** The bots' choices, apart from the deal. */
export const LEARN_BOT_SEED = 'learn-99';

/** The deal of the guided game, top first (3 players: no value-1 cards). */
// Chosen among 6,000 shuffles (seed `learn-search-5338`) as the shortest game that shows every idea,
// the learner's own priority take-back (R5.3) included, each after the ideas it builds on.
export const LEARN_DECK: CardId[] = [
  'r2a',
  'r5b',
  'r5a',
  'y7a',
  'b4a',
  'y3a',
  'r9a',
  'b8a',
  'b5b',
  'r3a',
  'y5b',
  'y8b',
  'y4b',
  'y6b',
  'yFa',
  'bFb',
  'y4a',
  'r6b',
  'y6a',
  'b7a',
  'y3b',
  'r7a',
  'r8b',
  'y2a',
  'y9a',
  'b8b',
  'r9b',
  'r8a',
  'r2b',
  'r4b',
  'y7b',
  'b6a',
  'y5a',
  'rFa',
  'b2b',
  'b5a',
  'b6b',
  'b9a',
  'b9b',
  'b2a',
  'b3b',
  'bFa',
  'yFb',
  'b4b',
  'r6a',
  'y2b',
  'rFb',
  'r4a',
  'b7b',
  'y8a',
  'r7b',
  'r3b',
  'b3a',
  'y9b',
];

export type Lesson =
  | 'open'
  | 'rejected'
  | 'rejectSuit'
  | 'rejectTrump'
  | 'trumpOnTrump'
  | 'firebird'
  | 'extend'
  | 'supporter'
  | 'limit'
  | 'pass'
  | 'stand'
  | 'window'
  | 'takeBack'
  | 'draw'
  | 'phaseTwo'
  | 'bet'
  | 'betsScored'
  | 'feather'
  | 'roundOver'
  | 'gameOver';

/**
 * What a shown moment's words name, read off the table when the script is built: who, which cards,
 * which trump. The words never say more than these and the rules; claims.ts checks them at the step.
 */
export interface Facts {
  seat?: Seat;
  card?: CardId;
  challenge?: CardId;
  trump?: CardId;
  /** Round 2's turned card has the suit round 1's had. */
  kept?: boolean;
  value?: number;
}

export type Moment =
  /** Apply every action before `at`, then wait for the learner to send actions[at]. */
  | { kind: 'do'; at: number; action: Action; lesson: Lesson | null }
  /** Apply every action before `at`, then explain and wait for "Continue". */
  | { kind: 'watch'; at: number; lesson: Lesson; facts: Facts };

export interface Script {
  actions: Action[];
  moments: Moment[];
}

/**
 * The learner's priority take-back (R5.3), the one idea the heuristic seldom shows: while the
 * supporter's window is open on the learner's challenge and the limit is full, one card whose value
 * is on the table sends the supporter's cards back. Taken the first time the deal allows it.
 */
function takeBackMove(g: GameState): Action | null {
  if (!g.window || g.active !== LEARNER || g.over) return null;
  for (const card of g.hands[LEARNER] ?? []) {
    const a: Action = { type: 'play', seat: LEARNER, cards: [card] };
    const r = applyAction(g, a);
    if (r.ok && r.events.some((e) => e.type === 'tookBack')) return a;
  }
  return null;
}

/** The next action in a fixed seat order; the learner rejects one pair at a time, as the page does. */
function nextAction(g: GameState, rnd: () => number, takeBack: boolean): Action | null {
  if (takeBack) {
    const a = takeBackMove(g);
    if (a) return a;
  }
  for (let k = 0; k < g.players; k++) {
    const seat = (g.active + k) % g.players;
    let a = heuristicBot.decide(viewFor(g, seat), rnd);
    if (a === null) continue;
    if (a.type === 'reject' && seat === LEARNER && a.pairs.length > 1) a = { ...a, pairs: a.pairs.slice(0, 1) };
    if (applyAction(g, a).ok) return a;
  }
  if (g.window) return { type: 'closeWindow' };
  return null;
}

/** Which idea a learner's action shows for the first time. */
function actionLessons(g: GameState, a: Action): Lesson[] {
  const trump = suitOf(g.trump);
  switch (a.type) {
    case 'play':
      if (g.table.length === 0) return ['open'];
      return a.seat === g.supporter ? ['supporter', 'limit'] : ['extend', 'limit'];
    case 'reject': {
      const out: Lesson[] = [];
      for (const p of a.pairs) {
        if (isFirebird(p.card) || isFirebird(p.challenge)) out.push('firebird');
        const ct = suitOf(p.challenge) === trump;
        const rt = suitOf(p.card) === trump;
        out.push(ct && rt ? 'trumpOnTrump' : rt ? 'rejectTrump' : 'rejectSuit');
      }
      return out;
    }
    case 'pass':
      return ['pass'];
    case 'stand':
      return ['stand'];
    case 'bet':
      return ['bet'];
    case 'closeWindow':
      return [];
    default: {
      const never: never = a;
      return never;
    }
  }
}

/**
 * Ideas the table shows when anyone's action causes these events. `before` is the state the action
 * met, `after` the one it made.
 */
function eventLessons(events: GameEvent[], a: Action, before: GameState, after: GameState): Lesson[] {
  const out: Lesson[] = [];
  for (const e of events) {
    if (e.type === 'tookBack') out.push('takeBack');
    else if (e.type === 'drew' && e.seat === LEARNER) out.push('draw');
    else if (e.type === 'phaseTwo') out.push('phaseTwo');
    else if (e.type === 'betsRevealed') out.push('betsScored');
    else if (e.type === 'feather') out.push('feather');
    else if (e.type === 'roundOver') out.push('roundOver');
    else if (e.type === 'gameOver') out.push('gameOver');
    else if (e.type === 'extended' && a.type === 'play' && a.seat !== LEARNER && e.seat !== LEARNER) {
      out.push('supporter');
      // The supporter's play opened a window the learner will use next: the game stops to show it.
      if (after.window && takeBackMove(after)) out.push('window');
    } else if (e.type === 'rejected' && a.type === 'reject' && a.seat !== LEARNER) {
      // The learner's own challenge answered: said while it can be read, not in the pause before the next move.
      if (before.active === LEARNER) out.push('rejected');
      if (a.pairs.some((p) => isFirebird(p.card) || isFirebird(p.challenge))) out.push('firebird');
    }
  }
  return out;
}

/** The facts a shown lesson names, read off the table it is shown on. */
function factsOf(lesson: Lesson, events: GameEvent[], after: GameState, first: GameState): Facts {
  const ev = <T extends GameEvent['type']>(type: T) =>
    events.find((e): e is Extract<GameEvent, { type: T }> => e.type === type);
  switch (lesson) {
    case 'rejected':
    case 'firebird': {
      const r = ev('rejected');
      const pair = r?.pairs.find((p) => lesson !== 'firebird' || isFirebird(p.card) || isFirebird(p.challenge));
      return r && pair ? { seat: r.seat, card: pair.card, challenge: pair.challenge } : {};
    }
    case 'window': {
      const w = after.window;
      return w ? { seat: w.seat, card: w.cards.at(-1) as CardId } : {};
    }
    case 'feather': {
      const f = ev('feather');
      return f ? { seat: f.seat, value: f.value } : {};
    }
    case 'roundOver': {
      const r = ev('roundOver');
      return r ? { seat: r.loser, trump: after.trump, kept: suitOf(after.trump) === suitOf(first.trump) } : {};
    }
    case 'gameOver':
      return after.winner === null ? {} : { seat: after.winner };
    default:
      return {};
  }
}

export function buildScript(seed = LEARN_SEED, deck: CardId[] = LEARN_DECK, botSeed = LEARN_BOT_SEED): Script {
  let g = createGame({ players: 3, seed, startSeat: LEARNER, ...(deck.length ? { deck } : {}) });
  const start = g;
  const rnd = randomStream(`${botSeed}:bots`);
  const actions: Action[] = [];
  const moments: Moment[] = [];
  const taught = new Set<Lesson>();
  const first = (ls: Lesson[]): Lesson | null => {
    const fresh = ls.find((l) => !taught.has(l)) ?? null;
    if (fresh) taught.add(fresh);
    return fresh;
  };
  for (let guard = 0; guard < 2000 && !g.over; guard++) {
    const a = nextAction(g, rnd, !taught.has('takeBack'));
    if (!a) throw new Error('the guided game is stuck');
    const at = actions.length;
    const r = applyAction(g, a);
    if (!r.ok) throw new Error(r.error.message);
    if ('seat' in a && a.seat === LEARNER) {
      const tookBack: Lesson[] = r.events.some((e) => e.type === 'tookBack') ? ['takeBack'] : [];
      moments.push({ kind: 'do', at, action: a, lesson: first([...tookBack, ...actionLessons(g, a)]) });
    }
    actions.push(a);
    const shown = eventLessons(r.events, a, g, r.state);
    g = r.state;
    for (let lesson = first(shown); lesson; lesson = first(shown))
      moments.push({ kind: 'watch', at: at + 1, lesson, facts: factsOf(lesson, r.events, g, start) });
  }
  return { actions, moments };
}

/** Same action, ignoring the order of cards in a play. */
export function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'play' && b.type === 'play')
    return a.seat === b.seat && [...a.cards].sort().join() === [...b.cards].sort().join();
  return JSON.stringify(a) === JSON.stringify(b);
}
