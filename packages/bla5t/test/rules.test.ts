/** Rule-by-rule tests of the basic game and flip (BLA5T.md ids in each name). */
import { parseOptions } from '@blaze/game';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  BASIC_HEROES,
  cardPoints,
  cardValue,
  createGame,
  type Event,
  legalActions,
  redactEvent,
  replay,
  type State,
  viewFor,
} from '../src/index.js';
import { bla5tModule } from '../src/module.js';
import { basicCards, cardAt, countCards, lookAll, opts4, passTurn, play, refused, stack, topCard } from './helpers.js';

const H: [string[], string[], string[], string[]] = [
  ['m1a', 'm1b', 'm2a', 'm2b'],
  ['m10a', 'm3b', 'm4a', 'm4b'],
  ['m9a', 'm9b', 'm11b', 'm5a'],
  ['m12a', 'm12b', 'm3c', 'm3d'],
];
const std = (draw: string[], extra: Parameters<typeof opts4>[1] = {}, hands: string[][] = H, discard = 'm5d'): State =>
  lookAll(createGame(opts4([stack(hands, discard, draw)], extra))).state;

/** Seat 0 draws `card` (stacked on top) and discards it to use its power. */
const drawPower = (card: string, hands: string[][] = H, extra: Parameters<typeof opts4>[1] = {}): State =>
  play(std([card], extra, hands), { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;

const surgery = (s: State, f: (t: State) => void): State => {
  const t = structuredClone(s) as State;
  f(t);
  return t;
};

describe('X1 components and knowledge', () => {
  it('X1.1 X1.3 XN1 XN2 the basic deck: 54 cards, four per monster, 6-Swap and 6-Shuffle, values', () => {
    const cards = basicCards();
    expect(cards).toHaveLength(54);
    expect(new Set(cards).size).toBe(54);
    for (let v = 1; v <= 12; v++) expect(cards.filter((c) => c.startsWith('m') && cardValue(c) === v)).toHaveLength(4);
    expect(cards).toEqual(
      expect.arrayContaining(['m6sa', 'm6sb', 'm6ha', 'm6hb', 'm7c', ...BASIC_HEROES, 'b:gordon', 'b:futura']),
    );
    expect(cardValue('h:jayce')).toBe(0);
    expect(cardValue('b:gordon')).toBe(14);
    expect(cardValue('b:hyperion')).toBe(15);
    expect(cardValue('h:lola')).toBe(-1);
  });

  it('X1.2 X1.3 X2.2 52 cards with bosses off; 59 in advanced with 13s and Hyperion', () => {
    expect(createGame({ players: 3, seed: 'a', bosses: false }).cards).toHaveLength(52);
    const adv = createGame({
      players: 3,
      seed: 'a',
      advanced: true,
      heroes: ['h:daisy', 'h:apo', 'h:lola', 'h:leo'],
      bossSet: ['b:maga', 'b:fawkes'],
    });
    expect(adv.cards).toHaveLength(59);
    expect(adv.cards).toEqual(expect.arrayContaining(['m13a', 'm13d', 'b:hyperion', 'h:lola', 'h:leo', 'b:maga']));
    expect(() =>
      createGame({ players: 3, seed: 'a', advanced: true, heroes: ['h:lola', 'h:apo', 'h:jayce', 'h:helmut'] }),
    ).toThrow();
  });

  it('X1.4 X1.8 XN25 layouts: slots 0-3 face down; every layout turns face up at the round end', () => {
    const s = std([]);
    expect(s.layouts.every((l) => l.length === 4 && l.every((x) => x !== null && !x.up))).toBe(true);
    const r = play(
      surgery(s, (t) => {
        t.turnsStarted[0] = 2;
      }),
      { type: 'draw', seat: 0 },
      { type: 'discardDrawn', seat: 0 },
    );
    let st = r.state.step.kind === 'power' ? play(r.state, { type: 'skipPower', seat: 0 }).state : r.state;
    st = play(st, { type: 'blast', seat: 0 }).state;
    const events: Event[] = [];
    for (let i = 0; i < 3; i++) {
      const x = passTurn(st);
      st = x.state;
      events.push(...x.events);
    }
    const rev = events.find((e) => e.type === 'revealed');
    expect(rev).toBeDefined();
    expect(rev?.type === 'revealed' && rev.layouts[1]).toEqual(H[1]);
  });

  it('X1.5 X1.7 XN13 public view: counts and faces only, no seed, no hidden id, no past look', () => {
    const s = std([]);
    for (const v of [null, 0, 1]) {
      const view = viewFor(s, v);
      const text = JSON.stringify({ ...view, heroes: [], bossSet: [] });
      expect(text).not.toContain('xx'); // the seed
      for (const lay of s.layouts) for (const x of lay) if (x) expect(text).not.toContain(`"${x.card}"`);
      for (const c of s.draw) expect(text).not.toContain(`"${c}"`);
      expect(view.discardTop).toBe('m5d');
      expect(view.drawCount).toBe(s.draw.length);
      expect(view.discardCount).toBe(1);
    }
  });

  it("X1.6 the drawn card is the drawer's only; a 6-Shuffle's choice too (X5.3 XN14)", () => {
    const drawn = play(std(['m3a']), { type: 'draw', seat: 0 });
    const e = drawn.events.find((x) => x.type === 'drew') as Event;
    expect(redactEvent(e, 0)).toMatchObject({ card: 'm3a' });
    expect(redactEvent(e, 1)).toMatchObject({ card: null });
    expect(viewFor(drawn.state, 0).drawn).toBe('m3a');
    expect(viewFor(drawn.state, null).drawn).toBeNull();
    const shuffled = (swap: boolean) =>
      play(drawPower('m6ha'), {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 0, slot: 0 },
          { seat: 0, slot: 3 },
        ],
        swap,
      });
    const yes = shuffled(true);
    const no = shuffled(false);
    expect(cardAt(yes.state, 0, 0)).toBe('m2b');
    expect(cardAt(no.state, 0, 0)).toBe('m1a');
    for (const v of [null, 1, 2, 3]) {
      expect(yes.events.map((x) => redactEvent(x, v))).toEqual(no.events.map((x) => redactEvent(x, v)));
      expect(viewFor(yes.state, v)).toEqual(viewFor(no.state, v));
      expect(JSON.stringify(yes.events.map((x) => redactEvent(x, v)))).not.toContain('swap');
    }
    expect(yes.events.map((x) => redactEvent(x, 0))).toContainEqual({
      type: 'shuffled',
      seat: 0,
      slots: [0, 3],
      swap: true,
    });
  });
});

