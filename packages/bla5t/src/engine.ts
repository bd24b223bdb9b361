/**
 * The Bla5t engine (BLA5T.md): a pure function from (state, action) to the next state and what
 * happened. applyAction clones its input once and works on the copy, so a frozen or shared state is
 * never written; any throw inside is turned into a MALFORMED refusal, so garbage never escapes as an
 * exception.
 */
import { nextRandom, seedRng, shuffle } from '@blaze/rules';
import {
  ALL_BOSSES,
  ALL_CARDS,
  ALL_HEROES,
  BASIC_BOSSES,
  BASIC_HEROES,
  type Card,
  cardValue,
  HYPERION,
  isBoss,
  isHero,
  monsters,
  type PowerKind,
  powerOf,
} from './cards.js';
import type { Action, Applied, CarryAvail, ErrorCode, Event, Options, Seat, Slot, State, Where } from './types.js';

class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
function refuse(code: ErrorCode, message: string): never {
  throw new Refusal(code, message);
}

// ---------------------------------------------------------------------------------------------
// Set-up (X1.3, X2, X3)

function heroSet(o: Options): Card[] {
  if (!o.advanced) return [...BASIC_HEROES];
  const h = o.heroes ?? [...BASIC_HEROES];
  if (!validHeroes(h)) throw new Error('heroes: 4 distinct hero cards, Lola and Leo together (X1.3)');
  return [...h];
}

/** X12.7: whether a hero and boss set may be picked (the host's, the midpoint chooser's). */
export function validSet(heroes: unknown, bossSet: unknown): boolean {
  return validHeroes(heroes) && validBosses(bossSet);
}

function validHeroes(h: unknown): h is Card[] {
  return (
    Array.isArray(h) &&
    h.length === 4 &&
    new Set(h).size === 4 &&
    h.every((c) => ALL_HEROES.includes(c)) &&
    h.includes('h:lola') === h.includes('h:leo')
  );
}

function validBosses(b: unknown): b is Card[] {
  return Array.isArray(b) && b.length === 2 && new Set(b).size === 2 && b.every((c) => ALL_BOSSES.includes(c));
}

function bossesOf(o: Options): Card[] {
  if (o.bosses === false) return [];
  if (!o.advanced) return [...BASIC_BOSSES];
  const b = o.bossSet ?? [...BASIC_BOSSES];
  if (b.length !== 2 || new Set(b).size !== 2 || !b.every((c) => ALL_BOSSES.includes(c))) {
    throw new Error('bossSet: 2 distinct bosses (X12.7)');
  }
  return [...b];
}

/** X1.3: the cards in use. */
export function cardsInUse(advanced: boolean, heroes: Card[], bossSet: Card[]): Card[] {
  return [...monsters(advanced ? 13 : 12), ...heroes, ...bossSet, ...(advanced ? [HYPERION] : [])];
}

export function createGame(o: Options): State {
  const n = o.players;
  if (![2, 3, 4, 5].includes(n)) throw new Error('players: 2 to 5 (X2.1)');
  if (typeof o.seed !== 'string') throw new Error('seed: a string');
  const heroes = heroSet(o);
  const bossSet = bossesOf(o);
  const advanced = o.advanced === true;
  const cards = cardsInUse(advanced, heroes, bossSet);
  const sorted = [...cards].sort();
  for (const d of o.decks ?? []) {
    if (d.length !== cards.length || [...d].sort().some((c, i) => c !== sorted[i])) {
      throw new Error('decks: each must be an order of exactly the cards in use (X3.2)');
    }
  }
  const seats = n === 2 ? 3 : n;
  let rng = seedRng(o.seed);
  let dealer = o.dealer;
  if (dealer === undefined) {
    const [order, next] = shuffle(
      Array.from({ length: n }, (_, i) => i),
      rng,
    );
    dealer = order[0] as number;
    rng = next;
  } else if (!Number.isInteger(dealer) || dealer < 0 || dealer >= n) throw new Error('dealer: a seat');
  const s: State = {
    v: 1,
    opts: {
      players: n,
      seed: o.seed,
      advanced,
      eleration: o.eleration === true,
      bosses: o.bosses !== false,
      maxScore: o.maxScore ?? 100,
      decks: o.decks ? o.decks.map((d) => [...d]) : null,
    },
    n,
    seats,
    dummy: n === 2 ? 2 : null,
    rng,
    round: 0,
    dealer,
    first: 0,
    totals: Array(n).fill(0),
    roundScores: null,
    seatOf: Array.from({ length: n }, (_, i) => i),
    heroes,
    bossSet,
    cards,
    layouts: [],
    draw: [],
    discard: [],
    active: 0,
    step: { kind: 'action' },
    drawn: null,
    turnNo: 0,
    turnsStarted: Array(seats).fill(0),
    protect: null,
    caller: null,
    finalLeft: [],
    apoExtra: false,
    inExtra: false,
    carry: null,
    publicHeroes: [...heroes],
    publicBosses: [...bossSet],
    changeDone: false,
    changer: null,
    bossAct: null,
    nextSeat: null,
    pair: [],
    hyperion: null,
    bossNext: null,
    shown: Array.from({ length: seats }, () => []),
    shownAll: [],
    over: false,
    winners: [],
  };
  // X3.3: in round 1 the player to the dealer's left begins.
  startRound(s, nextPlayer(s, dealer), []);
  return s;
}

const isPlayer = (s: State, seat: Seat): boolean => seat !== s.dummy && seat >= 0 && seat < s.seats;

/** The next seat clockwise that is a player (the dummy never plays, X13.2). */
function nextPlayer(s: State, seat: Seat): Seat {
  let x = seat;
  for (let i = 0; i < s.seats; i++) {
    x = (x + 1) % s.seats;
    if (isPlayer(s, x)) return x;
  }
  return seat;
}

function random(s: State): number {
  const [r, next] = nextRandom(s.rng);
  s.rng = next;
  return r;
}

/** X3.2-X3.6, X7.2, X11: shuffle, deal, open the discard pile, and ask for the looks. */
function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  const sorted = [...b].sort();
  return [...a].sort().every((c, i) => c === sorted[i]);
}

