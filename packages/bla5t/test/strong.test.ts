/**
 * XT5 the strong bot: it searches over the cards it has not seen, from its view and its own events
 * only, and the table seats it by strength (GameBots.create).
 */
import { randomStream } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { makeBot, playGame } from '../bench/match.js';
import { applyAction, cardValue, createGame } from '../src/engine.js';
import { bla5tModule, decideFromMemory } from '../src/module.js';
import { StrongBot, type StrongMemory } from '../src/strong.js';
import type { Action, Card, Event, Seat, State, View } from '../src/types.js';
import { awaiting, redactEvent, viewFor } from '../src/view.js';

const BUDGET = { iterations: 24, margin: 1 };

interface Decider {
  observe(e: Event): void;
  decide(v: View, rnd: () => number): Action | null;
}

/**
 * The same game with the cards seat 0 was never shown dealt otherwise: every face-down card and
 * draw-pile card outside the engine's record of what seat 0 saw (`shown`) changes places.
 */
function otherDeal(s: State, salt: number): State {
  const seen = new Set(s.shown[0]);
  const at: { get(): Card; set(c: Card): void }[] = [];
  s.layouts.forEach((lay) => {
    for (const x of lay)
      if (x !== null && !x.up && !seen.has(x.card))
        at.push({
          get: () => x.card,
          set: (c) => {
            x.card = c;
          },
        });
  });
  s.draw.forEach((c, i) => {
    if (!seen.has(c))
      at.push({
        get: () => s.draw[i] as Card,
        set: (d) => {
          s.draw[i] = d;
        },
      });
  });
  const cards = at.map((p) => p.get());
  // A rotation: every hidden card moves (the draw pile's order and the opponents' hands change).
  at.forEach((p, i) => {
    p.set(cards[(i + salt) % cards.length] as Card);
  });
  return s;
}

/**
 * Plays a 3-seat game with `make()` at seat 0 (twice: one copy per deal, fed the same events) and
 * normal bots elsewhere; at each of seat 0's turns asks both copies, one with the true state's view
 * and one with the view of the other deal, with the same random stream. Returns how many of those
 * decisions differed and how many were compared. `make` gets the deal its copy is asked about, which
 * only a bot that breaks the rules would read.
 */
function compareDeals(make: (deal: () => State) => Decider, seed: string, limit: number) {
  let s = createGame({ players: 3, seed, maxScore: 50 });
  let alt = s;
  const a = make(() => s);
  const b = make(() => alt);
  const others = [null, makeBot('normal', 1), makeBot('normal', 2)];
  const rnd = randomStream(`cmp-${seed}`);
  let compared = 0;
  let differ = 0;
  let moved = 0;
  for (let n = 0; n < 3000 && !s.over && compared < limit; n++) {
    const seat = awaiting(s).seats[0] as Seat;
    let act: Action | null;
    if (seat === 0) {
      const v = viewFor(s, 0);
      alt = otherDeal(structuredClone(s), 1 + (n % 5));
      if (JSON.stringify(alt.draw) !== JSON.stringify(s.draw)) moved++;
      const w = viewFor(alt, 0);
      // The other deal looks the same to seat 0: only what it may not see changed.
      expect(w).toEqual(v);
      const k = `${seed}-${n}`;
      act = a.decide(v, randomStream(k));
      const other = b.decide(w, randomStream(k));
      compared++;
      if (JSON.stringify(act) !== JSON.stringify(other)) differ++;
    } else act = (others[seat] as Decider).decide(viewFor(s, seat), rnd);
    const r = applyAction(s, act ?? { type: 'timeout' });
    if (!r.ok) throw new Error(`refused ${JSON.stringify(act)}: ${r.error.code}`);
    for (const e of r.events)
      [a, b, ...others.slice(1)].forEach((bot, i) => {
        const seen = redactEvent(e, i < 2 ? 0 : i - 1);
        if (seen) bot?.observe(seen);
      });
    s = r.state;
  }
  return { compared, differ, moved };
}

/**
 * A 3-seat game with two strong bots at seat 0 fed the same events: one decides in place, the other's
 * every move is decided by a bot rebuilt from its memory (`rebuild`: StrongBot.from, as the server's
 * threads do) and told back (`decided`). Seat 0 plays the first's moves; answers how many of seat 0's
 * decisions the two made alike, and how many it made with something remembered.
 */
