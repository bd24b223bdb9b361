/**
 * The encoder allocation cuts (schemaTuning.ts) change no byte a client decodes: after any mix of
 * hand plays, list rewrites and ring overwrites, a client that follows every patch and one that
 * joins late (full state) both hold exactly what the server holds.
 */
import { ClientState, SchemaSerializer } from '@colyseus/core';
import { ArraySchema, Decoder, Encoder, Schema, type, view } from '@colyseus/schema';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { installSchemaTuning, tunedView } from '../src/room/schemaTuning.js';
import { ringPut, syncList, syncSet } from '../src/room/sync.js';

installSchemaTuning();

class Line extends Schema {
  @type('number') seq = 0;
  @type('string') text = '';
}

class Holder extends Schema {
  @type(['string']) hand = new ArraySchema<string>();
  @type(['string']) pile = new ArraySchema<string>();
  @type(['string']) log = new ArraySchema<string>();
  @type([Line]) chat = new ArraySchema<Line>();
  @type('string') note = '';
}

class Seat extends Schema {
  @view() @type(['string']) hand = new ArraySchema<string>();
}

class Seats extends Schema {
  @type([Seat]) seats = new ArraySchema<Seat>();
  @type('string') note = '';
}

const RING = 5;
const cards = fc.uniqueArray(
  fc.integer({ min: 0, max: 40 }).map((n) => `c${n}`),
  { maxLength: 14 },
);
const step = fc.record({ hand: cards, pile: cards, lines: fc.nat({ max: 3 }), note: fc.string({ maxLength: 4 }) });

function plain(h: Holder) {
  return {
    hand: [...h.hand].sort(),
    pile: [...h.pile],
    log: [...h.log],
    chat: [...h.chat].map((l) => [l.seq, l.text]),
    note: h.note,
  };
}

