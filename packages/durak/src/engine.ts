/**
 * Battle of Durak's rules engine (BATTLE_OF_DURAK.md, the DC contract): plain JSON states, one
 * function per question, no I/O, clock or randomness but the seeded shuffle. `applyAction` judges an
 * untrusted action against a state and answers a new state or a coded refusal; it never throws and
 * never writes into what it is given (a refusal changes nothing).
 */
import { seedRng, shuffle } from '@blaze/rules';
import { beats, type Card, FULL_DECK, isCard, rankOf, type Suit, suitOf } from './cards.js';

export type Seat = number;

export interface Options {
  players: 2 | 3 | 4;
  seed: string;
  ambush?: boolean;
  team?: boolean;
  /** D3.1; default 0. */
  dealer?: Seat;
  /** D3.2: the whole order, top first (tests and replays). A shorter pack is accepted for tests. */
  deck?: Card[];
}

export type Action =
  | { type: 'attack'; seat: Seat; card: Card }
  | { type: 'defend'; seat: Seat; card: Card }
  | { type: 'retreat'; seat: Seat }
  | { type: 'end'; seat: Seat };

export type ErrorCode =
  | 'MALFORMED'
  | 'BAD_SEAT'
  | 'BAD_STATE'
  | 'GAME_OVER'
  | 'NOT_YOUR_TURN'
  | 'NOT_IN_HAND'
  | 'NOT_BEATING'
  | 'NO_MATCHING_VALUE'
  | 'CARD_UNDEFENDED'
  | 'NOTHING_TO_RETREAT_FROM'
  | 'MUST_OPEN';

export interface RuleError {
  code: ErrorCode;
  message: string;
}

export interface Pair {
  attack: Card;
  by: Seat;
  defence: Card | null;
}

/**
 * Events. `drew.cards` is private to the drawer (redactEvent strips it for everyone else); every
 * other field of every event is public (D1.5).
 */
export type Event =
  | { type: 'attacked'; seat: Seat; card: Card; role: 'open' | 'continue' | 'ambush' }
  | { type: 'defended'; seat: Seat; card: Card }
  | { type: 'retreated'; seat: Seat; cards: Card[] }
  | { type: 'ended'; seat: Seat }
  | { type: 'passed'; seat: Seat }
  | { type: 'battleOver'; defended: boolean; graveyard: number }
  | { type: 'drew'; seat: Seat; count: number; cards?: Card[]; trump?: Card }
  | { type: 'deckDepleted' }
  | { type: 'left'; seats: Seat[]; place: number }
  | { type: 'token'; attacker: Seat; defender: Seat }
  | { type: 'gameOver'; winners: Seat[]; losers: Seat[] };

export interface State {
  players: number;
  seed: string;
  ambush: boolean;
  team: boolean;
  dealer: Seat;
  /** The trump card (D3.3); public for the whole game. */
  trump: Card;
  /** Top first; the trump card is the last card while undrawn. */
  deck: Card[];
  hands: Card[][];
  /** Cards in each hand that everyone knows are there (taken on a retreat, the drawn trump card). */
  known: Card[][];
  table: Pair[];
  graveyard: Card[];
  attacker: Seat;
  defender: Seat;
  /** The current ambusher (D9), null outside an ambush round. */
  ambusher: Seat | null;
  /** Ambushers still to come this battle, in order (D9.1). */
  ambushers: Seat[];
  trumpDrawnBy: Seat | null;
  /** Finish places in order: each group left at the same check (D8.1). */
  places: Seat[][];
  over: boolean;
  winners: Seat[];
  losers: Seat[];
  battles: number;
  /** The public log: every event as nobody in particular sees it (D1.5, DN18). */
  log: Event[];
}

export interface View {
  viewer: Seat | null;
  players: number;
  ambush: boolean;
  team: boolean;
  dealer: Seat;
  hand: Card[];
  handCounts: number[];
  deckCount: number;
  trump: Card;
  trumpDrawnBy: Seat | null;
  attacker: Seat;
  defender: Seat;
  ambusher: Seat | null;
  awaited: Seat | null;
  table: Pair[];
  graveyardCount: number;
  out: Seat[];
  places: Seat[][];
  losers: Seat[];
  winners: Seat[];
  over: boolean;
  teams: Seat[][];
  log: Event[];
}

