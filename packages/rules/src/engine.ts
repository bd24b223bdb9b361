/** applyAction: judge an action against the state it meets (R5.1) and return the next state. */
import type { CardId } from './cards.js';
import { parseAction } from './parse.js';
import {
  allRejected,
  checkPass,
  checkPlay,
  checkReject,
  checkStand,
  err,
  isStanding,
  takeBackable,
  takeBackableCount,
} from './predicates.js';
import { endChallenge, finishBetting } from './resolve.js';
import type { Action, ApplyResult, GameEvent, GameState, PlayerCount, RuleError, Seat, TableEntry } from './types.js';

/**
 * A new state object sharing every array with `s`. Actions copy only what they change (copy on write),
 * which keeps the hot path cheap; anything that changes more calls `ownAll` first.
 */
function shallow(s: GameState): GameState {
  // An explicit literal (not a spread) keeps one stable object shape, which V8 copies much faster.
  return {
    players: s.players,
    seed: s.seed,
    rng: s.rng,
    round: s.round,
    phase: s.phase,
    betting: s.betting,
    over: s.over,
    trump: s.trump,
    deck: s.deck,
    deck2: s.deck2,
    box: s.box,
    hands: s.hands,
    discard: s.discard,
    active: s.active,
    target: s.target,
    supporter: s.supporter,
    table: s.table,
    limit: s.limit,
    targetPassed: s.targetPassed,
    standing: s.standing,
    window: s.window,
    featherStack: s.featherStack,
    feathers: s.feathers,
    bets: s.bets,
    betCards: s.betCards,
    out: s.out,
    scores: s.scores,
    roundLosers: s.roundLosers,
    winner: s.winner,
  };
}

/**
 * Give `s` its own copy of every array the end of a challenge changes in place (R4.8–R10), so it may
 * be changed anywhere there. deck2, box and bets are never changed in place: round 2 replaces them.
 */
export function ownAll(s: GameState): void {
  s.deck = s.deck.slice();
  s.hands = s.hands.map((h) => h.slice());
  s.discard = s.discard.slice();
  s.table = s.table.slice();
  s.standing = s.standing.slice();
  s.featherStack = s.featherStack.slice();
  s.feathers = s.feathers.slice();
  s.betCards = s.betCards.map((b) => b.slice());
  s.out = s.out.slice();
  s.scores = s.scores.slice();
  s.roundLosers = s.roundLosers.slice();
}

/** A copy that the engine may change freely; the input is never touched. */
export function cloneState(s: GameState): GameState {
  const c = shallow(s);
  ownAll(c);
  c.deck2 = s.deck2.slice();
  c.box = s.box.slice();
  c.bets = s.bets.slice();
  return c;
}

/** Copy on write for one hand. */
function ownHand(s: GameState, seat: Seat): CardId[] {
  const h = (s.hands[seat] as CardId[]).slice();
  s.hands[seat] = h;
  return h;
}

function removeCards(hand: CardId[], cards: readonly CardId[]): void {
  for (const c of cards) hand.splice(hand.indexOf(c), 1);
}

function handOf(s: GameState, seat: Seat): CardId[] {
  return s.hands[seat] as CardId[];
}

/** R4.7: the challenge ends once everything is rejected or the target passed, and both attackers stand. */
function settle(s: GameState, events: GameEvent[]): void {
  if (s.table.length === 0) return;
  if (!s.targetPassed && !allRejected(s)) return;
  if (!isStanding(s, s.active, handOf(s, s.active), s.standing)) return;
  if (s.supporter !== null && !isStanding(s, s.supporter, handOf(s, s.supporter), s.standing)) return;
  ownForChallengeEnd(s);
  endChallenge(s, events);
}

/**
 * ownAll for endChallenge only, which changes fewer arrays: table and standing it replaces; in phase
 * 1 the hands, the deck and the discard pile that change are replaced with new arrays (never changed
 * in place, so only the list of hands is copied here); feathers, scores, bets and the seats out
 * change only in phase 2 (R8, R9.2, R10.1, whose round 2 set-up replaces the rest). A challenge ends
 * every few actions of a playout, so the copies it skips are a good part of the search's garbage; on
 * the server, each table's newest state lives until its next action, long enough to be copied by
 * the young-generation collector, so every array not copied is also one it does not copy.
 */
