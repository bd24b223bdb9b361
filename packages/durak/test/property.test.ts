/**
 * Property tests (fast-check): random legal play from random seeds at 2, 3 and 4 players, with and
 * without ambush and team, on deep-frozen states; and a fuzz of malformed and out-of-turn actions.
 */
import { deepFreeze } from '@blaze/game/conformance';
import { randomStream } from '@blaze/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  createGame,
  type ErrorCode,
  FULL_DECK,
  inGame,
  legalActions,
  type Options,
  type State,
  viewFor,
} from '../src/index.js';
import { places } from './helpers.js';

const MAX_STEPS = 3000;

const configs: Omit<Options, 'seed'>[] = [
  { players: 2 },
  { players: 2, ambush: true },
  { players: 3 },
  { players: 3, ambush: true },
  { players: 4 },
  { players: 4, ambush: true },
  { players: 4, team: true },
  { players: 4, team: true, ambush: true },
];

/** A random legal game: every state (frozen) and action; checks after every action. */
function randomGame(o: Omit<Options, 'seed'>, seed: string, check: (before: State, a: Action, after: State) => void) {
  let s = deepFreeze(createGame({ ...o, seed }));
  const rnd = randomStream(`play-${seed}`);
  const states = [s];
  for (let n = 0; n < MAX_STEPS && !s.over; n++) {
    const awaited = viewFor(s, null).awaited;
    if (awaited === null) throw new Error('a game in progress awaits nobody');
    const legal = legalActions(s, awaited);
    const a = deepFreeze(legal[Math.floor(rnd() * legal.length)] as Action);
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    const next = deepFreeze(r.state);
    check(s, a, next);
    s = next;
    states.push(s);
  }
  return states;
}

const secretOf = (s: State, viewer: number | null): string[] => [
  s.seed,
  ...s.deck.filter((c) => c !== s.trump),
  ...s.hands.flatMap((h, seat) =>
    seat === viewer ? [] : h.filter((c) => !s.known[seat]?.includes(c) && c !== s.trump),
  ),
];

describe('random legal play', () => {
  for (const o of configs) {
    const name = `${o.players}p${o.ambush ? ' ambush' : ''}${o.team ? ' team' : ''}`;
    it(`${name}: always ends within ${MAX_STEPS} actions; every card in exactly one place; one seat awaited; views hold no secret (D1.4, D1.7, D2.2, DT1, D8.1, D8.6, DC)`, () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
          const states = randomGame(o, seed, (_before, _a, after) => {
            // D1.4: every card in exactly one place (plain checks: this runs after every action).
            const all = places(after);
            if (all.length !== 36 || new Set(all).size !== 36) throw new Error('a card is lost or doubled');
            if (!after.over) {
              // D2.2: the roles are players still in the game; DT1: one seat awaited, the others idle.
              if (!inGame(after, after.attacker) || !inGame(after, after.defender)) throw new Error('role out');
              if (after.ambusher !== null && !inGame(after, after.ambusher)) throw new Error('ambusher out');
              const awaited = viewFor(after, null).awaited as number;
              for (let seat = 0; seat < after.players; seat++) {
                if (legalActions(after, seat).length > 0 !== (seat === awaited)) throw new Error('DT1: not one seat');
              }
            }
          });
          const final = states.at(-1) as State;
          expect(final.over).toBe(true);
          if (o.team) {
            // D8.6 / D10.3: a team game ends only when a team is complete.
            expect(
              [
                [0, 2],
                [1, 3],
              ].some((t) => t.every((x) => !inGame(final, x))),
            ).toBe(true);
          } else {
            expect(final.losers.length).toBeLessThanOrEqual(1);
          }
          // D1.7: sampled views never hold another hand's unseen card, the deck order or the seed.
          for (const s of states.filter((_, i) => i % 15 === 0 || i === states.length - 1)) {
            for (const viewer of [null, ...Array.from({ length: s.players }, (_, i) => i)]) {
              const v = viewFor(s, viewer);
              const strings = JSON.stringify(v).match(/"[^"]*"/g) ?? [];
              const secrets = new Set(secretOf(s, viewer).map((c) => `"${c}"`));
              const leak = strings.find((str) => secrets.has(str));
              if (leak !== undefined) throw new Error(`view of ${viewer} holds ${leak}`);
              expect(v.hand).toEqual(viewer === null ? [] : s.hands[viewer]);
              expect(v.handCounts).toEqual(s.hands.map((h) => h.length));
            }
          }
        }),
        { numRuns: 6, seed: 37 },
      );
    });
  }

  it('DC applyAction shares what it does not change and never writes into its input: every legal action of every state', () => {
    // The states share arrays with the states before them (structural sharing): each is frozen and
    // compared whole before and after every one of its legal actions, and a result is compared again
    // after its siblings ran, so no action writes into a state, its own result or another's.
    for (const o of configs) {
      const states = randomGame(o, `share-${o.players}-${o.ambush}-${o.team}`, () => {});
      for (const s of states.filter((_, i) => i % 3 === 0)) {
        const before = structuredClone(s);
        const awaited = viewFor(s, null).awaited;
        if (awaited === null) continue;
        const results = legalActions(s, awaited).map((a) => {
          const r = applyAction(s, deepFreeze(a));
          if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
          return { state: r.state, copy: structuredClone(r.state) };
        });
        expect(s).toEqual(before);
        for (const r of results) expect(r.state).toEqual(r.copy);
      }
    }
  });

  it('D5.10 DN6 no cap of 6 cards a battle: a defender holding more than 6 faces more than 6 attacks', () => {
    // Seeded play that mostly adds and defends (a retreat now and then fills a hand past 6).
    let most = 0;
    for (let g = 0; g < 100 && most <= 6; g++) {
      let s = createGame({ players: 4, ambush: true, seed: `cap-${g}` });
      const rnd = randomStream(`cap-${g}`);
      for (let n = 0; n < MAX_STEPS && !s.over && most <= 6; n++) {
        const legal = legalActions(s, viewFor(s, null).awaited as number);
        const adds = legal.filter((a) => a.type === 'attack' || a.type === 'defend');
        const pool = adds.length > 0 && rnd() < 0.9 ? adds : legal;
        const r = applyAction(s, pool[Math.floor(rnd() * pool.length)] as Action);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
        most = Math.max(most, s.table.length);
      }
    }
    expect(most).toBeGreaterThan(6);
  });
});

