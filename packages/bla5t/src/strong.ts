/**
 * The strong bot (XT5): the shared determinized search (@blaze/game/search) over the cards it
 * cannot see. It remembers exactly what the normal bot remembers (its own looks and placements,
 * public moves of its cards) plus the discard pile, whose every card was shown face up (X1.5). Each
 * sample deals the cards it has not seen at random into the face-down slots it does not know and into
 * the draw pile; every candidate is applied there and the round is played to its scoring by the
 * normal bot at every seat; the end is scored by its round score against the others'. It leaves the
 * normal move only for one clearly better over the samples (one standard error).
 *
 * It decides from its View and its events only: nothing else reaches it (test/strong.test.ts deals
 * the hidden cards otherwise and checks that its decisions stay the same).
 */

import { type SearchBudget, type SearchGame, searchMoves } from '@blaze/game/search';
import { randomStream, seedRng } from '@blaze/rules';
import { BASIC_BOSSES, BASIC_HEROES, type Card, cardValue } from './cards.js';
import { applyInPlace, cardPoints, cardsInUse, copyState, createGame } from './engine.js';
import { NormalBot } from './memory.js';
import type { Action, Event, Seat, Slot, State, View } from './types.js';
import { awaiting, legalActions, redactEvent, viewFor } from './view.js';

/** The league's budget (no clock, so a seed gives one game): p95 ≤ 250 ms on one core. */
export const LEAGUE_BUDGET: SearchBudget = { iterations: 64, margin: 2 };
/** On a table: the league's budget, capped at 200 ms on a busy server. */
export const DEFAULT_BUDGET: SearchBudget = { ...LEAGUE_BUDGET, timeMs: 200 };

/** Candidates per decision, the normal move first. */
export const MAX_CANDIDATES = 3;
/** A playout that has not reached the round's scoring by then is scored from the card points. */
const PLAYOUT_ACTIONS = 400;
/** Round-score difference that moves a playout's score from ½ to 0 or 1. */
const SCALE = 40;

/** The steps it searches; the others (looks, Helmut windows, carry-over...) are normal's. */
const SEARCHED = new Set(['action', 'drawn', 'blast', 'power']);

/**
 * What a strong bot knows beyond its view, as plain data (StrongBot.memory): a bot rebuilt from it
 * (StrongBot.from) decides exactly as the one it came from, so a search can run in another thread.
 */
export interface StrongMemory {
  seat: Seat;
  /** Its own slots' cards it remembers (NormalBot.known). */
  mine: [number, Card][];
  /** The discard pile as it saw it, bottom first. */
  discard: Card[];
}

export class StrongBot {
  private readonly normal: NormalBot;
  /** The discard pile as it saw it, bottom first (every card on it was shown face up, X1.5). */
  private discard: Card[] = [];
  private readonly seat: Seat;
  private readonly budget: SearchBudget;
  /** Decisions the last `decide` searched (for the bench): candidates compared, 0 when not searched. */
  lastCandidates = 0;

  constructor(seat: Seat, budget: SearchBudget = DEFAULT_BUDGET) {
    this.seat = seat;
    this.budget = budget;
    this.normal = new NormalBot(seat);
  }

  /** Its memory as data, for another thread to decide from (see StrongMemory). */
  memory(): StrongMemory {
    return { seat: this.seat, mine: [...this.normal.known()], discard: [...this.discard] };
  }

  /** A bot that knows what `m` says and decides as the bot it was taken from. */
  static from(m: StrongMemory, budget: SearchBudget = DEFAULT_BUDGET): StrongBot {
    const b = new StrongBot(m.seat, budget);
    for (const [slot, card] of m.mine) b.normal.remember(slot, card);
    b.discard = [...m.discard];
    return b;
  }

  observe(e: Event): void {
    this.normal.observe(e);
    const d = this.discard;
    switch (e.type) {
      case 'roundStarted':
        this.discard = [e.discardTop];
        break;
      case 'discarded':
        d.push(e.card);
        break;
      case 'placed':
        d.push(e.out);
        break;
      case 'took':
        d.pop();
        d.push(e.out);
        break;
      case 'matched':
        if (e.ok) d.push(e.card);
        break;
      case 'reshuffled':
        this.discard = d.slice(-1);
        break;
      default:
        break;
    }
  }