function ownForChallengeEnd(s: GameState): void {
  s.hands = s.hands.slice();
  if (s.phase === 1) return;
  s.featherStack = s.featherStack.slice();
  s.feathers = s.feathers.slice();
  s.betCards = s.betCards.map((b) => b.slice());
  s.out = s.out.slice();
  s.scores = s.scores.slice();
  s.roundLosers = s.roundLosers.slice();
}

function play(s0: GameState, seat: Seat, cards: CardId[]): ApplyResult {
  const refusal = checkPlay(s0, seat, handOf(s0, seat), cards);
  if (refusal) return { ok: false, error: refusal };
  const s = shallow(s0);
  s.hands = s0.hands.slice();
  s.table = s0.table.slice();
  const events: GameEvent[] = [];
  const opening = s.table.length === 0;
  if (seat === s.active) {
    const free = s.limit - s.table.length;
    if (cards.length > free) {
      // R5.3: the active player's priority takes back the supporter's most recent window cards.
      const back = takeBackable(s)
        .slice(-(cards.length - free))
        .reverse();
      const sup = s.window?.seat as Seat;
      s.table = s.table.filter((e) => !back.includes(e.challenge));
      ownHand(s, sup).push(...back);
      events.push({ type: 'tookBack', seat: sup, cards: back });
    }
    if (s.window !== null) {
      s.window = null;
      events.push({ type: 'windowClosed' });
    }
  } else {
    // R5.4: each supporter play opens the window or restarts it, adding its cards.
    s.window = { seat, cards: [...(s.window?.cards ?? []), ...cards] };
  }
  removeCards(ownHand(s, seat), cards);
  for (const c of cards) s.table.push({ challenge: c, by: seat, rejection: null });
  s.standing = [];
  events.push(
    opening
      ? { type: 'opened', seat, target: s.target, cards: cards.slice() }
      : { type: 'extended', seat, cards: cards.slice() },
  );
  settle(s, events);
  return { ok: true, state: s, events };
}

function reject(s0: GameState, seat: Seat, pairs: { challenge: CardId; card: CardId }[]): ApplyResult {
  const refusal = checkReject(s0, seat, handOf(s0, seat), pairs);
  if (refusal) return { ok: false, error: refusal };
  const s = shallow(s0);
  s.hands = s0.hands.slice();
  const events: GameEvent[] = [{ type: 'rejected', seat, pairs: pairs.map((p) => ({ ...p })) }];
  // checkReject refused a challenge named twice, so each entry meets at most one pair.
  const table: TableEntry[] = [];
  for (const e of s0.table) {
    let card: CardId | undefined;
    for (const p of pairs) if (p.challenge === e.challenge) card = p.card;
    table.push(card === undefined ? e : { challenge: e.challenge, by: e.by, rejection: card });
  }
  s.table = table;
  const hand = ownHand(s, seat);
  for (const p of pairs) hand.splice(hand.indexOf(p.card), 1);
  s.standing = [];
  // R5.4 (c): the window closes once none of its cards is left unrejected.
  if (s.window !== null && takeBackableCount(s) === 0) {
    s.window = null;
    events.push({ type: 'windowClosed' });
  }
  settle(s, events);
  return { ok: true, state: s, events };
}

function pass(s0: GameState, seat: Seat): ApplyResult {
  const refusal = checkPass(s0, seat);
  if (refusal) return { ok: false, error: refusal };
  const s = shallow(s0);
  s.targetPassed = true;
  const events: GameEvent[] = [{ type: 'passed', seat }];
  settle(s, events);
  return { ok: true, state: s, events };
}

function stand(s0: GameState, seat: Seat): ApplyResult {
  const refusal = checkStand(s0, seat, s0.standing);
  if (refusal) return { ok: false, error: refusal };
  const s = shallow(s0);
  s.standing = [...s0.standing, seat];
  const events: GameEvent[] = [{ type: 'stood', seat }];
  // R5.4 (b): the active player standing closes the window.
  if (seat === s.active && s.window !== null) {
    s.window = null;
    events.push({ type: 'windowClosed' });
  }
  settle(s, events);
  return { ok: true, state: s, events };
}