describe('schema encoder tuning', () => {
  it('patch followers and late joiners decode what the server holds, step after step', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 15 }), (steps) => {
        const s = new Holder();
        const enc = new Encoder(s);
        const follower = new Decoder(new Holder());
        follower.decode(enc.encodeAll());
        enc.discardChanges();
        let seq = 0;
        for (const st of steps) {
          syncSet(s.hand, st.hand);
          syncList(s.pile, st.pile);
          for (let i = 0; i < st.lines; i++) {
            seq++;
            const text = `line ${seq}`;
            // The log as GameLog keeps it: pushed until full, then overwritten oldest first.
            if (s.log.length < RING) s.log.push(text);
            else s.log[(seq - 1) % RING] = text;
            ringPut(
              s.chat,
              RING,
              seq,
              () => new Line(),
              (l) => {
                l.text = text;
              },
            );
          }
          s.note = st.note;
          follower.decode(enc.encode());
          enc.discardChanges();
          const late = new Decoder(new Holder());
          late.decode(enc.encodeAll());
          expect(plain(follower.state as Holder)).toEqual(plain(s));
          expect(plain(late.state as Holder)).toEqual(plain(s));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a ring overwritten in place is not copied after the patch (the cut is in effect)', () => {
    const s = new Holder();
    const enc = new Encoder(s);
    for (let i = 0; i < RING; i++) s.log.push(`line ${i}`);
    enc.encodeAll();
    enc.encode();
    enc.discardChanges();
    const copy = (s.log as unknown as { tmpItems: string[] }).tmpItems;
    s.log[0] = 'line 5';
    enc.encode();
    enc.discardChanges();
    expect((s.log as unknown as { tmpItems: string[] }).tmpItems).toBe(copy);
    expect(copy[0]).toBe('line 5');
    // A removal: the encoder needed the removed item until the patch was out; then the copy is
    // brought level in place (same list, same deleted-index map, now empty).
    const internals = s.log as unknown as { tmpItems: string[]; deletedIndexes: Record<number, boolean> };
    s.log.pop();
    s.log.pop();
    const deleted = internals.deletedIndexes;
    expect(Object.keys(deleted).length).toBe(2);
    enc.encode();
    enc.discardChanges();
    expect(internals.tmpItems).toBe(copy);
    expect(internals.tmpItems).toEqual([...s.log]);
    expect(internals.deletedIndexes).toBe(deleted);
    expect(Object.keys(deleted)).toEqual([]);
  });

  it('filtered patches: each view gets its own bytes, and none are kept after the patch', () => {
    const room = new Seats();
    const serializer = new SchemaSerializer<Seats>();
    serializer.reset(room);
    const views = [tunedView(), tunedView()];
    const decoders = views.map(() => new Decoder(new Seats()));
    room.seats.push(new Seat(), new Seat());
    views.forEach((v, i) => {
      v.add(room.seats[i] as Seat);
    });
    const got: Buffer[][] = [[], []];
    const clients = views.map((view, i) => ({
      state: ClientState.JOINED,
      view,
      raw: (b: Uint8Array) => got[i]?.push(Buffer.from(b)),
    }));
    const encodedViews = (serializer as unknown as { encodedViews: unknown }).encodedViews;
    views.forEach((v, i) => {
      // What a joining client gets: the full state through its view (minus the protocol byte).
      decoders[i]?.decode(serializer.getFullState({ view: v } as never).subarray(1));
    });
    for (let round = 0; round < 4; round++) {
      room.seats.forEach((seat, i) => {
        syncSet(seat.hand, [`r${round}s${i}`, `x${i}`]);
      });
      room.note = `round ${round}`;
      serializer.applyPatches(clients as never);
      got.forEach((frames, i) => {
        for (const f of frames.splice(0)) decoders[i]?.decode(f.subarray(1));
      });
      decoders.forEach((d, i) => {
        const seen = d.state as Seats;
        expect(seen.note).toBe(`round ${round}`);
        // Its own hand, and no other.
        seen.seats.forEach((seat, j) => {
          expect([...seat.hand].sort()).toEqual(j === i ? [`r${round}s${i}`, `x${i}`].sort() : []);
        });
      });
      const ev = (serializer as unknown as { encodedViews: { get(v: object): unknown } }).encodedViews;
      expect(ev).toBe(encodedViews);
      for (const v of views) expect(ev.get(v)).toBeUndefined();
    }
  });

  it('a second copy of this module (a test run with one fork for many files) finds the tuning in place', async () => {
    const hook = (ArraySchema.prototype as unknown as Record<string, unknown>)['~onEncodeEnd'];
    vi.resetModules();
    const again = await import('../src/room/schemaTuning.js');
    expect(() => again.installSchemaTuning()).not.toThrow();
    // Not wrapped a second time either.
    expect((ArraySchema.prototype as unknown as Record<string, unknown>)['~onEncodeEnd']).toBe(hook);
  });

  it("a view's change map is cleared only when it holds something", () => {
    const v = tunedView();
    const cleared = vi.spyOn(Map.prototype, 'clear');
    v.changes.clear();
    expect(cleared).not.toHaveBeenCalled();
    v.changes.set(1, {});
    v.changes.clear();
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(v.changes.size).toBe(0);
    cleared.mockRestore();
  });

  it("a patch empties a structure's change maps in place: the same maps, nothing left in them", () => {
    const s = new Holder();
    const enc = new Encoder(s);
    for (let i = 0; i < RING; i++) s.log.push(`line ${i}`);
    enc.encodeAll();
    enc.encode();
    enc.discardChanges();
    type Tree = { indexedOperations: Record<number, number>; changes: { indexes: Record<number, number> } };
    // '~changes': the library's own key for a structure's change tree ($changes in @colyseus/schema 3.0).
    const tree = (s.log as unknown as Record<string, Tree>)['~changes'] as Tree;
    const ops = tree.indexedOperations;
    const indexes = tree.changes.indexes;
    for (let round = 0; round < 3; round++) {
      s.log[(round + 3) % RING] = `line ${RING + round}`;
      expect(Object.keys(tree.indexedOperations)).toEqual([String((round + 3) % RING)]);
      enc.encode();
      enc.discardChanges();
      expect(tree.indexedOperations).toBe(ops);
      expect(tree.changes.indexes).toBe(indexes);
      expect(Object.keys(ops)).toEqual([]);
      expect(Object.keys(indexes)).toEqual([]);
    }
  });
});