function fromMemory(seed: string, limit: number, rebuild: (m: StrongMemory) => StrongBot) {
  let s = createGame({ players: 3, seed, maxScore: 50 });
  const inPlace = new StrongBot(0, BUDGET);
  const kept = new StrongBot(0, BUDGET);
  const others = [null, makeBot('normal', 1), makeBot('normal', 2)];
  const rnd = randomStream(`mem-${seed}`);
  let compared = 0;
  let same = 0;
  let remembered = 0;
  for (let n = 0; n < 3000 && !s.over && compared < limit; n++) {
    const seat = awaiting(s).seats[0] as Seat;
    let act: Action | null;
    if (seat === 0) {
      const v = viewFor(s, 0);
      const m = structuredClone(kept.memory());
      if (m.mine.length > 0) remembered++;
      act = inPlace.decide(v, randomStream(`${seed}-${n}`));
      const there = rebuild(m).decide(v, randomStream(`${seed}-${n}`));
      kept.decided(v, there);
      compared++;
      if (JSON.stringify(act) === JSON.stringify(there)) same++;
    } else act = (others[seat] as Decider).decide(viewFor(s, seat), rnd);
    const r = applyAction(s, act ?? { type: 'timeout' });
    if (!r.ok) throw new Error(`refused ${JSON.stringify(act)}: ${r.error.code}`);
    for (const e of r.events) {
      const mine = redactEvent(e, 0);
      if (mine) for (const bot of [inPlace, kept]) bot.observe(mine);
      others.forEach((bot, i) => {
        const seen = i > 0 ? redactEvent(e, i) : null;
        if (seen) bot?.observe(seen);
      });
    }
    s = r.state;
  }
  return { compared, same, remembered };
}

describe('strong bot', () => {
  it('XT5 decided from its memory as data (a search thread), it makes the moves it makes in place', () => {
    const r = fromMemory('strong-memory', 60, (m) => StrongBot.from(m, BUDGET));
    expect(r.compared).toBe(60);
    expect(r.remembered).toBeGreaterThan(30);
    expect(r.same).toBe(60);
  });

  it('XT5 the comparison catches a bot rebuilt without its memory', () => {
    const r = fromMemory('strong-memory', 60, (m) => StrongBot.from({ ...m, mine: [], discard: [] }, BUDGET));
    expect(r.compared).toBe(60);
    expect(r.same).toBeLessThan(60);
  });

  it("XT5 the table's strong bot gives its memory (the normal bot has none to give); decided from it, a legal move", () => {
    expect(bla5tModule.bots.create?.('normal', 0, randomStream('n'))?.memory).toBeUndefined();
    const bot = bla5tModule.bots.create?.('strong', 0, randomStream('s'));
    const s = createGame({ players: 3, seed: 'strong-seat', maxScore: 50 });
    const seat = awaiting(s).seats[0] as Seat;
    const v = bla5tModule.view(s, seat);
    const m = bot?.memory?.(v) as StrongMemory;
    expect(m.seat).toBe(seat);
    for (const strength of ['normal', 'strong'] as const) {
      const a = decideFromMemory(strength, m, v, randomStream('d'), BUDGET);
      expect(a).not.toBeNull();
      expect(bla5tModule.apply(s, a as Action).ok, strength).toBe(true);
    }
  });

  it('XT5 X1.7 decides only from what it saw: other deals of the cards it was never shown give the same decisions', () => {
    const r = compareDeals(() => new StrongBot(0, BUDGET), 'strong-privacy', 40);
    expect(r.compared).toBe(40);
    expect(r.moved).toBeGreaterThan(30);
    expect(r.differ).toBe(0);
  });

  it('XT5 the comparison catches a bot that reads a card it was not shown (the draw pile top)', () => {
    const peeking = (deal: () => State): Decider => {
      const strong = new StrongBot(0, BUDGET);
      return {
        observe: (e) => strong.observe(e),
        decide(v, rnd) {
          const top = deal().draw[0];
          if (v.awaiting.kind === 'action' && top !== undefined && v.discardTop !== null && !v.topProtected)
            return cardValue(top) < 6 ? { type: 'draw', seat: 0 } : { type: 'take', seat: 0, slot: 0 };
          return strong.decide(v, rnd);
        },
      };
    };
    const r = compareDeals(peeking, 'strong-privacy', 40);
    expect(r.compared).toBe(40);
    expect(r.differ).toBeGreaterThan(0);
  });

  it('XT5 the table seats strong by strength: a whole game through GameBots.create, every action accepted', () => {
    expect(bla5tModule.bots.strengths).toEqual(['easy', 'normal', 'strong']);
    const bot = bla5tModule.bots.create?.('strong', 0, randomStream('x'));
    expect(bot).toBeTruthy();
    const r = playGame(['strong', 'easy'], { seed: 'strong-whole', maxScore: 50 }, [
      new StrongBot(0, BUDGET),
      makeBot('easy', 1),
    ]);
    expect(r.state.over).toBe(true);
  });
});
