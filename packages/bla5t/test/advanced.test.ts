/** Advanced rules (X12): Hyperion, the extension heroes, carry-over, the extension bosses. */
import { describe, expect, it } from 'vitest';
import { type Card, createGame, type Event, type Options, redactEvent, type State, viewFor } from '../src/index.js';
import { blastRound, cardAt, lookAll, passTurn, play, refused, scoredOf, stack, topCard } from './helpers.js';

const ADV_HEROES = ['h:daisy', 'h:carol', 'h:jimbo', 'h:enzo'];
const H: string[][] = [
  ['m1a', 'm1b', 'm2a', 'm2b'],
  ['m10a', 'm3b', 'm4a', 'm4b'],
  ['m9a', 'm9b', 'm11b', 'm5a'],
  ['m12a', 'm12b', 'm3c', 'm3d'],
];

function adv(
  hands: string[][],
  discard: string,
  draw: string[],
  extra: Partial<Options> = {},
  later: Card[][] = [],
): State {
  const o: Options = { players: 4, seed: 'adv', dealer: 3, advanced: true, heroes: ADV_HEROES, ...extra };
  const cards = createGame(o).cards;
  return lookAll(createGame({ ...o, decks: [stack(hands, discard, draw, { cards }), ...later] })).state;
}

const surgery = (s: State, f: (t: State) => void): State => {
  const t = structuredClone(s) as State;
  f(t);
  return t;
};

describe('X12 advanced', () => {
  it('XX20 X12.4 XN20 Hyperion combo: 0 points; next round each Draw shows two, the other discarded first', () => {
    const s = adv(
      [['b:hyperion', 'm7a', 'm7b', 'm7c'], H[1] as string[], H[2] as string[], H[3] as string[]],
      'm6sa',
      [],
    );
    const r = blastRound(s, 0);
    const sc = scoredOf(r.events);
    expect(sc.scores[0]).toBe(0);
    expect(sc.combo).toBe(0);
    let t = lookAll(r.state).state;
    expect(viewFor(t, 1).hyperion).toBe(0);
    for (let i = 0; i < 4 && t.active !== 0; i++) t = passTurn(t).state;
    expect(t.active).toBe(0);
    const two = play(t, { type: 'draw', seat: 0 });
    const pair = two.state.pair;
    expect(pair).toHaveLength(2);
    expect(viewFor(two.state, 0).pair).toEqual(pair);
    expect(viewFor(two.state, 1).pair).toBeNull();
    const drewTwo = two.events.find((e) => e.type === 'drewTwo');
    expect(redactEvent(drewTwo!, 1)).toMatchObject({ cards: null });
    expect(refused(two.state, { type: 'discardDrawn', seat: 0 })).toBe('NOT_YOUR_TURN');
    const kept = play(two.state, { type: 'keep', seat: 0, card: pair[1] as Card });
    expect(kept.events).toContainEqual({ type: 'discarded', seat: 0, card: pair[0] });
    expect(kept.state.drawn).toBe(pair[1]);
    expect(kept.state.step.kind).toBe('drawn');
    // Other players still draw one.
    const next = passTurn(play(kept.state, { type: 'discardDrawn', seat: 0 }).state).state;
    expect(next.pair).toEqual([]);
  });

  it("X12.5 XN19 Daisy discards a face-up card (not the caller's), which is then protected (X6.1)", () => {
    let s = adv(H, 'm5d', ['h:daisy']);
    s = surgery(s, (t) => {
      t.layouts[2]![1] = { card: 'm9b', up: true };
    });
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    expect(refused(s, { type: 'power', seat: 0, targets: [{ seat: 2, slot: 0 }] })).toBe('NO_TARGET');
    // XT3: no Helmut in the public set, so no window.
    s = play(s, { type: 'power', seat: 0, targets: [{ seat: 2, slot: 1 }] }).state;
    expect(s.layouts[2]?.[1]).toBeNull();
    expect(topCard(s)).toBe('m9b');
    expect(refused(s, { type: 'take', seat: 1, slot: 0 })).toBe('PROTECTED');
  });

  it("X12.5 Carol flips every card in every layout but the caller's", () => {
    let s = adv(H, 'm5d', ['h:carol']);
    s = surgery(s, (t) => {
      t.layouts[2]![1] = { card: 'm9b', up: true };
      t.caller = 3;
      t.finalLeft = [0, 1, 2];
    });
    s = play(
      s,
      { type: 'draw', seat: 0 },
      { type: 'discardDrawn', seat: 0 },
      { type: 'power', seat: 0, targets: [] },
    ).state;
    expect(s.layouts[2]?.[1]).toEqual({ card: 'm9b', up: false });
    expect(s.layouts[2]?.[0]).toEqual({ card: 'm9a', up: true });
    expect(s.layouts[0]?.every((x) => x?.up)).toBe(true);
    expect(s.layouts[3]?.every((x) => !x?.up)).toBe(true);
    expect(cardAt(s, 1, 0)).toBe('m10a');
  });
});