describe('X2 X3 players, options and set-up', () => {
  it('X2.1 XN4 3-5 players, 2 only as heads-up with a dummy; other counts refused', () => {
    expect(() => createGame({ players: 6 as 5, seed: 'a' })).toThrow();
    expect(parseOptions(bla5tModule, 1, {}).ok).toBe(false);
    expect(parseOptions(bla5tModule, 6, {}).ok).toBe(false);
    const h = createGame({ players: 2, seed: 'a' });
    expect(h.seats).toBe(3);
    expect(h.dummy).toBe(2);
    expect(h.layouts[2]).toHaveLength(4);
  });

  it('X2.2 X10.1 X13.3 XN3 max_score: 100 by default, 50 and 1000 as options', () => {
    expect(createGame({ players: 3, seed: 'a' }).opts.maxScore).toBe(100);
    expect(parseOptions(bla5tModule, 3, { maxScore: 50 }).ok).toBe(true);
    expect(parseOptions(bla5tModule, 3, { maxScore: 70 }).ok).toBe(false);
    const s = surgery(std([], { maxScore: 50 }), (t) => {
      t.totals = [40, 0, 0, 0];
    });
    let st = surgery(s, (t) => {
      t.turnsStarted[0] = 2;
    });
    st = play(st, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    if (st.step.kind === 'power') st = play(st, { type: 'skipPower', seat: 0 }).state;
    st = play(st, { type: 'blast', seat: 0 }).state;
    for (let i = 0; i < 3; i++) st = passTurn(st).state;
    expect(st.totals[0]).toBe(40 + 6 + 15);
    expect(st.over).toBe(true);
  });

  it('X3.1 X3.3 round 1: the player left of the dealer begins; no dealer given: seeded', () => {
    expect(createGame({ players: 4, seed: 'a', dealer: 1 }).first).toBe(2);
    expect(createGame({ players: 4, seed: 'a', dealer: 3 }).first).toBe(0);
    const a = createGame({ players: 5, seed: 'q' });
    expect(createGame({ players: 5, seed: 'q' })).toEqual(a);
    expect(a.first).toBe((a.dealer + 1) % 5);
    expect(a.totals).toEqual([0, 0, 0, 0, 0]);
  });

  it('X3.2 XT6 each round shuffled from the seed; replay of the same actions is the same game', () => {
    const o = { players: 3 as const, seed: 's1' };
    const s = createGame(o);
    const acts: Action[] = [];
    let st = s;
    for (let i = 0; i < 60 && !st.over; i++) {
      const seat = st.step.kind === 'look' ? st.step.need.findIndex((k) => k > 0) : st.active;
      const a = legalActions(st, seat)[0] as Action;
      acts.push(a);
      st = play(st, a).state;
    }
    expect(replay(o, acts)).toEqual(st);
    expect(createGame({ ...o, seed: 's2' }).draw).not.toEqual(s.draw);
  });

  it('X3.6 X3.7 X4.1 XT1 looks at once, any order, chosen slots; then the first turn', () => {
    const s = createGame(opts4([basicCards()]));
    expect(refused(s, { type: 'draw', seat: 0 })).toBe('NOT_YOUR_TURN');
    expect(refused(s, { type: 'look', seat: 2, slots: [0] })).toBe('MALFORMED');
    expect(refused(s, { type: 'look', seat: 2, slots: [1, 1] })).toBe('MALFORMED');
    expect(refused(s, { type: 'look', seat: 2, slots: [1, 7] })).toBe('EMPTY_SLOT');
    let st = play(s, { type: 'look', seat: 3, slots: [2, 3] }, { type: 'look', seat: 1, slots: [0, 3] }).state;
    expect(refused(st, { type: 'look', seat: 3, slots: [0, 1] })).toBe('NOT_YOUR_TURN');
    st = play(st, { type: 'look', seat: 0, slots: [0, 1] }, { type: 'look', seat: 2, slots: [0, 1] }).state;
    expect(st.step.kind).toBe('action');
    expect(st.active).toBe(0);
    expect(legalActions(st, 0).map((a) => a.type)).toEqual(expect.arrayContaining(['draw', 'take', 'match']));
  });
});

describe('X4 turns', () => {
  it('X4.5 the next player clockwise, the dummy skipped (X13.2)', () => {
    let s = lookAll(createGame({ players: 2, seed: 'd', dealer: 0 })).state;
    expect(s.active).toBe(1);
    s = passTurn(s).state;
    expect(s.active).toBe(0);
    s = passTurn(s).state;
    expect(s.active).toBe(1);
    expect(legalActions(s, 2)).toEqual([]);
  });

  it('X4.6 X4.7 an empty layout only draws (A); nothing to draw is NO_CARD_TO_DRAW; no action: skipped', () => {
    const s = surgery(std([]), (t) => {
      t.discard.unshift(...t.layouts[0]!.map((x) => x!.card));
      t.layouts[0] = [null, null, null, null];
    });
    expect(legalActions(s, 0)).toEqual([{ type: 'draw', seat: 0 }]);
    expect(refused(s, { type: 'match', seat: 0, slot: 0 })).toBe('EMPTY_SLOT');
    const d = play(s, { type: 'draw', seat: 0 }).state;
    expect(legalActions(d, 0)).toEqual([{ type: 'discardDrawn', seat: 0 }]);
    expect(refused(d, { type: 'placeDrawn', seat: 0, slot: 0 })).toBe('EMPTY_SLOT');
    expect(cardPoints(s, 0)).toBe(0);
    // No draw pile and nothing to reshuffle: Draw is refused; an empty-handed player's turn is skipped.
    const dry = surgery(std([]), (t) => {
      t.layouts[1]!.push(...t.draw.map((card) => ({ card, up: false })));
      t.draw = [];
      t.layouts[1] = t.layouts[1]!.concat(t.layouts[2]!);
      t.layouts[2] = [null, null, null, null];
    });
    expect(refused(dry, { type: 'draw', seat: 0 })).toBe('NO_CARD_TO_DRAW');
    const r = play(dry, { type: 'match', seat: 0, slot: 0 }, { type: 'match', seat: 1, slot: 1 });
    expect(r.events).toContainEqual({ type: 'skipped', seat: 2 });
    expect(r.state.active).toBe(3);
  });

  it('X4.8 powers are optional: skipPower leaves it; a power aimed wrongly is refused NO_TARGET', () => {
    const s = drawPower('m8a');
    expect(refused(s, { type: 'power', seat: 0, targets: [{ seat: 0, slot: 0 }] })).toBe('NO_TARGET');
    expect(refused(s, { type: 'power', seat: 0, targets: [{ seat: 1, slot: 9 }] })).toBe('EMPTY_SLOT');
    const r = play(s, { type: 'skipPower', seat: 0 });
    expect(r.state.active).toBe(1);
    expect(r.events.some((e) => e.type === 'looked')).toBe(false);
  });

  it('XN5 XT2 Match only on your own turn; refusals change nothing', () => {
    const s = std([]);
    const before = structuredClone(s);
    expect(refused(s, { type: 'match', seat: 2, slot: 0 })).toBe('NOT_YOUR_TURN');
    expect(s).toEqual(before);
  });
});

describe('X5 monster powers', () => {
  it('X5.1 monsters 1-5 have no power: discarding one ends the action', () => {
    for (const c of ['m1c', 'm2c', 'm3a', 'm4c', 'm5b']) expect(drawPower(c).active).toBe(1);
  });

  it('X5.2 6-Swap: two different opponents, unseen; one opponent twice is NO_TARGET', () => {
    const s = drawPower('m6sa');
    expect(
      refused(s, {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 1, slot: 0 },
          { seat: 1, slot: 1 },
        ],
      }),
    ).toBe('NO_TARGET');
    const r = play(
      s,
      {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 1, slot: 0 },
          { seat: 3, slot: 1 },
        ],
      },
      { type: 'claim', seat: 1, helmut: false },
      { type: 'claim', seat: 3, helmut: false },
    );
    expect(cardAt(r.state, 1, 0)).toBe('m12b');
    expect(cardAt(r.state, 3, 1)).toBe('m10a');
    expect(r.events.some((e) => e.type === 'looked')).toBe(false);
  });

  it('X5.3 6-Shuffle: two own cards', () => {
    const s = drawPower('m6hb');
    expect(
      refused(s, {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 0, slot: 0 },
          { seat: 0, slot: 0 },
        ],
        swap: true,
      }),
    ).toBe('NO_TARGET');
    expect(
      refused(s, {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 0, slot: 0 },
          { seat: 0, slot: 1 },
        ],
      }),
    ).toBe('MALFORMED');
  });

  it('X5.4 X5.6 7 looks at an own card; 9 also at the draw pile top, which stays on top', () => {
    const seven = play(drawPower('m7a'), { type: 'power', seat: 0, targets: [{ seat: 0, slot: 3 }] });
    expect(seven.events).toContainEqual({ type: 'looked', seat: 0, at: { seat: 0, slot: 3 }, card: 'm2b' });
    const nine = play(drawPower('m9c'), { type: 'power', seat: 0, targets: [{ seat: 0, slot: 2 }] });
    const topOfDraw = nine.state.draw[0];
    expect(nine.events).toContainEqual({ type: 'looked', seat: 0, at: 'drawPile', card: topOfDraw });
    expect(redactEvent(nine.events.find((e) => e.type === 'looked' && e.at === 'drawPile') as Event, 1)).toMatchObject({
      card: null,
    });
  });

  it('X5.5 X5.7 8 and 10 look at an opponent card; 10 then the draw pile top', () => {
    const ten = play(
      drawPower('m10b'),
      { type: 'power', seat: 0, targets: [{ seat: 3, slot: 2 }] },
      { type: 'claim', seat: 3, helmut: false },
    );
    expect(ten.events).toContainEqual({ type: 'looked', seat: 0, at: { seat: 3, slot: 2 }, card: 'm3c' });
    expect(ten.events.some((e) => e.type === 'looked' && e.at === 'drawPile')).toBe(true);
  });

  it('X5.8 11 swaps an own card with an opponent card, unseen', () => {
    const r = play(
      drawPower('m11a'),
      {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 0, slot: 0 },
          { seat: 2, slot: 0 },
        ],
      },
      { type: 'claim', seat: 2, helmut: false },
    );
    expect(cardAt(r.state, 0, 0)).toBe('m9a');
    expect(cardAt(r.state, 2, 0)).toBe('m1a');
    expect(r.events.some((e) => e.type === 'looked')).toBe(false);
  });

  it('X5.9 XN14 12 looks, then may swap with an own card (unseen) or not', () => {
    const s = play(
      drawPower('m12c'),
      { type: 'power', seat: 0, targets: [{ seat: 1, slot: 0 }] },
      { type: 'claim', seat: 1, helmut: false },
    ).state;
    expect(s.step.kind).toBe('swap');
    expect(viewFor(s, 0).swapTarget).toEqual({ seat: 1, slot: 0 });
    const yes = play(s, { type: 'swap', seat: 0, slot: 2 });
    expect(cardAt(yes.state, 0, 2)).toBe('m10a');
    expect(cardAt(yes.state, 1, 0)).toBe('m2a');
    const no = play(s, { type: 'swap', seat: 0, slot: null });
    expect(cardAt(no.state, 0, 2)).toBe('m2a');
    expect(no.state.active).toBe(1);
  });

  it('X5.10 X12.3 13 (advanced) flips one card in play', () => {
    const cards = createGame({ players: 4, seed: 'c', advanced: true }).cards;
    let s = lookAll(
      createGame({ players: 4, seed: 'c', dealer: 3, advanced: true, decks: [stack(H, 'm5d', ['m13a'], { cards })] }),
    ).state;
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    const r = play(
      s,
      { type: 'power', seat: 0, targets: [{ seat: 2, slot: 1 }] },
      { type: 'claim', seat: 2, helmut: false },
    );
    expect(r.state.layouts[2]?.[1]).toEqual({ card: 'm9b', up: true });
    expect(viewFor(r.state, 3).layouts[2]?.[1]).toEqual({ up: 'm9b' });
    // Without `advanced` there is no 13 at all.
    expect(basicCards().some((c) => cardValue(c) === 13)).toBe(false);
  });
});

