/**
 * What this seat may do now, from `@blaze/bla5t`'s own legalActions and powerChoices (the client
 * does not restate the rules): the view is rebuilt into the rules' state with the face-down cards
 * as blanks (their values never decide what is legal) and handed to them.
 */
import {
  type Action,
  type Card,
  legalActions,
  type PowerKind,
  powerChoices,
  powerOf,
  type State,
  type View,
  type Where,
} from '@blaze/bla5t';

const BLANK = 'm1a';

export interface Moves {
  /** What the table awaits of this seat now ('none' when nothing). */
  kind: string;
  /** Initial looks to make (X3.6). */
  look: number;
  draw: boolean;
  take: Set<number>;
  match: Set<number>;
  flip: Set<number>;
  place: Set<number>;
  discardDrawn: boolean;
  keep: Card[];
  /** The pending power (X4.2 A), when this seat may use it. */
  power: PowerKind | null;
  /** The 12's second step: own slots it may swap with (X5.9). */
  swap: Set<number>;
  /** Own slots touched by a power, awaiting a Helmut claim (X6.4). */
  claim: number[];
  blast: boolean;
  endTurn: boolean;
  /** Other steps' choices as the rules list them (carry-over, Stephania, bosses, the midpoint set). */
  other: Action[];
}

export const NO_MOVES: Moves = {
  kind: 'none',
  look: 0,
  draw: false,
  take: new Set(),
  match: new Set(),
  flip: new Set(),
  place: new Set(),
  discardDrawn: false,
  keep: [],
  power: null,
  swap: new Set(),
  claim: [],
  blast: false,
  endTurn: false,
  other: [],
};

/** The rules' step the view's `awaiting` stands for, as far as a seat may know it. */
function stepOf(v: View): State['step'] {
  const me = v.viewer ?? -1;
  const a = v.awaiting;
  switch (a.kind) {
    case 'look':
      return { kind: 'look', need: v.layouts.map((_, s) => (s === me ? v.looksToMake : a.seats.includes(s) ? 1 : 0)) };
    case 'power':
      return { kind: 'power', card: v.pendingPower ?? BLANK };
    case 'swap':
      return { kind: 'swap', card: v.pendingPower ?? BLANK, target: v.swapTarget ?? { seat: 0, slot: 0 } };
    case 'helmut':
      return {
        kind: 'helmut',
        card: v.pendingPower ?? BLANK,
        targets: [],
        asked: v.helmutAsk.map((slot) => ({ at: { seat: me, slot }, answer: null })),
      };
    case 'carry':
      return { kind: 'carry', need: v.layouts.map((_, s) => a.seats.includes(s)) };
    case 'maga':
    case 'fawkes':
      return { kind: 'boss', seat: a.seats[0] ?? 0, boss: a.kind === 'maga' ? 'b:maga' : 'b:fawkes' };
    case 'change':
      return { kind: 'change', seat: a.seats[0] ?? 0 };
    case 'action':
    case 'drawn':
    case 'keep':
    case 'blast':
    case 'over':
      return { kind: a.kind };
    default:
      return { kind: 'over' };
  }
}

/** The view as the rules' state: blanks for what this seat cannot see. */
export function stateOf(v: View, advanced: boolean): State {
  const layouts = v.layouts.map((lay) =>
    lay.map((x) => (x === null ? null : 'up' in x ? { card: x.up, up: true } : { card: BLANK, up: false })),
  );
  const top = v.discardTop;
  const carry =
    v.carryOptions && v.viewer !== null
      ? {
          avail: v.layouts.map(() => v.carryOptions as NonNullable<View['carryOptions']>),
          use: v.layouts.map(() => null),
        }
      : null;
  return {
    v: 1,
    opts: { players: v.players, seed: '', advanced, eleration: false, bosses: true, maxScore: 100, decks: null },
    n: v.players,
    seats: v.seats,
    dummy: v.dummy,
    rng: [0, 0, 0, 0],
    round: v.round,
    dealer: v.dealer,
    first: 0,
    totals: v.totals,
    roundScores: v.roundScores,
    seatOf: v.seatOf,
    heroes: v.heroes,
    bossSet: v.bossSet,
    cards: [],
    layouts,
    draw: Array(v.drawCount).fill(BLANK),
    discard: top ? [top] : [],
    active: v.active,
    step: stepOf(v),
    drawn: v.drawn,
    turnNo: 1,
    turnsStarted: v.turnsStarted,
    protect: v.topProtected && top ? { card: top, until: 1 } : null,
    caller: v.caller,
    finalLeft: [],
    apoExtra: false,
    inExtra: v.inExtraTurn,
    carry,
    publicHeroes: v.heroes,
    publicBosses: v.bossSet,
    changeDone: false,
    changer: null,
    nextSeat: null,
    bossAct: null,
    pair: v.pair ?? [],
    hyperion: v.hyperion,
    bossNext: null,
    shown: [],
    shownAll: [],
    over: v.over,
    winners: v.winners,
  } as unknown as State;
}