  /** The normal bot's move with this bot's memory (what a busy server plays for it). */
  normalDecide(v: View, rnd: () => number): Action | null {
    return this.normal.clone().decide(v, rnd);
  }

  decide(v: View, rnd: () => number): Action | null {
    this.lastCandidates = 0;
    const seat = this.seat;
    if (v.viewer !== seat || v.over || !v.awaiting.seats.includes(seat)) return null;
    const base = this.normal.clone().decide(v, rnd);
    let chosen = base;
    if (base !== null && SEARCHED.has(v.awaiting.kind)) {
      const info = this.information(v);
      if (info !== null) {
        const moves = candidates(v, base, info, rnd);
        this.lastCandidates = moves.length;
        if (moves.length > 1) chosen = searchMoves(bla5tSearch(seat), info, moves, rnd, this.budget).move ?? base;
      }
    }
    this.decided(v, chosen);
    return chosen;
  }

  /**
   * Its move for `v` was `chosen` (decided here, or by a bot rebuilt from its memory elsewhere): its
   * own placement is the one thing the events do not tell it back (`placed` hides the card).
   */
  decided(v: View, chosen: Action | null): void {
    if (chosen?.type === 'placeDrawn' && v.drawn !== null) this.normal.remember(chosen.slot, v.drawn);
  }

  /** What it knows, or null when the view and its memory do not add up (then it plays normal). */
  private information(v: View): Info | null {
    const discard = this.discard.length === v.discardCount ? [...this.discard] : null;
    if (discard === null || discard.at(-1) !== v.discardTop) return null;
    const basic = v.heroes.every((h) => BASIC_HEROES.includes(h)) && v.bossSet.every((b) => BASIC_BOSSES.includes(b));
    const held = v.layouts.reduce((n, lay) => n + lay.filter((x) => x !== null).length, 0);
    const total = held + v.drawCount + v.discardCount + (v.drawn !== null ? 1 : 0) + (v.pair?.length ?? 0);
    const advanced = !basic || cardsInUse(false, v.heroes, v.bossSet).length !== total;
    if (v.setMayHaveChanged || v.pair !== null || v.awaiting.kind === 'keep') return null;
    const all = cardsInUse(advanced, v.heroes, v.bossSet);
    if (all.length !== total) return null;
    const known = new Map(this.normal.known());
    const seen = new Set<Card>(discard);
    for (const lay of v.layouts) for (const x of lay) if (x !== null && 'up' in x) seen.add(x.up);
    if (v.drawn !== null) seen.add(v.drawn);
    // A remembered card that it has since seen elsewhere moved without its knowing: forget it there.
    for (const [slot, c] of known) {
      const x = v.layouts[this.seat]?.[slot];
      if (seen.has(c) || x === null || x === undefined || !('down' in x)) known.delete(slot);
      else seen.add(c);
    }
    const unseen = all.filter((c) => !seen.has(c));
    let hidden = v.drawCount;
    v.layouts.forEach((lay, s) => {
      lay.forEach((x, slot) => {
        if (x !== null && 'down' in x && !(s === this.seat && known.has(slot))) hidden++;
      });
    });
    // A drawn card in another hand (not while it decides) would be one more hidden place.
    if (unseen.length !== hidden) return null;
    return { view: v, advanced, known, discard, unseen };
  }
}

interface Info {
  view: View;
  advanced: boolean;
  known: Map<number, Card>;
  discard: Card[];
  unseen: Card[];
}

function shuffled<T>(xs: readonly T[], rnd: () => number): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = out[i] as T;
    out[i] = out[j] as T;
    out[j] = t;
  }
  return out;
}

/** Own face-down slots, the worst believed first (unknown counts as the deck's mean). */
function ownDown(v: View, known: ReadonlyMap<number, Card>): number[] {
  const lay = v.layouts[v.viewer as Seat] ?? [];
  const value = (slot: number) => {
    const c = known.get(slot);
    return c === undefined ? 6 : cardValue(c);
  };
  return lay
    .flatMap((x, slot) => (x !== null && 'down' in x ? [slot] : []))
    .sort((a, b) => value(b) - value(a) || a - b);
}