describe('X6 X7 heroes and bosses', () => {
  it('X6.2 XN14 Jayce: 1 to 4 one-for-one swaps with distinct cards; 5 pairs refused', () => {
    const s = drawPower('h:jayce');
    const five = [0, 1, 2, 3, 0].flatMap((i) => [
      { seat: 0, slot: i },
      { seat: 1, slot: i },
    ]);
    expect(refused(s, { type: 'power', seat: 0, targets: five })).toBe('MALFORMED');
    expect(
      refused(s, {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 0, slot: 0 },
          { seat: 1, slot: 0 },
          { seat: 0, slot: 0 },
          { seat: 2, slot: 0 },
        ],
      }),
    ).toBe('NO_TARGET');
    const r = play(
      s,
      {
        type: 'power',
        seat: 0,
        targets: [
          { seat: 0, slot: 0 },
          { seat: 1, slot: 0 },
          { seat: 0, slot: 1 },
          { seat: 1, slot: 1 },
        ],
      },
      { type: 'claim', seat: 1, slot: 0, helmut: false },
      { type: 'claim', seat: 1, slot: 1, helmut: false },
    );
    expect([cardAt(r.state, 0, 0), cardAt(r.state, 0, 1)]).toEqual(['m10a', 'm3b']);
  });

  it('X6.4 XN11 XN27 a look at a claimed Helmut sees it; a revealed Helmut is no target any more', () => {
    const hands = [H[0], ['h:helmut', 'm3b', 'm4a', 'm4b'], H[2], H[3]];
    const s = play(drawPower('m8a', hands), { type: 'power', seat: 0, targets: [{ seat: 1, slot: 0 }] }).state;
    const r = play(s, { type: 'claim', seat: 1, helmut: true });
    expect(r.events).toContainEqual({ type: 'looked', seat: 0, at: { seat: 1, slot: 0 }, card: 'h:helmut' });
    expect(r.state.layouts[1]?.[0]).toEqual({ card: 'h:helmut', up: true, helmut: true });
    // Later: the revealed Helmut cannot be taken away, swapped or chosen; its owner may still match it.
    const t = surgery(r.state, (x) => {
      x.step = { kind: 'power', card: 'm11a' };
      x.active = 2;
    });
    expect(
      refused(t, {
        type: 'power',
        seat: 2,
        targets: [
          { seat: 2, slot: 0 },
          { seat: 1, slot: 0 },
        ],
      }),
    ).toBe('LOCKED');
  });

  it('XT3 a Helmut window that times out is no claim; only asked owners answer', () => {
    const s = play(drawPower('m8a'), { type: 'power', seat: 0, targets: [{ seat: 2, slot: 0 }] }).state;
    expect(refused(s, { type: 'claim', seat: 3, helmut: false })).toBe('NOT_YOUR_TURN');
    expect(refused(s, { type: 'draw', seat: 0 })).toBe('NOT_YOUR_TURN');
    const r = play(s, { type: 'timeout' });
    expect(r.events.some((e) => e.type === 'claimed')).toBe(false);
    expect(r.events).toContainEqual({ type: 'looked', seat: 0, at: { seat: 2, slot: 0 }, card: 'm9a' });
  });

  it('XN29 a held hero (Helmut) drawn and discarded is protected too', () => {
    const s = drawPower('h:helmut');
    expect(s.active).toBe(1);
    expect(refused(s, { type: 'take', seat: 1, slot: 0 })).toBe('PROTECTED');
  });

  it('X7.2 X11.5 Futura combo: every opponent is dealt 5 cards next round', () => {
    let s = surgery(std([]), (t) => {
      t.layouts[0] = ['b:futura', 'm2c', 'm3a', 'm4c'].map((card) => ({ card, up: false }));
      const moved = ['b:futura', 'm2c', 'm3a', 'm4c'];
      t.draw = t.draw.filter((c) => !moved.includes(c)).concat(['m1a', 'm1b', 'm2a', 'm2b']);
      t.turnsStarted[0] = 2;
      t.opts.decks = null;
    });
    expect(countCards(s)).toBe(54);
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    if (s.step.kind === 'power') s = play(s, { type: 'skipPower', seat: 0 }).state;
    s = play(s, { type: 'blast', seat: 0 }).state;
    for (let i = 0; i < 3; i++) s = passTurn(s).state;
    expect(s.round).toBe(2);
    expect(s.layouts.map((l) => l.length)).toEqual([4, 5, 5, 5]);
    expect(s.totals[0]).toBe(0);
  });

  it('X7.3 X11.1 no combo: the next round deals 4 and looks 2 for everyone', () => {
    let s = surgery(std([]), (t) => {
      t.turnsStarted[0] = 2;
      t.opts.decks = null;
    });
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    if (s.step.kind === 'power') s = play(s, { type: 'skipPower', seat: 0 }).state;
    s = play(s, { type: 'blast', seat: 0 }).state;
    for (let i = 0; i < 3; i++) s = passTurn(s).state;
    expect(s.layouts.map((l) => l.length)).toEqual([4, 4, 4, 4]);
    expect(s.step).toEqual({ kind: 'look', need: [2, 2, 2, 2] });
  });
});