export type Applied = { ok: true; state: State; events: Event[] } | { ok: false; error: RuleError };

const HAND = 6;

const refuse = (code: ErrorCode, message: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, message },
});

export const trumpSuit = (s: Pick<State, 'trump'>): Suit => suitOf(s.trump);

/** D10.1: teammates sit opposite each other. */
export function teamsOf(s: Pick<State, 'team' | 'players'>): Seat[][] {
  return s.team && s.players === 4
    ? [
        [0, 2],
        [1, 3],
      ]
    : [];
}

export function outSeats(s: Pick<State, 'places'>): Seat[] {
  return s.places.flat();
}

/** D2.2: in the game until they leave the battlefield. */
export function inGame(s: Pick<State, 'places'>, seat: Seat): boolean {
  for (const g of s.places) if (g.includes(seat)) return false;
  return true;
}

/** The seats still in the game, in seat order. */
function seatsInGame(s: Pick<State, 'places' | 'players'>): Seat[] {
  const out: Seat[] = [];
  for (let x = 0; x < s.players; x++) if (inGame(s, x)) out.push(x);
  return out;
}

/** The next seat clockwise after `seat` that is still in the game (never `seat` itself unless alone). */
export function nextInGame(s: Pick<State, 'places' | 'players'>, seat: Seat): Seat {
  for (let i = 1; i <= s.players; i++) {
    const t = (seat + i) % s.players;
    if (inGame(s, t)) return t;
  }
  return seat;
}

function validateOptions(o: Options): Card[] {
  if (typeof o !== 'object' || o === null) throw new Error('options must be an object');
  if (o.players !== 2 && o.players !== 3 && o.players !== 4) throw new Error('players must be 2, 3 or 4 (D2.1)');
  if (typeof o.seed !== 'string') throw new Error('seed must be a string');
  if (o.team && o.players !== 4) throw new Error('team battle needs exactly 4 players (D2.3)');
  const dealer = o.dealer ?? 0;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= o.players) throw new Error('dealer must be a seat');
  if (o.deck === undefined) return shuffle(FULL_DECK, seedRng(o.seed))[0];
  const deck = o.deck;
  if (!Array.isArray(deck) || !deck.every(isCard) || new Set(deck).size !== deck.length) {
    throw new Error('deck must list distinct card ids (D1.1)');
  }
  if (deck.length < HAND * o.players + 1) throw new Error('deck must hold a hand for each player and a trump card');
  return [...deck];
}

/** D3: deal 6 each, one at a time clockwise from the dealer's left; the next card is trump, dealt last. */
export function createGame(o: Options): State {
  const order = validateOptions(o);
  const players = o.players;
  const dealer = o.dealer ?? 0;
  const hands: Card[][] = Array.from({ length: players }, () => []);
  let k = 0;
  for (let round = 0; round < HAND; round++) {
    for (let i = 1; i <= players; i++) (hands[(dealer + i) % players] as Card[]).push(order[k++] as Card);
  }
  const trump = order[k++] as Card;
  const deck = [...order.slice(k), trump];
  return {
    players,
    seed: o.seed,
    ambush: o.ambush === true,
    team: o.team === true,
    dealer,
    trump,
    deck,
    hands,
    known: hands.map(() => []),
    table: [],
    graveyard: [],
    attacker: dealer,
    defender: (dealer + 1) % players,
    ambusher: null,
    ambushers: [],
    trumpDrawnBy: null,
    places: [],
    over: false,
    winners: [],
    losers: [],
    battles: 0,
    log: [],
  };
}

/** The one undefended pair's index (D5.3: at most one), or -1. */
function undefendedAt(s: State): number {
  const table = s.table;
  for (let i = 0; i < table.length; i++) if ((table[i] as Pair).defence === null) return i;
  return -1;
}

const undefended = (s: State): Pair | undefined => s.table[undefendedAt(s)];

