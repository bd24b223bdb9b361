/**
 * What happens when a challenge ends (R4.8, R4.9, R6, R7, R8, R9.2, R10). Works in place on a copied
 * state whose hands, deck and discard pile may still be shared with the state before: those are
 * replaced, never changed (see ownForChallengeEnd).
 */
import type { CardId } from './cards.js';
import { firstInRoundFrom } from './seats.js';
import { featherStackFor, HAND_SIZE, setActive, startRoundTwo } from './setup.js';
import type { GameEvent, GameState, Seat } from './types.js';

export function endChallenge(s: GameState, events: GameEvent[]): void {
  const cards: CardId[] = [];
  for (const e of s.table) {
    cards.push(e.challenge);
    if (e.rejection !== null) cards.push(e.rejection);
  }
  const { active, target, supporter } = s;
  let next: Seat;
  if (s.targetPassed) {
    // R4.9: the target takes every card and skips their turn.
    s.hands[target] = (s.hands[target] as CardId[]).concat(cards);
    events.push({ type: 'took', seat: target, cards });
    next = (target + 1) % s.players;
  } else {
    // R4.8: all rejected, everything is discarded; the target plays next.
    s.discard = s.discard.concat(cards);
    events.push({ type: 'discarded', cards });
    next = target;
  }
  s.table = [];
  s.standing = [];
  s.window = null;
  s.targetPassed = false;

  if (s.phase === 1) {
    drawUp(s, [active, target, ...(supporter === null ? [] : [supporter])], events);
    if (s.deck.length === 0) {
      startPhaseTwo(s, firstInRoundFrom(s, next), events);
      return;
    }
    setActive(s, firstInRoundFrom(s, next));
    return;
  }
  // R8.1: empty hands take feathers, clockwise from the active player.
  if (awardFeathers(s, active, events)) return;
  setActive(s, firstInRoundFrom(s, next));
}

/** R6.1–R6.2: each involved player draws up to five in turn; the phase ends the moment the deck is empty. */
function drawUp(s: GameState, order: Seat[], events: GameEvent[]): void {
  const deck = s.deck;
  let top = 0;
  for (const seat of order) {
    const hand = s.hands[seat] as CardId[];
    const want = HAND_SIZE - hand.length;
    if (want <= 0) continue;
    const drawn = deck.slice(top, top + want);
    if (drawn.length === 0) break;
    top += drawn.length;
    s.hands[seat] = hand.concat(drawn);
    events.push({ type: 'drew', seat, count: drawn.length, cards: drawn });
    if (top === deck.length) break;
  }
  if (top > 0) s.deck = deck.slice(top);
}

/** R7.1: phase 2 starts with bets; the feather stack is laid out. */
function startPhaseTwo(s: GameState, nextActive: Seat, events: GameEvent[]): void {
  s.phase = 2;
  s.betting = true;
  s.featherStack = featherStackFor(s.players, s.round);
  setActive(s, nextActive);
  events.push({ type: 'phaseTwo', round: s.round, nextActive });
}

/** After the last bet: R7.2 empty hands go out, then play resumes (R7.3). */
export function finishBetting(s: GameState, events: GameEvent[]): void {
  s.betting = false;
  const next = s.active;
  if (awardFeathers(s, next, events)) return;
  setActive(s, firstInRoundFrom(s, next));
}

/**
 * R8.1–R8.3: every player in the round with no cards takes the top feather, clockwise from `from`.
 * Returns true when that ended the round.
 */
function awardFeathers(s: GameState, from: Seat, events: GameEvent[]): boolean {
  for (let i = 0; i < s.players; i++) {
    const seat = (from + i) % s.players;
    if (s.out.includes(seat) || (s.hands[seat] as CardId[]).length > 0) continue;
    const value = s.featherStack.shift() as number;
    s.feathers.push({ seat, value, round: s.round });
    s.scores[seat] = (s.scores[seat] as number) + value;
    s.out.push(seat);
    events.push({ type: 'feather', seat, value });
    if (s.featherStack.length === 0) {
      endRound(s, events);
      return true;
    }
  }
  return false;
}

/** R8.3, R9.2, then R10.1 or the end of the game. */
function endRound(s: GameState, events: GameEvent[]): void {
  let loser = 0;
  for (let seat = 0; seat < s.players; seat++) if (!s.out.includes(seat)) loser = seat;
  const round = s.round;
  const bets = s.bets.filter((b) => b.round === round);
  for (const b of bets) {
    if (b.value === 0) (s.betCards[b.by] as (0 | 1)[]).push(0);
    else {
      const to = b.on === loser ? b.by : b.on;
      s.scores[to] = (s.scores[to] as number) + 1;
    }
  }
  s.roundLosers.push(loser);
  events.push({ type: 'betsRevealed', round, bets: bets.map((b) => ({ ...b })) });
  events.push({ type: 'roundOver', round, loser, scores: s.scores.slice() });
  if (round === 1) {
    startRoundTwo(s, loser);
    events.push({
      type: 'roundStarted',
      round: 2,
      trump: s.trump,
      active: s.active,
      hands: s.hands.map((h) => h.slice()),
    });
    return;
  }
  s.over = true;
  s.winner = winnerOf(s);
  events.push({ type: 'gameOver', winner: s.winner, scores: s.scores.slice() });
}

/** R10.3–R10.4: highest score; ties go to the highest round-2 feather, none ranking below any. */
export function winnerOf(s: Pick<GameState, 'scores' | 'feathers'>): Seat {
  let best = 0;
  for (let seat = 1; seat < s.scores.length; seat++) {
    const a = s.scores[seat] as number;
    const b = s.scores[best] as number;
    if (a > b || (a === b && bestRoundTwoFeather(s.feathers, seat) > bestRoundTwoFeather(s.feathers, best)))
      best = seat;
  }
  return best;
}

/** The highest feather `seat` took in round 2, -1 for none. */
function bestRoundTwoFeather(feathers: GameState['feathers'], seat: Seat): number {
  let best = -1;
  for (const f of feathers) if (f.round === 2 && f.seat === seat && f.value > best) best = f.value;
  return best;
}