function startRound(s: State, first: Seat, ev: Event[]): void {
  s.round += 1;
  s.first = first;
  let deck: Card[];
  const given = s.opts.decks?.[s.round - 1];
  // A stacked order for a round after a set change may no longer fit: then the round is shuffled.
  if (given && given.length === s.cards.length && sameCards(given, s.cards)) deck = [...given];
  else {
    const [d, next] = shuffle(s.cards, s.rng);
    deck = d;
    s.rng = next;
  }
  const boss = s.bossNext;
  s.bossNext = null;
  s.hyperion = boss?.boss === HYPERION ? boss.seat : null;
  s.bossAct = boss && (boss.boss === 'b:maga' || boss.boss === 'b:fawkes') ? { ...boss } : null;
  s.pair = [];
  const opponentOfCaller = (seat: Seat) => boss !== null && seat !== boss.seat && isPlayer(s, seat);
  // X11, X7.3: boss effects first; hero effects only where no boss effect applies.
  const carry = s.carry;
  s.carry = null;
  const uses = (seat: Seat, x: 'jimbo' | 'duo') => carry?.use[seat]?.includes(x) === true;
  const counts = Array.from({ length: s.seats }, (_, seat) => {
    if (!isPlayer(s, seat)) return 4;
    if (boss?.boss === 'b:futura' && opponentOfCaller(seat)) return 5;
    if (uses(seat, 'jimbo')) return carry?.avail[seat]?.jimbo ?? 4;
    if (uses(seat, 'duo')) return 3;
    return 4;
  });
  const looks = Array.from({ length: s.seats }, (_, seat) => {
    if (!isPlayer(s, seat)) return 0;
    if (boss?.boss === 'b:gordon' && opponentOfCaller(seat)) return 0;
    if (uses(seat, 'jimbo')) return 0;
    const enzo = carry?.avail[seat]?.enzo ?? null;
    if (enzo !== null) return enzo === 'down' ? 3 : 1;
    return 2;
  });
  s.layouts = Array.from({ length: s.seats }, () => []);
  // X3.4: one card at a time, clockwise from the first player, slots 0, 1, 2, ... in order.
  let seat = first;
  let left = counts.reduce((a, b) => a + b, 0);
  while (left > 0) {
    const lay = s.layouts[seat] as (Slot | null)[];
    if (lay.length < (counts[seat] as number)) {
      lay.push({ card: deck.shift() as Card, up: false });
      left--;
    }
    seat = (seat + 1) % s.seats;
  }
  const top = deck.shift() as Card;
  s.discard = [top];
  s.draw = deck;
  s.drawn = null;
  s.protect = null;
  s.caller = null;
  s.finalLeft = [];
  s.apoExtra = false;
  s.inExtra = false;
  s.turnsStarted = Array(s.seats).fill(0);
  reveal(s, top);
  ev.push({ type: 'roundStarted', round: s.round, first, counts, discardTop: top });
  const need = looks.map((l, i) => Math.min(l, (s.layouts[i] as (Slot | null)[]).length));
  s.active = first;
  s.step = { kind: 'look', need };
  if (need.every((x) => x === 0)) afterLooks(s, ev);
}

/** X3.7, X12.6: Maga or Fawkes acts if due, then the first turn. */
function afterLooks(s: State, ev: Event[]): void {
  const b = s.bossAct;
  s.bossAct = null;
  if (b) {
    s.step = { kind: 'boss', seat: b.seat, boss: b.boss };
    return;
  }
  startTurn(s, s.first, ev);
}

/** X12.6, XN30: Maga looks at any cards of the other layouts; Fawkes flips up to 2 per layout. */
function bossPower(s: State, seat: Seat, boss: Card, targets: unknown, ev: Event[]): void {
  if (!Array.isArray(targets) || targets.length > 60) refuse('MALFORMED', 'targets: a list');
  const ts = targets as Where[];
  for (const w of ts) checkTarget(s, seat, w, boss === 'b:fawkes' ? w?.seat === seat : false, false);
  for (let i = 0; i < ts.length; i++)
    for (let j = i + 1; j < ts.length; j++)
      if (sameWhere(ts[i] as Where, ts[j] as Where)) refuse('NO_TARGET', 'distinct cards');
  if (boss === 'b:fawkes') {
    for (let seatX = 0; seatX < s.seats; seatX++)
      if (ts.filter((w) => w.seat === seatX).length > 2) refuse('NO_TARGET', 'Fawkes: up to 2 cards per layout');
    for (const w of ts) flip(s, seat, { seat: w.seat, slot: w.slot }, ev);
  } else {
    for (const w of ts) look(s, seat, { seat: w.seat, slot: w.slot }, ev);
  }
  startTurn(s, s.first, ev);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function slotAt(s: State, w: Where): Slot | null {
  return s.layouts[w.seat]?.[w.slot] ?? null;
}

function setSlot(s: State, w: Where, v: Slot | null): void {
  (s.layouts[w.seat] as (Slot | null)[])[w.slot] = v;
}

/**
 * A card every seat (and the public record) now knows. What the public record holds every seat's
 * list holds too (only reveal adds to it; reseat moves whole lists), so a card already in it is done.
 */
function reveal(s: State, card: Card): void {
  if (s.shownAll.includes(card)) return;
  s.shownAll.push(card);
  for (const k of s.shown) if (!k.includes(card)) k.push(card);
}

function showTo(s: State, seat: Seat, card: Card): void {
  const k = s.shown[seat] as Card[];
  if (!k.includes(card)) k.push(card);
}

const top = (s: State): Card | null => s.discard[s.discard.length - 1] ?? null;

/** X4.6: the moment the draw pile is empty, all discard cards but the top become the new draw pile. */
function refill(s: State, ev: Event[]): void {
  if (s.draw.length > 0 || s.discard.length <= 1) return;
  const keep = s.discard[s.discard.length - 1] as Card;
  const [d, next] = shuffle(s.discard.slice(0, -1), s.rng);
  s.rng = next;
  s.draw = d;
  s.discard = [keep];
  ev.push({ type: 'reshuffled', count: d.length });
}

function takeFromDraw(s: State, ev: Event[]): Card | null {
  const c = s.draw.shift();
  refill(s, ev);
  return c ?? null;
}

/** X9.4: the draw pile's top card, unseen, into the lowest empty slot 0-3, else after the last card. */
function penalty(s: State, seat: Seat, ev: Event[]): void {
  const c = takeFromDraw(s, ev);
  if (c === null) return;
  const lay = s.layouts[seat] as (Slot | null)[];
  let slot = -1;
  for (let i = 0; i < 4; i++) {
    if (lay[i] === null || lay[i] === undefined) {
      slot = i;
      break;
    }
  }
  if (slot < 0) {
    let last = -1;
    lay.forEach((x, i) => {
      if (x) last = i;
    });
    slot = last + 1;
  }
  while (lay.length < slot) lay.push(null);
  lay[slot] = { card: c, up: false };
  ev.push({ type: 'penalty', seat, slot });
}

function occupied(s: State, seat: Seat): number[] {
  const out: number[] = [];
  const lay = s.layouts[seat];
  if (lay) for (let i = 0; i < lay.length; i++) if (lay[i]) out.push(i);
  return out;
}

function isInt(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x);
}

function checkSlotShape(slot: unknown): number {
  if (!isInt(slot) || slot < 0 || slot > 40) refuse('MALFORMED', 'slot: a slot number');
  return slot as number;
}

// ---------------------------------------------------------------------------------------------
// Turns (X4, X8)

function canDoSomething(s: State, seat: Seat): boolean {
  return s.draw.length > 0 || occupied(s, seat).length > 0;
}

function startTurn(s: State, seat: Seat, ev: Event[], skips = 0): void {
  s.turnNo += 1;
  s.turnsStarted[seat] = (s.turnsStarted[seat] ?? 0) + 1;
  s.active = seat;
  s.inExtra = false;
  s.apoExtra = false;
  s.step = { kind: 'action' };
  ev.push({ type: 'turn', seat });
  if (!canDoSomething(s, seat)) {
    // X4.6: a turn with no possible action is skipped. Someone always holds a card (the draw pile
    // is empty only when every card but the discard top is in layouts), so this ends.
    ev.push({ type: 'skipped', seat });
    if (skips > s.seats * 2) {
      endRound(s, ev);
      return;
    }
    advance(s, ev, skips + 1);
  }
}

function blastAllowed(s: State): boolean {
  return s.caller === null && (s.turnsStarted[s.active] ?? 0) >= 2;
}

