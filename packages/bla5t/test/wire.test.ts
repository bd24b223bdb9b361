/**
 * Bla5t's short wire (@blaze/bla5t/wire): every view of random games at 2-5 players, basic and
 * advanced, written as the server writes it (public keys; each seat's keys that differ, as
 * `key\ntext` lines) and read back as a client reads it equals the rules' own view, key for key.
 */
import { writeKeyTexts } from '@blaze/game/wire';
import { describe, expect, it } from 'vitest';
import { type Action, applyAction, createGame, legalActions, type State, type View, viewFor } from '../src/index.js';
import { bla5tCodec, decodeBla5tKey, readBla5tWire } from '../src/wire.js';

function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

function texts(v: View): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, x] of Object.entries(v)) {
    const text = bla5tCodec.encode(k, x);
    if (text !== null) out.set(k, text);
  }
  return out;
}

/** The wire as apps/server/src/table/wire.ts writes it with this codec, read back for `seat`. */
function roundTrip(s: State, seat: number | null): View {
  const pub = texts(viewFor(s, null));
  const mine = seat === null ? [] : [...texts(viewFor(s, seat))].filter(([k, t]) => pub.get(k) !== t);
  for (const t of [...pub.values(), ...mine.map(([, t]) => t)]) expect(t).not.toContain('\n');
  return readBla5tWire(pub, writeKeyTexts(mine), seat);
}

describe('@blaze/bla5t/wire', () => {
  for (const [players, advanced] of [
    [2, false],
    [3, true],
    [4, false],
    [5, true],
  ] as const) {
    it(`${players}p${advanced ? ' advanced' : ''}: every view of a random game reads back whole for every seat and a spectator`, () => {
      let s = createGame({ players, advanced, seed: `wire-${players}` });
      const rnd = lcg(players);
      const kinds = new Set<string>();
      for (let i = 0; i < 1500 && !s.over; i++) {
        for (const viewer of [null, ...Array.from({ length: players }, (_, x) => x)]) {
          expect(roundTrip(s, viewer)).toEqual(viewFor(s, viewer));
        }
        kinds.add(viewFor(s, null).awaiting.kind);
        const acts: Action[] = [];
        for (let seat = 0; seat < players; seat++) acts.push(...legalActions(s, seat));
        const r = applyAction(s, acts[Math.floor(rnd() * acts.length)] ?? { type: 'timeout' });
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
      // The walk met a kind that carries several seats (looks) and one of a turn's.
      expect([...kinds]).toEqual(expect.arrayContaining(['look', 'action']));
    });
  }

  it('awaiting, layouts and cards travel as short words', () => {
    expect(bla5tCodec.encode('awaiting', { kind: 'action', seats: [2] })).toBe('action:2');
    expect(bla5tCodec.encode('awaiting', { kind: 'look', seats: [0, 1, 3] })).toBe('look:0,1,3');
    expect(bla5tCodec.encode('awaiting', { kind: 'over', seats: [] })).toBe('over');
    const layouts = [[{ up: 'h:jayce' }, { down: true }, null], [], [{ up: 'm7c' }]];
    expect(bla5tCodec.encode('layouts', layouts)).toBe('h:jayce . -/_/m7c');
    expect(decodeBla5tKey('layouts', 'h:jayce . -/_/m7c')).toEqual(layouts);
    expect(decodeBla5tKey('layouts', '')).toEqual([]);
    expect(bla5tCodec.encode('discardTop', null)).toBe('');
    expect(decodeBla5tKey('discardTop', '')).toBeNull();
    expect(bla5tCodec.encode('totals', [12, -3, 0])).toBe('12,-3,0');
    expect(decodeBla5tKey('totals', '12,-3,0')).toEqual([12, -3, 0]);
    expect(decodeBla5tKey('winners', '')).toEqual([]);
    expect(bla5tCodec.encode('viewer', 2)).toBeNull();
  });
});
