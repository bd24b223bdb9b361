/**
 * One seeded Bla5t game played by bots, each fed the events its seat may see (as a table feeds
 * them), for the league and its tests. Pure: the bots' randomness comes from the game's seed.
 */
import { randomStream } from '@blaze/rules';
import { easyDecide } from '../src/bots.js';
import { applyAction, createGame } from '../src/engine.js';
import { NormalBot } from '../src/memory.js';
import { LEAGUE_BUDGET, StrongBot } from '../src/strong.js';
import type { Action, Event, Options, Seat, State, View } from '../src/types.js';
import { awaiting, redactEvent, viewFor } from '../src/view.js';

export interface Bot {
  observe(e: Event): void;
  decide(v: View, rnd: () => number): Action | null;
}

/** A bot of that strength for a seat; strong with the league's budget (no clock). */
export function makeBot(strength: string, seat: Seat): Bot {
  if (strength === 'strong') return new StrongBot(seat, LEAGUE_BUDGET);
  if (strength === 'normal') return new NormalBot(seat);
  return { observe: () => {}, decide: easyDecide };
}

export interface GameResult {
  state: State;
  actions: number;
}

/** Seats play `strengths` (no Stephania in the basic game: a player keeps its seat). */
export function playGame(
  strengths: readonly string[],
  o: Omit<Options, 'players'>,
  bots: Bot[] = strengths.map((st, seat) => makeBot(st, seat)),
  maxActions = 50_000,
  onRound?: (scores: number[]) => void,
): GameResult {
  let s = createGame({ ...o, players: strengths.length as 2 | 3 | 4 | 5 });
  const rnd = randomStream(`bots-${o.seed}`);
  const feed = (events: Event[]) => {
    for (const e of events)
      bots.forEach((b, seat) => {
        const seen = redactEvent(e, seat);
        if (seen) b.observe(seen);
      });
  };
  let n = 0;
  for (; n < maxActions && !s.over; n++) {
    const seat = awaiting(s).seats[0] as Seat;
    const a = (bots[seat] as Bot).decide(viewFor(s, seat), rnd) ?? ({ type: 'timeout' } as Action);
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`seat ${seat} (${strengths[seat]}) sent a refused action: ${r.error.code}`);
    feed(r.events);
    for (const e of r.events) if (e.type === 'scored') onRound?.(e.scores);
    s = r.state;
  }
  if (!s.over) throw new Error(`game ${o.seed} did not end within ${maxActions} actions`);
  return { state: s, actions: n };
}