describe('X8 X9 Blast and scoring', () => {
  it('X8.1 XN6 Blast only at the end of a turn, after the first', () => {
    let s = std([]);
    for (let i = 0; i < 4; i++) s = passTurn(s).state;
    s = play(s, { type: 'draw', seat: 0 }).state;
    expect(refused(s, { type: 'blast', seat: 0 })).toBe('NOT_YOUR_TURN');
    s = play(s, { type: 'discardDrawn', seat: 0 }).state;
    if (s.step.kind === 'power') s = play(s, { type: 'skipPower', seat: 0 }).state;
    expect(viewFor(s, 1).awaiting).toEqual({ kind: 'blast', seats: [0] });
    expect(legalActions(s, 0)).toEqual([
      { type: 'blast', seat: 0 },
      { type: 'endTurn', seat: 0 },
    ]);
    s = play(s, { type: 'blast', seat: 0 }).state;
    expect(s.caller).toBe(0);
    // X8.2: no second Blast.
    s = play(s, { type: 'draw', seat: 1 }, { type: 'discardDrawn', seat: 1 }).state;
    if (s.step.kind === 'power') s = play(s, { type: 'skipPower', seat: 1 }).state;
    expect(s.active).toBe(2);
  });

  it('X9.4 no penalty card when the draw pile cannot give one', () => {
    const s = surgery(std([]), (t) => {
      t.layouts[1]!.push(...t.draw.map((card) => ({ card, up: false })));
      t.draw = [];
    });
    const r = play(s, { type: 'match', seat: 0, slot: 0 });
    expect(r.events.some((e) => e.type === 'penalty')).toBe(false);
    expect(r.state.layouts[0]).toHaveLength(4);
  });
});