/** The action (and its power) is over: Apo's extra turn, the Blast decision, or the next turn. */
function endAction(s: State, ev: Event[]): void {
  s.drawn = null;
  if (s.apoExtra) {
    s.apoExtra = false;
    s.inExtra = true;
    s.step = { kind: 'action' };
    ev.push({ type: 'extraTurn', seat: s.active });
    if (canDoSomething(s, s.active)) return;
  }
  if (blastAllowed(s)) {
    s.step = { kind: 'blast' };
    return;
  }
  advance(s, ev);
}

function advance(s: State, ev: Event[], skips = 0): void {
  const after = s.nextSeat;
  s.nextSeat = null;
  if (s.caller !== null) {
    if (s.active !== s.caller) s.finalLeft = s.finalLeft.filter((x) => x !== s.active);
    if (after !== null) {
      // X12.5: after a Blast, the next final turn is the first owed from the Stephania user's old seat.
      const dist = (x: Seat) => (x - after + s.seats) % s.seats;
      s.finalLeft.sort((a, b) => dist(a) - dist(b));
    }
    const next = s.finalLeft[0];
    if (next === undefined) {
      endRound(s, ev);
      return;
    }
    startTurn(s, next, ev, skips);
    return;
  }
  startTurn(s, after ?? nextPlayer(s, s.active), ev, skips);
}

const playerAt = (s: State, seat: Seat): number => s.seatOf.indexOf(seat);

/** X12.5 Stephania's seating: a permutation of the players; the user leaves, the caller stays. */
function checkSeating(s: State, seat: Seat, seating: unknown): number[] {
  if (!Array.isArray(seating) || seating.length !== s.n) return refuse('MALFORMED', 'seating: one player per seat');
  const ok = seating.every((p) => isInt(p) && p >= 0 && p < s.n) && new Set(seating).size === s.n;
  if (!ok) refuse('MALFORMED', 'seating: each player exactly once');
  if (seating[seat] === playerAt(s, seat)) refuse('NO_TARGET', 'Stephania: you must leave your seat (XN18)');
  if (s.caller !== null && seating[s.caller] !== playerAt(s, s.caller))
    refuse('CALLER_FROZEN', 'the Blast caller does not move (X8.3)');
  return seating as number[];
}

function reseat(s: State, user: Seat, seating: number[], ev: Event[]): void {
  const from = seating.map((p) => s.seatOf[p] as number); // new seat x <- old seat from[x]
  const moveSeat = (x: Seat | null) => (x === null || x >= s.n ? x : seating.indexOf(playerAt(s, x)));
  const turns = s.turnsStarted.slice();
  const shown = s.shown.map((k) => k.slice());
  for (let x = 0; x < s.n; x++) {
    s.turnsStarted[x] = turns[from[x] as number] as number;
    s.shown[x] = shown[from[x] as number] as Card[];
  }
  s.finalLeft = s.finalLeft.map((x) => moveSeat(x) as number);
  s.hyperion = moveSeat(s.hyperion);
  s.changer = moveSeat(s.changer);
  const newActive = moveSeat(user) as number;
  s.seatOf = s.seatOf.map((_, p) => seating.indexOf(p));
  ev.push({ type: 'seated', seat: user, seating: [...seating] });
  s.active = newActive;
  s.nextSeat = user;
}

function protectIfHero(s: State, card: Card): void {
  // X6.1, XN29: protected during the next turn (and through the rest of this one, Apo's extra turn).
  if (isHero(card)) s.protect = { card, until: s.turnNo + 1 };
}

function topProtected(s: State): boolean {
  return s.protect !== null && s.protect.card === top(s) && s.turnNo <= s.protect.until;
}

/** A card left the layout for the discard pile by the active player's own action (X13.1). */
function afterOwnDiscard(s: State, card: Card, ev: Event[]): void {
  if (s.opts.eleration) {
    protectIfHero(s, card);
    if (offerPower(s, card)) return;
  }
  endAction(s, ev);
}

function offerPower(s: State, card: Card): boolean {
  const kind = powerOf(card);
  if (kind === null) return false;
  if (kind === 'flip13' && !s.opts.advanced) return false;
  if (powerChoices(s, s.active, kind, 1).length === 0) return false;
  s.step = { kind: 'power', card };
  return true;
}

// ---------------------------------------------------------------------------------------------
// Targets (X4.8, X5, X6)

/** Can a power choose this card? Refuses with the XT2 code if not. */
function checkTarget(s: State, actor: Seat, w: Where, own: boolean, unlocked: boolean): void {
  if (typeof w !== 'object' || w === null || !isInt(w.seat) || !isInt(w.slot)) refuse('MALFORMED', 'a target');
  if (w.seat < 0 || w.seat >= s.seats) refuse('NO_TARGET', 'no such seat');
  if (own !== (w.seat === actor))
    refuse('NO_TARGET', own ? 'choose one of your own cards' : "choose an opponent's card");
  if (w.seat === s.caller) refuse('CALLER_FROZEN', "the Blast caller's cards are frozen (X8.3)");
  const sl = slotAt(s, w);
  if (!sl) refuse('EMPTY_SLOT', 'that slot is empty');
  if (sl?.helmut) refuse('LOCKED', 'a revealed Helmut cannot be chosen (X6.4)');
  if (unlocked && sl?.up) refuse('LOCKED', 'a face-up card is locked (X12.2)');
}

const sameWhere = (a: Where, b: Where) => a.seat === b.seat && a.slot === b.slot;

/** Validate a power's targets against its rule; throws a Refusal when they do not fit. */
function checkPower(s: State, seat: Seat, kind: PowerKind, a: Extract<Action, { type: 'power' }>): void {
  const t = a.targets;
  if (!Array.isArray(t)) refuse('MALFORMED', 'targets: a list');
  const count = (k: number) => {
    if (t.length !== k) refuse('MALFORMED', `this power takes ${k} target(s)`);
  };
  switch (kind) {
    case 'swap6':
      count(2);
      checkTarget(s, seat, t[0] as Where, false, true);
      checkTarget(s, seat, t[1] as Where, false, true);
      if ((t[0] as Where).seat === (t[1] as Where).seat) refuse('NO_TARGET', 'two different opponents (X5.2)');
      return;
    case 'shuffle6':
      count(2);
      checkTarget(s, seat, t[0] as Where, true, true);
      checkTarget(s, seat, t[1] as Where, true, true);
      if (sameWhere(t[0] as Where, t[1] as Where)) refuse('NO_TARGET', 'two different cards (X5.3)');
      if (typeof a.swap !== 'boolean') refuse('MALFORMED', 'swap: true or false (X5.3)');
      return;
    case 'look7':
    case 'look9':
      count(1);
      checkTarget(s, seat, t[0] as Where, true, false);
      return;
    case 'peek8':
    case 'peek10':
    case 'peek12':
      count(1);
      checkTarget(s, seat, t[0] as Where, false, false);
      return;
    case 'swap11':
      count(2);
      checkTarget(s, seat, t[0] as Where, true, true);
      checkTarget(s, seat, t[1] as Where, false, true);
      return;
    case 'flip13':
      count(1);
      checkTarget(s, seat, t[0] as Where, (t[0] as Where)?.seat === seat, false);
      return;
    case 'jayce': {
      if (t.length < 2 || t.length > 8 || t.length % 2 !== 0) refuse('MALFORMED', 'Jayce: 1 to 4 pairs (X6.2)');
      for (let i = 0; i < t.length; i++) checkTarget(s, seat, t[i] as Where, i % 2 === 0, true);
      for (let i = 0; i < t.length; i++)
        for (let j = i + 1; j < t.length; j++)
          if (sameWhere(t[i] as Where, t[j] as Where)) refuse('NO_TARGET', 'distinct cards (XN14)');
      return;
    }
    case 'apo':
    case 'carol':
      count(0);
      return;
    case 'stephania':
      count(0);
      checkSeating(s, seat, a.seating);
      return;
    case 'daisy': {
      count(1);
      const w = t[0] as Where;
      checkTarget(s, seat, w, w?.seat === seat, false);
      if (!slotAt(s, w)?.up) refuse('NO_TARGET', 'Daisy discards a face-up card (X12.5)');
      return;
    }
    default:
      refuse('NOT_YOUR_TURN', 'this power is not available');
  }
}