describe('X11 carry-over (advanced heroes)', () => {
  const duoHeroes = { heroes: ['h:lola', 'h:leo', 'h:jimbo', 'h:enzo'] };
  const others = (seat1: string[]) => [seat1, H[2] as string[], H[3] as string[]];

  it('XX24 X11.3 X12.5 Lola and Leo: −1 each; the duo may start with 3 cards, unless Futura says 5 (X11.6)', () => {
    const run = (seat1: string[]) => {
      let s = adv([['h:lola', 'h:leo', 'm1a', 'm7a'], ...others(seat1)], 'm7b', [], duoHeroes);
      s = play(s, { type: 'match', seat: 0, slot: 3 }).state;
      return blastRound(s, 1);
    };
    const plain = run(H[1] as string[]);
    expect(scoredOf(plain.events).points[0]).toBe(-1);
    expect(scoredOf(plain.events).scores[0]).toBe(-1);
    expect(plain.state.step).toEqual({ kind: 'carry', need: [true, false, false, false] });
    expect(viewFor(plain.state, 0).carryOptions).toEqual({ jimbo: null, duo: true, enzo: null });
    expect(viewFor(plain.state, 1).carryOptions).toBeNull();
    expect(refused(plain.state, { type: 'carryOver', seat: 0, use: ['jimbo'] })).toBe('NO_TARGET');
    const three = play(plain.state, { type: 'carryOver', seat: 0, use: ['duo'] }).state;
    expect(three.layouts.map((l) => l.length)).toEqual([3, 4, 4, 4]);
    const futura = run(['b:futura', 'm2c', 'm3a', 'm4c']);
    expect(scoredOf(futura.events).combo).toBe(1);
    expect(futura.state.step.kind).toBe('look');
    expect(futura.state.layouts.map((l) => l.length)).toEqual([5, 4, 5, 5]);
  });

  it('X11.2 X11.6 XN17 XN31 Jimbo: start with the cards held and look at none; Jimbo or Enzo, not both', () => {
    let s = adv([['h:jimbo', 'h:enzo', 'm1a', 'm7a'], ...others(H[1] as string[])], 'm7b', [], duoHeroes);
    s = play(s, { type: 'match', seat: 0, slot: 3 }).state;
    const r = blastRound(s, 1).state;
    expect(viewFor(r, 0).carryOptions).toEqual({ jimbo: 3, duo: false, enzo: 'down' });
    expect(refused(r, { type: 'carryOver', seat: 0, use: ['jimbo', 'enzo'] })).toBe('NO_TARGET');
    const jimbo = play(r, { type: 'carryOver', seat: 0, use: ['jimbo'] }).state;
    expect(jimbo.layouts[0]).toHaveLength(3);
    expect(jimbo.step).toEqual({ kind: 'look', need: [0, 2, 2, 2] });
    const enzo = play(r, { type: 'carryOver', seat: 0, use: ['enzo'] }).state;
    expect(enzo.layouts[0]).toHaveLength(4);
    expect(enzo.step).toEqual({ kind: 'look', need: [3, 2, 2, 2] });
  });

  it('X11.4 X11.7 XT4 Enzo face up looks at 1; a carry-over timeout takes no option and Enzo still applies', () => {
    let s = adv([['h:jimbo', 'h:enzo', 'm1a', 'm7a'], ...others(H[1] as string[])], 'm7b', [], duoHeroes);
    s = play(s, { type: 'flip', seat: 0, slot: 1 }).state;
    const r = blastRound(s, 1).state;
    expect(viewFor(r, null).awaiting).toEqual({ kind: 'carry', seats: [0] });
    const t = play(r, { type: 'timeout' }).state;
    expect(t.layouts[0]).toHaveLength(4);
    expect(t.step).toEqual({ kind: 'look', need: [1, 2, 2, 2] });
  });

  it('XX13 X11.6 X7.3 Gordon beats Enzo: an opponent with Enzo face down looks at none', () => {
    const s = adv(
      [['m1a', 'h:enzo', 'm1b', 'm7a'], ['b:gordon', 'm2c', 'm3a', 'm4c'], H[2] as string[], H[3] as string[]],
      'm7b',
      [],
      {
        ...duoHeroes,
        bossSet: ['b:gordon', 'b:futura'],
      },
    );
    const r = blastRound(s, 1).state;
    expect(r.step).toEqual({ kind: 'look', need: [0, 2, 0, 0] });
  });
});

