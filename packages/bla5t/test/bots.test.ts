/** Bots (XT5): easy forgets, normal remembers its own events; both only answer what the rules accept. */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  createGame,
  easyDecide,
  NormalBot,
  redactEvent,
  type State,
  viewFor,
} from '../src/index.js';

function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Seats 0 and 2 normal, 1 and 3 easy; returns the final totals. */
function table(seed: number): State {
  let s = createGame({ players: 4, seed: `bots${seed}` });
  const rnd = lcg(seed);
  const normal = new Map([0, 2].map((p) => [p, new NormalBot(p)]));
  // The normal bots saw the round's opening: feed nothing, they start from their own looks.
  for (let i = 0; i < 20000 && !s.over; i++) {
    const seat = viewFor(s, null).awaiting.seats[0] as number;
    const v = viewFor(s, seat);
    const bot = normal.get(seat);
    const a = (bot ? bot.decide(v, rnd) : easyDecide(v, rnd)) as Action;
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`bot action refused: ${JSON.stringify(a)} ${r.error.code}`);
    for (const [p, b] of normal)
      for (const e of r.events) {
        const seen = redactEvent(e, p);
        if (seen) b.observe(seen);
      }
    s = r.state;
  }
  return s;
}

describe('bots', () => {
  it('XT5 easy and normal bots play whole games with accepted actions; normal scores lower than easy', () => {
    let normal = 0;
    let easy = 0;
    for (let g = 1; g <= 12; g++) {
      const s = table(g);
      expect(s.over).toBe(true);
      normal += (s.totals[0] as number) + (s.totals[2] as number);
      easy += (s.totals[1] as number) + (s.totals[3] as number);
    }
    if (process.env.BLA5T_BOTS_PRINT) console.log({ normal, easy });
    expect(normal).toBeLessThan(easy);
  });
});
