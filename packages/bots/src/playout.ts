/**
 * Playouts for the search: a determinized game played on to a horizon with one strategy per seat,
 * scheduled like the server and the simulator do it (R5.1: a random seat among those who may act, or
 * the window's timer). Runs on sampled states only, so the cheap view below shares the sample's arrays
 * instead of copying them (the strategies never change a view).
 */
import { type Action, applyBuiltAction, type GameState, type PlayerView, type Seat } from '@blaze/rules';
import type { Strategy } from './view.js';

/** A PlayerView of a sampled state without copies. Only for playouts: the sample is the search's own. */
export function sharedView(s: GameState, seat: Seat): PlayerView {
  return {
    viewer: seat,
    players: s.players,
    round: s.round,
    phase: s.phase,
    betting: s.betting,
    over: s.over,
    trump: s.trump,
    deckCount: s.deck.length,
    deck2Count: s.deck2.length,
    hand: s.hands[seat] as string[],
    handCounts: handCounts(s.hands),
    betHand: s.betCards[seat] as (0 | 1)[],
    active: s.active,
    target: s.target,
    supporter: s.supporter,
    table: s.table,
    limit: s.limit,
    targetPassed: s.targetPassed,
    standing: s.standing,
    window: s.window,
    discard: s.discard,
    featherStack: s.featherStack,
    feathers: s.feathers,
    bets: s.bets,
    out: s.out,
    scores: s.scores,
    roundLosers: s.roundLosers,
    winner: s.winner,
  };
}

/**
 * Points `v` (a sharedView) at state `s` for `seat`, in place. A playout asks for a view at every
 * step, and allocating one each time was a large part of its cost (and of the collector's).
 */
function refreshView(v: PlayerView, s: GameState, seat: Seat): void {
  v.viewer = seat;
  v.round = s.round;
  v.phase = s.phase;
  v.betting = s.betting;
  v.over = s.over;
  v.trump = s.trump;
  v.deckCount = s.deck.length;
  v.deck2Count = s.deck2.length;
  v.hand = s.hands[seat] as string[];
  const counts = v.handCounts;
  for (let i = 0; i < s.hands.length; i++) counts[i] = (s.hands[i] as string[]).length;
  v.betHand = s.betCards[seat] as (0 | 1)[];
  v.active = s.active;
  v.target = s.target;
  v.supporter = s.supporter;
  v.table = s.table;
  v.limit = s.limit;
  v.targetPassed = s.targetPassed;
  v.standing = s.standing;
  v.window = s.window;
  v.discard = s.discard;
  v.featherStack = s.featherStack;
  v.feathers = s.feathers;
  v.bets = s.bets;
  v.out = s.out;
  v.scores = s.scores;
  v.roundLosers = s.roundLosers;
  v.winner = s.winner;
}

function handCounts(hands: readonly (readonly string[])[]): number[] {
  const out: number[] = new Array(hands.length);
  for (let i = 0; i < hands.length; i++) out[i] = (hands[i] as readonly string[]).length;
  return out;
}

/** Seats that may have something to do now; -1 is the window's timer. Same order as the simulator. */
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
  if (s.table.length === 0) return n;
  if (s.target !== s.active && !s.targetPassed) out[n++] = s.target;
  if (s.supporter !== null) out[n++] = s.supporter;
  if (s.window !== null) out[n++] = -1;
  return n;
}

export type Horizon = 'round' | 'game';

/**
 * Plays `s` on until the round ends (or the game, with 'game') or `maxActions` pass. Returns the state
 * reached. A refused action (never expected: the strategies use the rules' predicates) ends the playout.
 * Every strategy is handed the same view object, refreshed in place: it is valid only during `decide`
 * (the search's strategies keep nothing of it).
 */
export function playout(
  s0: GameState,
  strategies: readonly Strategy[],
  rnd: () => number,
  horizon: Horizon,
  maxActions = 4000,
): GameState {
  let s = s0;
  const round = s.round;
  const cand: number[] = [0, 0, 0, 0, 0, 0];
  const view = sharedView(s0, 0);
  for (let count = 0; count < maxActions && !s.over; count++) {
    if (horizon === 'round' && s.round !== round) break;
    let n = candidates(s, cand);
    let action: Action | null = null;
    while (n > 0 && action === null) {
      const i = Math.min(n - 1, Math.floor(rnd() * n));
      const who = cand[i] as number;
      if (who === -1) action = { type: 'closeWindow' };
      else {
        refreshView(view, s, who);
        action = (strategies[who] as Strategy).decide(view, rnd);
      }
      if (action === null) cand[i] = cand[--n] as number;
    }
    if (action === null) break;
    // The strategies build their actions from the rules' predicates: no need to read them as untrusted.
    const r = applyBuiltAction(s, action);
    if (!r.ok) break;
    s = r.state;
  }
  return s;
}
