/**
 * Turns the decoded schema state into a plain ClientTable snapshot: PlayerView-shaped game fields plus
 * lobby info. Pure: nothing here touches the network or the canvas.
 */
import type { TableSettings } from '@blaze/protocol';
import { readDeadlines, readLog, readTable } from '@blaze/protocol/wire';
import type { BetValue, CardId, PlayerCount, PlayerView, Seat, TableEntry } from '@blaze/rules';

export type Status = 'lobby' | 'playing' | 'finished';

export interface SeatInfo {
  seat: Seat;
  occupied: boolean;
  name: string;
  bot: boolean;
  /** A bot's strength ('easy' | 'normal' | 'strong'), '' for a person. */
  strength?: string;
  connected: boolean;
  /** A person gone for longer than their grace: the bot plays their seat until they are back. */
  standIn: boolean;
  /** Between games: ready for the next one (bots always are; the rematch's ready check). */
  ready?: boolean;
  host: boolean;
  handCount: number;
}

/** The table settings as the protocol defines them (a type only: the client bundle carries no zod). */
export type Settings = TableSettings;

export interface DeadlineInfo {
  kind: 'window' | 'attacker' | 'target' | 'bet';
  seat: Seat;
  at: number;
}

export interface LogLine {
  seq: number;
  /** When it happened (epoch ms), where known: the server keeps this in its record, not on the wire. */
  at?: number;
  kind: string;
  seat: Seat;
  other: Seat;
  cards: CardId[];
  value: number;
  text: string;
}

export interface ChatEntry {
  seq: number;
  at: number;
  name: string;
  seat: Seat;
  text: string;
}

export interface ResultRow {
  game: number;
  names: string[];
  scores: number[];
  winner: Seat;
}

export interface ScoreRow {
  name: string;
  games: number;
  wins: number;
  points: number;
  /** The game these were of (a table its host moved carries the evening's earlier games); '' before games were named. */
  game?: string;
}

export interface ClientTable {
  status: Status;
  /** A start (or rematch) waits for the server's record: seats, settings and Start are held meanwhile. */
  starting: boolean;
  /** The server's record is slow to take this table's writes: moves wait (none is lost) until it does. */
  savingDelayed: boolean;
  spectators: number;
  gameNumber: number;
  settings: Settings;
  seats: SeatInfo[];
  /** -1 while not seated (spectating, or joined but not sat down). */
  mySeat: Seat;
  isHost: boolean;
  /** The game as this client may see it; null in the lobby before the first game. */
  view: PlayerView | null;
  /** This client's own hidden bet value this round (-1: none). */
  myBet: number;
  deadlines: DeadlineInfo[];
  log: LogLine[];
  chat: ChatEntry[];
  results: ResultRow[];
  scoreboard: ScoreRow[];
}

/** The shape of BlazeState this module reads (real schema instances and plain objects both fit). */
type List<T> = Iterable<T> & { length: number };
export interface StateLike {
  status: string;
  starting?: boolean;
  savingDelayed?: boolean;
  spectators: number;
  gameNumber: number;
  settings: Settings | { [K in keyof Settings]: unknown };
  players: List<{
    occupied: boolean;
    name: string;
    bot: boolean;
    strength?: string;
    connected: boolean;
    standIn?: boolean;
    ready?: boolean;
    host: boolean;
    handCount: number;
    hand: List<string>;
    betHand: string;
    myBet: number;
  }>;
  round: number;
  phase: number;
  betting: boolean;
  over: boolean;
  trump: string;
  deckCount: number;
  deck2Count: number;
  active: number;
  target: number;
  supporter: number;
  /** wire.ts text, one per challenge. */
  table: List<string>;
  limit: number;
  targetPassed: boolean;
  standing: List<number>;
  window?: { seat: number; cards: List<string> } | undefined;
  discard: List<string>;
  featherStack: List<number>;
  feathers: List<{ seat: number; value: number; round: number }>;
  bets: List<{ by: number; on: number; round: number; value: number }>;
  out: List<number>;
  scores: List<number>;
  roundLosers: List<number>;
  winner: number;
  /** wire.ts text: decoded with clockBase. */
  deadlines: string;
  clockBase: number;
  /** wire.ts lines, one per ring slot. */
  log: List<string>;
  chat: List<ChatEntry>;
  results: List<{ game: number; names: List<string>; scores: List<number>; winner: number }>;
  scoreboard: List<ScoreRow>;
}

const arr = <T>(l: Iterable<T> | undefined | null): T[] => (l ? Array.from(l) : []);

function status(s: string): Status {
  return s === 'playing' || s === 'finished' ? s : 'lobby';
}

/** Players in the game: seats 0..n-1 are the occupied slots once a game has started. */
function playerCount(state: StateLike, seats: SeatInfo[]): number {
  const scores = state.scores.length;
  if (scores >= 3 && scores <= 5) return scores;
  let n = 0;
  for (const s of seats) if (s.occupied) n = s.seat + 1;
  return n;
}

