/**
 * What each lesson's words say about the table at its step, as checks on that table. The words
 * (i18n/learn.*.ts) may say only what is listed here for their lesson (and the rules themselves);
 * the runner checks every shown step against its real table, and the tests fail on any that is untrue.
 */
import {
  type Action,
  allRejected,
  applyAction,
  challengeValue,
  type GameEvent,
  type GameState,
  isFirebird,
  rejectionValue,
  suitOf,
  tableValues,
} from '@blaze/rules';
import type { ClientTable } from '../../../shell/host.js';
import { banner } from '../logic/banner.js';
import { LEARNER, type Lesson, type Moment } from './script.js';

/** The table a step is shown on. */
export interface Scene {
  /** The game at the step. */
  game: GameState;
  /** The game as it began (round 1's trump). */
  first: GameState;
  /** What the move just before the step did. */
  events: readonly GameEvent[];
  /** What the learner's page draws from (the banner and the canvas read this). */
  table: ClientTable;
}

type Check = (s: Scene, m: Moment) => boolean;

const ev = <T extends GameEvent['type']>(s: Scene, type: T) =>
  s.events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
const act = (m: Moment): Action | null => (m.kind === 'do' ? m.action : null);
const facts = (m: Moment) => (m.kind === 'watch' ? m.facts : {});
const trumpSuit = (s: Scene) => suitOf(s.game.trump);
const challengeCards = (s: Scene) => s.game.table.length;
const pairOf = (m: Moment) => {
  const a = act(m);
  return a?.type === 'reject' ? (a.pairs[0] ?? null) : null;
};

