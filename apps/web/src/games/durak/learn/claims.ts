/**
 * What each lesson step's words say about the table, as checks on that table (issue 40: the lesson
 * must never contradict what the learner sees). A step lists the claims its words make; the page
 * checks them on the real game at that step and marks the coach with any that fail, and the tests
 * (learn.test.ts, tests/browser/durakLearn.test.ts) fail on any.
 */
import { type Action, type Event, legalActions, rankOf, type State, suitOf, type View, viewFor } from '@blaze/durak';
import { movesOf } from '../legal.js';
import { LEARNER } from './script.js';

/** The table a step is shown on. */
export interface Scene {
  state: State;
  /** The game before the last move (null before the first). */
  before: State | null;
  /** Every event of the part so far, in order. */
  events: readonly Event[];
  /** The move the step asks for (a 'do' step), else null. */
  action: Action | null;
  ben: number;
  ana: number;
}

type Check = (c: Scene, v: View) => boolean;

/** The events of each battle: a battle ends with the token's pass (D7); the last one may be running. */
function battles(events: readonly Event[]): Event[][] {
  const out: Event[][] = [[]];
  for (const e of events) {
    (out[out.length - 1] as Event[]).push(e);
    if (e.type === 'token') out.push([]);
  }
  return out;
}
const current = (c: Scene) => battles(c.events).at(-1) ?? [];
const previous = (c: Scene) => battles(c.events).at(-2) ?? [];
const trumpOf = (v: View) => suitOf(v.trump);
const open = (v: View) => v.table.find((p) => p.defence === null) ?? null;
const lit = (v: View) => movesOf(v).cards;
const allBeaten = (v: View) => v.table.length > 0 && v.table.every((p) => p.defence !== null);
const fieldValues = (v: View) => new Set(v.table.flatMap((p) => [p.attack, p.defence ?? p.attack]).map(rankOf));
/** The last move was the named seat's retreat, forced: no card of theirs beat the open card. */
const tookForced = (c: Scene, seat: number) =>
  previous(c).some((e) => e.type === 'retreated' && e.seat === seat) &&
  c.before !== null &&
  legalActions(c.before, seat).every((a) => a.type === 'retreat');

export const CLAIMS = {
  'two players': (_, v) => v.players === 2,
  'three players': (_, v) => v.players === 3,
  'ambush is on': (_, v) => v.ambush,
  'the trump card is the 9 of Skulls': (_, v) => v.trump === '9K',
  'you deal': (_, v) => v.dealer === LEARNER,
  'you attack': (_, v) => v.attacker === LEARNER,
  'Ben defends': (c, v) => v.defender === c.ben,
  'Ana attacks': (c, v) => v.attacker === c.ana,
  'you sit left of Ben': (c, v) => (c.ben + 1) % v.players === LEARNER,
  'the deck holds 6': (_, v) => v.deckCount === 6,
  'the deck holds cards': (_, v) => v.deckCount > 0,
  'the deck is empty': (_, v) => v.deckCount === 0,
  'you are to play': (_, v) => v.awaited === LEARNER && !v.over,
  'the battlefield is empty': (_, v) => v.table.length === 0,
  'every card is beaten': (_, v) => allBeaten(v),
  'Ben beat the 8 of Stars with the 10 of Stars': (c, v) =>
    v.table.some((p) => p.attack === '8S' && p.defence === '10S' && p.by === LEARNER) && v.defender === c.ben,
  'you may add a card': (_, v) => {
    const m = lit(v);
    return m.size > 0 && [...m.values()].every((how) => how === 'attack');
  },
  'you hold no value of the battlefield': (_, v) => !v.hand.some((c) => fieldValues(v).has(rankOf(c))),
  'Ben attacks you': (c, v) => v.attacker === c.ben && v.defender === LEARNER,
  'Ben attacked last battle too': (c) =>
    previous(c).find((e) => e.type === 'attacked')?.seat === c.ben &&
    previous(c).some((e) => e.type === 'retreated' && e.seat === LEARNER),
  'only trumps of yours beat the open card': (_, v) => {
    const m = [...lit(v).keys()];
    return open(v) !== null && m.length > 0 && m.every((c) => suitOf(c) === trumpOf(v));
  },
  'you hold a trump': (_, v) => v.hand.some((c) => suitOf(c) === trumpOf(v)),
  'a card of the open suit of yours beats it': (_, v) => {
    const o = open(v);
    return o !== null && [...lit(v).keys()].some((c) => suitOf(c) === suitOf(o.attack));
  },
  'Ben drew the trump card': (c, v) => v.trumpDrawnBy === c.ben,
  'nobody has left': (_, v) => v.out.length === 0,
  'Ben beat your card': (c, v) => {
    const last = v.table.at(-1);
    return last?.by === LEARNER && last.defence !== null && v.defender === c.ben;
  },
  'the named card is the highest trump': (c, v) =>
    c.action?.type === 'attack' && c.action.card === `14${trumpOf(v)}` && lit(v).has(c.action.card),
  'Ben took the cards': (c) => tookForced(c, c.ben),
  'you hold one card': (_, v) => v.hand.length === 1,
  'your card beats the open card': (_, v) => v.hand.length > 0 && lit(v).get(v.hand[0] as string) === 'defend',
  'the game is over': (_, v) => v.over,
  'you left the battlefield victorious': (_, v) => v.out.includes(LEARNER) && v.winners.includes(LEARNER),
  'Ben is the Durak': (c, v) => v.losers.length === 1 && v.losers[0] === c.ben,
  'you ambush': (_, v) => v.ambusher === LEARNER && v.awaited === LEARNER,
  'Ana ended': (c) => current(c).some((e) => e.type === 'ended' && e.seat === c.ana),
  'Ben holds cards': (c, v) => (v.handCounts[c.ben] ?? 0) > 0,
} satisfies Record<string, Check>;

export type ClaimName = keyof typeof CLAIMS;

/** The claims of `names` the scene does not bear out (none: the words are true of this table). */
export function untrue(names: readonly ClaimName[], c: Scene): ClaimName[] {
  const v = viewFor(c.state, LEARNER);
  return names.filter((n) => {
    try {
      return !CLAIMS[n](c, v);
    } catch {
      return true;
    }
  });
}
