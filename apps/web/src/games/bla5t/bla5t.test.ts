/**
 * The Bla5t client's pure parts: the view read off the wire (public keys, own seat's part over
 * them, as apps/server/src/table/wire.ts writes them), and what is lit being exactly what the rules
 * package allows for the seat the view belongs to: the view rebuilt into a state with blanks for
 * the unseen cards must give the same legal actions as the real state.
 */
import { type Action, applyAction, createGame, legalActions, type State, viewFor } from '@blaze/bla5t';
import { bla5tCodec } from '@blaze/bla5t/wire';
import { writeKeyTexts } from '@blaze/game/wire';
import { describe, expect, it } from 'vitest';
import { movesOf, powerTargets, stateOf } from './legal.js';
import { mergeView } from './wire.js';

/** The wire as the server's table writes it: each key's text by Bla5t's codec, a seat's own part as key lines. */
function wireOf(s: State) {
  const texts = (v: unknown) => {
    const out = new Map<string, string>();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const text = bla5tCodec.encode(k, x);
      if (text !== null) out.set(k, text);
    }
    return out;
  };
  const view = texts(viewFor(s, null));
  const seats = Array.from({ length: s.n }, (_, seat) => {
    const mine = [...texts(viewFor(s, seat))].filter(([k, text]) => view.get(k) !== text);
    return { view: writeKeyTexts(mine) };
  });
  return { view, seats };
}

const ok = (s: State, a: Action): State => {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(`${a.type}: ${r.error.code}`);
  return r.state;
};

/** Legal actions as the rules list them, in a stable order, for comparison. */
const norm = (acts: Action[]) => acts.map((a) => JSON.stringify(a)).sort();

describe('Bla5t client', () => {
  it('reads its own part over the public view, and a spectator none', () => {
    const s = createGame({ players: 3, seed: 'web-b5' });
    const w = wireOf(s);
    expect(mergeView(w, 1)?.looksToMake).toBe(2);
    expect(mergeView(w, 1)?.viewer).toBe(1);
    expect(mergeView(w, -1)?.viewer).toBeNull();
    expect(mergeView(w, -1)?.looksToMake).toBe(0);
    expect(mergeView({ view: new Map(), seats: [] }, 0)).toBeNull();
  });

  it('lights exactly what legalActions allows, through a game of random legal moves', () => {
    let game = 0;
    let s = createGame({ players: 4, seed: 'web-b5-legal', advanced: true });
    let rnd = 7;
    const pick = <T>(xs: T[]): T => {
      rnd = (rnd * 1103515245 + 12345) % 2 ** 31;
      return xs[rnd % xs.length] as T;
    };
    let checked = 0;
    for (let step = 0; step < 400; step++) {
      // A game of random moves ends in a few rounds: the next one, basic and heads-up in turn.
      if (s.over) s = createGame({ players: ++game % 2 ? 2 : 5, seed: `web-b5-${game}`, advanced: game % 2 === 0 });
      const v = viewFor(s, null);
      const seat = v.awaiting.seats[0];
      if (seat === undefined) throw new Error(`nobody awaited: ${JSON.stringify(v.awaiting)} over ${s.over}`);
      const mine = mergeView(wireOf(s), seat);
      if (!mine) throw new Error('no view');
      // The rebuilt state gives the seat the same choices as the real one (powers' targets aside:
      // they are judged below through powerTargets).
      const real = legalActions(s, seat).filter((a) => a.type !== 'power');
      const rebuilt = legalActions(stateOf(mine, s.opts.advanced), seat).filter((a) => a.type !== 'power');
      expect(norm(rebuilt)).toEqual(norm(real));
      const m = movesOf(mine, s.opts.advanced);
      expect(m.kind).toBe(v.awaiting.kind);
      if (m.kind === 'power' && m.power && m.power !== 'jayce') {
        const first = new Set(
          legalActions(s, seat).flatMap((a) => (a.type === 'power' && a.targets[0] ? [a.targets[0]] : [])),
        );
        const lit = powerTargets(mine, s.opts.advanced, m.power, []);
        for (const w of first) expect(lit.has(`${w.seat}.${w.slot}`)).toBe(true);
      }
      checked++;
      const acts = legalActions(s, seat);
      s = ok(s, pick(acts));
    }
    expect(checked).toBe(400);
    expect(game).toBeGreaterThan(0);
  });
});