function ownChoices(s: State, seat: Seat, unlocked: boolean): Where[] {
  return occupied(s, seat)
    .map((slot) => ({ seat, slot }))
    .filter((w) => {
      const sl = slotAt(s, w) as Slot;
      return !sl.helmut && !(unlocked && sl.up);
    });
}

function oppChoices(s: State, seat: Seat, unlocked: boolean): Where[] {
  const out: Where[] = [];
  for (let o = 0; o < s.seats; o++) if (o !== seat && o !== s.caller) out.push(...ownChoices(s, o, unlocked));
  return out;
}

/** Target lists a power may take now (at most `limit`): enough for random play and hints. */
export function powerChoices(s: State, seat: Seat, kind: PowerKind, limit = 60): Where[][] {
  const out: Where[][] = [];
  const add = (x: Where[]) => {
    if (out.length < limit) out.push(x);
  };
  switch (kind) {
    case 'swap6': {
      const o = oppChoices(s, seat, true);
      for (const x of o) for (const y of o) if (x.seat < y.seat) add([x, y]);
      break;
    }
    case 'shuffle6': {
      const o = ownChoices(s, seat, true);
      for (const x of o) for (const y of o) if (x.slot < y.slot) add([x, y]);
      break;
    }
    case 'look7':
    case 'look9':
      for (const x of ownChoices(s, seat, false)) add([x]);
      break;
    case 'peek8':
    case 'peek10':
    case 'peek12':
      for (const x of oppChoices(s, seat, false)) add([x]);
      break;
    case 'swap11': {
      const mine = ownChoices(s, seat, true);
      for (const x of mine) for (const y of oppChoices(s, seat, true)) add([x, y]);
      break;
    }
    case 'flip13':
      for (const x of [...ownChoices(s, seat, false), ...oppChoices(s, seat, false)]) add([x]);
      break;
    case 'jayce': {
      const mine = ownChoices(s, seat, true);
      for (const x of mine) for (const y of oppChoices(s, seat, true)) add([x, y]);
      break;
    }
    case 'apo':
      add([]);
      break;
    case 'carol':
      if (carolFlips(s).length > 0) add([]);
      break;
    case 'stephania':
      // Someone to change places with: another player who is not the caller.
      for (let p = 0; p < s.n; p++) if (p !== seat && p !== s.caller) return [[]];
      break;
    case 'daisy':
      for (const x of [...ownChoices(s, seat, false), ...oppChoices(s, seat, false)]) if (slotAt(s, x)?.up) add([x]);
      break;
    default:
      break;
  }
  return out;
}

/** X12.5 Carol: every card in every layout but the caller's, a revealed Helmut excepted. */
function carolFlips(s: State): Where[] {
  const out: Where[] = [];
  s.layouts.forEach((lay, seat) => {
    if (seat === s.caller) return;
    lay.forEach((x, slot) => {
      if (x && !x.helmut) out.push({ seat, slot });
    });
  });
  return out;
}

/** Which chosen cards an opponent's power touches (X6.4): they open a Helmut window. */
function touched(s: State, seat: Seat, kind: PowerKind, targets: Where[]): Where[] {
  const touching: PowerKind[] = ['swap6', 'peek8', 'peek10', 'swap11', 'peek12', 'flip13', 'jayce', 'daisy'];
  if (!touching.includes(kind)) return [];
  return targets.filter((w) => w.seat !== seat && w.seat !== s.dummy);
}

/** XT3: Helmut may be in the deck as the players know it. */
function helmutPossible(s: State): boolean {
  return !s.opts.advanced || s.publicHeroes.includes('h:helmut') || s.changer !== null;
}

// ---------------------------------------------------------------------------------------------
// Powers resolved (after the Helmut window)

function swapCards(s: State, a: Where, b: Where): void {
  const x = slotAt(s, a);
  const y = slotAt(s, b);
  setSlot(s, a, y);
  setSlot(s, b, x);
}

function look(s: State, seat: Seat, w: Where, ev: Event[]): void {
  const sl = slotAt(s, w);
  if (!sl) return;
  showTo(s, seat, sl.card);
  ev.push({ type: 'looked', seat, at: { ...w }, card: sl.card });
}

function peekDraw(s: State, seat: Seat, ev: Event[]): void {
  const c = s.draw[0];
  if (c === undefined) return;
  showTo(s, seat, c);
  ev.push({ type: 'looked', seat, at: 'drawPile', card: c });
}

function resolvePower(
  s: State,
  seat: Seat,
  card: Card,
  targets: Where[],
  swap: boolean | undefined,
  cancelled: Where[],
  ev: Event[],
  seating?: number[],
): void {
  const seatUser = seat;
  const kind = powerOf(card) as PowerKind;
  const off = (w: Where) => cancelled.some((c) => sameWhere(c, w));
  ev.push({ type: 'powerUsed', seat, card, targets: targets.map((w) => ({ ...w })) });
  switch (kind) {
    case 'swap6':
    case 'swap11': {
      const [a, b] = targets as [Where, Where];
      if (!off(a) && !off(b)) {
        swapCards(s, a, b);
        ev.push({ type: 'swapped', seat, a: { ...a }, b: { ...b } });
      }
      break;
    }
    case 'shuffle6': {
      const [a, b] = targets as [Where, Where];
      if (swap) swapCards(s, a, b);
      ev.push({ type: 'shuffled', seat, slots: [a.slot, b.slot], swap: swap === true });
      break;
    }
    case 'look7':
    case 'peek8':
      look(s, seat, targets[0] as Where, ev);
      break;
    case 'look9':
    case 'peek10':
      look(s, seat, targets[0] as Where, ev);
      peekDraw(s, seat, ev);
      break;
    case 'peek12': {
      const t = targets[0] as Where;
      look(s, seat, t, ev);
      const sl = slotAt(s, t);
      if (!off(t) && sl && !sl.up && ownChoices(s, seat, true).length > 0) {
        s.step = { kind: 'swap', card, target: { ...t } };
        return;
      }
      break;
    }
    case 'flip13': {
      const t = targets[0] as Where;
      const sl = slotAt(s, t);
      if (!off(t) && sl) flip(s, seat, t, ev);
      break;
    }
    case 'jayce':
      for (let i = 0; i + 1 < targets.length; i += 2) {
        const a = targets[i] as Where;
        const b = targets[i + 1] as Where;
        if (off(a) || off(b)) continue;
        swapCards(s, a, b);
        ev.push({ type: 'swapped', seat, a: { ...a }, b: { ...b } });
      }
      break;
    case 'apo':
      for (const slot of occupied(s, seat)) look(s, seat, { seat, slot }, ev);
      s.apoExtra = true;
      break;
    case 'carol':
      for (const w of carolFlips(s)) flip(s, seat, w, ev);
      break;
    case 'stephania':
      if (seating) reseat(s, seatUser, seating, ev);
      break;
    case 'daisy': {
      const t = targets[0] as Where;
      const sl = slotAt(s, t);
      if (!off(t) && sl) {
        setSlot(s, t, null);
        s.discard.push(sl.card);
        reveal(s, sl.card);
        ev.push({ type: 'discarded', seat, card: sl.card });
        // X6.1: a card Daisy discards is protected like a hero played for its power.
        s.protect = { card: sl.card, until: s.turnNo + 1 };
      }
      break;
    }
    default:
      break;
  }
  endAction(s, ev);
}

