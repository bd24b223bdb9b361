/**
 * Fuzz: malformed and out-of-turn actions against live games at random points. applyAction must never
 * throw, never change its input, and always refuse with a stable code of the ErrorCode union.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS } from '../src/cards.js';
import { applyAction } from '../src/engine.js';
import { legalActions } from '../src/legal.js';
import { randomStream } from '../src/rng.js';
import { createGame } from '../src/setup.js';
import type { ErrorCode, GameState, PlayerCount } from '../src/types.js';
import { deepFreeze, game, ok, play } from './helpers.js';
import { randomChooser } from './random-play.js';

const CODES = [
  'MALFORMED',
  'UNKNOWN_ACTION',
  'BAD_SEAT',
  'GAME_OVER',
  'WRONG_PHASE',
  'NOT_YOUR_ROLE',
  'NO_CHALLENGE',
  'CHALLENGE_OPEN',
  'CARD_NOT_IN_HAND',
  'DUPLICATE_CARD',
  'EMPTY_PLAY',
  'MIXED_VALUES',
  'VALUE_NOT_ON_TABLE',
  'LIMIT_REACHED',
  'NOT_ON_TABLE',
  'CANNOT_BEAT',
  'ALREADY_REJECTED',
  'TARGET_PASSED',
  'ALREADY_STANDING',
  'BAD_BET',
  'ALREADY_BET',
  'NO_WINDOW',
  'INTERNAL',
] as const satisfies readonly ErrorCode[];
// Compile-time: the list above names every code of the union.
const everyCode: Exclude<ErrorCode, (typeof CODES)[number]> extends never ? true : false = true;

/** Live states from random games: every phase, windows, betting, and the finished game. */
function liveStates(count: number): GameState[] {
  const out: GameState[] = [];
  const rnd = randomStream('fuzz-points');
  for (let g = 0; out.length < count; g++) {
    const players = (3 + (g % 3)) as PlayerCount;
    let s = createGame({ players, seed: `fuzz-${g}` });
    const choose = randomChooser(`fuzz-play-${g}`);
    while (!s.over) {
      if (rnd() < (s.window !== null || s.betting ? 0.3 : 0.02)) out.push(s);
      const a = choose(s);
      if (a === null) break;
      s = ok(s, a).state;
      if (out.length >= count) break;
    }
    out.push(s);
  }
  return out.map(deepFreeze);
}

const huge = new Array(1_000_000).fill('r5a');
/** A real play of r5a by seat 0 that carries an own "__proto__" key: accepted wherever that play is legal. */
const protoJson = JSON.parse('{"type":"play","seat":0,"cards":["r5a"],"__proto__":{"type":"pass"}}') as unknown;

const hostile = (): unknown[] => {
  const getterThrows = {
    type: 'play',
    get seat(): number {
      throw new Error('boom');
    },
    cards: ['r5a'],
  };
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  return [
    null,
    undefined,
    0,
    1n,
    'play',
    '',
    true,
    Symbol('x'),
    () => ({ type: 'pass', seat: 0 }),
    [],
    [{ type: 'pass', seat: 0 }],
    {},
    { type: 'dance', seat: 0 },
    { type: Object.create(null) },
    { type: { toString: () => 'pass' }, seat: 0 },
    { type: '__proto__', seat: 0 },
    { type: 'constructor' },
    { type: 'toString', seat: 0 },
    protoJson,
    { type: 'play', seat: '__proto__', cards: ['r5a'] },
    { type: 'play', seat: 'constructor', cards: ['r5a'] },
    { type: 'play', seat: 0, cards: ['__proto__'] },
    { type: 'play', seat: 0, cards: 'r5a' },
    { type: 'play', seat: 0, cards: { 0: 'r5a', length: 1 } },
    { type: 'play', seat: 0, cards: huge },
    { type: 'play', seat: 0, cards: [null] },
    { type: 'play', seat: 0, cards: [['r5a']] },
    { type: 'play', seat: 0.5, cards: ['r5a'] },
    { type: 'play', seat: Number.NaN, cards: ['r5a'] },
    { type: 'play', seat: -1, cards: ['r5a'] },
    { type: 'play', seat: 99, cards: ['r5a'] },
    { type: 'play', seat: '0', cards: ['r5a'] },
    { type: 'play', seat: Number.POSITIVE_INFINITY, cards: ['r5a'] },
    { type: 'reject', seat: 1, pairs: 'r5a' },
    { type: 'reject', seat: 1, pairs: [null] },
    { type: 'reject', seat: 1, pairs: [['r5a', 'r6a']] },
    { type: 'reject', seat: 1, pairs: [{ challenge: 'r5a' }] },
    { type: 'reject', seat: 1, pairs: [{ challenge: '__proto__', card: 'constructor' }] },
    { type: 'reject', seat: 1, pairs: new Array(61).fill({ challenge: 'r5a', card: 'r6a' }) },
    { type: 'bet', seat: 0, on: 1, value: 2 },
    { type: 'bet', seat: 0, on: 1, value: '1' },
    { type: 'bet', seat: 0, on: '__proto__', value: 1 },
    { type: 'bet', seat: 0, on: 1.5, value: 0 },
    { type: 'bet', seat: 0, value: 0 },
    getterThrows,
    revoked.proxy,
    new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    ),
    Object.create({ type: 'nonsense', seat: 0 }),
  ];
};

