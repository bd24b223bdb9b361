/**
 * The Durak client's pure parts: the view read off the wire (public keys, own seat's part over
 * them), the lit cards being exactly the rules package's legal actions, and the layout keeping every
 * part inside the canvas and apart at a phone's and a laptop's size.
 */
import { applyAction, createGame, legalActions, viewFor } from '@blaze/durak';
import { durakCodec } from '@blaze/durak/wire';
import { writeKeyTexts } from '@blaze/game/wire';
import { describe, expect, it } from 'vitest';
import { layout, things } from './layout.js';
import { movesOf } from './legal.js';
import { paceKind } from './pace.js';
import { type DurakTable, mergeView } from './wire.js';

const game = () => createGame({ players: 3, seed: 'web-test', ambush: true });

/** The wire as the server writes it (apps/server/src/table/wire.ts with Durak's codec). */
function wireOf(s: ReturnType<typeof game>) {
  const { log: _log, ...pub } = viewFor(s, null) as unknown as Record<string, unknown>;
  const view = new Map<string, string>();
  for (const [k, x] of Object.entries(pub)) {
    const text = durakCodec.encode(k, x);
    if (text !== null) view.set(k, text);
  }
  const seats = [0, 1, 2].map((seat) => ({
    view: writeKeyTexts([['hand', durakCodec.encode('hand', viewFor(s, seat).hand) ?? '']]),
  }));
  return { view, seats };
}

describe('Durak client', () => {
  it('reads its own hand over the public view, and a spectator none', () => {
    const s = game();
    expect(mergeView(wireOf(s), 1)?.hand).toEqual(viewFor(s, 1).hand);
    expect(mergeView(wireOf(s), -1)?.hand).toEqual([]);
    expect(mergeView({ view: new Map(), seats: [] }, 0)).toBeNull();
    // The pairs travel as short words: an attack and its defence read back whole.
    const t = applyAction(s, { type: 'attack', seat: 0, card: viewFor(s, 0).hand[0] as string });
    if (!t.ok) throw new Error(t.error.code);
    expect(viewFor(t.state, 2).table.length).toBe(1);
    expect(mergeView(wireOf(t.state), 2)?.table).toEqual(viewFor(t.state, 2).table);
  });

  it('lights exactly the legal cards of the rules package, for attacker and defender', () => {
    let s = game();
    const lit = (seat: number) => [...movesOf(viewFor(s, seat)).cards.keys()].sort();
    const legal = (seat: number) =>
      legalActions(s, seat)
        .flatMap((a) => ('card' in a ? [a.card] : []))
        .sort();
    expect(lit(0)).toEqual(legal(0));
    expect(lit(1)).toEqual([]);
    const card = viewFor(s, 0).hand[0] as string;
    const r = applyAction(s, { type: 'attack', seat: 0, card });
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    expect(lit(1)).toEqual(legal(1));
    expect(movesOf(viewFor(s, 1)).retreat).toBe(true);
    expect(lit(0)).toEqual([]);
  });

  it('keeps every part inside the canvas and apart', () => {
    const v = {
      ...viewFor(game(), 0),
      table: [
        { attack: '8C', by: 0, defence: '10C' },
        { attack: '10S', by: 0, defence: null },
      ],
    };
    for (const [w, h] of [
      [360, 470],
      [1280, 660],
    ] as const) {
      const placed = things(layout(w, h, v));
      for (const p of placed) {
        expect(p.box.x >= 0 && p.box.y >= 0 && p.box.x + p.box.w <= w && p.box.y + p.box.h <= h).toBe(true);
      }
      const part = (k: string) => (k === 'trump' ? 'deck' : k);
      for (const a of placed)
        for (const b of placed) {
          if (part(a.what.kind) === part(b.what.kind)) continue;
          const meets =
            a.box.x < b.box.x + b.box.w &&
            b.box.x < a.box.x + a.box.w &&
            a.box.y < b.box.y + b.box.h &&
            b.box.y < a.box.y + a.box.h;
          expect(meets, `${a.what.kind} / ${b.what.kind} at ${w}x${h}`).toBe(false);
        }
    }
  });

  it("holds someone else's move a moment, shows its own seat's and a turn that asks it at once", () => {
    const s = game();
    const line = (seq: number, kind: string, seat: number) => ({
      seq,
      kind,
      seat,
      other: -1,
      cards: [],
      value: -1,
      text: '',
    });
    const at = (seat: number, st: typeof s, log: ReturnType<typeof line>[]): DurakTable =>
      ({
        table: { status: 'playing', mySeat: seat, log } as unknown as DurakTable['table'],
        view: viewFor(st, seat),
        options: { players: 3, ambush: true, team: false },
        clocks: [],
      }) as DurakTable;
    const card = viewFor(s, 0).hand[0] as string;
    const r = applyAction(s, { type: 'attack', seat: 0, card });
    if (!r.ok) throw new Error(r.error.code);
    // Seat 0 attacked seat 1: seat 2 (not asked) sees it paced; seat 1 (asked to defend) at once; seat 0 (its own) at once.
    expect(paceKind(at(2, s, []), at(2, r.state, [line(1, 'attacked', 0)]))).toBe('other');
    expect(paceKind(at(1, s, []), at(1, r.state, [line(1, 'attacked', 0)]))).toBe('mine');
    expect(paceKind(at(0, s, []), at(0, r.state, [line(1, 'attacked', 0)]))).toBe('mine');
    // Nothing played (a chat line, a clock): no time of its own.
    expect(paceKind(at(2, r.state, [line(1, 'attacked', 0)]), at(2, r.state, [line(1, 'attacked', 0)]))).toBe('quiet');
    // The first table and a change of status show at once.
    expect(paceKind(null, at(2, s, []))).toBe('mine');
  });
});