function flip(s: State, seat: Seat, w: Where, ev: Event[]): void {
  const sl = slotAt(s, w) as Slot;
  const up = !sl.up;
  setSlot(s, w, { card: sl.card, up });
  if (up) reveal(s, sl.card);
  ev.push({ type: 'flipped', seat, at: { ...w }, card: up ? sl.card : null });
}

/** X6.4: every asked owner answered (or the window timed out): claims, then the power. */
function closeHelmut(s: State, ev: Event[]): void {
  const st = s.step as Extract<State['step'], { kind: 'helmut' }>;
  const cancelled: Where[] = [];
  for (const q of st.asked) {
    if (q.answer !== true) continue;
    const sl = slotAt(s, q.at) as Slot;
    if (sl.card === 'h:helmut') {
      setSlot(s, q.at, { card: sl.card, up: true, helmut: true });
      reveal(s, sl.card);
      cancelled.push(q.at);
      ev.push({ type: 'claimed', seat: q.at.seat, slot: q.at.slot, helmut: true, card: sl.card, right: true });
    } else {
      reveal(s, sl.card);
      ev.push({ type: 'claimed', seat: q.at.seat, slot: q.at.slot, helmut: true, card: sl.card, right: false });
      penalty(s, q.at.seat, ev);
    }
  }
  resolvePower(s, s.active, st.card, st.targets, st.swap, cancelled, ev);
}

// ---------------------------------------------------------------------------------------------
// End of a round (X8.2, X9, X10, X11)

function comboOf(s: State, seat: Seat): Card | null {
  const cards = (s.layouts[seat] ?? []).filter((x): x is Slot => x !== null).map((x) => x.card);
  if (cards.length !== 4) return null;
  const boss = cards.find((c) => isBoss(c) && c !== HYPERION);
  if (boss) {
    const rest = cards.filter((c) => c !== boss).map(cardValue);
    rest.sort((a, b) => a - b);
    if (rest.join() === '2,3,4') return boss;
  }
  if (cards.includes(HYPERION)) {
    const rest = cards.filter((c) => c !== HYPERION).map(cardValue);
    if (rest.length === 3 && rest.every((v) => v === rest[0])) return HYPERION;
  }
  return null;
}

/** X9.1: card points of a seat (Herman caps at 10, a combo caller has 0). */
export function cardPoints(s: State, seat: Seat): number {
  const cards = (s.layouts[seat] ?? []).filter((x): x is Slot => x !== null).map((x) => x.card);
  const raw = cards.reduce((a, c) => a + cardValue(c), 0);
  return cards.includes('h:herman') ? Math.min(raw, 10) : raw;
}

/** X11.2-X11.4, X11.6: what each player may carry over, read before the layouts turn face up. */
function carryAvail(s: State, combo: Card | null): CarryAvail[] {
  return s.layouts.map((lay, seat) => {
    const cards = lay.filter((x): x is Slot => x !== null);
    const has = (c: Card) => cards.some((x) => x.card === c);
    const futura = combo === 'b:futura' && seat !== s.caller;
    const enzo = cards.find((x) => x.card === 'h:enzo');
    if (!isPlayer(s, seat)) return { jimbo: null, duo: false, enzo: null };
    return {
      jimbo: has('h:jimbo') && !futura ? cards.length : null,
      duo: has('h:lola') && has('h:leo') && !futura,
      enzo: enzo ? (enzo.up ? 'up' : 'down') : null,
    };
  });
}

function endRound(s: State, ev: Event[]): void {
  const preCombo = s.caller !== null ? comboOf(s, s.caller) : null;
  const avail = carryAvail(s, preCombo);
  // X1.8: every layout face up.
  for (const lay of s.layouts) {
    lay.forEach((x, i) => {
      if (x) {
        lay[i] = { ...x, up: true };
        reveal(s, x.card);
      }
    });
  }
  ev.push({ type: 'revealed', layouts: s.layouts.map((l) => l.map((x) => (x ? x.card : null))) });
  const caller = s.caller;
  const combo = caller !== null ? comboOf(s, caller) : null;
  const points = Array.from({ length: s.seats }, (_, seat) =>
    seat === caller && combo !== null ? 0 : cardPoints(s, seat),
  );
  const scores = Array(s.n).fill(0) as number[];
  for (let p = 0; p < s.n; p++) {
    const seat = s.seatOf[p] as number;
    let sc = points[seat] as number;
    if (seat === caller && combo === null) {
      // X9.2: +15 for a false call, else +5 if another player has strictly fewer points.
      if (sc > 5) sc += 15;
      else if (points.some((q, o) => o !== seat && isPlayer(s, o) && q < (points[seat] as number))) sc += 5;
    }
    scores[p] = sc;
    s.totals[p] = (s.totals[p] as number) + sc;
  }
  s.roundScores = scores;
  ev.push({
    type: 'scored',
    round: s.round,
    points: points.slice(0, s.n),
    scores: [...scores],
    totals: [...s.totals],
    combo: combo !== null ? caller : null,
  });
  if (s.totals.some((t) => t >= s.opts.maxScore)) {
    const low = Math.min(...s.totals);
    s.winners = s.totals.flatMap((t, p) => (t === low ? [p] : []));
    s.over = true;
    s.step = { kind: 'over' };
    ev.push({ type: 'gameOver', winners: [...s.winners], totals: [...s.totals] });
    return;
  }
  if (combo !== null && caller !== null) s.bossNext = { seat: caller, boss: combo };
  // X3.3: the highest total begins; ties at random (seeded).
  const high = Math.max(...s.totals);
  const tied = s.totals.flatMap((t, p) => (t === high ? [p] : []));
  const p = tied.length === 1 ? (tied[0] as number) : (tied[Math.floor(random(s) * tied.length)] as number);
  s.first = s.seatOf[p] as number;
  s.carry = { avail, use: avail.map(() => null) };
  // XN32: scoring, the midpoint change, then the carry-over choices, then the deal.
  if (s.opts.advanced && s.opts.bosses && !s.changeDone && s.totals.some((t) => t * 2 >= s.opts.maxScore)) {
    s.changeDone = true;
    const top = Math.max(...s.totals);
    const leaders = s.totals.flatMap((t, q) => (t === top ? [q] : []));
    const who =
      leaders.length === 1 ? (leaders[0] as number) : (leaders[Math.floor(random(s) * leaders.length)] as number);
    s.step = { kind: 'change', seat: s.seatOf[who] as number };
    return;
  }
  toCarry(s, ev);
}

/** X12.7: the chooser's new set (or the same one), told to nobody else, not even whether it changed. */
function changeSet(s: State, seat: Seat, heroes: Card[], bossSet: Card[], ev: Event[]): void {
  s.heroes = [...heroes];
  s.bossSet = [...bossSet];
  s.cards = cardsInUse(true, s.heroes, s.bossSet);
  s.changer = seat;
  ev.push({ type: 'setChosen', seat, heroes: [...heroes], bossSet: [...bossSet] });
  toCarry(s, ev);
}

