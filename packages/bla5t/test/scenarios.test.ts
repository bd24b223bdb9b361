/** The XX scenarios of BLA5T.md, each on a stacked deck (X3.2 `decks`). */
import { describe, expect, it } from 'vitest';
import { type Action, applyAction, createGame, type Event, redactEvent, type State, viewFor } from '../src/index.js';
import {
  basicCards,
  blastRound,
  cardAt,
  lookAll,
  opts4,
  passTurn,
  play,
  refused,
  scoredOf,
  stack,
  topCard,
} from './helpers.js';

/** Hands with no 7s, no Helmut and nothing the scenarios draw. */
const H = {
  s0: ['m1a', 'm1b', 'm2a', 'm2b'],
  s1: ['m10a', 'm3b', 'm4a', 'm4b'],
  s2: ['m9a', 'm9b', 'm11b', 'm5a'],
  s3: ['m12a', 'm12b', 'm3c', 'm3d'],
};

function game(hands: string[][], discard: string, draw: string[], extra: Parameters<typeof opts4>[1] = {}): State {
  const first = extra.dealer !== undefined ? (extra.dealer + 1) % hands.length : 0;
  return lookAll(createGame(opts4([stack(hands, discard, draw, { first })], extra))).state;
}

const std = (draw: string[], discard = 'm5d') => game([H.s0, H.s1, H.s2, H.s3], discard, draw);

