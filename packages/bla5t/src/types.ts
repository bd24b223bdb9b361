/** The engine's public types (XC). */
import type { RngState } from '@blaze/rules';
import type { Card } from './cards.js';

export type { Card } from './cards.js';
export type Seat = number;
export interface Where {
  seat: Seat;
  slot: number;
}

export interface Options {
  players: 2 | 3 | 4 | 5;
  seed: string;
  advanced?: boolean;
  eleration?: boolean;
  bosses?: boolean;
  maxScore?: 50 | 100 | 1000;
  dealer?: Seat;
  heroes?: Card[];
  bossSet?: Card[];
  /** Round k's whole order, top first (X3.2): tests stack the deck with it. */
  decks?: Card[][];
}

export type Action =
  | { type: 'look'; seat: Seat; slots: number[] }
  | { type: 'draw'; seat: Seat }
  | { type: 'keep'; seat: Seat; card: Card }
  | { type: 'discardDrawn'; seat: Seat }
  | { type: 'placeDrawn'; seat: Seat; slot: number }
  | { type: 'take'; seat: Seat; slot: number }
  | { type: 'match'; seat: Seat; slot: number }
  | { type: 'flip'; seat: Seat; slot: number }
  | { type: 'power'; seat: Seat; targets: Where[]; swap?: boolean; seating?: number[] }
  | { type: 'swap'; seat: Seat; slot: number | null }
  | { type: 'skipPower'; seat: Seat }
  | { type: 'claim'; seat: Seat; slot?: number; helmut: boolean }
  | { type: 'blast'; seat: Seat }
  | { type: 'setChosen'; seat: Seat; heroes: Card[] | null; bossSet: Card[] | null }
  /** X12.5 Stephania: seating[s] = the player now at seat s (players by their seat at the game's start). */
  | { type: 'seated'; seat: Seat; seating: number[] }
  | { type: 'endTurn'; seat: Seat }
  | { type: 'carryOver'; seat: Seat; use: ('jimbo' | 'duo' | 'enzo')[] }
  | { type: 'changeSet'; seat: Seat; heroes: Card[]; bossSet: Card[] }
  /** The awaited step's default (XT4). Without `seat`, for everyone awaited; with it, that seat's part only. */
  | { type: 'timeout'; seat?: Seat };

export type ErrorCode =
  | 'NOT_YOUR_TURN'
  | 'LOCKED'
  | 'PROTECTED'
  | 'CALLER_FROZEN'
  | 'FIRST_TURN'
  | 'EMPTY_SLOT'
  | 'NO_TARGET'
  | 'NO_CARD_TO_DRAW'
  | 'MALFORMED';

export interface RuleError {
  code: ErrorCode;
  message: string;
}

export type Applied = { ok: true; state: State; events: Event[] } | { ok: false; error: RuleError };

export interface Slot {
  card: Card;
  up: boolean;
  /** A Helmut revealed through X6.4: face up and untouchable for the round. */
  helmut?: true;
}

export type Step =
  | { kind: 'look'; need: number[] }
  | { kind: 'action' }
  | { kind: 'drawn' }
  | { kind: 'keep' }
  | { kind: 'power'; card: Card }
  | { kind: 'swap'; card: Card; target: Where }
  | {
      kind: 'helmut';
      card: Card;
      targets: Where[];
      swap?: boolean;
      asked: { at: Where; answer: boolean | null }[];
    }
  | { kind: 'blast' }
  | { kind: 'carry'; need: boolean[] }
  | { kind: 'boss'; seat: Seat; boss: Card }
  | { kind: 'change'; seat: Seat }
  | { kind: 'over' };

/** X11: what a seat may carry into the next round, read from the revealed layouts. */
export interface CarryAvail {
  /** Jimbo holder: the cards held at the round's end (null: no Jimbo, or a boss overrides it). */
  jimbo: number | null;
  /** Holder of both Lola and Leo (and no boss override). */
  duo: boolean;
  /** Enzo holder: how Enzo lay at the round's end. */
  enzo: 'down' | 'up' | null;
}

