/**
 * viewFor (R11): what one seat, or a spectator (null), may see.
 *
 * A view never aliases the state. Its own hand and betting cards are fresh arrays per view. The public
 * parts (table, discard, feathers, scores, ...) are frozen copies shared between views: the engine
 * never changes a state's arrays in place (copy on write, see engine.ts), so an array it hands on
 * unchanged keeps its identity and its copy can serve every seat's view and every later state until
 * the engine replaces it. Listing all seats' views at every step therefore copies only what changed.
 * Freezing makes a consumer that tries to change a view fail loudly instead of changing other views.
 * One slot per part: a process viewing many games in turn (a server) mostly misses and pays a copy
 * plus a freeze per part, about 1.5-3x the old per-view copy, well under a microsecond a view.
 */
import type { CardId } from './cards.js';
import type {
  Bet,
  Feather,
  GameEvent,
  GameState,
  PlayerView,
  Seat,
  TableEntry,
  TakeBackWindow,
  ViewBet,
} from './types.js';

/** Every empty public list: frozen like the rest, typed as a list of anything. */
const EMPTY = Object.freeze([]) as unknown as never[];

/**
 * The last copy made of one state array, reused while the state holds that same array at the same
 * length (the length check also catches a caller appending to a state in place).
 */
class Copy<T, C> {
  private src: readonly T[] | null = null;
  private len = -1;
  private copy: C;
  constructor(
    private readonly make: (src: readonly T[]) => C,
    empty: C,
  ) {
    this.copy = empty;
  }
  of(src: readonly T[]): C {
    if (src !== this.src || src.length !== this.len) {
      this.copy = src.length === 0 ? this.make(EMPTY) : this.make(src);
      this.src = src;
      this.len = src.length;
    }
    return this.copy;
  }
}

const frozen = <T>(src: readonly T[]): T[] => (src.length === 0 ? (EMPTY as T[]) : (Object.freeze(src.slice()) as T[]));
const list = <T>() => new Copy<T, T[]>(frozen, EMPTY as T[]);

const handCounts = new Copy<CardId[], number[]>((hands) => Object.freeze(hands.map((h) => h.length)) as number[], []);
const table = new Copy<TableEntry, TableEntry[]>(
  (t) =>
    t.length === 0
      ? (EMPTY as TableEntry[])
      : (Object.freeze(
          t.map((e) => Object.freeze({ challenge: e.challenge, by: e.by, rejection: e.rejection })),
        ) as TableEntry[]),
  EMPTY as TableEntry[],
);
const feathers = new Copy<Feather, Feather[]>(
  (fs) =>
    fs.length === 0
      ? (EMPTY as Feather[])
      : (Object.freeze(fs.map((f) => Object.freeze({ seat: f.seat, value: f.value, round: f.round }))) as Feather[]),
  EMPTY as Feather[],
);
const standing = list<Seat>();
const discard = list<CardId>();
const featherStack = list<number>();
const out = list<Seat>();
const scores = list<number>();
const roundLosers = list<Seat>();
let windowSrc: TakeBackWindow | null = null;
let windowCopy: TakeBackWindow | null = null;

function windowOf(w: TakeBackWindow | null): TakeBackWindow | null {
  if (w === null) return null;
  if (w !== windowSrc || windowCopy === null || windowCopy.cards.length !== w.cards.length) {
    windowSrc = w;
    windowCopy = Object.freeze({ seat: w.seat, cards: frozen(w.cards) });
  }
  return windowCopy;
}

/** The last bets list as the spectator (slot 0) or seat i (slot i + 1) saw it, and from what. */
interface BetsSeen {
  src: readonly Bet[] | null;
  len: number;
  revealed: number;
  copy: ViewBet[];
}
const betsSeen: BetsSeen[] = Array.from({ length: 6 }, () => ({ src: null, len: -1, revealed: -1, copy: EMPTY }));

/** Bets as `me` sees them: their own values and those of revealed rounds (R9.1); others hidden. */
function betsFor(s: GameState, me: Seat | null): ViewBet[] {
  if (s.bets.length === 0) return EMPTY as ViewBet[];
  const revealed = s.roundLosers.length;
  const seen = betsSeen[me === null ? 0 : me + 1] as BetsSeen;
  if (seen.src === s.bets && seen.len === s.bets.length && seen.revealed === revealed) return seen.copy;
  seen.copy = Object.freeze(
    s.bets.map((b) =>
      Object.freeze({ by: b.by, on: b.on, round: b.round, value: b.by === me || b.round <= revealed ? b.value : null }),
    ),
  ) as ViewBet[];
  seen.src = s.bets;
  seen.len = s.bets.length;
  seen.revealed = revealed;
  return seen.copy;
}

export function viewFor(s: GameState, viewer: Seat | null): PlayerView {
  const seated = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.players;
  const me = seated ? viewer : null;
  return {
    viewer: me,
    players: s.players,
    round: s.round,
    phase: s.phase,
    betting: s.betting,
    over: s.over,
    trump: s.trump,
    deckCount: s.deck.length,
    deck2Count: s.deck2.length,
    hand: me === null ? [] : (s.hands[me] ?? []).slice(),
    handCounts: handCounts.of(s.hands),
    betHand: me === null ? [] : (s.betCards[me] ?? []).slice(),
    active: s.active,
    target: s.target,
    supporter: s.supporter,
    table: table.of(s.table),
    limit: s.limit,
    targetPassed: s.targetPassed,
    standing: standing.of(s.standing),
    window: windowOf(s.window),
    discard: discard.of(s.discard),
    featherStack: featherStack.of(s.featherStack),
    feathers: feathers.of(s.feathers),
    bets: betsFor(s, me),
    out: out.of(s.out),
    scores: scores.of(s.scores),
    roundLosers: roundLosers.of(s.roundLosers),
    winner: s.winner,
  };
}

/** An event as `viewer` may see it (R11.2): drawn and dealt cards and bet values are private. */
export function redactEvent(e: GameEvent, viewer: Seat | null): GameEvent {
  switch (e.type) {
    case 'drew':
      return e.seat === viewer ? { ...e, cards: e.cards?.slice() ?? null } : { ...e, cards: null };
    case 'betPlaced':
      return e.by === viewer ? { ...e } : { ...e, value: null };
    case 'roundStarted':
      return { ...e, hands: e.hands.map((h, seat) => (seat === viewer && h ? h.slice() : null)) };
    case 'opened':
    case 'extended':
    case 'rejected':
    case 'passed':
    case 'stood':
    case 'tookBack':
    case 'windowClosed':
    case 'discarded':
    case 'took':
    case 'phaseTwo':
    case 'betsRevealed':
    case 'feather':
    case 'roundOver':
    case 'gameOver':
      return e;
    default: {
      const never: never = e;
      return never;
    }
  }
}