describe('XX scenarios', () => {
  it('XX1 setup: deal order, discard opens, 37 left, private looks (X3.3 X3.4 X3.5 X3.6 X1.6)', () => {
    const order = basicCards();
    const s0 = createGame(opts4([order]));
    expect(s0.first).toBe(0);
    for (let i = 0; i < 16; i++) expect(cardAt(s0, i % 4, Math.floor(i / 4))).toBe(order[i]);
    expect(topCard(s0)).toBe(order[16]);
    expect(viewFor(s0, null).drawCount).toBe(37);
    expect(viewFor(s0, null).awaiting).toEqual({ kind: 'look', seats: [0, 1, 2, 3] });
    const r = play(s0, { type: 'look', seat: 0, slots: [1, 3] });
    const looks = r.events.filter((e) => e.type === 'looked');
    expect(looks.map((e) => e.type === 'looked' && e.card)).toEqual([order[4], order[12]]);
    for (const v of [null, 1, 2, 3]) for (const e of looks) expect(redactEvent(e, v)).toMatchObject({ card: null });
    // XN13: the view repeats no look.
    expect(viewFor(r.state, 0).layouts[0]).toEqual([{ down: true }, { down: true }, { down: true }, { down: true }]);
    const all = lookAll(r.state).state;
    expect(all.active).toBe(0);
    expect(all.step.kind).toBe('action');
  });

  it('XX2 power 8: only seat 0 gets the value; the log names the slot (X4.2 X5.5 X1.5)', () => {
    let s = std(['m8a']);
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    expect(viewFor(s, null).pendingPower).toBe('m8a');
    s = play(s, { type: 'power', seat: 0, targets: [{ seat: 2, slot: 1 }] }).state;
    const r = play(s, { type: 'claim', seat: 2, helmut: false });
    const look = r.events.find((e) => e.type === 'looked') as Event;
    expect(look).toEqual({ type: 'looked', seat: 0, at: { seat: 2, slot: 1 }, card: 'm9b' });
    expect(redactEvent(look, 0)).toEqual(look);
    for (const v of [null, 1, 2, 3]) {
      expect(redactEvent(look, v)).toEqual({ type: 'looked', seat: 0, at: { seat: 2, slot: 1 }, card: null });
    }
  });

  it('XX3 draw B: the replaced card goes face up, no power is offered (X4.2 XN16)', () => {
    let s = std(['m3a']);
    s = play(s, { type: 'draw', seat: 0 }).state;
    expect(viewFor(s, 0).drawn).toBe('m3a');
    expect(viewFor(s, 1).drawn).toBeNull();
    const r = play(s, { type: 'placeDrawn', seat: 0, slot: 2 });
    expect(cardAt(r.state, 0, 2)).toBe('m3a');
    expect(topCard(r.state)).toBe('m2a');
    expect(r.state.active).toBe(1);
    expect(r.events.some((e) => e.type === 'powerUsed')).toBe(false);
    // The same with the 11 in slot 2: no power either.
    let t = game([['m1a', 'm1b', 'm11b', 'm2b'], H.s1, ['m9a', 'm9b', 'm2a', 'm5a'], H.s3], 'm5d', ['m3a']);
    t = play(t, { type: 'draw', seat: 0 }, { type: 'placeDrawn', seat: 0, slot: 2 }).state;
    expect(topCard(t)).toBe('m11b');
    expect(t.step.kind).toBe('action');
    expect(t.active).toBe(1);
  });

  it('XX4 take: the discard top goes into the slot, everyone sees it was a 1 (X4.3 X1.5)', () => {
    let s = std(['m1c']);
    s = passTurn(s).state;
    expect(topCard(s)).toBe('m1c');
    const r = play(s, { type: 'take', seat: 1, slot: 0 });
    expect(topCard(r.state)).toBe('m10a');
    expect(cardAt(r.state, 1, 0)).toBe('m1c');
    const took = r.events.find((e) => e.type === 'took') as Event;
    for (const v of [null, 0, 1, 2, 3])
      expect(redactEvent(took, v)).toMatchObject({ slot: 0, card: 'm1c', out: 'm10a' });
    expect(viewFor(r.state, 2).layouts[1]?.[0]).toEqual({ down: true });
  });

  const seven = (): State =>
    game(
      [H.s0, ['m10a', 'm9a', 'm4a', 'm4b'], ['m12c', 'm9c', 'm4c', 'm7d'], ['m7a', 'm1c', 'm3c', 'm3d']],
      'm7b',
      ['m2c', 'm2d'],
      { dealer: 1 },
    );

  it('XX5 match: the matched card leaves, the slot is empty; the next player may match too (X4.4)', () => {
    let s = seven();
    expect(s.active).toBe(2);
    s = play(s, { type: 'match', seat: 2, slot: 3 }).state;
    expect(topCard(s)).toBe('m7d');
    expect(s.layouts[2]?.[3]).toBeNull();
    expect(viewFor(s, null).layouts[2]?.filter((x) => x !== null)).toHaveLength(3);
    s = play(s, { type: 'match', seat: 3, slot: 0 }).state;
    expect(topCard(s)).toBe('m7a');
  });

  it('XX6 wrong match: shown, back in place, penalty card unseen in slot 4 or the empty slot 3 (X4.4 X9.4 XN9 XN10 XN25)', () => {
    let s = seven();
    let r = play(s, { type: 'match', seat: 2, slot: 1 });
    const m = r.events.find((e) => e.type === 'matched');
    expect(m).toEqual({ type: 'matched', seat: 2, slot: 1, card: 'm9c', ok: false });
    expect(r.state.layouts[2]?.[1]).toEqual({ card: 'm9c', up: false });
    expect(cardAt(r.state, 2, 4)).toBe('m2c');
    expect(r.events).toContainEqual({ type: 'penalty', seat: 2, slot: 4 });
    expect(r.state.active).toBe(3);
    // Nobody sees the penalty card: the event names no card.
    expect(JSON.stringify(r.events)).not.toContain('m2c');
    // With slot 3 empty, the penalty card goes there.
    s = play(seven(), { type: 'match', seat: 2, slot: 3 }).state;
    for (const seat of [3, 0, 1]) s = play(s, { type: 'match', seat, slot: 1 }).state;
    r = play(s, { type: 'match', seat: 2, slot: 1 });
    expect(r.events).toContainEqual({ type: 'penalty', seat: 2, slot: 3 });
  });

  it('XX7 first turn: no Blast prompt; a blast is refused FIRST_TURN or NOT_YOUR_TURN (X8.1)', () => {
    let s = std(['m1c', 'm1d']);
    expect(refused(s, { type: 'blast', seat: 0 })).toBe('FIRST_TURN');
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    expect(s.active).toBe(1);
    expect(refused(s, { type: 'blast', seat: 0 })).toBe('NOT_YOUR_TURN');
  });

  it('XX8 final turns: seats 2, 3, 0 play once after seat 1 calls, then the round ends (X8.2 X8.4)', () => {
    const r = blastRound(std([]), 1);
    const blastAt = r.events.findIndex((e) => e.type === 'blast');
    const after = r.events.slice(blastAt);
    const scoredAt = after.findIndex((e) => e.type === 'scored');
    const turns = after.slice(0, scoredAt).flatMap((e) => (e.type === 'turn' ? [e.seat] : []));
    expect(turns).toEqual([2, 3, 0]);
    expect(r.state.round).toBe(2);
  });

  it('XX9 frozen caller: an 11 aimed at the caller is CALLER_FROZEN, at seat 3 it works (X8.3 X4.8)', () => {
    const filler = ['m1c', 'm1d', 'm2c', 'm2d', 'm3a', 'm4c'];
    let s = std([...filler, 'm11a']);
    for (let i = 0; i < 5; i++) s = passTurn(s).state;
    s = play(s, { type: 'draw', seat: 1 }, { type: 'discardDrawn', seat: 1 }, { type: 'blast', seat: 1 }).state;
    expect(s.active).toBe(2);
    s = play(s, { type: 'draw', seat: 2 }, { type: 'discardDrawn', seat: 2 }).state;
    const aim = (seat: number): Action => ({
      type: 'power',
      seat: 2,
      targets: [
        { seat: 2, slot: 0 },
        { seat, slot: 0 },
      ],
    });
    expect(refused(s, aim(1))).toBe('CALLER_FROZEN');
    expect(viewFor(s, 1).caller).toBe(1);
    const r = play(s, aim(3), { type: 'claim', seat: 3, helmut: false });
    expect(cardAt(r.state, 3, 0)).toBe('m9a');
    expect(cardAt(r.state, 2, 0)).toBe('m12a');
  });

  const scoringHands = {
    caller4: ['m1a', 'm1b', 'm1c', 'm1d'],
    nine: ['m2a', 'm2b', 'm5b', 'h:helmut'],
    seventeen: ['m5a', 'm5c', 'm4b', 'm3d'],
    five: ['h:jayce', 'h:apo', 'm2d', 'm3b'],
  };

  it('XX10 scoring: caller 4, others 9, 17, 5 score just that (X9.1 X9.2 X9.3)', () => {
    const h = scoringHands;
    const s = game([h.caller4, h.nine, h.seventeen, h.five], 'm6sa', []);
    const sc = scoredOf(blastRound(s, 0).events);
    expect(sc.scores).toEqual([4, 9, 17, 5]);
  });

  it('XX11 +5: a caller at 5 with another at 3 scores 10; with a tie at 5 it scores 5 (X9.2 XN7)', () => {
    const caller5 = ['m1a', 'm1b', 'm1c', 'm2c'];
    let sc = scoredOf(
      blastRound(
        game([caller5, scoringHands.nine, scoringHands.seventeen, ['h:jayce', 'h:apo', 'm1d', 'm2d']], 'm6sa', []),
        0,
      ).events,
    );
    expect(sc.scores).toEqual([10, 9, 17, 3]);
    sc = scoredOf(
      blastRound(game([caller5, scoringHands.nine, scoringHands.seventeen, scoringHands.five], 'm6sa', []), 0).events,
    );
    expect(sc.scores).toEqual([5, 9, 17, 5]);
  });

  it('XX12 false call and Herman: 7 scores 22; Herman caps 31 at 10 (+15 = 25); a non-caller scores 10 (X9.2 X6.5)', () => {
    let sc = scoredOf(
      blastRound(
        game([['m1a', 'm1b', 'm2c', 'm3a'], scoringHands.nine, scoringHands.seventeen, scoringHands.five], 'm6sa', []),
        0,
      ).events,
    );
    expect(sc.scores[0]).toBe(22);
    sc = scoredOf(
      blastRound(
        game(
          [['h:herman', 'm12a', 'm11a', 'm8a'], scoringHands.nine, scoringHands.seventeen, scoringHands.five],
          'm6sa',
          [],
        ),
        0,
      ).events,
    );
    expect(sc.scores[0]).toBe(25);
    sc = scoredOf(
      blastRound(
        game(
          [scoringHands.caller4, ['h:herman', 'm12a', 'm11a', 'm8a'], scoringHands.seventeen, scoringHands.five],
          'm6sa',
          [],
        ),
        0,
      ).events,
    );
    expect(sc.scores[1]).toBe(10);
  });

  it('XX13 Gordon combo: the caller scores 0; next round no opponent looks (X7.1 X7.2 X11.6 XN26)', () => {
    const s = game(
      [['b:gordon', 'm2c', 'm3c', 'm4d'], scoringHands.nine, scoringHands.seventeen, scoringHands.five],
      'm6sa',
      [],
    );
    const r = blastRound(s, 0);
    const sc = scoredOf(r.events);
    expect(sc.scores[0]).toBe(0);
    expect(sc.combo).toBe(0);
    expect(r.state.step).toEqual({ kind: 'look', need: [2, 0, 0, 0] });
    expect(viewFor(r.state, 1).looksToMake).toBe(0);
  });

  it('XX14 not a combo: Futura, 2, 3, 4 and a 1 score 39; a non-caller with Gordon 2 3 4 scores 23 (X7.1 X9.2 XN8)', () => {
    let s = game(
      [['b:futura', 'm2c', 'm3c', 'm4d'], ['b:gordon', 'm2a', 'm3a', 'm4a'], scoringHands.seventeen, scoringHands.five],
      'm6sa',
      ['m1a'],
    );
    s = play(s, { type: 'match', seat: 0, slot: 0 }).state; // wrong: the penalty card is m1a
    expect(cardAt(s, 0, 4)).toBe('m1a');
    const sc = scoredOf(blastRound(s, 0).events);
    expect(sc.scores[0]).toBe(39);
    expect(sc.scores[1]).toBe(23);
    expect(sc.combo).toBeNull();
  });

  it('XX15 Helmut: a claim on Helmut cancels the swap; a wrong claim shows the card and costs a card (X6.4 XT3)', () => {
    const run = (slot0: string) => {
      let s = game([H.s0, H.s1, ['m12c', 'm9b', 'm11b', 'm5a'], [slot0, 'm12b', 'm3c', 'm3d']], 'm5d', [
        'm1c',
        'm1d',
        'm11a',
        'm2c',
      ]);
      s = passTurn(passTurn(s).state).state;
      s = play(s, { type: 'draw', seat: 2 }, { type: 'discardDrawn', seat: 2 }).state;
      const r = play(s, {
        type: 'power',
        seat: 2,
        targets: [
          { seat: 2, slot: 0 },
          { seat: 3, slot: 0 },
        ],
      });
      expect(viewFor(r.state, null).awaiting).toEqual({ kind: 'helmut', seats: [3] });
      expect(viewFor(r.state, 3).helmutAsk).toEqual([0]);
      expect(viewFor(r.state, 1).helmutAsk).toEqual([]);
      expect(refused(r.state, { type: 'claim', seat: 1, helmut: true })).toBe('NOT_YOUR_TURN');
      return play(r.state, { type: 'claim', seat: 3, helmut: true });
    };
    const yes = run('h:helmut');
    expect(yes.state.layouts[3]?.[0]).toEqual({ card: 'h:helmut', up: true, helmut: true });
    expect(cardAt(yes.state, 2, 0)).toBe('m12c');
    expect(yes.events.some((e) => e.type === 'swapped')).toBe(false);
    expect(topCard(yes.state)).toBe('m11a');
    expect(viewFor(yes.state, 1).layouts[3]?.[0]).toEqual({ up: 'h:helmut' });
    const no = run('m9a');
    expect(no.events).toContainEqual({ type: 'claimed', seat: 3, slot: 0, helmut: true, card: 'm9a', right: false });
    expect(no.events).toContainEqual({ type: 'penalty', seat: 3, slot: 4 });
    expect(cardAt(no.state, 2, 0)).toBe('m9a');
    expect(cardAt(no.state, 3, 0)).toBe('m12c');
  });

  it('XX16 protected hero: Take of Jayce is PROTECTED for the next turn only (X6.1 X4.3 XN12 XN29)', () => {
    let s = std(['h:jayce']);
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    s = play(
      s,
      {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 0, slot: 0 },
          { seat: 1, slot: 1 },
        ],
      },
      { type: 'claim', seat: 1, helmut: false },
    ).state;
    expect(cardAt(s, 0, 0)).toBe('m3b');
    expect(s.active).toBe(1);
    expect(viewFor(s, 1).topProtected).toBe(true);
    expect(refused(s, { type: 'take', seat: 1, slot: 0 })).toBe('PROTECTED');
    s = play(s, { type: 'match', seat: 1, slot: 0 }).state;
    expect(topCard(s)).toBe('h:jayce');
    s = play(s, { type: 'take', seat: 2, slot: 0 }).state;
    expect(cardAt(s, 2, 0)).toBe('h:jayce');
  });

  it('XX17 reshuffle: drawing the last card turns the discard pile (but its top) into the draw pile (X4.6 XN15)', () => {
    const s = structuredClone(std([])) as State;
    const moved = s.draw.splice(1);
    s.discard = [...moved, ...s.discard];
    const r = play(s, { type: 'draw', seat: 0 });
    expect(r.state.discard).toEqual(['m5d']);
    expect(r.state.draw).toHaveLength(moved.length);
    expect([...r.state.draw].sort()).toEqual([...moved].sort());
    expect(r.events).toContainEqual({ type: 'reshuffled', count: moved.length });
  });

  it('XX18 Apo: sees all 4 cards, an extra turn, and still no Blast on the first turn (X6.3 X8.1 XN6)', () => {
    let s = std(['h:apo', 'm1c']);
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    const r = play(s, { type: 'power', seat: 0, targets: [] });
    expect(r.events.filter((e) => e.type === 'looked' && e.seat === 0 && e.card !== null)).toHaveLength(4);
    expect(r.state.active).toBe(0);
    expect(r.state.step.kind).toBe('action');
    expect(viewFor(r.state, 0).inExtraTurn).toBe(true);
    expect(refused(r.state, { type: 'blast', seat: 0 })).toBe('FIRST_TURN');
    const after = play(r.state, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    expect(after.active).toBe(1);
  });

  it('XX19 flip and lock (advanced): a face-up card is LOCKED for B and for an 11, and may be matched (X12.1 X12.2)', () => {
    const cards = createGame({ players: 4, seed: 'c', advanced: true }).cards;
    const hands = [
      ['m1a', 'm5a', 'm2a', 'm2b'],
      ['m10a', 'm9a', 'm4a', 'm4b'],
      ['m12c', 'm9c', 'm4c', 'm8d'],
      ['m12a', 'm1c', 'm3c', 'm3d'],
    ];
    const order = stack(hands, 'm6sa', ['m1b', 'm11a', 'm5b', 'm3a'], { cards });
    let s = lookAll(createGame({ players: 4, seed: 'c', dealer: 3, advanced: true, decks: [order] })).state;
    s = play(s, { type: 'flip', seat: 0, slot: 1 }).state;
    expect(viewFor(s, 2).layouts[0]?.[1]).toEqual({ up: 'm5a' });
    s = passTurn(s).state;
    s = play(s, { type: 'draw', seat: 2 }, { type: 'discardDrawn', seat: 2 }).state;
    expect(
      refused(s, {
        type: 'power',
        seat: 2,
        targets: [
          { seat: 2, slot: 0 },
          { seat: 0, slot: 1 },
        ],
      }),
    ).toBe('LOCKED');
    s = play(s, { type: 'skipPower', seat: 2 }).state;
    s = passTurn(s).state; // seat 3 discards m5b
    expect(topCard(s)).toBe('m5b');
    const drawn = play(s, { type: 'draw', seat: 0 }).state;
    expect(refused(drawn, { type: 'placeDrawn', seat: 0, slot: 1 })).toBe('LOCKED');
    expect(refused(s, { type: 'take', seat: 0, slot: 1 })).toBe('LOCKED');
    const m = play(s, { type: 'match', seat: 0, slot: 1 });
    expect(m.state.layouts[0]?.[1]).toBeNull();
  });

  it('XX21 eleration: the card replaced by B uses its power; without eleration none (X13.1 XN22)', () => {
    const hands = [['m8b', 'm1b', 'm2a', 'm2b'], H.s1, H.s2, H.s3];
    const mk = (eleration: boolean) => lookAll(createGame(opts4([stack(hands, 'm5d', ['m2c'])], { eleration }))).state;
    let s = play(mk(true), { type: 'draw', seat: 0 }, { type: 'placeDrawn', seat: 0, slot: 0 }).state;
    expect(topCard(s)).toBe('m8b');
    expect(s.step).toEqual({ kind: 'power', card: 'm8b' });
    s = play(
      s,
      { type: 'power', seat: 0, targets: [{ seat: 1, slot: 0 }] },
      { type: 'claim', seat: 1, helmut: false },
    ).state;
    expect(s.active).toBe(1);
    const plain = play(mk(false), { type: 'draw', seat: 0 }, { type: 'placeDrawn', seat: 0, slot: 0 }).state;
    expect(plain.step.kind).toBe('action');
    expect(plain.active).toBe(1);
  });

  it('XX22 heads-up: 6-Swap with the dummy; one final turn; the dummy never scores (X13.2 XN23)', () => {
    const hands = [H.s0, H.s1, H.s2];
    let s = lookAll(
      createGame({ players: 2, seed: 'h', dealer: 1, decks: [stack(hands, 'm5d', ['m6sa'], { first: 0 })] }),
    ).state;
    expect(s.active).toBe(0);
    expect(viewFor(s, null).layouts).toHaveLength(3);
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    s = play(s, {
      type: 'power',
      seat: 0,
      targets: [
        { seat: 1, slot: 2 },
        { seat: 2, slot: 0 },
      ],
    }).state;
    expect(viewFor(s, null).awaiting).toEqual({ kind: 'helmut', seats: [1] });
    s = play(s, { type: 'claim', seat: 1, helmut: false }).state;
    expect(cardAt(s, 1, 2)).toBe('m9a');
    expect(cardAt(s, 2, 0)).toBe('m4a');
    const r = blastRound(s, 1);
    const blastAt = r.events.findIndex((e) => e.type === 'blast');
    const after = r.events.slice(blastAt);
    const turns = after
      .slice(
        0,
        after.findIndex((e) => e.type === 'scored'),
      )
      .flatMap((e) => (e.type === 'turn' ? [e.seat] : []));
    expect(turns).toEqual([0]);
    expect(scoredOf(r.events).scores).toHaveLength(2);
    expect(r.state.totals).toHaveLength(2);
  });

  it('XX23 end of game at 100: shared win at 70; at 96/99/70/70 seat 1 starts the next round (X10.1 X10.2 X3.3 XN24)', () => {
    const h = scoringHands;
    const base = game([h.caller4, h.nine, h.seventeen, h.five], 'm6sa', []);
    const withTotals = (t: number[]) => ({ ...structuredClone(base), totals: t }) as State;
    const end = blastRound(withTotals([92, 95, 53, 65]), 0);
    expect(end.state.totals).toEqual([96, 104, 70, 70]);
    expect(end.state.over).toBe(true);
    expect(end.state.winners).toEqual([2, 3]);
    expect(viewFor(end.state, null).awaiting.seats).toEqual([]);
    const on = blastRound(withTotals([92, 90, 53, 65]), 0);
    expect(on.state.totals).toEqual([96, 99, 70, 70]);
    expect(on.state.over).toBe(false);
    expect(on.state.first).toBe(1);
    expect(lookAll(on.state).state.active).toBe(1);
  });
});

describe('scenario guards', () => {
  it('XX1 the stacked deck must hold exactly the cards in use (X3.2)', () => {
    expect(() => createGame(opts4([['m1a']]))).toThrow();
    expect(applyAction(createGame(opts4([basicCards()])), { type: 'look', seat: 0, slots: [0, 1] }).ok).toBe(true);
  });
});
