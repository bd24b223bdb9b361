/**
 * Property tests (fast-check): random legal play at 2-5 players ends and conserves cards; no view or
 * redacted event gives a viewer a face-down card id it was not shown; garbage and out-of-turn actions
 * never throw, never change the state, and get a stable code (X1.3 X1.5 X1.6 X1.7 XN13 XT2 XT6).
 */
import { deepFreeze } from '@blaze/game/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  type Card,
  createGame,
  type Event,
  legalActions,
  redactEvent,
  type State,
  viewFor,
} from '../src/index.js';
import { countCards } from './helpers.js';

const CODES = new Set([
  'NOT_YOUR_TURN',
  'LOCKED',
  'PROTECTED',
  'CALLER_FROZEN',
  'FIRST_TURN',
  'EMPTY_SLOT',
  'NO_TARGET',
  'NO_CARD_TO_DRAW',
  'MALFORMED',
]);

function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Ids that are face down, in the draw pile, or in another's hand: what a viewer must not be told. */
function hidden(s: State, viewer: number | null): Set<Card> {
  const out = new Set<Card>();
  for (const lay of s.layouts) for (const x of lay) if (x && !x.up) out.add(x.card);
  for (const c of s.draw) out.add(c);
  if (s.drawn !== null && viewer !== s.active) out.add(s.drawn);
  if (viewer !== s.active) for (const c of s.pair) out.add(c);
  return out;
}