describe('X12 X13 flip and eleration', () => {
  it('X12.1 X12.2 flip turns an own card face up and back; locked cards cannot be taken for the top', () => {
    const cards = createGame({ players: 4, seed: 'c', advanced: true }).cards;
    const mk = () =>
      lookAll(createGame({ players: 4, seed: 'c', dealer: 3, advanced: true, decks: [stack(H, 'm5d', [], { cards })] }))
        .state;
    let s = play(mk(), { type: 'flip', seat: 0, slot: 2 }).state;
    expect(viewFor(s, null).layouts[0]?.[2]).toEqual({ up: 'm2a' });
    for (let i = 0; i < 3; i++) s = passTurn(s).state;
    expect(refused(s, { type: 'take', seat: 0, slot: 2 })).toBe('LOCKED');
    s = play(s, { type: 'flip', seat: 0, slot: 2 }).state;
    expect(viewFor(s, null).layouts[0]?.[2]).toEqual({ down: true });
    expect(refused(std([]), { type: 'flip', seat: 0, slot: 0 })).toBe('NOT_YOUR_TURN');
  });

  it('X13.1 eleration: a taken-for or matched card uses its power; a wrong match does not', () => {
    const hands = [['m8b', 'm7a', 'm2a', 'm2b'], H[1], H[2], H[3]];
    const s = std([], { eleration: true }, hands, 'm7b');
    const take = play(s, { type: 'take', seat: 0, slot: 0 });
    expect(take.state.step).toEqual({ kind: 'power', card: 'm8b' });
    const match = play(s, { type: 'match', seat: 0, slot: 1 });
    expect(match.state.step).toEqual({ kind: 'power', card: 'm7a' });
    const wrong = play(s, { type: 'match', seat: 0, slot: 0 });
    expect(wrong.state.active).toBe(1);
  });
});