/** DT1: the one seat the game waits for, or null when it is over. */
export function awaitedSeat(s: State): Seat | null {
  if (s.over) return null;
  if (undefended(s)) return s.defender;
  if (s.ambusher !== null) return s.ambusher;
  return s.attacker;
}

/** The values on the table as bits (bit v for value v): one pass answers every card of a hand. */
function tableValues(s: State): number {
  let bits = 0;
  for (const p of s.table) {
    bits |= 1 << rankOf(p.attack);
    if (p.defence !== null) bits |= 1 << rankOf(p.defence);
  }
  return bits;
}

/** D5.6 / D9.2: a card may be added when its value is on the table (any card opens, D5.2). */
const mayAddTo = (s: State, values: number, card: Card): boolean =>
  s.table.length === 0 || (values & (1 << rankOf(card))) !== 0;

const mayAdd = (s: State, card: Card): boolean => mayAddTo(s, tableValues(s), card);

/** DC: every legal action of `seat` now (the one awaited seat has at least one). */
export function legalActions(s: State, seat: Seat): Action[] {
  try {
    if (awaitedSeat(s) !== seat) return [];
    const hand = s.hands[seat] as Card[];
    const out: Action[] = [];
    const u = undefended(s);
    if (u) {
      const trump = trumpSuit(s);
      for (const card of hand) if (beats(card, u.attack, trump)) out.push({ type: 'defend', seat, card });
      out.push({ type: 'retreat', seat });
      return out;
    }
    const values = tableValues(s);
    for (const card of hand) if (mayAddTo(s, values, card)) out.push({ type: 'attack', seat, card });
    if (s.table.length > 0) out.push({ type: 'end', seat });
    return out;
  } catch {
    return [];
  }
}

/**
 * DT3: the awaited seat's one possible action when it has no choice (a retreat with nothing that
 * beats, an end or pass with nothing to add), else null. Depends on a hand: never shown to others.
 */
export function forcedAction(s: State): Action | null {
  const seat = awaitedSeat(s);
  if (seat === null) return null;
  const legal = legalActions(s, seat);
  return legal.length === 1 && legal[0]?.type !== 'attack' ? (legal[0] as Action) : null;
}

/**
 * The next state starts as a shallow copy sharing every array and pair with `s` (structural
 * sharing): an action replaces the arrays it changes with new ones and never writes into one it
 * was given, so `s` stays as it was and copying costs only what the action touches.
 */
function next(s: State): State {
  // Every field by name (not a spread): one object shape for every state, which V8 copies fastest.
  return {
    players: s.players,
    seed: s.seed,
    ambush: s.ambush,
    team: s.team,
    dealer: s.dealer,
    trump: s.trump,
    deck: s.deck,
    hands: s.hands,
    known: s.known,
    table: s.table,
    graveyard: s.graveyard,
    attacker: s.attacker,
    defender: s.defender,
    ambusher: s.ambusher,
    ambushers: s.ambushers,
    trumpDrawnBy: s.trumpDrawnBy,
    places: s.places,
    over: s.over,
    winners: s.winners,
    losers: s.losers,
    battles: s.battles,
    log: s.log,
  };
}

/** `list` with `i` replaced by `value`, as a new array. */
function replaced<T>(list: readonly T[], i: number, value: T): T[] {
  const out = list.slice();
  out[i] = value;
  return out;
}

/** One read of an untrusted action into a typed one, or MALFORMED / BAD_SEAT. */
function readAction(a: unknown, players: number): Action | RuleError {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) {
    return { code: 'MALFORMED', message: 'An action must be an object.' };
  }
  const r = a as Record<string, unknown>;
  const type = r.type;
  const seat = r.seat;
  const card = r.card;
  if (type !== 'attack' && type !== 'defend' && type !== 'retreat' && type !== 'end') {
    return { code: 'MALFORMED', message: 'Unknown action type.' };
  }
  if (typeof seat !== 'number') return { code: 'MALFORMED', message: 'An action needs a seat.' };
  if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
    return { code: 'BAD_SEAT', message: 'That is not a seat at this table.' };
  }
  if (type === 'attack' || type === 'defend') {
    if (!isCard(card)) return { code: 'MALFORMED', message: 'An attack or defence needs a card id.' };
    return { type, seat, card };
  }
  return { type, seat };
}