function strings(x: unknown, out: string[] = []): string[] {
  if (typeof x === 'string') out.push(x);
  else if (Array.isArray(x)) for (const y of x) strings(y, out);
  else if (x && typeof x === 'object') {
    for (const [k, v] of Object.entries(x)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

/** Events that show a card to everyone (X1.5): a face-up discard, a take, a shown match or claim, the reveal. */
const PUBLIC_SHOWS = new Set([
  'roundStarted',
  'discarded',
  'placed',
  'took',
  'matched',
  'claimed',
  'flipped',
  'revealed',
  'powerUsed',
  'powerSkipped',
]);

function playChecked(
  players: 2 | 3 | 4 | 5,
  seed: number,
  advanced: boolean,
  eleration: boolean,
  set: { heroes?: Card[]; bossSet?: Card[] } = {},
): State {
  const rnd = lcg(seed);
  let s = deepFreeze(createGame({ players, seed: `p${seed}`, advanced, eleration, ...set }));
  const total = countCards(s);
  const viewers: (number | null)[] = [null, ...Array.from({ length: players }, (_, i) => i)];
  /** What each viewer was shown, from its own redacted events only. */
  const known = new Map<number | null, Set<Card>>(viewers.map((v) => [v, new Set(strings(viewFor(s, v)))]));
  for (let step = 0; !s.over; step++) {
    if (step > 8000) throw new Error('random play did not end');
    const acts: Action[] = [];
    for (let seat = 0; seat < players; seat++) acts.push(...legalActions(s, seat));
    expect(acts.length).toBeGreaterThan(0);
    const a = deepFreeze(structuredClone(acts[Math.floor(rnd() * acts.length)] as Action));
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`legal action refused ${JSON.stringify(a)}: ${r.error.code}`);
    const after = deepFreeze(r.state);
    expect(countCards(after)).toBe(total);
    // X12.5: what a player was shown moves with the player to its new seat.
    const moved = r.events.find((e) => e.type === 'seated');
    if (moved?.type === 'seated') {
      const old = new Map(known);
      moved.seating.forEach((p, x) => {
        known.set(x, old.get(s.seatOf[p] as number) as Set<Card>);
      });
    }
    for (const v of viewers) {
      const k = known.get(v) as Set<Card>;
      const secret = hidden(after, v);
      for (const e of r.events) {
        const seen = redactEvent(e, v) as Event | null;
        if (seen === null) continue;
        if ((seen.type === 'looked' || seen.type === 'drew') && seen.seat !== v) expect(seen.card).toBeNull();
        if (seen.type === 'drewTwo' && seen.seat !== v) expect(seen.cards).toBeNull();
        if (seen.type === 'setChosen' && seen.seat !== v) expect([seen.heroes, seen.bossSet]).toEqual([null, null]);
        if (seen.type === 'shuffled' && seen.seat !== v) expect('swap' in seen).toBe(false);
        for (const str of strings(seen)) {
          k.add(str);
          if (!secret.has(str)) continue;
          const own =
            (seen.type === 'looked' || seen.type === 'drew' || seen.type === 'drewTwo' || seen.type === 'setChosen') &&
            seen.seat === v;
          if (!own && !PUBLIC_SHOWS.has(seen.type)) {
            throw new Error(`viewer ${v} told hidden ${str} by ${JSON.stringify(seen)}`);
          }
        }
      }
      // Views repeat nothing: not even a card the viewer was shown (XN13), the drawn card excepted.
      const view = viewFor(after, v);
      for (const lay of view.layouts) for (const x of lay) if (x && 'down' in x) expect(x).toEqual({ down: true });
      for (const str of strings({ ...view, heroes: [], bossSet: [], drawn: null, pair: null })) {
        if (secret.has(str)) throw new Error(`view of ${v} holds hidden ${str}`);
      }
      if (view.drawn !== null) expect(view.drawn).toBe(after.drawn);
      // Everything the engine counts as shown to a seat reached that seat through its own events.
      if (v !== null)
        for (const c of after.shown[v] ?? [])
          if (secret.has(c) && !k.has(c)) throw new Error(`seat ${v} shown ${c} untold, step ${step}`);
    }
    s = after;
  }
  return s;
}

describe('properties', () => {
  it('X10.1 X1.3 XN13 X1.7 random legal play ends, conserves cards, and leaks no hidden id (basic, eleration)', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4, 5), fc.integer(), fc.boolean(), (p, seed, el) => {
        expect(playChecked(p as 2 | 3 | 4 | 5, seed, false, el).over).toBe(true);
      }),
      { numRuns: 16 },
    );
  });

  it('X12.1 X12.2 X12.7 random legal play, advanced, random hero and boss sets, ends and leaks nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 3, 4, 5),
        fc.integer(),
        fc.shuffledSubarray(
          ['h:jayce', 'h:apo', 'h:helmut', 'h:herman', 'h:daisy', 'h:carol', 'h:stephania', 'h:jimbo', 'h:enzo'],
          {
            minLength: 4,
            maxLength: 4,
          },
        ),
        fc.boolean(),
        fc.shuffledSubarray(['b:gordon', 'b:futura', 'b:fawkes', 'b:maga'], { minLength: 2, maxLength: 2 }),
        fc.boolean(),
        (p, seed, picks, duo, bossSet, el) => {
          // X12.7: 4 hero places, Lola and Leo as one pair filling two.
          const four = duo ? [picks[0] as Card, picks[1] as Card, 'h:lola', 'h:leo'] : picks;
          expect(playChecked(p as 2 | 3 | 4 | 5, seed, true, el, { heroes: four, bossSet }).over).toBe(true);
        },
      ),
      { numRuns: 16 },
    );
  });

  it('XC applyAction shares what it does not change and never writes into its input: every legal action of every state', () => {
    // A next state shares arrays and slots with the one before it (copyState): each state is frozen and
    // compared whole before and after every one of its legal actions (a timeout too), and each result
    // again after its siblings ran, so no action writes into a state, its own result or another's.
    for (const [players, advanced, seed] of [
      [4, false, 1],
      [2, false, 2],
      [5, true, 3],
      [3, true, 4],
    ] as const) {
      let s = deepFreeze(createGame({ players, advanced, seed: `share-${seed}` }));
      const rnd = lcg(seed);
      for (let i = 0; i < 400 && !s.over; i++) {
        const acts: Action[] = [{ type: 'timeout' }];
        for (let seat = 0; seat < players; seat++) acts.push(...legalActions(s, seat));
        const before = structuredClone(s);
        const results = acts.map((a) => {
          const r = applyAction(s, deepFreeze(a));
          return r.ok ? { state: r.state, copy: structuredClone(r.state) } : null;
        });
        expect(s).toEqual(before);
        for (const r of results) if (r) expect(r.state).toEqual(r.copy);
        const ok = results.filter((r) => r !== null);
        // A write into a frozen input throws inside the engine and comes back as a refusal.
        expect(ok.length, `some action accepted at step ${i}`).toBeGreaterThan(0);
        s = deepFreeze((ok[Math.floor(rnd() * ok.length)] as { state: State }).state);
      }
    }
  });

  it('XT2 fuzz: garbage, mutated and out-of-turn actions never throw, change nothing, and get a stable code', () => {
    const states: State[] = [];
    let s = createGame({ players: 4, seed: 'fuzz' });
    const rnd = lcg(7);
    for (let i = 0; i < 300 && !s.over; i++) {
      if (i % 15 === 0) states.push(deepFreeze(s));
      const acts: Action[] = [];
      for (let seat = 0; seat < 4; seat++) acts.push(...legalActions(s, seat));
      s = (applyAction(s, acts[Math.floor(rnd() * acts.length)] as Action) as { state: State }).state;
    }
    const junk = fc.anything({ maxDepth: 3, withNullPrototype: true, withMap: true, withBoxedValues: true });
    fc.assert(
      fc.property(fc.constantFrom(...states), junk, fc.nat(), fc.nat(), (st, raw, pickSeat, pickKey) => {
        const before = structuredClone(st);
        const tries: unknown[] = [raw];
        const legal = [0, 1, 2, 3].flatMap((seat) => legalActions(st, seat));
        const a = legal[pickSeat % Math.max(1, legal.length)];
        if (a) {
          const keys = Object.keys(a);
          tries.push({ ...a, [keys[pickKey % keys.length] as string]: raw });
          // Out of turn: the same action from every seat that may not make it.
          for (let seat = -1; seat < 6; seat++) {
            if (!legalActions(st, seat).length) {
              expect(applyAction(st, { ...a, seat } as Action).ok).toBe(false);
              tries.push({ ...a, seat });
            }
          }
        }
        tries.push({ type: 'timeout', seat: raw }, { type: 'power', seat: st.active, targets: raw });
        for (const t of tries) {
          const r1 = applyAction(st, t as Action);
          const r2 = applyAction(st, t as Action);
          expect(r1.ok).toBe(r2.ok);
          if (!r1.ok && !r2.ok) {
            expect(CODES.has(r1.error.code)).toBe(true);
            expect(r2.error.code).toBe(r1.error.code);
          }
        }
        expect(st).toEqual(before);
        // Not even a state that is garbage throws.
        expect(applyAction(raw as State, a as Action).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