describe('X12.6 extension bosses', () => {
  const bossRound = (boss: string) => {
    const s = adv([H[0] as string[], [boss, 'm2c', 'm3a', 'm4c'], H[2] as string[], H[3] as string[]], 'm6sa', [], {
      bossSet: [boss, 'b:gordon'],
    });
    const r = blastRound(s, 1);
    expect(scoredOf(r.events).combo).toBe(1);
    return lookAll(r.state).state;
  };

  it('X12.6 XN30 Maga: after the looks the caller looks at any cards of the other layouts, privately', () => {
    const s = bossRound('b:maga');
    expect(viewFor(s, null).awaiting).toEqual({ kind: 'maga', seats: [1] });
    expect(refused(s, { type: 'power', seat: 1, targets: [{ seat: 1, slot: 0 }] })).toBe('NO_TARGET');
    expect(refused(s, { type: 'draw', seat: s.first })).toBe('NOT_YOUR_TURN');
    const targets = [
      { seat: 0, slot: 0 },
      { seat: 0, slot: 1 },
      { seat: 0, slot: 2 },
      { seat: 3, slot: 3 },
    ];
    const r = play(s, { type: 'power', seat: 1, targets });
    const looks = r.events.filter((e) => e.type === 'looked');
    expect(looks).toHaveLength(4);
    for (const e of looks) expect(redactEvent(e, 0)).toMatchObject({ card: null });
    expect(r.state.step.kind).toBe('action');
    expect(r.state.active).toBe(s.first);
  });

  it('X12.6 X3.7 Fawkes: up to 2 flips per layout, own included; a timeout flips nothing (XT4)', () => {
    const s = bossRound('b:fawkes');
    expect(viewFor(s, null).awaiting).toEqual({ kind: 'fawkes', seats: [1] });
    const three = [0, 1, 2].map((slot) => ({ seat: 2, slot }));
    expect(refused(s, { type: 'power', seat: 1, targets: three })).toBe('NO_TARGET');
    const r = play(s, {
      type: 'power',
      seat: 1,
      targets: [
        { seat: 1, slot: 0 },
        { seat: 2, slot: 0 },
        { seat: 2, slot: 1 },
      ],
    });
    expect([r.state.layouts[1]?.[0]?.up, r.state.layouts[2]?.[0]?.up, r.state.layouts[2]?.[1]?.up]).toEqual([
      true,
      true,
      true,
    ]);
    const t = play(s, { type: 'timeout' }).state;
    expect(t.layouts.flat().some((x) => x?.up)).toBe(false);
    expect(t.step.kind).toBe('action');
  });
});