function closeWindow(s0: GameState): ApplyResult {
  if (s0.over) return { ok: false, error: err('GAME_OVER', 'The game is over.') };
  if (s0.window === null) return { ok: false, error: err('NO_WINDOW', 'No take-back window is open.') };
  const s = shallow(s0);
  s.window = null;
  const events: GameEvent[] = [{ type: 'windowClosed' }];
  settle(s, events);
  return { ok: true, state: s, events };
}

function bet(s0: GameState, seat: Seat, on: Seat, value: 0 | 1): ApplyResult {
  if (s0.over) return { ok: false, error: err('GAME_OVER', 'The game is over.') };
  if (!s0.betting) return { ok: false, error: err('WRONG_PHASE', 'Bets are placed at the start of phase 2.') };
  if (s0.bets.some((b) => b.round === s0.round && b.by === seat)) {
    return { ok: false, error: err('ALREADY_BET', 'You have already placed your bet this round.') };
  }
  // parseAction checks the range for a message; an Action built in code meets it here (never a throw).
  if (!Number.isInteger(on) || on < 0 || on >= s0.players) {
    return { ok: false, error: err('BAD_BET', 'Bet on a seat at this table.') };
  }
  if (on === seat) return { ok: false, error: err('BAD_BET', 'You may not bet on yourself.') };
  const held = s0.betCards[seat] as (0 | 1)[];
  if (!held.includes(value))
    return { ok: false, error: err('BAD_BET', `You hold no betting card worth ${value}.`, { value }) };
  const s = cloneState(s0);
  const mine = s.betCards[seat] as (0 | 1)[];
  mine.splice(mine.indexOf(value), 1);
  s.bets.push({ by: seat, on, round: s.round, value });
  const events: GameEvent[] = [{ type: 'betPlaced', by: seat, on, value }];
  if (s.bets.filter((b) => b.round === s.round).length === s.players) finishBetting(s, events);
  return { ok: true, state: s, events };
}

function dispatch(s: GameState, a: Action): ApplyResult {
  switch (a.type) {
    case 'play':
      return play(s, a.seat, a.cards);
    case 'reject':
      return reject(s, a.seat, a.pairs);
    case 'pass':
      return pass(s, a.seat);
    case 'stand':
      return stand(s, a.seat);
    case 'bet':
      return bet(s, a.seat, a.on, a.value);
    case 'closeWindow':
      return closeWindow(s);
    default: {
      const never: never = a;
      return { ok: false, error: err('UNKNOWN_ACTION', `Unknown action ${String(never)}.`) };
    }
  }
}

/**
 * applyAction for an Action that code built from the rules' own predicates (the bots' playouts, which
 * apply millions): the same judgement, without first reading the input as untrusted. A well-formed
 * Action parses to an equal copy, so the result is the same. Never for anything a client sent.
 */
export function applyBuiltAction(s: GameState, a: Action): ApplyResult {
  try {
    return dispatch(s, a);
  } catch (e) {
    return {
      ok: false,
      error: err('INTERNAL', `The action could not be judged (${e instanceof Error ? e.message : 'error'}).`),
    };
  }
}

/** Never throws and never changes `s`; a refusal carries a stable code and a readable message. */
export function applyAction(s: GameState, a: Action | unknown): ApplyResult {
  let parsed: ReturnType<typeof parseAction>;
  try {
    parsed = parseAction(a, s.players as PlayerCount);
  } catch {
    // Throwing getters, revoked proxies and the like: the sender's input is at fault, not the engine.
    return { ok: false, error: err('MALFORMED', 'The action could not be read.') };
  }
  if (!parsed.ok) return parsed;
  try {
    return dispatch(s, parsed.action);
  } catch (e) {
    const error: RuleError = err(
      'INTERNAL',
      `The action could not be judged (${e instanceof Error ? e.message : 'error'}).`,
    );
    return { ok: false, error };
  }
}
