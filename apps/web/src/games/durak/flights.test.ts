/** The battlefield's moves between two views, played through the real rules (scene.ts slides them). */
import { type Action, applyAction, createGame, legalActions, type State, viewFor } from '@blaze/durak';
import { describe, expect, it } from 'vitest';
import { flightsBetween } from './flights.js';

function play(s: State, pick: (a: Action[]) => Action | undefined): State {
  const seat = viewFor(s, null).awaited;
  if (seat === null) throw new Error('nobody awaited');
  const a = pick(legalActions(s, seat));
  if (!a) throw new Error('no such move');
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}
const kind = (t: Action['type']) => (as: Action[]) => as.find((a) => a.type === t);

/** A fresh two-player game whose first attack (the first legal one) the defender can beat. */
function defendable(): State {
  for (let k = 0; k < 50; k++) {
    const s = createGame({ players: 2, seed: `flights-${k}` });
    const s1 = play(s, kind('attack'));
    const d = viewFor(s1, null).awaited;
    if (d !== null && legalActions(s1, d).some((a) => a.type === 'defend')) return s;
  }
  throw new Error('no seed with a defence');
}
const defended = () => play(play(defendable(), kind('attack')), kind('defend'));

describe('battlefield flights', () => {
  it('an attack flies from its attacker, a defence from the defender, to their places', () => {
    const s0 = defendable();
    const s1 = play(s0, kind('attack'));
    const v0 = viewFor(s0, 0);
    const v1 = viewFor(s1, 0);
    const att = v1.table[0];
    expect(flightsBetween(v0, v1)).toEqual({
      arrive: [{ card: att?.attack, from: v1.attacker, pair: 0, slot: 'attack' }],
      leave: [],
    });
    const s2 = play(s1, kind('defend'));
    const v2 = viewFor(s2, 0);
    expect(flightsBetween(v1, v2)).toEqual({
      arrive: [{ card: v2.table[0]?.defence, from: v2.defender, pair: 0, slot: 'defence' }],
      leave: [],
    });
    // The same view again (a focus change, a resize) moves nothing; nor does a first drawing.
    expect(flightsBetween(v2, v2)).toEqual({ arrive: [], leave: [] });
    expect(flightsBetween(null, v2)).toEqual({ arrive: [], leave: [] });
  });

  it('a defended battle goes to the graveyard, a retreat to the defender', () => {
    const s2 = defended();
    const v2 = viewFor(s2, 1);
    // The attacker ends the attack: both cards of the pair go to the graveyard.
    const s3 = play(s2, kind('end'));
    const v3 = viewFor(s3, 1);
    expect(v3.table).toEqual([]);
    const f = flightsBetween(v2, v3);
    expect(f.arrive).toEqual([]);
    expect(f.leave.map((d) => [d.card, d.slot, d.to])).toEqual([
      [v2.table[0]?.attack, 'attack', { kind: 'grave' }],
      [v2.table[0]?.defence, 'defence', { kind: 'grave' }],
    ]);

    const r1 = play(createGame({ players: 2, seed: 'flights-3' }), kind('attack'));
    const vr1 = viewFor(r1, 0);
    const r2 = play(r1, kind('retreat'));
    // A retreat may wait for the attacker's extras (D5.6): end them so the battle is over.
    const r3 = viewFor(r2, 0).table.length > 0 ? play(r2, kind('end')) : r2;
    const f2 = flightsBetween(vr1, viewFor(r3, 0));
    expect(f2.leave).toEqual([
      { card: vr1.table[0]?.attack, pair: 0, slot: 'attack', to: { kind: 'seat', seat: vr1.defender } },
    ]);
  });
});