const CODES: ErrorCode[] = [
  'MALFORMED',
  'BAD_SEAT',
  'BAD_STATE',
  'GAME_OVER',
  'NOT_YOUR_TURN',
  'NOT_IN_HAND',
  'NOT_BEATING',
  'NO_MATCHING_VALUE',
  'CARD_UNDEFENDED',
  'NOTHING_TO_RETREAT_FROM',
  'MUST_OPEN',
];

describe('fuzz: malformed and out-of-turn actions', () => {
  const states = [
    ...randomGame({ players: 3, ambush: true }, 'fuzz-a', () => {}),
    ...randomGame({ players: 4, team: true, ambush: true }, 'fuzz-b', () => {}),
  ].filter((_, i) => i % 5 === 0);

  const action = fc.oneof(
    fc.anything({ maxDepth: 2, withNullPrototype: true, withBoxedValues: true, withMap: true }),
    fc.record(
      {
        type: fc.constantFrom('attack', 'defend', 'retreat', 'end', 'pass', '', 'ATTACK'),
        seat: fc.oneof(fc.integer({ min: -2, max: 6 }), fc.double(), fc.string(), fc.constant(null)),
        card: fc.oneof(fc.constantFrom(...FULL_DECK), fc.string(), fc.integer()),
      },
      { requiredKeys: [] },
    ),
  );

  it('DC DT1 DT2 applyAction never throws, never changes its frozen input, refuses with a stable code', () => {
    fc.assert(
      fc.property(fc.nat(states.length - 1), action, (i, a) => {
        const s = states[i] as State;
        const before = structuredClone(s);
        const frozen = deepFreeze(structuredClone(a));
        const r = applyAction(s, frozen as Action);
        expect(s).toEqual(before);
        const legal = [0, 1, 2, 3].flatMap((seat) => (seat < s.players ? legalActions(s, seat) : []));
        const isLegal = legal.some((l) => JSON.stringify(l) === JSON.stringify(a));
        if (r.ok) {
          expect(isLegal || legal.some((l) => l.type === (a as Action).type && l.seat === (a as Action).seat)).toBe(
            true,
          );
        } else {
          expect(CODES).toContain(r.error.code);
          expect(typeof r.error.message).toBe('string');
          // The same action on the same state is refused the same way (a stable code).
          const again = applyAction(s, frozen as Action);
          expect(again.ok ? null : again.error.code).toBe(r.error.code);
        }
      }),
      { numRuns: 600, seed: 37 },
    );
  });

  it('DC an action whose fields throw when read is MALFORMED, not a throw', () => {
    const s = states[0] as State;
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    const r = applyAction(s, hostile as Action);
    expect(r.ok ? null : r.error.code).toBe('MALFORMED');
  });

  it('DC garbage states never throw: BAD_STATE', () => {
    for (const s of [null, undefined, 0, 'x', [], {}, { hands: 3 }, { players: 3, hands: [[], [], []] }]) {
      const r = applyAction(s as never, { type: 'end', seat: 0 });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('BAD_STATE');
      expect(legalActions(s as never, 0)).toEqual([]);
    }
  });
});