function toCarry(s: State, ev: Event[]): void {
  const avail = s.carry?.avail ?? [];
  // X11.7: the optional carry-over choices, all at once, before the deal.
  const need = avail.map((a, seat) => isPlayer(s, seat) && (a.jimbo !== null || a.duo));
  if (need.some((x) => x)) {
    s.step = { kind: 'carry', need };
    return;
  }
  startRound(s, s.first, ev);
}

// ---------------------------------------------------------------------------------------------
// Actions

/** What a person may send (the wire's message types) and what only the table sends (XT4). */
export const PLAYER_TYPES = [
  'look',
  'draw',
  'keep',
  'discardDrawn',
  'placeDrawn',
  'take',
  'match',
  'flip',
  'power',
  'swap',
  'skipPower',
  'claim',
  'blast',
  'endTurn',
  'carryOver',
  'changeSet',
] as const;
export const SYSTEM_TYPES = ['timeout'] as const;
const TYPES = new Set<string>([...PLAYER_TYPES, ...SYSTEM_TYPES]);

function onTurn(s: State, seat: Seat, kind: State['step']['kind']): void {
  if (s.over) refuse('NOT_YOUR_TURN', 'the game is over');
  if (s.active !== seat || s.step.kind !== kind) refuse('NOT_YOUR_TURN', 'that is not awaited from you now');
}

function ownSlot(s: State, seat: Seat, slotRaw: unknown, unlocked: boolean): number {
  const slot = checkSlotShape(slotRaw);
  const sl = slotAt(s, { seat, slot });
  if (!sl) refuse('EMPTY_SLOT', 'that slot is empty');
  if (unlocked && sl?.up) refuse('LOCKED', 'a face-up card is locked (X12.2)');
  return slot;
}