describe('X12.7 midpoint change', () => {
  it('X12.7 XN21 XN32 XN33 at half the target the leader may change the set in secret, once', () => {
    let s = adv(H, 'm6sa', [], { maxScore: 50, heroes: ['h:jayce', 'h:apo', 'h:helmut', 'h:herman'] });
    s = { ...structuredClone(s), totals: [20, 3, 0, 0] } as State;
    const r = blastRound(s, 1);
    expect(r.state.totals[0]).toBeGreaterThanOrEqual(25);
    expect(r.state.step).toEqual({ kind: 'change', seat: 1 }); // the caller's false call made it the leader
    expect(viewFor(r.state, null).awaiting).toEqual({ kind: 'change', seats: [1] });
    expect(
      refused(r.state, {
        type: 'changeSet',
        seat: 0,
        heroes: ['h:daisy', 'h:carol', 'h:jimbo', 'h:enzo'],
        bossSet: ['b:maga', 'b:fawkes'],
      }),
    ).toBe('NOT_YOUR_TURN');
    expect(
      refused(r.state, {
        type: 'changeSet',
        seat: 1,
        heroes: ['h:lola', 'h:carol', 'h:jimbo', 'h:enzo'],
        bossSet: ['b:maga', 'b:fawkes'],
      }),
    ).toBe('MALFORMED');
    const changed = play(r.state, {
      type: 'changeSet',
      seat: 1,
      heroes: ['h:daisy', 'h:carol', 'h:jimbo', 'h:enzo'],
      bossSet: ['b:maga', 'b:fawkes'],
    });
    const kept = play(r.state, { type: 'timeout' });
    for (const v of [null, 0, 2, 3]) {
      const a = viewFor(changed.state, v);
      expect(a.heroes).toEqual(['h:jayce', 'h:apo', 'h:helmut', 'h:herman']);
      expect(a.setMayHaveChanged).toBe(true);
      // Nobody else can tell a change from a keep (the deal differs only in hidden cards).
      const strip = (e: Event[]) => e.filter((x) => x.type === 'setChosen').map((x) => redactEvent(x, v));
      expect(strip(changed.events)).toEqual(strip(kept.events));
      expect({ ...a, layouts: null, discardTop: null }).toEqual({
        ...viewFor(kept.state, v),
        layouts: null,
        discardTop: null,
      });
    }
    expect(viewFor(changed.state, 1).heroes).toEqual(['h:daisy', 'h:carol', 'h:jimbo', 'h:enzo']);
    expect(changed.state.cards).toEqual(expect.arrayContaining(['b:maga', 'h:daisy']));
    expect(changed.state.cards).not.toContain('h:helmut');
    expect(changed.state.cards).toHaveLength(59);
    // Once per game: later rounds over half the target ask no more.
    let t = lookAll(changed.state).state;
    const next = blastRound(t, t.first === 1 ? 2 : 1);
    t = next.state;
    expect(t.step.kind === 'change').toBe(false);
  });
});