const key = (a: Action) => JSON.stringify(a);

function candidates(v: View, base: Action, info: Info, rnd: () => number): Action[] {
  const seat = v.viewer as Seat;
  const down = ownDown(v, info.known);
  const out: Action[] = [base];
  const add = (a: Action) => {
    if (out.length < MAX_CANDIDATES && !out.some((b) => key(b) === key(a))) out.push(a);
  };
  switch (v.awaiting.kind) {
    case 'action':
      if (v.drawCount > 0) add({ type: 'draw', seat });
      if (!v.topProtected && v.discardTop !== null) for (const slot of down) add({ type: 'take', seat, slot });
      break;
    case 'drawn':
      add({ type: 'discardDrawn', seat });
      for (const slot of down) add({ type: 'placeDrawn', seat, slot });
      break;
    case 'blast':
      add({ type: 'blast', seat });
      add({ type: 'endTurn', seat });
      break;
    case 'power': {
      add({ type: 'skipPower', seat });
      // The targets are public (which slots hold cards, which are locked): any sample lists them.
      const s = sampleState(info, rnd);
      const powers = legalActions(s, seat).filter((a) => a.type === 'power');
      for (const a of shuffled(powers, rnd)) add(a);
      break;
    }
    default:
      break;
  }
  return out;
}

/** The step the view awaits, as the engine holds it. */
function stepOf(v: View): State['step'] {
  switch (v.awaiting.kind) {
    case 'power':
      return { kind: 'power', card: v.pendingPower as Card };
    case 'drawn':
      return { kind: 'drawn' };
    case 'blast':
      return { kind: 'blast' };
    default:
      return { kind: 'action' };
  }
}

/** One whole state consistent with what the bot knows: the unseen cards dealt at random. */
function sampleState(info: Info, rnd: () => number): State {
  const v = info.view;
  const me = v.viewer as Seat;
  const pool = shuffled(info.unseen, rnd);
  const s = createGame({
    players: v.players as 2 | 3 | 4 | 5,
    seed: 'sample',
    dealer: v.dealer,
    advanced: info.advanced,
    bosses: v.bossSet.length > 0,
    ...(info.advanced ? { heroes: [...v.heroes], bossSet: [...v.bossSet] } : {}),
  });
  s.rng = seedRng(`${Math.floor(rnd() * 2 ** 32)}`);
  s.round = v.round;
  s.dealer = v.dealer;
  s.totals = [...v.totals];
  s.seatOf = [...v.seatOf];
  s.layouts = v.layouts.map((lay, seat) =>
    lay.map((x, slot): Slot | null => {
      if (x === null) return null;
      if ('up' in x)
        return x.up === 'h:helmut' && !info.advanced
          ? { card: x.up, up: true, helmut: true }
          : { card: x.up, up: true };
      const c = seat === me ? info.known.get(slot) : undefined;
      return { card: c ?? (pool.pop() as Card), up: false };
    }),
  );
  s.draw = pool.splice(0, v.drawCount);
  s.discard = [...info.discard];
  s.active = v.active;
  s.step = stepOf(v);
  s.drawn = v.drawn;
  s.turnsStarted = [...v.turnsStarted];
  s.turnNo = v.turnsStarted.reduce((a, b) => a + b, 0);
  s.protect = v.topProtected && v.discardTop !== null ? { card: v.discardTop, until: s.turnNo } : null;
  s.caller = v.caller;
  s.finalLeft = finalLeft(v);
  s.inExtra = v.inExtraTurn;
  s.hyperion = v.hyperion;
  s.roundScores = v.roundScores ? [...v.roundScores] : null;
  return s;
}

/** X8.2: the final turns still owed after a Blast (the active seat's included until it ends). */
function finalLeft(v: View): Seat[] {
  if (v.caller === null) return [];
  const order: Seat[] = [];
  for (let i = 1; i < v.seats; i++) {
    const x = (v.caller + i) % v.seats;
    if (x !== v.dummy) order.push(x);
  }
  const at = order.indexOf(v.active);
  return at < 0 ? order : order.slice(at);
}