describe('XT4 timeouts', () => {
  it('XT4 turn: draw and discard without power; drawn: discard; power: skipped; Blast: none; looks: lowest slots', () => {
    const looks = play(createGame(opts4([stack(H, 'm5d', ['m8a'])])), { type: 'timeout', seat: 2 });
    expect(looks.events.filter((e) => e.type === 'looked').map((e) => e.type === 'looked' && e.at)).toEqual([
      { seat: 2, slot: 0 },
      { seat: 2, slot: 1 },
    ]);
    const s = std(['m8a', 'm2c']);
    const turn = play(s, { type: 'timeout' });
    expect(topCard(turn.state)).toBe('m8a');
    expect(turn.state.active).toBe(1);
    const drawn = play(play(turn.state, { type: 'draw', seat: 1 }).state, { type: 'timeout', seat: 1 });
    expect(topCard(drawn.state)).toBe('m2c');
    expect(drawn.state.active).toBe(2);
    const power = play(drawPower('m8a'), { type: 'timeout' });
    expect(power.state.active).toBe(1);
    expect(refused(s, { type: 'timeout', seat: 2 })).toBe('NOT_YOUR_TURN');
  });

  it('XT5 the easy bot plays whole games through the module (every answer accepted)', async () => {
    const { easyDecide } = await import('../src/bots.js');
    let s = createGame({ players: 4, seed: 'bot' });
    let rnd = 1;
    for (let i = 0; i < 5000 && !s.over; i++) {
      const seats = viewFor(s, null).awaiting.seats;
      const seat = seats[0] as number;
      const next = () => {
        rnd = (rnd * 16807) % 2147483647;
        return rnd / 2147483647;
      };
      const a = easyDecide(viewFor(s, seat), next) as Action;
      const r = applyAction(s, a);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.state;
    }
    expect(s.over).toBe(true);
  });
});
