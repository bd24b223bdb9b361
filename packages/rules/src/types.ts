import type { CardId } from './cards.js';
import type { RngState } from './rng.js';

export type Seat = number;
export type PlayerCount = 3 | 4 | 5;
export type BetValue = 0 | 1;

/** One challenge card and the rejection card laid across it (R4.2), in the order played. */
export interface TableEntry {
  challenge: CardId;
  by: Seat;
  rejection: CardId | null;
}

/** The supporter's cards an open take-back window covers, in the order played (R5.4). */
export interface TakeBackWindow {
  seat: Seat;
  cards: CardId[];
}

export interface Feather {
  seat: Seat;
  value: number;
  round: 1 | 2;
}

export interface Bet {
  by: Seat;
  on: Seat;
  round: 1 | 2;
  value: BetValue;
}

export interface ViewBet {
  by: Seat;
  on: Seat;
  round: 1 | 2;
  /** null while hidden from this viewer (R9.1). */
  value: BetValue | null;
}

/** What everyone may see of a game (R11.1): shared by the whole state and every view of it. */
export interface PublicGame {
  players: PlayerCount;
  round: 1 | 2;
  phase: 1 | 2;
  betting: boolean;
  over: boolean;
  /** The turned card of this round (R2.4); its suit is trump. */
  trump: CardId;
  discard: CardId[];
  active: Seat;
  target: Seat;
  supporter: Seat | null;
  table: TableEntry[];
  /** R4.4: fixed when the challenge opens; before that, the largest opening allowed. */
  limit: number;
  targetPassed: boolean;
  /** Attackers who stood explicitly since the table last changed (R4.6). */
  standing: Seat[];
  window: TakeBackWindow | null;
  featherStack: number[];
  feathers: Feather[];
  out: Seat[];
  scores: number[];
  roundLosers: Seat[];
  winner: Seat | null;
}

/**
 * The whole game, secrets included. Plain data (JSON-safe), never mutated by the engine:
 * every accepted action returns a new state.
 */
export interface GameState extends PublicGame {
  seed: string;
  rng: RngState;
  /** Draw deck, top first; the turned trump card is last (R2.4). */
  deck: CardId[];
  /** Set aside for round 2 (R2.3). */
  deck2: CardId[];
  /** Cards out of the game: value-1 cards in a 3-player game (R2.1), round 1 leftovers (R10.1). */
  box: CardId[];
  hands: CardId[][];
  bets: Bet[];
  /** Betting cards still held, per seat (R1.3, R9.3). */
  betCards: BetValue[][];
}

export type Action =
  | { type: 'play'; seat: Seat; cards: CardId[] }
  | { type: 'reject'; seat: Seat; pairs: { challenge: CardId; card: CardId }[] }
  | { type: 'pass'; seat: Seat }
  | { type: 'stand'; seat: Seat }
  | { type: 'bet'; seat: Seat; on: Seat; value: BetValue }
  | { type: 'closeWindow' };

export type ActionType = Action['type'];

export type GameEvent =
  | { type: 'opened'; seat: Seat; target: Seat; cards: CardId[] }
  | { type: 'extended'; seat: Seat; cards: CardId[] }
  | { type: 'rejected'; seat: Seat; pairs: { challenge: CardId; card: CardId }[] }
  | { type: 'passed'; seat: Seat }
  | { type: 'stood'; seat: Seat }
  | { type: 'tookBack'; seat: Seat; cards: CardId[] }
  | { type: 'windowClosed' }
  | { type: 'discarded'; cards: CardId[] }
  | { type: 'took'; seat: Seat; cards: CardId[] }
  /** `cards` is private to the drawer: see redactEvent. */
  | { type: 'drew'; seat: Seat; count: number; cards: CardId[] | null }
  | { type: 'phaseTwo'; round: 1 | 2; nextActive: Seat }
  | { type: 'betPlaced'; by: Seat; on: Seat; value: BetValue | null }
  | { type: 'betsRevealed'; round: 1 | 2; bets: Bet[] }
  | { type: 'feather'; seat: Seat; value: number }
  | { type: 'roundOver'; round: 1 | 2; loser: Seat; scores: number[] }
  /** Round 2 deal: `cards` holds every hand; private per seat, see redactEvent. */
  | { type: 'roundStarted'; round: 1 | 2; trump: CardId; active: Seat; hands: (CardId[] | null)[] }
  | { type: 'gameOver'; winner: Seat; scores: number[] };

/** Every code a rule refusal may carry; a client words each one (see the web client's coach). */
export const ERROR_CODES = [
  'MALFORMED',
  'UNKNOWN_ACTION',
  'BAD_SEAT',
  'GAME_OVER',
  'WRONG_PHASE',
  'NOT_YOUR_ROLE',
  'NO_CHALLENGE',
  'CHALLENGE_OPEN',
  'CARD_NOT_IN_HAND',
  'DUPLICATE_CARD',
  'EMPTY_PLAY',
  'MIXED_VALUES',
  'VALUE_NOT_ON_TABLE',
  'LIMIT_REACHED',
  'NOT_ON_TABLE',
  'CANNOT_BEAT',
  'ALREADY_REJECTED',
  'TARGET_PASSED',
  'ALREADY_STANDING',
  'BAD_BET',
  'ALREADY_BET',
  'NO_WINDOW',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What a refusal is about, so a client can word it in any language: card ids, counts, a value. */
export type ErrorParams = Record<string, string | number>;

export interface RuleError {
  code: ErrorCode;
  /** English, for logs and tests; people see the client's own words for `code` and `params`. */
  message: string;
  params?: ErrorParams;
}

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: RuleError };

export interface CreateOptions {
  players: PlayerCount;
  seed: string;
  startSeat?: Seat;
  /** The whole card order, top first (R2.2), for tests and replays. */
  deck?: CardId[];
}

/** What one person may see (R11). `viewer` null is a spectator. */
export interface PlayerView extends PublicGame {
  viewer: Seat | null;
  deckCount: number;
  deck2Count: number;
  hand: CardId[];
  handCounts: number[];
  /** The viewer's own betting cards still held ([] for a spectator). */
  betHand: BetValue[];
  bets: ViewBet[];
}