/** Every claim a lesson's words make about the table, by name (the name says the claim). */
export const CLAIMS: Record<Lesson, Record<string, Check>> = {
  open: {
    'you are the active player': (s) => s.game.active === LEARNER,
    'no challenge is on the table yet': (s) => challengeCards(s) === 0,
    'the target sits on your left': (s) => s.game.target === (LEARNER + 1) % s.game.players,
    'the opening is of one value': (_, m) => {
      const a = act(m);
      return a?.type === 'play' && new Set(a.cards.map(challengeValue)).size === 1;
    },
  },
  rejected: {
    'the named player rejected the named card with the named card': (s, m) =>
      ev(s, 'rejected').some(
        (e) =>
          e.seat === facts(m).seat &&
          e.pairs.some((p) => p.card === facts(m).card && p.challenge === facts(m).challenge),
      ),
    'the rejected card was your challenge': (s, m) => ev(s, 'opened').length === 0 && facts(m).seat !== LEARNER,
    'the challenge ended on the discard pile': (s, m) =>
      challengeCards(s) === 0 &&
      ev(s, 'discarded').some(
        (e) => e.cards.includes(facts(m).card ?? '') && e.cards.includes(facts(m).challenge ?? ''),
      ),
  },
  draw: {
    'everyone involved drew back up to five': (s) =>
      ev(s, 'drew').length > 0 && ev(s, 'drew').every((e) => s.table.seats[e.seat]?.handCount === 5),
    'the turned trump card is the last card of the deck': (s) =>
      s.game.phase === 1 && s.game.deck.at(-1) === s.game.trump,
  },
  supporter: {
    'you are the supporter': (s) => s.game.supporter === LEARNER,
    'your card has a value on the table': (s, m) => {
      const a = act(m);
      return a?.type === 'play' && a.cards.every((c) => tableValues(s.game.table).has(challengeValue(c)));
    },
  },
  limit: {
    'the limit is at most five': (s) => s.game.limit <= 5,
    'your cards fit under the limit': (s, m) => {
      const a = act(m);
      return a?.type === 'play' && challengeCards(s) + a.cards.length <= s.game.limit;
    },
  },
  extend: {
    'you are an attacker': (s) => s.game.active === LEARNER || s.game.supporter === LEARNER,
    'your card has a value on the table': (s, m) => {
      const a = act(m);
      return a?.type === 'play' && a.cards.every((c) => tableValues(s.game.table).has(challengeValue(c)));
    },
  },
  rejectSuit: {
    'you are the target': (s) => s.game.target === LEARNER,
    'same suit, equal or higher value': (_, m) => {
      const p = pairOf(m);
      return !!p && suitOf(p.card) === suitOf(p.challenge) && rejectionValue(p.card) >= challengeValue(p.challenge);
    },
  },
  rejectTrump: {
    'your card is a trump on a card of another suit': (s, m) => {
      const p = pairOf(m);
      return !!p && suitOf(p.card) === trumpSuit(s) && suitOf(p.challenge) !== trumpSuit(s);
    },
  },
  trumpOnTrump: {
    'a trump on a trump, equal or higher': (s, m) => {
      const p = pairOf(m);
      return (
        !!p &&
        suitOf(p.card) === trumpSuit(s) &&
        suitOf(p.challenge) === trumpSuit(s) &&
        rejectionValue(p.card) >= challengeValue(p.challenge)
      );
    },
  },
  firebird: {
    'a Firebird was just played in a rejection': (s, m) =>
      ev(s, 'rejected').some((e) =>
        e.pairs.some(
          (p) =>
            p.card === facts(m).card &&
            p.challenge === facts(m).challenge &&
            (isFirebird(p.card) || isFirebird(p.challenge)),
        ),
      ),
    'a Firebird that rejected is a trump': (s, m) => {
      const card = facts(m).card;
      return !card || !isFirebird(card) || suitOf(card) === trumpSuit(s);
    },
  },
  pass: {
    'you are the target': (s) => s.game.target === LEARNER,
    'a challenge card is unrejected': (s) => !allRejected(s.game),
  },
  stand: {
    'you are an attacker': (s) => s.game.active === LEARNER || s.game.supporter === LEARNER,
  },
  window: {
    'the named supporter just added the named card': (s, m) =>
      s.game.supporter === facts(m).seat && ev(s, 'extended').some((e) => e.cards.includes(facts(m).card ?? '')),
    'the limit is full': (s) => challengeCards(s) === s.game.limit,
    "the supporter's take-back window is open": (s, m) =>
      s.game.window?.seat === facts(m).seat && !!s.game.window?.cards.includes(facts(m).card ?? ''),
    'you are the active player': (s) => s.game.active === LEARNER,
    'the banner says the window is open': (s) => banner(s.table).key === 'banner.windowOpen',
  },
  takeBack: {
    "the supporter's take-back window is open": (s) => s.game.window !== null,
    'the limit is full': (s) => challengeCards(s) === s.game.limit,
    "the supporter's newest card goes back": (s, m) => {
      const a = act(m);
      const r = a ? applyAction(s.game, a) : null;
      const newest = s.game.window?.cards.at(-1);
      return !!r?.ok && r.events.some((e) => e.type === 'tookBack' && e.cards.includes(newest ?? ''));
    },
  },
  phaseTwo: {
    'the deck is empty': (s) => s.game.deck.length === 0,
    'phase 2 has begun with the bets': (s) => s.game.phase === 2 && s.game.betting,
  },
  bet: {
    'the bets are being placed': (s) => s.game.betting,
    'the bet lies before another player': (_, m) => {
      const a = act(m);
      return a?.type === 'bet' && a.on !== a.seat;
    },
  },
  betsScored: {
    'round 1 has ended': (s) => ev(s, 'roundOver').some((e) => e.round === 1) && s.game.roundLosers.length === 1,
    'the bets are revealed': (s) => ev(s, 'betsRevealed').some((e) => e.round === 1),
  },
  feather: {
    'the named player has no cards': (s, m) => s.table.seats[facts(m).seat ?? -1]?.handCount === 0,
    'they took the top feather, of the named value, and are out': (s, m) =>
      s.game.out.includes(facts(m).seat ?? -1) &&
      s.game.feathers.some((f) => f.seat === facts(m).seat && f.value === facts(m).value),
    'it was the highest feather left': (s, m) => s.game.featherStack.every((v) => v < (facts(m).value ?? 0)),
  },
  roundOver: {
    'the named player lost round 1': (s, m) => s.game.roundLosers[0] === facts(m).seat,
    'the loser starts round 2': (s) => s.game.round === 2 && s.game.active === s.game.roundLosers[0],
    "round 2's turned card is the named trump": (s, m) =>
      s.game.trump === facts(m).trump && s.game.deck.at(-1) === s.game.trump,
    'the trump suit stays or changes as said': (s, m) =>
      facts(m).kept === (suitOf(s.game.trump) === suitOf(s.first.trump)),
  },
  gameOver: {
    'the game is over': (s) => s.game.over && s.table.status === 'finished',
    'the named player wins': (s, m) => s.game.winner === facts(m).seat,
    'you finished: you did not lose round 2': (s) => s.game.roundLosers[1] !== LEARNER,
  },
};

/** The claims of a step that its table does not bear out (none: the step tells the truth). */
export function untrueClaims(m: Moment, s: Scene): string[] {
  if (!m.lesson) return [];
  return Object.entries(CLAIMS[m.lesson])
    .filter(([, holds]) => !holds(s, m))
    .map(([claim]) => `${m.lesson}: ${claim}`);
}
