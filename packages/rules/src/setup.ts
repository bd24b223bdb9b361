/** Game and round set-up (R2, R10.1). */
import { type CardId, cardsFor, featherStackFor } from './cards.js';
import { nextRandom, type RngState, seedRng, shuffle } from './rng.js';
import { rolesFor } from './seats.js';
import type { BetValue, CreateOptions, GameState, PlayerCount, Seat } from './types.js';

export const HAND_SIZE = 5;

/** R2.4: the top card is turned and goes under the deck, as its last card. */
export function turnTrump(deck: CardId[]): { deck: CardId[]; trump: CardId } {
  const trump = deck[0] as CardId;
  return { deck: [...deck.slice(1), trump], trump };
}

/** R2.2: five cards at a time, in seat order from seat 0. */
export function deal(order: readonly CardId[], players: PlayerCount): { hands: CardId[][]; rest: CardId[] } {
  const hands: CardId[][] = [];
  for (let p = 0; p < players; p++) hands.push(order.slice(p * HAND_SIZE, (p + 1) * HAND_SIZE));
  return { hands, rest: order.slice(players * HAND_SIZE) };
}

/** Make `seat` active and derive target, supporter and the opening limit (R3.3, R4.4). */
export function setActive(s: GameState, seat: Seat): void {
  const { target, supporter } = rolesFor(s, seat);
  s.active = seat;
  s.target = target;
  s.supporter = supporter;
  s.limit = Math.min(HAND_SIZE, s.hands[target]?.length ?? 0);
}

function checkDeck(deck: readonly CardId[], players: PlayerCount): void {
  const want = cardsFor(players);
  const seen = new Set(deck);
  if (deck.length !== want.length || seen.size !== want.length || want.some((c) => !seen.has(c))) {
    throw new RangeError(`deck must be a permutation of the ${want.length} cards of a ${players}-player game`);
  }
}

/**
 * R2: a new game. Bad options are a programming error (the server validates what people send),
 * so this one throws a RangeError rather than returning a refusal.
 */
export function createGame(o: CreateOptions): GameState {
  const players = o.players;
  if (players !== 3 && players !== 4 && players !== 5) throw new RangeError('players must be 3, 4 or 5');
  if (typeof o.seed !== 'string') throw new RangeError('seed must be a string');
  let rng: RngState = seedRng(o.seed);
  let order: CardId[];
  if (o.deck !== undefined) {
    checkDeck(o.deck, players);
    order = o.deck.slice();
  } else {
    [order, rng] = shuffle(cardsFor(players), rng);
  }
  let start: Seat;
  if (o.startSeat !== undefined) {
    if (!Number.isInteger(o.startSeat) || o.startSeat < 0 || o.startSeat >= players) {
      throw new RangeError('startSeat must be a seat of this game');
    }
    start = o.startSeat;
  } else {
    const [r, n] = nextRandom(rng);
    rng = n;
    start = Math.floor(r * players);
  }
  const { hands, rest } = deal(order, players);
  const split = Math.ceil(rest.length / 2);
  const { deck, trump } = turnTrump(rest.slice(0, split));
  const betCards: BetValue[][] = [];
  for (let p = 0; p < players; p++) betCards.push([0, 1, 1]);
  const s: GameState = {
    players,
    seed: o.seed,
    rng,
    round: 1,
    phase: 1,
    betting: false,
    over: false,
    trump,
    deck,
    deck2: rest.slice(split),
    box: players === 3 ? cardsFor(4).filter((c) => c[1] === '1') : [],
    hands,
    discard: [],
    active: start,
    target: start,
    supporter: null,
    table: [],
    limit: 0,
    targetPassed: false,
    standing: [],
    window: null,
    featherStack: [],
    feathers: [],
    bets: [],
    betCards,
    out: [],
    scores: new Array<number>(players).fill(0),
    roundLosers: [],
    winner: null,
  };
  setActive(s, start);
  return s;
}

/** R10.1–R10.2: round 2 set-up, in place on a state the engine already copied. */
export function startRoundTwo(s: GameState, loser: Seat): void {
  const pool: CardId[] = [...s.discard, ...s.deck];
  for (const h of s.hands) pool.push(...h);
  for (const e of s.table) pool.push(e.challenge, ...(e.rejection ? [e.rejection] : []));
  const [order, rng] = shuffle(pool, s.rng);
  s.rng = rng;
  const { hands, rest } = deal(order, s.players);
  s.hands = hands;
  s.box = [...s.box, ...rest];
  const { deck, trump } = turnTrump(s.deck2);
  s.deck = deck;
  s.trump = trump;
  s.deck2 = [];
  s.discard = [];
  s.table = [];
  s.round = 2;
  s.phase = 1;
  s.betting = false;
  s.out = [];
  s.featherStack = [];
  s.standing = [];
  s.window = null;
  s.targetPassed = false;
  setActive(s, loser);
}

export { featherStackFor };