function act(s: State, a: Action, ev: Event[]): void {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) refuse('MALFORMED', 'an action is an object');
  if (typeof a.type !== 'string' || !TYPES.has(a.type)) refuse('MALFORMED', 'unknown action type');
  if (a.type === 'timeout') {
    timeout(s, a.seat, ev);
    return;
  }
  const seat = (a as { seat: unknown }).seat;
  if (!isInt(seat) || seat < 0 || seat >= s.n) refuse('MALFORMED', 'seat: a seat at the table');
  if (s.over) refuse('NOT_YOUR_TURN', 'the game is over');
  switch (a.type) {
    case 'look': {
      const st = s.step;
      if (st.kind !== 'look' || !((st.need[seat] ?? 0) > 0)) {
        refuse('NOT_YOUR_TURN', 'no look is awaited');
        return;
      }
      const need = st.need[seat] as number;
      if (!Array.isArray(a.slots) || a.slots.length !== need) refuse('MALFORMED', `look at exactly ${need} cards`);
      const slots = a.slots.map(checkSlotShape);
      if (new Set(slots).size !== slots.length) refuse('MALFORMED', 'distinct slots');
      for (const slot of slots) if (!slotAt(s, { seat, slot })) refuse('EMPTY_SLOT', 'that slot is empty');
      for (const slot of slots) look(s, seat, { seat, slot }, ev);
      st.need[seat] = 0;
      if (st.need.every((x) => x === 0)) afterLooks(s, ev);
      return;
    }
    case 'draw': {
      onTurn(s, seat, 'action');
      if (s.draw.length === 0) refuse('NO_CARD_TO_DRAW', 'the draw pile is empty (X4.6)');
      if (s.hyperion === seat && s.draw.length + s.discard.length - 1 >= 2) {
        // X12.4: two cards, one to play; the other goes face up first, without its power.
        const one = takeFromDraw(s, ev) as Card;
        const two = takeFromDraw(s, ev);
        s.pair = two === null ? [one] : [one, two];
        for (const c of s.pair) showTo(s, seat, c);
        ev.push({ type: 'drewTwo', seat, cards: [...s.pair] });
        s.step = { kind: 'keep' };
        return;
      }
      const c = takeFromDraw(s, ev) as Card;
      s.drawn = c;
      showTo(s, seat, c);
      ev.push({ type: 'drew', seat, card: c });
      s.step = { kind: 'drawn' };
      return;
    }
    case 'changeSet': {
      if (s.step.kind !== 'change' || s.step.seat !== seat) {
        refuse('NOT_YOUR_TURN', 'no set change is awaited');
        return;
      }
      if (!validHeroes(a.heroes)) refuse('MALFORMED', 'heroes: 4 hero cards, Lola and Leo together (X12.7)');
      if (!validBosses(a.bossSet)) refuse('MALFORMED', 'bossSet: 2 of the 4 bosses (X12.7)');
      changeSet(s, seat, a.heroes, a.bossSet, ev);
      return;
    }
    case 'carryOver': {
      const st = s.step;
      if (st.kind !== 'carry' || !st.need[seat] || !s.carry) {
        refuse('NOT_YOUR_TURN', 'no carry-over is awaited');
        return;
      }
      if (!Array.isArray(a.use) || a.use.length > 2) refuse('MALFORMED', 'use: a list of effects');
      const av = s.carry.avail[seat] as CarryAvail;
      const use = [...new Set(a.use)];
      for (const u of use) {
        if (u === 'jimbo' ? av.jimbo === null : u === 'duo' ? !av.duo : u === 'enzo' ? av.enzo === null : true)
          refuse('NO_TARGET', `${String(u)} is not yours to use (X11)`);
      }
      // X11.6: Jimbo conflicts with Lola and Leo (card count) and with Enzo (looks): one of each pair.
      if (use.includes('jimbo') && (use.includes('duo') || use.includes('enzo')))
        refuse('NO_TARGET', 'Jimbo conflicts with that effect: choose one (X11.6)');
      s.carry.use[seat] = use;
      st.need[seat] = false;
      if (st.need.every((x) => !x)) startRound(s, s.first, ev);
      return;
    }
    case 'keep': {
      onTurn(s, seat, 'keep');
      if (typeof a.card !== 'string' || !s.pair.includes(a.card))
        refuse('NO_TARGET', 'keep one of the two cards drawn');
      keepOne(s, seat, a.card, ev);
      return;
    }
    case 'discardDrawn': {
      onTurn(s, seat, 'drawn');
      const c = s.drawn as Card;
      s.drawn = null;
      s.discard.push(c);
      reveal(s, c);
      ev.push({ type: 'discarded', seat, card: c });
      protectIfHero(s, c);
      if (!offerPower(s, c)) endAction(s, ev);
      return;
    }
    case 'placeDrawn': {
      onTurn(s, seat, 'drawn');
      const slot = ownSlot(s, seat, a.slot, true);
      const out = (slotAt(s, { seat, slot }) as Slot).card;
      setSlot(s, { seat, slot }, { card: s.drawn as Card, up: false });
      s.drawn = null;
      s.discard.push(out);
      reveal(s, out);
      ev.push({ type: 'placed', seat, slot, out });
      afterOwnDiscard(s, out, ev);
      return;
    }
    case 'take': {
      onTurn(s, seat, 'action');
      const slot = ownSlot(s, seat, a.slot, true);
      if (topProtected(s)) refuse('PROTECTED', 'a hero played for its power cannot be taken this turn (X6.1)');
      const card = s.discard.pop() as Card;
      const out = (slotAt(s, { seat, slot }) as Slot).card;
      setSlot(s, { seat, slot }, { card, up: false });
      s.discard.push(out);
      reveal(s, out);
      ev.push({ type: 'took', seat, slot, card, out });
      afterOwnDiscard(s, out, ev);
      return;
    }
    case 'match': {
      onTurn(s, seat, 'action');
      const slot = ownSlot(s, seat, a.slot, false);
      const sl = slotAt(s, { seat, slot }) as Slot;
      const t = top(s);
      if (t === null) refuse('NO_TARGET', 'nothing to match');
      reveal(s, sl.card);
      if (cardValue(sl.card) === cardValue(t as Card)) {
        setSlot(s, { seat, slot }, null);
        s.discard.push(sl.card);
        ev.push({ type: 'matched', seat, slot, card: sl.card, ok: true });
        afterOwnDiscard(s, sl.card, ev);
        return;
      }
      ev.push({ type: 'matched', seat, slot, card: sl.card, ok: false });
      penalty(s, seat, ev);
      endAction(s, ev);
      return;
    }
    case 'flip': {
      onTurn(s, seat, 'action');
      if (!s.opts.advanced) refuse('NOT_YOUR_TURN', 'Flip is an advanced action (X12.1)');
      const slot = ownSlot(s, seat, a.slot, false);
      if ((slotAt(s, { seat, slot }) as Slot).helmut) refuse('LOCKED', 'a revealed Helmut stays face up (XN27)');
      flip(s, seat, { seat, slot }, ev);
      endAction(s, ev);
      return;
    }
    case 'power': {
      if (s.step.kind === 'boss' && s.step.seat === seat) {
        bossPower(s, seat, s.step.boss, a.targets, ev);
        return;
      }
      onTurn(s, seat, 'power');
      const st = s.step as Extract<State['step'], { kind: 'power' }>;
      const kind = powerOf(st.card) as PowerKind;
      checkPower(s, seat, kind, a);
      if (a.swap !== undefined && typeof a.swap !== 'boolean') refuse('MALFORMED', 'swap: a boolean');
      const targets = a.targets.map((w) => ({ seat: w.seat, slot: w.slot }));
      const swap = kind === 'shuffle6' ? a.swap : undefined;
      const asked = helmutPossible(s) ? touched(s, seat, kind, targets) : [];
      if (asked.length > 0) {
        s.step = {
          kind: 'helmut',
          card: st.card,
          targets,
          ...(swap !== undefined ? { swap } : {}),
          asked: asked.map((at) => ({ at, answer: null })),
        };
        ev.push({ type: 'helmutWindow', seat, at: asked.map((w) => ({ ...w })) });
        return;
      }
      resolvePower(s, seat, st.card, targets, swap, [], ev, kind === 'stephania' ? (a.seating as number[]) : undefined);
      return;
    }
    case 'swap': {
      onTurn(s, seat, 'swap');
      const st = s.step as Extract<State['step'], { kind: 'swap' }>;
      if (a.slot === null) {
        ev.push({ type: 'powerSkipped', seat, card: st.card });
        endAction(s, ev);
        return;
      }
      const slot = ownSlot(s, seat, a.slot, true);
      if ((slotAt(s, { seat, slot }) as Slot).helmut) refuse('LOCKED', 'a revealed Helmut cannot move');
      swapCards(s, { seat, slot }, st.target);
      ev.push({ type: 'swapped', seat, a: { seat, slot }, b: { ...st.target } });
      endAction(s, ev);
      return;
    }
    case 'skipPower': {
      if (s.active !== seat || (s.step.kind !== 'power' && s.step.kind !== 'swap'))
        refuse('NOT_YOUR_TURN', 'no power is pending');
      const st = s.step as { card: Card };
      ev.push({ type: 'powerSkipped', seat, card: st.card });
      endAction(s, ev);
      return;
    }
    case 'claim': {
      const st = s.step;
      if (st.kind !== 'helmut') {
        refuse('NOT_YOUR_TURN', 'no Helmut window is open');
        return;
      }
      const mine = st.asked.filter((q) => q.at.seat === seat && q.answer === null);
      if (mine.length === 0) refuse('NOT_YOUR_TURN', 'none of your cards awaits a claim');
      if (typeof a.helmut !== 'boolean') refuse('MALFORMED', 'helmut: a boolean');
      let q = mine[0];
      if (mine.length > 1 || a.slot !== undefined) {
        if (!isInt(a.slot)) refuse('MALFORMED', 'slot: which of your touched cards');
        q = mine.find((x) => x.at.slot === a.slot);
        if (!q) refuse('NO_TARGET', 'that card was not touched');
      }
      (q as { answer: boolean | null }).answer = a.helmut;
      if (st.asked.every((x) => x.answer !== null)) closeHelmut(s, ev);
      return;
    }
    case 'blast': {
      if (s.active === seat && s.step.kind !== 'blast' && s.caller === null && (s.turnsStarted[seat] ?? 0) < 2)
        refuse('FIRST_TURN', 'Blast is not allowed on your first turn (X8.1)');
      onTurn(s, seat, 'blast');
      s.caller = seat;
      // XN28: Stephania and Blast in one turn: the final turns go from the caller's new seat.
      s.nextSeat = null;
      ev.push({ type: 'blast', seat });
      // X8.2: every other player, clockwise from the caller's left, one more turn.
      const order: Seat[] = [];
      let x = seat;
      for (let i = 0; i < s.seats; i++) {
        x = nextPlayer(s, x);
        if (x === seat || order.includes(x)) break;
        order.push(x);
      }
      s.finalLeft = order;
      advance(s, ev);
      return;
    }
    case 'endTurn':
      onTurn(s, seat, 'blast');
      advance(s, ev);
      return;
    default:
      refuse('NOT_YOUR_TURN', 'that is not awaited now');
      return;
  }
}

function keepOne(s: State, seat: Seat, card: Card, ev: Event[]): void {
  const other = s.pair.find((c) => c !== card);
  s.pair = [];
  if (other !== undefined) {
    s.discard.push(other);
    reveal(s, other);
    ev.push({ type: 'discarded', seat, card: other });
  }
  s.drawn = card;
  s.step = { kind: 'drawn' };
}

