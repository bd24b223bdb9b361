/** XT5 through the contract: the table seats Bla5t's normal bot with its memory (GameBots.create). */
import { type AnyGameModule, parseOptions, type SeatBot, seatBot } from '@blaze/game';
import { conformanceChecks } from '@blaze/game/conformance';
import { describe, expect, it } from 'vitest';
import { bla5tModule, type ModuleEvent } from '../src/module.js';
import { bla5tPrivacy } from '../src/privacy.js';
import type { Action, State, View } from '../src/types.js';

function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** A whole game as a table plays it: bots made once, fed their seat's redacted events, clocks for the rest. */
function table(seed: number, strengths: string[], m: typeof bla5tModule = bla5tModule) {
  const options = parseOptions(m, strengths.length, {});
  if (!options.ok) throw new Error(options.error.code);
  const rnd = lcg(seed);
  const bots: SeatBot<Action, View, ModuleEvent>[] = strengths.map((st, seat) => seatBot(m.bots, st, seat, rnd));
  let s: State = m.setup(options.value, `seat-bots-${seed}`);
  let refused = 0;
  for (let i = 0; i < 20000 && !m.outcome(s).over; i++) {
    const due = m.due(s);
    let action: Action | null = null;
    for (const d of due) {
      if (d.seat === null) continue;
      const view = m.view(s, d.seat);
      const a = (bots[d.seat] as SeatBot<Action, View, ModuleEvent>).decide(view);
      if (a !== null) {
        action = a;
        break;
      }
    }
    action ??= m.onTimeout(s, due[0] as never, rnd);
    const r = m.apply(s, action as Action);
    if (!r.ok) {
      refused++;
      break;
    }
    for (let seat = 0; seat < strengths.length; seat++) {
      for (const e of r.events) {
        const seen = m.redact(e, seat);
        if (seen) bots[seat]?.observe(seen);
      }
    }
    s = r.state;
  }
  return { s, refused };
}

describe('bots with memory through GameBots.create', () => {
  it('XT5 the table seats normal with its memory: whole games, every action accepted, lower totals than easy', () => {
    expect(bla5tModule.bots.strengths).toEqual(['easy', 'normal', 'strong']);
    let normal = 0;
    let easy = 0;
    for (let g = 1; g <= 10; g++) {
      const { s, refused } = table(g, ['normal', 'easy', 'normal', 'easy']);
      expect(refused).toBe(0);
      expect(bla5tModule.outcome(s).over).toBe(true);
      normal += (s.totals[0] as number) + (s.totals[2] as number);
      easy += (s.totals[1] as number) + (s.totals[3] as number);
    }
    expect(normal).toBeLessThan(easy);
  });

  it('XT5 what the bot heard changes what it does: the same games with view-only normal bots go otherwise', () => {
    // The module without `create`: the table falls back to decide('normal'), which hears nothing.
    const forgetful = { ...bla5tModule, bots: { ...bla5tModule.bots, create: undefined } };
    let differ = 0;
    for (let g = 1; g <= 4; g++) {
      const a = table(g, ['normal', 'normal', 'normal']);
      const b = table(g, ['normal', 'normal', 'normal'], forgetful);
      expect(a.refused + b.refused).toBe(0);
      if (JSON.stringify(a.s) !== JSON.stringify(b.s)) differ++;
    }
    // Its own looks (XN13) reach it only as events: without them it plays as if it knew nothing.
    expect(differ).toBeGreaterThan(0);
  });

  it('XC the conformance check of bots with memory bites: a bot acting for another seat fails it', () => {
    const broken: AnyGameModule = {
      ...bla5tModule,
      id: 'bla5t-broken-bots',
      bots: {
        ...bla5tModule.bots,
        create: (strength: string, seat: number, rnd: () => number) => {
          const bot = seatBot(bla5tModule.bots, strength, seat, rnd);
          return {
            observe: bot.observe,
            decide: (v: View) => {
              const a = bot.decide(v);
              return a !== null && 'seat' in a && typeof a.seat === 'number'
                ? { ...a, seat: (a.seat + 1) % v.seatOf.length }
                : a;
            },
          };
        },
      },
    };
    const check = conformanceChecks(broken, { privacy: bla5tPrivacy, runs: 1, seed: 38 }).find((c) =>
      c.name.startsWith('bots with memory'),
    );
    expect(check).toBeDefined();
    expect(() => check?.run()).toThrow(/acts for another seat/);
  });
});