export interface State {
  v: 1;
  opts: {
    players: number;
    seed: string;
    advanced: boolean;
    eleration: boolean;
    bosses: boolean;
    maxScore: number;
    decks: Card[][] | null;
  };
  /** Players; seats = players, plus the dummy in heads-up (X13.2). */
  n: number;
  seats: number;
  dummy: Seat | null;
  rng: RngState;
  round: number;
  dealer: Seat;
  first: Seat;
  /** Per player. */
  totals: number[];
  roundScores: number[] | null;
  /** Player -> seat. */
  seatOf: number[];
  heroes: Card[];
  bossSet: Card[];
  /** The whole card list in use (X1.3), for reshuffles at each round. */
  cards: Card[];
  layouts: (Slot | null)[][];
  /** Top first. */
  draw: Card[];
  /** Top last. */
  discard: Card[];
  active: Seat;
  step: Step;
  drawn: Card | null;
  turnNo: number;
  turnsStarted: number[];
  /** X6.1: a hero on the discard top that may not be taken until turn `until` has ended. */
  protect: { card: Card; until: number } | null;
  caller: Seat | null;
  finalLeft: Seat[];
  apoExtra: boolean;
  inExtra: boolean;
  /** X11: the carry-over of the round just scored, and each seat's choice (null: not made yet). */
  carry: { avail: CarryAvail[]; use: (('jimbo' | 'duo' | 'enzo')[] | null)[] } | null;
  /** X12.7: the last public hero and boss set, and the midpoint change (once, secret). */
  publicHeroes: Card[];
  publicBosses: Card[];
  changeDone: boolean;
  changer: Seat | null;
  /** X12.5 Stephania: the user's old seat, which takes the next turn. */
  nextSeat: Seat | null;
  /** X12.6: Maga or Fawkes acting after this round's looks. */
  bossAct: { seat: Seat; boss: Card } | null;
  /** X12.4: Hyperion's two drawn cards while one is chosen. */
  pair: Card[];
  /** X12.4: the seat that draws two this round (last round's Hyperion combo caller). */
  hyperion: Seat | null;
  /** X7.2: the boss of the last round's combo caller, acting in the current round's deal. */
  bossNext: { seat: Seat; boss: Card } | null;
  /** Card ids each seat was privately shown or saw in public (privacy checks read it). */
  shown: Card[][];
  shownAll: Card[];
  over: boolean;
  winners: number[];
}

export type LayoutView = (null | { up: Card } | { down: true })[];

export interface View {
  viewer: Seat | null;
  round: number;
  players: number;
  seats: number;
  dummy: Seat | null;
  seatOf: number[];
  dealer: Seat;
  layouts: LayoutView[];
  discardTop: Card | null;
  discardCount: number;
  drawCount: number;
  active: Seat;
  awaiting: { kind: string; seats: Seat[] };
  drawn: Card | null;
  /** X12.4: the viewer's two drawn cards while it chooses one, else null. */
  pair: Card[] | null;
  hyperion: Seat | null;
  caller: Seat | null;
  totals: number[];
  roundScores: number[] | null;
  heroes: Card[];
  bossSet: Card[];
  over: boolean;
  winners: number[];
  /** XN33: a hidden change of the set may have happened (the same whether or not it did). */
  setMayHaveChanged: boolean;
  /** The face-up power card waiting to be used or left (public: it lies on the discard pile). */
  pendingPower: Card | null;
  /** The 12's looked-at target while its swap is awaited. */
  swapTarget: Where | null;
  /** The viewer's carry-over options while its choice is awaited (X11). */
  carryOptions: CarryAvail | null;
  /** The viewer's own initial looks still to make. */
  looksToMake: number;
  /** The viewer's cards touched by a power awaiting a Helmut claim (X6.4). */
  helmutAsk: number[];
  /** Whether the discard top may not be taken now (X6.1). */
  topProtected: boolean;
  /** Turns each seat began this round (X8.1 reads it). */
  turnsStarted: number[];
  inExtraTurn: boolean;
}

export type Event =
  | { type: 'roundStarted'; round: number; first: Seat; counts: number[]; discardTop: Card }
  | { type: 'looked'; seat: Seat; at: Where | 'drawPile'; card: Card | null }
  | { type: 'drew'; seat: Seat; card: Card | null }
  | { type: 'drewTwo'; seat: Seat; cards: Card[] | null }
  | { type: 'discarded'; seat: Seat; card: Card }
  | { type: 'placed'; seat: Seat; slot: number; out: Card }
  | { type: 'took'; seat: Seat; slot: number; card: Card; out: Card }
  | { type: 'matched'; seat: Seat; slot: number; card: Card; ok: boolean }
  | { type: 'penalty'; seat: Seat; slot: number }
  | { type: 'flipped'; seat: Seat; at: Where; card: Card | null }
  | { type: 'swapped'; seat: Seat; a: Where; b: Where }
  | { type: 'shuffled'; seat: Seat; slots: [number, number]; swap?: boolean }
  | { type: 'powerUsed'; seat: Seat; card: Card; targets: Where[] }
  | { type: 'powerSkipped'; seat: Seat; card: Card }
  | { type: 'helmutWindow'; seat: Seat; at: Where[] }
  | { type: 'claimed'; seat: Seat; slot: number; helmut: boolean; card: Card | null; right: boolean | null }
  | { type: 'cancelled'; seat: Seat; at: Where }
  | { type: 'reshuffled'; count: number }
  | { type: 'extraTurn'; seat: Seat }
  | { type: 'turn'; seat: Seat }
  | { type: 'skipped'; seat: Seat }
  | { type: 'blast'; seat: Seat }
  | { type: 'setChosen'; seat: Seat; heroes: Card[] | null; bossSet: Card[] | null }
  /** X12.5 Stephania: seating[s] = the player now at seat s (players by their seat at the game's start). */
  | { type: 'seated'; seat: Seat; seating: number[] }
  | { type: 'timedOut'; seat: Seat | null; step: string }
  | { type: 'revealed'; layouts: (Card | null)[][] }
  | {
      type: 'scored';
      round: number;
      points: number[];
      scores: number[];
      totals: number[];
      combo: Seat | null;
    }
  | { type: 'gameOver'; winners: number[]; totals: number[] };