/** A sample and the normal bots that play it on, each with its own memory. */
interface Sample {
  state: State;
  bots: NormalBot[];
}

function playoutBots(s: State, me: Seat, mine: NormalBot, rnd: () => number): NormalBot[] {
  return Array.from({ length: s.seats }, (_, seat) => {
    if (seat === me) return mine.clone();
    // The others' memories are not known: each is taken to remember two of its face-down cards.
    const b = new NormalBot(seat);
    const lay = s.layouts[seat] ?? [];
    const down = lay.flatMap((x, slot) => (x !== null && !x.up ? [slot] : []));
    for (const slot of shuffled(down, rnd).slice(0, 2)) b.remember(slot, (lay[slot] as Slot).card);
    return b;
  });
}

/** `a` applied to the sample's own state in place (playouts copy nothing); null when refused. */
function step(x: Sample, a: Action): { scores: number[] | null } | null {
  const r = applyInPlace(x.state, a);
  if (!r.ok) return null;
  let scores: number[] | null = null;
  for (const e of r.events) {
    if (e.type === 'scored') scores = e.scores;
    x.bots.forEach((b, seat) => {
      const seen = redactEvent(e, seat);
      if (seen) b.observe(seen);
    });
  }
  return { scores };
}

interface End {
  scores: number[];
}

function playout(x: Sample, rnd: () => number): End {
  const s = x.state;
  for (let n = 0; n < PLAYOUT_ACTIONS && !s.over; n++) {
    const seat = awaitedSeat(s);
    if (seat === null) break;
    const a = (x.bots[seat] as NormalBot).decide(viewFor(s, seat), rnd);
    // A refused move leaves the state half changed: the playout stops and counts the points.
    const r = a === null ? step(x, { type: 'timeout' }) : step(x, a);
    if (r === null) break;
    if (r.scores !== null) return { scores: r.scores };
  }
  // Cut short: the card points as they lie.
  return { scores: Array.from({ length: s.n }, (_, p) => cardPoints(s, s.seatOf[p] as Seat)) };
}

function awaitedSeat(s: State): Seat | null {
  const k = s.step.kind;
  if (k === 'action' || k === 'drawn' || k === 'blast' || k === 'power' || k === 'swap' || k === 'keep')
    return s.active;
  return awaiting(s).seats[0] ?? null;
}

/** The bot's search game: samples carry the playout bots' memories; a move is scored by the round. */
function bla5tSearch(me: Seat): SearchGame<Info, Sample & { mine: NormalBot }, Action> {
  return {
    sample(info, rnd) {
      const state = sampleState(info, rnd);
      const mine = new NormalBot(me);
      for (const [slot, c] of info.known) mine.remember(slot, c);
      return { state, bots: [], mine };
    },
    apply(x, a) {
      const bots = playoutBots(x.state, me, x.mine, randomStream(`${x.state.rng[0]}`));
      const drawn = x.state.drawn;
      const state = copyState(x.state);
      const r = step({ state, bots }, a);
      if (r === null) return null;
      if (a.type === 'placeDrawn' && drawn !== null) bots[me]?.remember(a.slot, drawn);
      return { state, bots, mine: x.mine, ...(r.scores ? { scores: r.scores } : {}) };
    },
    playout(x, rnd) {
      const done = (x as { scores?: number[] }).scores;
      const end = done ? { scores: done } : playout(x, rnd);
      return { ...x, scores: end.scores } as Sample & { mine: NormalBot };
    },
    score(end, info) {
      const scores = (end as { scores?: number[] }).scores ?? [];
      const p = info.view.seatOf.indexOf(me);
      const mine = scores[p] ?? 0;
      const others = scores.filter((_, i) => i !== p);
      const mean = others.reduce((a, b) => a + b, 0) / Math.max(1, others.length);
      return Math.min(1, Math.max(0, 0.5 + (mean - mine) / SCALE));
    },
    stream: (seed) => randomStream(`${seed}`),
  };
}