export function movesOf(v: View | null, advanced: boolean): Moves {
  if (!v || v.viewer === null || v.over || !v.awaiting.seats.includes(v.viewer)) return NO_MOVES;
  const seat = v.viewer;
  const acts = legalActions(stateOf(v, advanced), seat);
  const m: Moves = {
    ...NO_MOVES,
    kind: v.awaiting.kind,
    take: new Set(),
    match: new Set(),
    flip: new Set(),
    place: new Set(),
    swap: new Set(),
    keep: [],
    claim: [],
    other: [],
  };
  for (const a of acts) {
    switch (a.type) {
      case 'look':
        m.look = a.slots.length;
        break;
      case 'draw':
        m.draw = true;
        break;
      case 'take':
        m.take.add(a.slot);
        break;
      case 'match':
        m.match.add(a.slot);
        break;
      case 'flip':
        m.flip.add(a.slot);
        break;
      case 'placeDrawn':
        m.place.add(a.slot);
        break;
      case 'discardDrawn':
        m.discardDrawn = true;
        break;
      case 'keep':
        m.keep.push(a.card);
        break;
      case 'swap':
        if (a.slot !== null) m.swap.add(a.slot);
        break;
      case 'claim':
        if (a.slot !== undefined && !m.claim.includes(a.slot)) m.claim.push(a.slot);
        break;
      case 'blast':
        m.blast = true;
        break;
      case 'endTurn':
        m.endTurn = true;
        break;
      case 'power':
      case 'skipPower':
        if (v.awaiting.kind === 'power') {
          m.power = v.pendingPower ? powerOf(v.pendingPower) : null;
          // Stephania's seatings are chosen from the rules' list, one partner each (X12.5).
          if (a.type === 'power' && a.seating) m.other.push(a);
        } else m.other.push(a);
        break;
      default:
        m.other.push(a);
    }
  }
  // The look's own count (all cards when fewer are held, X3.6).
  if (v.awaiting.kind === 'look') m.look = v.looksToMake;
  return m;
}

/** How many targets a power takes (Jayce: up to 8, in pairs; X6.2). */
export function targetsNeeded(kind: PowerKind): number {
  switch (kind) {
    case 'swap6':
    case 'shuffle6':
    case 'swap11':
      return 2;
    case 'jayce':
      return 8;
    case 'apo':
    case 'carol':
    case 'stephania':
      return 0;
    default:
      return 1;
  }
}

const key = (w: Where) => `${w.seat}.${w.slot}`;
const same = (a: Where, b: Where) => a.seat === b.seat && a.slot === b.slot;

/** The slots a power's next target may be, given those chosen so far (lit on the table). */
export function powerTargets(v: View, advanced: boolean, kind: PowerKind, chosen: Where[]): Set<string> {
  if (v.viewer === null) return new Set();
  const s = stateOf(v, advanced);
  const lists = powerChoices(s, v.viewer, kind, 100_000);
  const out = new Set<string>();
  if (kind === 'jayce') {
    // Own, theirs, own, theirs... each card once (X6.2, XN14).
    const k = chosen.length % 2;
    for (const l of lists) {
      const w = l[k] as Where;
      if (!chosen.some((c) => same(c, w))) out.add(key(w));
    }
    return out;
  }
  for (const l of lists) {
    if (l.length <= chosen.length) continue;
    if (!chosen.every((c, i) => same(c, l[i] as Where))) continue;
    out.add(key(l[chosen.length] as Where));
  }
  // 6-Swap's and 6-Shuffle's pairs are listed once, in one order: either card may come first.
  if (kind === 'swap6' || kind === 'shuffle6') {
    const c = chosen[0];
    for (const l of lists) {
      if (!c) out.add(key(l[1] as Where));
      else if (chosen.length === 1 && same(l[1] as Where, c)) out.add(key(l[0] as Where));
    }
  }
  return out;
}
