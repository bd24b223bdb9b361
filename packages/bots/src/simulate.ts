/**
 * Whole games played the way the server serializes them (R5.1): at each step one of the seats that may
 * act (target, active, supporter; during bets every seat still to bet) gets to move, or, while a
 * take-back window is open, the server's timer may send `closeWindow` (R5.4 a). Each bot decides from
 * its own view only.
 */
import {
  type Action,
  applyAction,
  createGame,
  type GameState,
  type PlayerCount,
  type PlayerView,
  type RuleError,
  randomStream,
  type Seat,
  viewFor,
} from '@blaze/rules';
import type { Strategy } from './view.js';

export type ViewFn = (s: GameState, seat: Seat) => PlayerView;

/** The rules' seeded generator as an allocation-free stream (the simulator draws several per action). */
export const seededStream = randomStream;

export interface SimOptions {
  players: PlayerCount;
  seed: string;
  /** One strategy per seat (each decides from its own view)... */
  strategies?: readonly Strategy[];
  /** ...or one mover that reads the whole state for every seat (the bench's random mover). */
  mover?: (s: GameState, seat: Seat, rnd: () => number) => Action | null;
  startSeat?: Seat;
  /** Give up (stalled) after this many accepted actions. */
  maxActions?: number;
  /** Defaults to the rules' viewFor. */
  view?: ViewFn;
  /** Keep every accepted action (for replays and determinism checks). */
  record?: boolean;
  /** Called with the state before each step, e.g. so a test can ask every seat's bot, not only the one scheduled. */
  onStep?: (s: GameState) => void;
}

export class RefusedActionError extends Error {
  constructor(
    readonly action: Action,
    readonly error: RuleError,
    readonly state: GameState,
  ) {
    super(`refused ${JSON.stringify(action)}: ${error.code} ${error.message}`);
  }
}

export interface SimResult {
  state: GameState;
  /** Accepted actions, server closes included. */
  count: number;
  actions: Action[];
  /** True when nobody could act or maxActions ran out before the game ended. */
  stalled: boolean;
}

/** Seats that may have something to do now; the server (-1) while a window is open. */
function candidates(s: GameState, out: number[]): number {
  let n = 0;
  if (s.betting) {
    for (let seat = 0; seat < s.players; seat++) {
      let bet = false;
      for (const b of s.bets) if (b.round === s.round && b.by === seat) bet = true;
      if (!bet) out[n++] = seat;
    }
    return n;
  }
  out[n++] = s.active;
  // Before the opening only the active player moves (R4.1); a target who passed has nothing left (R4.5).
  if (s.table.length === 0) return n;
  if (s.target !== s.active && !s.targetPassed) out[n++] = s.target;
  if (s.supporter !== null) out[n++] = s.supporter;
  if (s.window !== null) out[n++] = -1;
  return n;
}

export function simulateGame(o: SimOptions): SimResult {
  const view = o.view ?? viewFor;
  const max = o.maxActions ?? 20_000;
  const sched = seededStream(`${o.seed}/server`);
  const seatRnd = Array.from({ length: o.players }, (_, seat) => seededStream(`${o.seed}/seat${seat}`));
  const decide = (s: GameState, who: Seat): Action | null => {
    const rnd = seatRnd[who] as () => number;
    if (o.mover) return o.mover(s, who, rnd);
    const strategy = o.strategies?.[who];
    if (!strategy) throw new Error(`no strategy for seat ${who}`);
    return strategy.decide(view(s, who), rnd);
  };
  let s = createGame(
    o.startSeat === undefined
      ? { players: o.players, seed: o.seed }
      : { players: o.players, seed: o.seed, startSeat: o.startSeat },
  );
  const actions: Action[] = [];
  const cand: number[] = [0, 0, 0, 0, 0, 0];
  let count = 0;
  while (!s.over && count < max) {
    let n = candidates(s, cand);
    let action: Action | null = null;
    o.onStep?.(s);
    while (n > 0 && action === null) {
      const i = Math.min(n - 1, Math.floor(sched() * n));
      const who = cand[i] as number;
      if (who === -1) action = { type: 'closeWindow' };
      else action = decide(s, who);
      if (action === null) cand[i] = cand[--n] as number;
    }
    if (action === null) break;
    const r = applyAction(s, action);
    if (!r.ok) throw new RefusedActionError(action, r.error, s);
    s = r.state;
    count++;
    if (o.record) actions.push(action);
  }
  return { state: s, count, actions, stalled: !s.over };
}