describe('X12.5 Stephania', () => {
  const steph = { heroes: ['h:stephania', 'h:apo', 'h:helmut', 'h:herman'] };

  it('XX25 X12.5 XN18 players change seats; the player now in the old seat plays next; totals stay', () => {
    let s = adv(H, 'm5d', ['h:stephania'], steph);
    s = { ...structuredClone(s), totals: [10, 20, 30, 40] } as State;
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    expect(refused(s, { type: 'power', seat: 0, targets: [], seating: [0, 2, 1, 3] })).toBe('NO_TARGET');
    expect(refused(s, { type: 'power', seat: 0, targets: [], seating: [2, 2, 0, 3] })).toBe('MALFORMED');
    const r = play(s, { type: 'power', seat: 0, targets: [], seating: [2, 1, 0, 3] });
    expect(r.events).toContainEqual({ type: 'seated', seat: 0, seating: [2, 1, 0, 3] });
    expect(r.state.seatOf).toEqual([2, 1, 0, 3]);
    expect(r.state.active).toBe(0);
    expect(viewFor(r.state, null).seatOf).toEqual([2, 1, 0, 3]);
    // Layouts stay at their seats; totals stay with the players.
    expect(cardAt(r.state, 0, 0)).toBe('m1a');
    expect(r.state.totals).toEqual([10, 20, 30, 40]);
    // P2 now sits at seat 0 and has its turn there; P0 at seat 2 keeps its count of turns (1).
    expect(r.state.turnsStarted[2]).toBe(1);
  });

  it("XN28 X8.2 Stephania then Blast in one turn: the final turns go from the caller's new seat", () => {
    let s = adv(H, 'm5d', ['m1c', 'm1d', 'm2c', 'm2d', 'h:stephania'], steph);
    for (let i = 0; i < 4; i++) s = passTurn(s).state;
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    s = play(s, { type: 'power', seat: 0, targets: [], seating: [2, 1, 0, 3] }).state;
    expect(s.step.kind).toBe('blast');
    expect(s.active).toBe(2);
    const r = play(s, { type: 'blast', seat: 2 });
    expect(r.state.caller).toBe(2);
    expect(r.state.finalLeft).toEqual([3, 0, 1]);
    expect(r.state.active).toBe(3);
  });

  it('X12.5 X8.3 after a Blast the caller stays put; the next turn is the first owed from the old seat', () => {
    let s = adv(H, 'm5d', ['m1c', 'm1d', 'm2c', 'm2d', 'm3a', 'm4c', 'h:stephania'], steph);
    for (let i = 0; i < 5; i++) s = passTurn(s).state;
    s = play(s, { type: 'draw', seat: 1 }, { type: 'discardDrawn', seat: 1 }, { type: 'blast', seat: 1 }).state;
    expect(s.finalLeft).toEqual([2, 3, 0]);
    s = play(s, { type: 'draw', seat: 2 }, { type: 'discardDrawn', seat: 2 }).state;
    expect(refused(s, { type: 'power', seat: 2, targets: [], seating: [0, 2, 1, 3] })).toBe('CALLER_FROZEN');
    // P2 (seat 2) and P0 (seat 0, owes a turn) change places: the first owed from seat 2 is P0, now there.
    const r = play(s, { type: 'power', seat: 2, targets: [], seating: [2, 1, 0, 3] });
    expect(r.state.active).toBe(2);
    expect(r.state.seatOf[0]).toBe(2);
    expect(r.state.finalLeft).toEqual([2, 3]);
  });

  it('X12.5 XC the module speaks players: after a move the view, legal actions and private events follow the player', async () => {
    const { bla5tModule } = await import('../src/module.js');
    let s = adv(H, 'm5d', ['h:stephania', 'm7a'], steph);
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    const r = bla5tModule.apply(s, { type: 'power', seat: 0, targets: [], seating: [2, 1, 0, 3] });
    if (!r.ok) throw new Error(r.error.code);
    const t = r.state;
    expect(bla5tModule.view(t, 2).viewer).toBe(0);
    expect(bla5tModule.due(t)).toEqual([{ seat: 2, role: 'turn' }]);
    expect(bla5tModule.legal(t, 2).map((a) => a.seat)).toContain(2);
    expect(bla5tModule.legal(t, 0)).toEqual([]);
    const d = bla5tModule.apply(t, { type: 'draw', seat: 2 });
    if (!d.ok) throw new Error(d.error.code);
    const drew = d.events.find((e) => e.type === 'drew');
    expect(bla5tModule.redact(drew!, 2)).toMatchObject({ card: 'm7a' });
    expect(bla5tModule.redact(drew!, 0)).toMatchObject({ card: null });
  });
});

describe('X12.4 Hyperion under a timeout', () => {
  it('X12.4 XT4 a timed-out turn of the Hyperion holder draws two and discards both, the unchosen first', () => {
    const s = adv(
      [['b:hyperion', 'm7a', 'm7b', 'm7c'], H[1] as string[], H[2] as string[], H[3] as string[]],
      'm6sa',
      [],
    );
    let t = lookAll(blastRound(s, 0).state).state;
    for (let i = 0; i < 4 && t.active !== 0; i++) t = passTurn(t).state;
    const before = t.discard.length;
    const r = play(t, { type: 'timeout' });
    const two = r.events.find((e) => e.type === 'drewTwo');
    expect(two?.type === 'drewTwo' && two.cards).toHaveLength(2);
    const discarded = r.events.filter((e) => e.type === 'discarded').map((e) => e.type === 'discarded' && e.card);
    expect(two?.type === 'drewTwo' && [two.cards?.[1], two.cards?.[0]]).toEqual(discarded);
    expect(r.state.discard.length).toBe(before + 2);
    expect(r.state.drawn).toBeNull();
  });
});
