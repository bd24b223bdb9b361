/**
 * A Bla5t game in this page (practice and the guided round): the rules and bots of @blaze/bla5t, no
 * server, so it plays with the network cut. The person is player 0; each bot is a player with its own
 * memory (NormalBot) or none (easy), fed only the events its seat may see, as a table would feed it.
 */
import {
  type Action,
  applyAction,
  type Card,
  createGame,
  type Event,
  easyDecide,
  NormalBot,
  type Options,
  redactEvent,
  type State,
  type View,
  viewFor,
  type Where,
} from '@blaze/bla5t';

export type Strength = 'easy' | 'normal';
export const STRENGTHS: readonly Strength[] = ['easy', 'normal'];

interface SeatBot {
  observe(e: Event): void;
  decide(v: View, rnd: () => number): Action | null;
}

const makeBot = (st: Strength, seat: number): SeatBot =>
  st === 'normal' ? new NormalBot(seat) : { observe: () => {}, decide: easyDecide };

/** A seeded stream for the bots' choices (easy ones pick at random). */
export function stream(seed: string): () => number {
  let x = 2166136261;
  for (const c of seed) x = Math.imul(x ^ c.charCodeAt(0), 16777619);
  x = x >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** What one move did that a person at the table could see: who, what kind, which places. */
export interface Seen {
  player: number;
  kind: string;
  at: Where[];
}

export type Outcome =
  | {
      ok: true;
      seen: Seen | null;
      peeks: { at: Where | 'drawPile'; card: Card }[];
      /** The round this move ended, with each player's points for it. */
      scored: { round: number; scores: number[]; totals: number[]; layouts: (Card | null)[][] } | null;
    }
  | { ok: false; code: string };

export const HUMAN = 0;

export class Bla5tSession {
  state: State;
  private bots: { player: number; seat: number; strength: Strength; bot: SeatBot }[];
  private rnd: () => number;

  /** `policy`, when given, plays every bot instead (the lesson's bots play a fixed, plain game). */
  constructor(
    options: Omit<Options, 'players'>,
    readonly strengths: readonly Strength[],
    private readonly policy?: (v: View) => Action | null,
  ) {
    this.state = createGame({ ...options, players: (strengths.length + 1) as Options['players'] });
    this.rnd = stream(`bots:${options.seed}`);
    this.bots = strengths.map((strength, i) => ({
      player: i + 1,
      seat: i + 1,
      strength,
      bot: makeBot(strength, i + 1),
    }));
    this.syncSeats();
  }

  /** The seat a player sits at now (Stephania may move players, X12.5). */
  seatOf(player: number): number {
    return this.state.seatOf[player] ?? player;
  }

  view(): View {
    return viewFor(this.state, this.seatOf(HUMAN));
  }

  /** The bot players awaited now (several at once while everyone looks, X3.6). */
  botsDue(): number[] {
    if (this.state.over) return [];
    const v = viewFor(this.state, null);
    return this.bots.filter((b) => v.awaiting.seats.includes(this.seatOf(b.player))).map((b) => b.player);
  }

  humanDue(): boolean {
    return !this.state.over && viewFor(this.state, null).awaiting.seats.includes(this.seatOf(HUMAN));
  }

  /** The person's move (its `seat` is filled in here). */
  act(a: Record<string, unknown> & { type: string }): Outcome {
    return this.apply({ ...a, seat: this.seatOf(HUMAN) } as Action, HUMAN);
  }

  /** One move of a bot player that is awaited; null when none is. */
  botStep(player: number): Outcome | null {
    const b = this.bots.find((x) => x.player === player);
    if (!b || !this.botsDue().includes(player)) return null;
    const seat = this.seatOf(player);
    const v = viewFor(this.state, seat);
    const a = (this.policy ? this.policy(v) : b.bot.decide(v, this.rnd)) ?? ({ type: 'timeout', seat } as Action);
    const out = this.apply(a, player);
    // A bot's move the rules refuse (never expected) is replaced by the table's default, so the game goes on.
    return out.ok ? out : this.apply({ type: 'timeout', seat } as Action, player);
  }

  private apply(a: Action, player: number): Outcome {
    const r = applyAction(this.state, a);
    if (!r.ok) return { ok: false, code: r.error.code };
    this.state = r.state;
    const me = this.seatOf(HUMAN);
    const peeks: { at: Where | 'drawPile'; card: Card }[] = [];
    let scored: { round: number; scores: number[]; totals: number[]; layouts: (Card | null)[][] } | null = null;
    let shown: (Card | null)[][] = [];
    for (const e of r.events) {
      // The end of a round shows every card to everyone (X9): public, like the scores.
      if (e.type === 'revealed') shown = e.layouts;
      if (e.type === 'scored') scored = { round: e.round, scores: e.scores, totals: e.totals, layouts: shown };
      for (const b of this.bots) {
        const seen = redactEvent(e, b.seat);
        if (seen) b.bot.observe(seen);
      }
      const mine = redactEvent(e, me);
      if (mine?.type === 'looked' && mine.seat === me && mine.card) peeks.push({ at: mine.at, card: mine.card });
    }
    this.syncSeats();
    return { ok: true, seen: seenOf(player, r.events), peeks, scored };
  }

  /** A bot moved to another seat starts again from what it sees there (as the server's bots do). */
  private syncSeats(): void {
    for (const b of this.bots) {
      const seat = this.seatOf(b.player);
      if (seat !== b.seat) {
        b.seat = seat;
        b.bot = makeBot(b.strength, seat);
      }
    }
  }
}

/** The public side of a move: its first telling event and the places it touched. */
function seenOf(player: number, events: Event[]): Seen | null {
  const at: Where[] = [];
  let kind = '';
  for (const e of events) {
    const k = e.type;
    if (e.type === 'looked' && e.at !== 'drawPile') at.push(e.at);
    else if (e.type === 'swapped') at.push(e.a, e.b);
    else if (e.type === 'placed' || e.type === 'took' || e.type === 'matched' || e.type === 'penalty')
      at.push({ seat: e.seat, slot: e.slot });
    else if (e.type === 'flipped') at.push(e.at);
    else if (e.type === 'shuffled') at.push(...e.slots.map((slot) => ({ seat: e.seat, slot })));
    else if (e.type === 'powerUsed') at.push(...e.targets);
    if (!kind && KINDS.has(k)) kind = k;
  }
  return kind ? { player, kind, at } : null;
}

const KINDS = new Set([
  'looked',
  'drew',
  'discarded',
  'placed',
  'took',
  'matched',
  'swapped',
  'shuffled',
  'flipped',
  'powerUsed',
  'powerSkipped',
  'blast',
  'scored',
]);