export function toClientTable(state: StateLike, mySeat: Seat, host?: boolean): ClientTable {
  const slots = arr(state.players);
  const seats: SeatInfo[] = slots.map((p, seat) => ({
    seat,
    occupied: p.occupied,
    name: p.name,
    bot: p.bot,
    strength: p.strength ?? '',
    connected: p.connected,
    standIn: p.standIn === true,
    ready: p.ready === true,
    host: p.host,
    handCount: p.handCount,
  }));
  const me = mySeat >= 0 ? slots[mySeat] : undefined;
  const st = status(state.status);
  if (st === 'finished') {
    // Someone who left during the game gives their seat back when it ends (the server frees it), but
    // the finished game is still theirs: its seats, log and scores name them from its result.
    const result = arr(state.results).find((r) => r.game === state.gameNumber);
    const names = result ? arr(result.names) : [];
    for (const s of seats) if (s.name === '' && names[s.seat]) s.name = names[s.seat] as string;
  }
  const settingsIn = state.settings as Settings;
  const settings: Settings = {
    firstPlayer: settingsIn.firstPlayer,
    windowMs: settingsIn.windowMs,
    clock: settingsIn.clock,
    botDelayMs: settingsIn.botDelayMs,
    reconnectSeconds: settingsIn.reconnectSeconds,
    private: settingsIn.private,
  };
  let view: PlayerView | null = null;
  if (st !== 'lobby' || state.trump !== '') {
    const n = playerCount(state, seats);
    const viewer = mySeat >= 0 && mySeat < n ? mySeat : null;
    const table: TableEntry[] = readTable(state).map((e) => ({
      challenge: e.challenge,
      by: e.by,
      rejection: e.rejection === '' ? null : e.rejection,
    }));
    view = {
      viewer,
      players: Math.min(5, Math.max(3, n)) as PlayerCount,
      round: state.round === 2 ? 2 : 1,
      phase: state.phase === 2 ? 2 : 1,
      betting: state.betting,
      over: state.over,
      trump: state.trump,
      deckCount: state.deckCount,
      deck2Count: state.deck2Count,
      // Only the owner's own slot carries a hand (@view); never read anyone else's.
      hand: viewer !== null && me ? arr(me.hand) : [],
      handCounts: seats.slice(0, n).map((s) => s.handCount),
      betHand: viewer !== null && me ? ([...(me.betHand ?? '')].map(Number) as BetValue[]) : [],
      active: state.active,
      target: state.target,
      supporter: state.supporter < 0 ? null : state.supporter,
      table,
      limit: state.limit,
      targetPassed: state.targetPassed,
      standing: arr(state.standing),
      window: state.window ? { seat: state.window.seat, cards: arr(state.window.cards) } : null,
      discard: arr(state.discard),
      featherStack: arr(state.featherStack),
      feathers: arr(state.feathers).map((f) => ({ seat: f.seat, value: f.value, round: f.round === 2 ? 2 : 1 })),
      bets: arr(state.bets).map((b) => ({
        by: b.by,
        on: b.on,
        round: b.round === 2 ? 2 : 1,
        value: b.value === 0 || b.value === 1 ? b.value : null,
      })),
      out: arr(state.out),
      scores: arr(state.scores),
      roundLosers: arr(state.roundLosers),
      winner: state.winner < 0 ? null : state.winner,
    };
    // Our own hidden bet: the schema hides it in the public list but gives it back to us via myBet.
    if (viewer !== null && me && me.myBet >= 0) {
      for (const b of view.bets) {
        if (b.by === viewer && b.round === view.round && b.value === null) b.value = me.myBet === 1 ? 1 : 0;
      }
    }
  }
  return {
    status: st,
    starting: state.starting === true,
    savingDelayed: state.savingDelayed === true,
    spectators: state.spectators,
    gameNumber: state.gameNumber,
    settings,
    seats,
    mySeat,
    // The seat slot says host only for a seated host; the seat message says it for a watching one.
    isHost: host ?? me?.host ?? false,
    view,
    myBet: me?.myBet ?? -1,
    // Blaze's table reads its own clock kinds; a generic game's `turn` clocks are its view's.
    deadlines: readDeadlines(state).filter((d): d is DeadlineInfo => d.kind !== 'turn'),
    // Log and chat are rings of stable slots on the server (never shifted): ordered by seq.
    log: readLog(state),
    chat: bySeq(arr(state.chat)).map((c) => ({ seq: c.seq, at: c.at, name: c.name, seat: c.seat, text: c.text })),
    results: arr(state.results).map((r) => ({
      game: r.game,
      names: arr(r.names),
      scores: arr(r.scores),
      winner: r.winner,
    })),
    scoreboard: arr(state.scoreboard).map((r) => ({
      name: r.name,
      games: r.games,
      wins: r.wins,
      points: r.points,
      game: r.game ?? '',
    })),
  };
}

/** A seat's display name, falling back to "Seat n". */
export function nameOf(t: ClientTable, seat: Seat): string {
  const s = t.seats[seat];
  return s?.name ? s.name : `#${seat + 1}`;
}

/** The table before the first state arrives: a lobby nobody sits at. */
export function emptyTable(): ClientTable {
  return {
    status: 'lobby',
    starting: false,
    savingDelayed: false,
    spectators: 0,
    gameNumber: 0,
    settings: { firstPlayer: -1, windowMs: 3000, clock: 'normal', botDelayMs: 0, reconnectSeconds: 60, private: true },
    seats: [],
    mySeat: -1,
    isHost: false,
    view: null,
    myBet: -1,
    deadlines: [],
    log: [],
    chat: [],
    results: [],
    scoreboard: [],
  };
}

function bySeq<T extends { seq: number }>(xs: T[]): T[] {
  return xs.sort((a, b) => a.seq - b.seq);
}