function looksLikeState(s: unknown): s is State {
  if (typeof s !== 'object' || s === null) return false;
  const t = s as Partial<State>;
  return (
    typeof t.players === 'number' &&
    Array.isArray(t.hands) &&
    t.hands.length === t.players &&
    Array.isArray(t.deck) &&
    Array.isArray(t.table) &&
    Array.isArray(t.places) &&
    Array.isArray(t.log) &&
    typeof t.trump === 'string'
  );
}

/** DC: judge `a` against `s`. Never throws, never writes into `s` or `a`. */
export function applyAction(s: State, a: Action): Applied {
  try {
    if (!looksLikeState(s)) return refuse('BAD_STATE', 'Not a game state.');
    let act: Action | RuleError;
    try {
      act = readAction(a, s.players);
    } catch {
      // A getter or proxy that throws: the action cannot be read.
      return refuse('MALFORMED', 'The action could not be read.');
    }
    if (!('type' in act)) return { ok: false, error: act };
    if (s.over) return refuse('GAME_OVER', 'The game is over.');
    return judge(s, act);
  } catch (e) {
    return refuse('BAD_STATE', `The state could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function judge(s: State, a: Action): Applied {
  const seat = a.seat;
  const u = undefended(s);
  const hand = s.hands[seat] as Card[];
  switch (a.type) {
    case 'attack': {
      const adder = s.ambusher ?? s.attacker;
      if (seat !== adder) return refuse('NOT_YOUR_TURN', 'Only the attacker or the current ambusher adds cards.');
      if (u) return refuse('CARD_UNDEFENDED', 'A card is still undefended (D5.3).');
      if (!hand.includes(a.card)) return refuse('NOT_IN_HAND', `${a.card} is not in your hand.`);
      if (!mayAdd(s, a.card)) return refuse('NO_MATCHING_VALUE', `No card of value ${rankOf(a.card)} is in play.`);
      const t = next(s);
      removeFrom(t, seat, a.card);
      t.table = [...s.table, { attack: a.card, by: seat, defence: null }];
      const role = s.ambusher !== null ? 'ambush' : s.table.length === 0 ? 'open' : 'continue';
      return done(t, [{ type: 'attacked', seat, card: a.card, role }]);
    }
    case 'defend': {
      if (seat !== s.defender) return refuse('NOT_YOUR_TURN', 'Only the defender defends.');
      // DT1: the defender is not awaited while every card is covered.
      if (!u) return refuse('NOT_YOUR_TURN', 'No card is undefended: the attacker is to play.');
      if (!hand.includes(a.card)) return refuse('NOT_IN_HAND', `${a.card} is not in your hand.`);
      if (!beats(a.card, u.attack, trumpSuit(s))) return refuse('NOT_BEATING', `${a.card} does not beat ${u.attack}.`);
      const t = next(s);
      removeFrom(t, seat, a.card);
      const i = undefendedAt(s);
      t.table = replaced(s.table, i, { ...(s.table[i] as Pair), defence: a.card });
      const events: Event[] = [{ type: 'defended', seat, card: a.card }];
      // D5.8: a defender whose hand empties has defended the battle.
      if ((t.hands[seat] as Card[]).length === 0) return endBattle(t, events, true);
      return done(t, events);
    }
    case 'retreat': {
      if (seat !== s.defender) return refuse('NOT_YOUR_TURN', 'Only the defender retreats.');
      if (!u) return refuse('NOTHING_TO_RETREAT_FROM', 'Every card is defended (DN8).');
      const t = next(s);
      const cards = tableCards(s.table);
      t.hands = replaced(s.hands, seat, [...hand, ...cards]);
      t.known = replaced(s.known, seat, [...(s.known[seat] as Card[]), ...cards]);
      t.table = [];
      return endBattle(t, [{ type: 'retreated', seat, cards }], false);
    }
    case 'end': {
      if (s.ambusher !== null) {
        if (seat !== s.ambusher) return refuse('NOT_YOUR_TURN', 'Only the current ambusher may pass.');
        if (u) return refuse('NOT_YOUR_TURN', 'The defender answers your card first.');
        return nextAmbusher(next(s), [{ type: 'passed', seat }]);
      }
      if (seat !== s.attacker) return refuse('NOT_YOUR_TURN', 'Only the attacker ends the attack.');
      if (s.table.length === 0) return refuse('MUST_OPEN', 'The attacker must open with a card (DN16).');
      if (u) return refuse('NOT_YOUR_TURN', 'The defender answers the undefended card first.');
      const t = next(s);
      const events: Event[] = [{ type: 'ended', seat }];
      if (t.ambush) {
        // D9.1: one clockwise round from the defender's left, attacker and defender excluded.
        const round: Seat[] = [];
        for (let x = nextInGame(t, t.defender); x !== t.defender; x = nextInGame(t, x)) {
          if (x === t.attacker) continue;
          round.push(x);
        }
        t.ambushers = round;
        return nextAmbusher(t, events);
      }
      return endBattle(t, events, true);
    }
  }
}

/** D9.2/D9.4: the next ambusher holding a card, or the end of the battle as defended. */
function nextAmbusher(t: State, events: Event[]): Applied {
  const queue = t.ambushers;
  for (let i = 0; i < queue.length; i++) {
    const seat = queue[i] as Seat;
    if ((t.hands[seat] as Card[]).length > 0) {
      t.ambusher = seat;
      t.ambushers = queue.slice(i + 1);
      return done(t, events);
    }
  }
  t.ambushers = [];
  t.ambusher = null;
  return endBattle(t, events, true);
}

/** `card` out of the seat's hand (and out of what others know of it): new arrays, `t`'s own. */
function removeFrom(t: State, seat: Seat, card: Card): void {
  t.hands = replaced(t.hands, seat, without(t.hands[seat] as Card[], card));
  const known = t.known[seat] as Card[];
  if (known.includes(card)) t.known = replaced(t.known, seat, without(known, card));
}

const without = (list: readonly Card[], card: Card): Card[] => list.filter((c) => c !== card);

function tableCards(table: readonly Pair[]): Card[] {
  const out: Card[] = [];
  for (const p of table) {
    out.push(p.attack);
    if (p.defence !== null) out.push(p.defence);
  }
  return out;
}

function done(t: State, events: Event[]): Applied {
  // One copy of the log per action (concat): only a draw reads differently in public.
  const pub = events.some((e) => e.type === 'drew') ? events.map((e) => redactEvent(e, null) as Event) : events;
  t.log = t.log.concat(pub);
  return { ok: true, state: t, events };
}

/** D5.9, D6, D8, D7: graveyard, draw phase, leaving, end of game, token. */
function endBattle(t: State, events: Event[], defended: boolean): Applied {
  const defender = t.defender;
  const moved = tableCards(t.table);
  t.graveyard = t.graveyard.concat(moved);
  t.table = [];
  t.ambusher = null;
  t.ambushers = [];
  t.battles += 1;
  events.push({ type: 'battleOver', defended, graveyard: moved.length });

  // D6.1: clockwise from the token holder, each player draws all their cards before the next.
  if (t.deck.length > 0) {
    const order: Seat[] = [];
    for (let i = 0; i < t.players; i++) {
      const x = (t.attacker + i) % t.players;
      if (inGame(t, x)) order.push(x);
    }
    const deck = t.deck;
    let top = 0;
    const hands = t.hands.slice();
    for (const x of order) {
      const hand = hands[x] as Card[];
      const want = Math.max(0, HAND - hand.length);
      const cards = deck.slice(top, top + want);
      if (cards.length === 0) continue;
      top += cards.length;
      hands[x] = hand.concat(cards);
      const e: Event = { type: 'drew', seat: x, count: cards.length, cards };
      // D6.3: drawing the trump card is seen by everyone.
      if (cards.includes(t.trump)) {
        e.trump = t.trump;
        t.trumpDrawnBy = x;
        t.known = replaced(t.known, x, [...(t.known[x] as Card[]), t.trump]);
      }
      events.push(e);
      // D6.2: the deck is depleted; players still waiting get nothing.
      if (top === deck.length) {
        events.push({ type: 'deckDepleted' });
        break;
      }
    }
    t.hands = hands;
    t.deck = deck.slice(top);
  }

  // D8.1: once the deck is depleted, empty hands leave together and share a place.
  if (t.deck.length === 0) {
    const leaving = seatsInGame(t).filter((x) => (t.hands[x] as Card[]).length === 0);
    if (leaving.length > 0) {
      t.places = [...t.places, leaving];
      events.push({ type: 'left', seats: leaving, place: t.places.length });
    }
  }

  const remaining = seatsInGame(t);
  if (t.team) {
    // D10.3: the first check where a team has both players out ends the game.
    const teams = teamsOf(t);
    const complete = teams.filter((team) => team.every((x) => !inGame(t, x)));
    if (complete.length > 0) {
      t.over = true;
      t.winners = complete.flat().sort((a, b) => a - b);
      t.losers = complete.length === teams.length ? [] : teams.filter((tm) => !complete.includes(tm)).flat();
    }
  } else if (remaining.length <= 1) {
    // D8.2 / D8.3: the last one holding cards is the durak; nobody left means no loser.
    t.over = true;
    t.losers = remaining;
    t.winners = Array.from({ length: t.players }, (_, i) => i).filter((x) => !remaining.includes(x));
  }
  if (t.over) {
    events.push({ type: 'gameOver', winners: t.winners, losers: t.losers });
    return done(t, events);
  }

  // D7 (after D8.1, DN19): a defence passes the token to the defender, a retreat past them.
  const holder = defended && inGame(t, defender) ? defender : nextInGame(t, defender);
  t.attacker = holder;
  t.defender = nextInGame(t, holder);
  events.push({ type: 'token', attacker: t.attacker, defender: t.defender });
  return done(t, events);
}

/** DC: what `viewer` may see (D1.5-D1.7); null is a spectator. */
export function viewFor(s: State, viewer: Seat | null): View {
  const seat = typeof viewer === 'number' && viewer >= 0 && viewer < s.players ? viewer : null;
  return {
    viewer: seat,
    players: s.players,
    ambush: s.ambush,
    team: s.team,
    dealer: s.dealer,
    hand: seat === null ? [] : [...(s.hands[seat] as Card[])],
    handCounts: s.hands.map((h) => h.length),
    deckCount: s.deck.length,
    trump: s.trump,
    trumpDrawnBy: s.trumpDrawnBy,
    attacker: s.attacker,
    defender: s.defender,
    ambusher: s.ambusher,
    awaited: awaitedSeat(s),
    table: s.table.map((p) => ({ ...p })),
    graveyardCount: s.graveyard.length,
    out: outSeats(s),
    places: s.places.map((g) => [...g]),
    losers: [...s.losers],
    winners: s.over ? [...s.winners] : [],
    over: s.over,
    teams: teamsOf(s),
    log: [...s.log],
  };
}

/** An event as `viewer` sees it: the cards drawn are the drawer's alone (D1.6). */
export function redactEvent(e: Event, viewer: Seat | null): Event | null {
  if (e.type === 'drew' && e.seat !== viewer) {
    const { cards: _cards, ...rest } = e;
    return rest;
  }
  return e;
}

/** DC: the state after `actions` from `o`; throws naming the first refused action (records are valid). */
export function replay(o: Options, actions: readonly Action[]): State {
  let s = createGame(o);
  for (const [i, a] of actions.entries()) {
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`action ${i} refused: ${r.error.code} ${r.error.message}`);
    s = r.state;
  }
  return s;
}

/**
 * D11.1: who deals the next game. The loser; after no loser, the same dealer; in team battle the
 * losing team's player holding more cards, ties to the one nearer clockwise from the dealer's left.
 */
export function nextDealer(s: State): Seat {
  if (s.losers.length === 0) return s.dealer;
  if (s.losers.length === 1) return s.losers[0] as Seat;
  const dist = (x: Seat) => (x - s.dealer - 1 + s.players) % s.players;
  const sorted = [...s.losers].sort(
    (a, b) => (s.hands[b] as Card[]).length - (s.hands[a] as Card[]).length || dist(a) - dist(b),
  );
  return sorted[0] as Seat;
}
