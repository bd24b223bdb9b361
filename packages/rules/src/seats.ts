/** Seat order (R3). Only players still in the round count (R3.2, R8.2). */
import type { GameState, Seat } from './types.js';

type Order = Pick<GameState, 'players' | 'out'>;

/** The first seat still in the round, starting at `seat` itself and going clockwise (R8.4). */
export function firstInRoundFrom(s: Order, seat: Seat): Seat {
  for (let i = 0; i < s.players; i++) {
    const c = (seat + i) % s.players;
    if (!s.out.includes(c)) return c;
  }
  return seat;
}

/** The next seat after `seat` still in the round (R3.3); `seat` itself if nobody else is left. */
export function nextInRound(s: Order, seat: Seat): Seat {
  return firstInRoundFrom(s, (seat + 1) % s.players);
}

/** R3.3: target and supporter for an active player. */
export function rolesFor(s: Order, active: Seat): { target: Seat; supporter: Seat | null } {
  const target = nextInRound(s, active);
  const next = nextInRound(s, target);
  return { target, supporter: next === active || next === target ? null : next };
}