/** XT4: the awaited step's default, for one seat or for everyone awaited. */
function timeout(s: State, seat: Seat | undefined, ev: Event[]): void {
  if (s.over) refuse('NOT_YOUR_TURN', 'the game is over');
  if (seat !== undefined && (!isInt(seat) || seat < 0 || seat >= s.n)) refuse('MALFORMED', 'seat');
  const st = s.step;
  const mine = (x: Seat) => seat === undefined || seat === x;
  switch (st.kind) {
    case 'look': {
      const who = st.need.flatMap((k, i) => (k > 0 && mine(i) ? [i] : []));
      if (who.length === 0) refuse('NOT_YOUR_TURN', 'no look is awaited from that seat');
      for (const p of who) {
        ev.push({ type: 'timedOut', seat: p, step: 'look' });
        const slots = occupied(s, p).slice(0, st.need[p]);
        for (const slot of slots) look(s, p, { seat: p, slot }, ev);
        st.need[p] = 0;
      }
      if (st.need.every((x) => x === 0)) afterLooks(s, ev);
      return;
    }
    case 'helmut': {
      const qs = st.asked.filter((q) => q.answer === null && mine(q.at.seat));
      if (qs.length === 0) refuse('NOT_YOUR_TURN', 'no claim is awaited from that seat');
      for (const q of qs) q.answer = false;
      ev.push({ type: 'timedOut', seat: seat ?? null, step: 'helmut' });
      if (st.asked.every((x) => x.answer !== null)) closeHelmut(s, ev);
      return;
    }
    case 'change':
      // XT4: keep the set (told to others exactly as a change would be).
      if (!mine(st.seat)) {
        refuse('NOT_YOUR_TURN', 'that seat is not awaited');
        return;
      }
      ev.push({ type: 'timedOut', seat: st.seat, step: 'change' });
      changeSet(s, st.seat, s.heroes, s.bossSet, ev);
      return;
    case 'boss':
      if (!mine(st.seat)) {
        refuse('NOT_YOUR_TURN', 'that seat is not awaited');
        return;
      }
      ev.push({ type: 'timedOut', seat: st.seat, step: 'boss' });
      startTurn(s, s.first, ev);
      return;
    case 'carry': {
      const who = st.need.flatMap((k, i) => (k && mine(i) ? [i] : []));
      if (who.length === 0 || !s.carry) {
        refuse('NOT_YOUR_TURN', 'no carry-over is awaited from that seat');
        return;
      }
      // XT4, XN31: no optional effect; Enzo applies by itself.
      for (const p of who) {
        s.carry.use[p] = [];
        st.need[p] = false;
      }
      ev.push({ type: 'timedOut', seat: seat ?? null, step: 'carry' });
      if (st.need.every((x) => !x)) startRound(s, s.first, ev);
      return;
    }
    case 'over':
      refuse('NOT_YOUR_TURN', 'the game is over');
      return;
    default:
      break;
  }
  if (!mine(s.active)) refuse('NOT_YOUR_TURN', 'that seat is not awaited');
  ev.push({ type: 'timedOut', seat: s.active, step: st.kind });
  switch (st.kind) {
    case 'action': {
      if (s.draw.length === 0) {
        advance(s, ev);
        return;
      }
      let c: Card;
      if (s.hyperion === s.active && s.draw.length + s.discard.length - 1 >= 2) {
        // X12.4 under XT4: Hyperion's two are drawn, the first kept (the other discarded), then discarded.
        const one = takeFromDraw(s, ev) as Card;
        const two = takeFromDraw(s, ev) as Card;
        s.pair = [one, two];
        for (const x of s.pair) showTo(s, s.active, x);
        ev.push({ type: 'drewTwo', seat: s.active, cards: [one, two] });
        keepOne(s, s.active, one, ev);
        c = s.drawn as Card;
        s.drawn = null;
      } else {
        c = takeFromDraw(s, ev) as Card;
        showTo(s, s.active, c);
        ev.push({ type: 'drew', seat: s.active, card: c });
      }
      s.discard.push(c);
      reveal(s, c);
      ev.push({ type: 'discarded', seat: s.active, card: c });
      protectIfHero(s, c);
      endAction(s, ev);
      return;
    }
    case 'keep':
    case 'drawn': {
      if (st.kind === 'keep') keepOne(s, s.active, s.pair[0] as Card, ev);
      const c = s.drawn as Card;
      s.drawn = null;
      s.discard.push(c);
      reveal(s, c);
      ev.push({ type: 'discarded', seat: s.active, card: c });
      protectIfHero(s, c);
      endAction(s, ev);
      return;
    }
    case 'power':
    case 'swap':
      ev.push({ type: 'powerSkipped', seat: s.active, card: st.card });
      endAction(s, ev);
      return;
    case 'blast':
      advance(s, ev);
      return;
    default:
      return;
  }
}

export function applyAction(s: State, a: Action): Applied {
  try {
    if (typeof s !== 'object' || s === null || s.v !== 1) return malformed('not a game state');
    const next = copyState(s);
    const ev: Event[] = [];
    act(next, a, ev);
    return { ok: true, state: next, events: ev };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: { code: e.code, message: e.message } };
    return malformed(e instanceof Error ? e.message : 'unreadable action');
  }
}

/** A deep copy of plain data (arrays, objects, primitives: all a State holds), far quicker than structuredClone. */
function copyData<T>(x: T): T {
  if (Array.isArray(x)) {
    const n = x.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = x[i];
      out[i] = typeof v === 'object' && v !== null ? copyData(v) : v;
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const o = x as Record<string, unknown>;
  for (const k in o) {
    const v = o[k];
    out[k] = typeof v === 'object' && v !== null ? copyData(v) : v;
  }
  return out as T;
}

/**
 * The next state starts as a copy: the caller's state is never changed. Every array the rules write
 * into is copied (layouts, piles, the step's and carry's lists, per-seat counters); what they only
 * ever replace is shared: the options, the card lists, the slot objects (a slot changes by a new
 * object), the generator's state (readonly), `protect` / `bossAct` / `bossNext`.
 */
export function copyState(s: State): State {
  return {
    v: s.v,
    opts: s.opts,
    n: s.n,
    seats: s.seats,
    dummy: s.dummy,
    rng: s.rng,
    round: s.round,
    dealer: s.dealer,
    first: s.first,
    totals: s.totals.slice(),
    roundScores: s.roundScores === null ? null : s.roundScores.slice(),
    seatOf: s.seatOf.slice(),
    heroes: s.heroes,
    bossSet: s.bossSet,
    cards: s.cards,
    layouts: s.layouts.map((l) => l.slice()),
    draw: s.draw.slice(),
    discard: s.discard.slice(),
    active: s.active,
    step: s.step.kind === 'look' || s.step.kind === 'helmut' || s.step.kind === 'carry' ? copyData(s.step) : s.step,
    drawn: s.drawn,
    turnNo: s.turnNo,
    turnsStarted: s.turnsStarted.slice(),
    protect: s.protect,
    caller: s.caller,
    finalLeft: s.finalLeft.slice(),
    apoExtra: s.apoExtra,
    inExtra: s.inExtra,
    carry: s.carry === null ? null : copyData(s.carry),
    publicHeroes: s.publicHeroes,
    publicBosses: s.publicBosses,
    changeDone: s.changeDone,
    changer: s.changer,
    nextSeat: s.nextSeat,
    bossAct: s.bossAct,
    pair: s.pair.slice(),
    hyperion: s.hyperion,
    bossNext: s.bossNext,
    shown: s.shown.map((k) => k.slice()),
    shownAll: s.shownAll.slice(),
    over: s.over,
    winners: s.winners.slice(),
  };
}

/**
 * `applyAction` without the copy, for a search that owns its state (a sample it made): `s` itself
 * becomes the next state. After a refusal `s` may be half changed and must be dropped.
 */
export function applyInPlace(s: State, a: Action): { ok: true; events: Event[] } | { ok: false } {
  try {
    const ev: Event[] = [];
    act(s, a, ev);
    return { ok: true, events: ev };
  } catch {
    return { ok: false };
  }
}

function malformed(message: string): Applied {
  return { ok: false, error: { code: 'MALFORMED', message } };
}

/** Would `a` be accepted now? */
export function canAct(s: State, a: Action): boolean {
  return applyAction(s, a).ok;
}

export function replay(o: Options, actions: Action[]): State {
  let s = createGame(o);
  actions.forEach((a, i) => {
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`action ${i} refused: ${r.error.code} ${r.error.message}`);
    s = r.state;
  });
  return s;
}

export { ALL_CARDS, blastAllowed, cardValue, occupied, oppChoices, ownChoices, topProtected };