/** Near-valid actions: right shape, wrong values (unknown cards, not held, duplicates, junk seats). */
const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.constant('__proto__'),
  fc.constant('constructor'),
  fc.double(),
  fc.string({ maxLength: 4 }),
  fc.object({ maxDepth: 1 }),
);
const seatish = fc.oneof(fc.integer({ min: -2, max: 6 }), junk);
const cardish = fc.oneof(fc.constantFrom(...ALL_CARDS), fc.constantFrom('r0a', 'rFc', 'x5a', 'R5A', 'r5'), junk);
const cardsish = fc.oneof(
  fc.array(cardish, { maxLength: 8 }),
  fc.array(fc.constantFrom(...ALL_CARDS), { maxLength: 70 }),
  junk,
);
const actionish = fc.oneof(
  fc.record({ type: fc.constant('play'), seat: seatish, cards: cardsish }),
  fc.record({
    type: fc.constant('reject'),
    seat: seatish,
    pairs: fc.oneof(fc.array(fc.record({ challenge: cardish, card: cardish }), { maxLength: 4 }), junk),
  }),
  fc.record({ type: fc.constantFrom('pass', 'stand', 'closeWindow'), seat: seatish }),
  fc.record({ type: fc.constant('bet'), seat: seatish, on: seatish, value: fc.oneof(fc.constantFrom(0, 1), junk) }),
  fc.record({ type: junk, seat: seatish }),
  fc.anything(),
);

function judge(s: GameState, a: unknown): { ok: boolean; code?: string } {
  let r: ReturnType<typeof applyAction> | undefined;
  expect(() => {
    r = applyAction(s, a);
  }).not.toThrow();
  if (r === undefined) throw new Error('no result');
  if (r.ok) return { ok: true };
  expect(CODES).toContain(r.error.code);
  expect(r.error.code).not.toBe('INTERNAL');
  expect(typeof r.error.message).toBe('string');
  expect(r.error.message.length).toBeGreaterThan(0);
  return { ok: false, code: r.error.code };
}

describe('fuzz', () => {
  const states = liveStates(60);

  it('covers betting, open windows and finished games', () => {
    expect(everyCode).toBe(true);
    expect(states.some((s) => s.betting)).toBe(true);
    expect(states.some((s) => s.window !== null)).toBe(true);
    expect(states.some((s) => s.over)).toBe(true);
  });

  it('hostile inputs: no throw, no change, a stable refusal', () => {
    let n = 0;
    for (const s of states) {
      const before = structuredClone(s);
      for (const a of hostile()) {
        const r = judge(s, a);
        if (a !== protoJson) expect(r.ok).toBe(false);
        n++;
      }
      expect(s).toEqual(before);
    }
    expect(n).toBeGreaterThan(2000);
  });

  it('thousands of generated near-valid and random actions: no throw, refusals change nothing', () => {
    let refusals = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: states.length - 1 }), actionish, (i, a) => {
        const s = states[i] as GameState;
        const before = structuredClone(s);
        const r = judge(s, a);
        if (!r.ok) refusals++;
        expect(s).toEqual(before);
      }),
      { numRuns: 4000, seed: 2024 },
    );
    expect(refusals).toBeGreaterThan(3000);
  });

  it('out-of-turn: every legal action sent by another seat is judged calmly, and refusals change nothing', () => {
    let refusals = 0;
    for (const s of states) {
      const before = structuredClone(s);
      for (let seat = 0; seat < s.players; seat++) {
        for (const a of legalActions(s, seat).slice(0, 12)) {
          for (let other = 0; other < s.players; other++) {
            if (other === seat) continue;
            if (!judge(s, { ...a, seat: other }).ok) refusals++;
          }
        }
      }
      expect(s).toEqual(before);
    }
    expect(refusals).toBeGreaterThan(1000);
  });

  it('an action type without a prototype is an unknown action, not an engine failure', () => {
    const s = game(4, [], 'b9b');
    const r = applyAction(s, { type: Object.create(null), seat: 0 });
    expect(r.ok === false && r.error.code).toBe('UNKNOWN_ACTION');
  });

  it('an action whose getter throws is malformed, not an engine failure', () => {
    const s = game(4, [], 'b9b');
    const a = {
      type: 'pass',
      get seat(): number {
        throw new Error('boom');
      },
    };
    const r = applyAction(s, a);
    expect(r.ok === false && r.error.code).toBe('MALFORMED');
  });

  it('reads a hostile array length once, so it cannot grow while being copied', () => {
    const s = game(4, [['r5a']], 'b9b');
    let lengthReads = 0;
    const cards = new Proxy(['r5a'], {
      get(target, key, receiver) {
        if (key === 'length') return Math.min(++lengthReads, 500);
        if (typeof key === 'string' && /^\d+$/.test(key)) return 'r5a';
        return Reflect.get(target, key, receiver);
      },
    });
    const r = applyAction(s, { type: 'play', seat: 0, cards });
    expect(lengthReads).toBe(1);
    expect(r.ok).toBe(true);
    expect(applyAction(s, play(0, 'r5a'))).toEqual(r);
  });
});
