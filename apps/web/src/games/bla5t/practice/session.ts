/**
 * A Bla5t game in this page (practice and the guided round): the rules and bots of @blaze/bla5t on the
 * same table loop as the server's table (@blaze/game/loop), with no server, so it plays with the
 * network cut and every move is judged, timed and answered for exactly as online. The person is
 * player 0, with no clock (their moves are never waited for); each bot is the module's own, with its
 * memory fed only the events its seat may see (XT5), or the page's `policy` (the lesson's plain
 * bots), and moves after `botMs`; a bot with nothing to do, or refused, makes the table's timeout move.
 */
import { type Action, type Card, type Options, type State, type View, viewFor, type Where } from '@blaze/bla5t';
import { bla5tModule, type ModuleEvent } from '@blaze/bla5t/module';
import { type LoopHooks, TableLoop } from '@blaze/game/loop';
import { pageTimers, rethrowLater } from '../../../kit/pageLoop.js';

export type Strength = 'easy' | 'normal';
export const STRENGTHS: readonly Strength[] = ['easy', 'normal'];

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

/** A move the table made (a bot's, or its timeout move), told with the person's view before it. */
export type MoveListener = (out: Outcome & { ok: true }, player: number, before: View) => void;

export const HUMAN = 0;

export class Bla5tSession {
  private readonly loop: TableLoop<State, Action, ModuleEvent>;
  private listeners: MoveListener[] = [];
  /** The move being counted and the person's view before it: `accept` hears it, `changed` tells. */
  private counting: { a: Action; source: string; before: View } | null = null;
  private mine: Outcome | null = null;

  /** `policy`, when given, plays every bot instead (the lesson's bots play a fixed, plain game). */
  constructor(
    options: Omit<Options, 'players'>,
    readonly strengths: readonly Strength[],
    botMs: number,
    policy?: (v: View) => Action | null,
  ) {
    const players = (strengths.length + 1) as Options['players'];
    const hooks: LoopHooks<State, Action, ModuleEvent> = {
      player: (p) => (p === HUMAN ? { kind: 'person' } : { kind: 'bot', strength: strengths[p - 1] ?? 'easy' }),
      accept: (a, _next, _events, source) => {
        this.counting = { a, source, before: this.view() };
        return true;
      },
      changed: (_s, events) => this.told(events),
      bot: policy ? () => ({ observe: () => {}, decide: (v) => asPlayer(v as View, policy(v as View)) }) : undefined,
      fault: rethrowLater,
    };
    const config = { clockMs: () => null, botDelayMs: botMs, autoDelayMs: [botMs, botMs] as const };
    // The module's own setup: `decks` (a lesson's fixed deal) passes through as in a test.
    this.loop = new TableLoop<State, Action, ModuleEvent>(
      bla5tModule,
      { ...options, players },
      options.seed,
      hooks,
      config,
      pageTimers,
      stream(`bots:${options.seed}`),
    );
  }

  get state(): State {
    return this.loop.state;
  }

  /** Told of every move the table makes (the person's own come back from `act`). */
  onMove(f: MoveListener): void {
    this.listeners.push(f);
  }

  /** The bots start to play. */
  start(): void {
    this.loop.plan();
  }

  stop(): void {
    this.loop.stop();
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
    return this.loop.module
      .due(this.state)
      .flatMap((d: { seat: number | null }) => (d.seat !== null && d.seat !== HUMAN ? [d.seat] : []));
  }

  humanDue(): boolean {
    return this.loop.module.due(this.state).some((d: { seat: number | null }) => d.seat === HUMAN);
  }

  /** The person's move (its `seat`, the player, is filled in here). */
  act(a: Record<string, unknown> & { type: string }): Outcome {
    this.mine = null;
    const refused = this.loop.act({ ...a, seat: HUMAN } as Action, 'person');
    if (refused) return { ok: false, code: refused.code };
    return this.mine ?? { ok: false, code: 'NOT_RECORDED' };
  }

  private told(events: readonly ModuleEvent[]): void {
    const c = this.counting;
    this.counting = null;
    if (!c) return;
    const player = c.a.seat ?? HUMAN;
    const out = this.outcomeOf(player, events);
    if (c.source === 'person') {
      this.mine = out;
      return;
    }
    for (const f of this.listeners) f(out, player, c.before);
  }

  private outcomeOf(player: number, events: readonly ModuleEvent[]): Outcome & { ok: true } {
    const me = this.seatOf(HUMAN);
    const peeks: { at: Where | 'drawPile'; card: Card }[] = [];
    let scored: { round: number; scores: number[]; totals: number[]; layouts: (Card | null)[][] } | null = null;
    let shown: (Card | null)[][] = [];
    for (const e of events) {
      // The end of a round shows every card to everyone (X9): public, like the scores.
      if (e.type === 'revealed') shown = e.layouts;
      if (e.type === 'scored') scored = { round: e.round, scores: e.scores, totals: e.totals, layouts: shown };
      const mine = bla5tModule.redact(e, HUMAN);
      if (mine?.type === 'looked' && mine.seat === me && mine.card) peeks.push({ at: mine.at, card: mine.card });
    }
    return { ok: true, seen: seenOf(player, events), peeks, scored };
  }
}

/** The lesson's bot answers for its seat; the table knows it as the player sitting there. */
function asPlayer(v: View, a: Action | null): Action | null {
  return a === null || a.type === 'timeout' ? a : ({ ...a, seat: v.seatOf.indexOf(a.seat) } as Action);
}

/** The public side of a move: its first telling event and the places it touched. */
function seenOf(player: number, events: readonly ModuleEvent[]): Seen | null {
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
