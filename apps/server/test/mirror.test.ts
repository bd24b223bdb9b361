/**
 * The mirror (mirror.ts): whatever the play, and with tables interleaved as on a busy server, every
 * public list in the schema equals the spectator view after every action (R11: only the view's
 * content is ever copied into public fields).
 */
import { encodeTableCard } from '@blaze/protocol';
import { BlazeState, PlayerSlot } from '@blaze/protocol/schema';
import { type Action, applyAction, createGame, type GameState, legalActions, viewFor } from '@blaze/rules';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { mirrorGame } from '../src/room/mirror.js';

function newState(): BlazeState {
  const s = new BlazeState();
  for (let i = 0; i < 5; i++) s.players.push(new PlayerSlot());
  return s;
}

function publicOf(s: BlazeState) {
  return {
    table: [...s.table],
    standing: [...s.standing],
    window: s.window === undefined ? null : { seat: s.window.seat, cards: [...s.window.cards] },
    discard: [...s.discard],
    featherStack: [...s.featherStack],
    feathers: [...s.feathers].map((f) => [f.seat, f.value, f.round]),
    bets: [...s.bets].map((b) => [b.by, b.on, b.round, b.value]),
    out: [...s.out],
    scores: [...s.scores],
    roundLosers: [...s.roundLosers],
  };
}

function expected(g: GameState) {
  const v = viewFor(g, null);
  return {
    table: v.table.map((e) => encodeTableCard(e)),
    standing: [...v.standing],
    window: v.window === null ? null : { seat: v.window.seat, cards: [...v.window.cards] },
    discard: [...v.discard],
    featherStack: [...v.featherStack],
    feathers: v.feathers.map((f) => [f.seat, f.value, f.round]),
    bets: v.bets.map((b) => [b.by, b.on, b.round, b.value ?? -1]),
    out: [...v.out],
    scores: [...v.scores],
    roundLosers: [...v.roundLosers],
  };
}

/** One random legal action of any seat (closing the window too), or null at the end. */
function step(g: GameState, pick: (n: number) => number): GameState | null {
  const options: Action[] = [];
  for (let seat = 0; seat < g.players; seat++) options.push(...legalActions(g, seat));
  if (g.window !== null) options.push({ type: 'closeWindow' });
  if (options.length === 0) return null;
  const r = applyAction(g, options[pick(options.length)] as Action);
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

it('public lists equal the spectator view after every action, two tables interleaved', () => {
  fc.assert(
    fc.property(fc.integer({ min: 3, max: 5 }), fc.integer(), fc.integer(), (players, seedA, seedB) => {
      const rnd = fc.sample(fc.nat(), { seed: seedA ^ seedB, numRuns: 4000 });
      let k = 0;
      const pick = (n: number) => (rnd[k++ % rnd.length] as number) % n;
      const tables = [
        { state: newState(), game: createGame({ players: players as 3 | 4 | 5, seed: `a${seedA}`, startSeat: 0 }) },
        { state: newState(), game: createGame({ players: 3, seed: `b${seedB}`, startSeat: 1 }) },
      ];
      for (let i = 0; i < 600; i++) {
        const t = tables[pick(2)] as (typeof tables)[number];
        const next = step(t.game, pick);
        if (next === null) continue;
        t.game = next;
        mirrorGame(t.state, t.game);
        expect(publicOf(t.state)).toEqual(expected(t.game));
      }
    }),
    { numRuns: 15 },
  );
});
