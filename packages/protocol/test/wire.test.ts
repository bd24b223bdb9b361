import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeDeadlines,
  decodeLogLine,
  decodeTableCard,
  encodeDeadlines,
  encodeLogLine,
  encodeTableCard,
  readLog,
  type WireDeadline,
  type WireLogLine,
} from '../src/wire.js';

const seat = fc.integer({ min: -1, max: 4 });
const card = fc
  .tuple(fc.constantFrom('r', 'y', 'b', 'g'), fc.constantFrom('1', '5', '9', 'F'), fc.constantFrom('a', 'b'))
  .map((t) => t.join(''));
const kind = fc.oneof(
  fc.constantFrom('opened', 'rejected', 'took', 'drew', 'betsRevealed', 'gameOver', 'joined', 'timedOut', 'restored'),
  // Kinds without a code (a newer server's) still travel.
  fc.stringMatching(/^[a-zA-Z]{1,12}$/),
);
const line: fc.Arbitrary<WireLogLine> = fc.record({
  seq: fc.integer({ min: 1, max: 1_000_000 }),
  kind,
  seat,
  other: seat,
  cards: fc.oneof(fc.array(card, { maxLength: 12 }), fc.array(fc.constantFrom('x', 'toolong'), { maxLength: 3 })),
  value: fc.integer({ min: -1, max: 100_000 }),
  // Names and scores: any text, spaces included.
  text: fc.string({ maxLength: 30 }),
});

describe('log lines on the wire', () => {
  it('decode to exactly what was encoded', () => {
    fc.assert(
      fc.property(line, (l) => {
        expect(decodeLogLine(encodeLogLine(l))).toEqual(l);
      }),
      { numRuns: 2_000 },
    );
  });

  it('are short: an opening with two cards is a dozen characters', () => {
    const s = encodeLogLine({ seq: 70, kind: 'opened', seat: 2, other: 3, cards: ['r5a', 'y5b'], value: -1, text: '' });
    expect(s).toBe('1yO23 r5ay5b');
    expect(encodeLogLine({ seq: 1, kind: 'passed', seat: 1, other: -1, cards: [], value: -1, text: '' })).toBe('1P1');
  });

  it('read from a ring in seq order, skipping empty slots', () => {
    const a = encodeLogLine({ seq: 5, kind: 'passed', seat: 1, other: -1, cards: [], value: -1, text: '' });
    const b = encodeLogLine({ seq: 4, kind: 'joined', seat: 0, other: -1, cards: [], value: -1, text: 'Ann Lee' });
    expect(readLog({ log: [a, '', b] }).map((l) => [l.seq, l.kind, l.text])).toEqual([
      [4, 'joined', 'Ann Lee'],
      [5, 'passed', ''],
    ]);
  });
});

describe('table cards on the wire', () => {
  it('decode to what was encoded, answered or not', () => {
    fc.assert(
      fc.property(card, fc.integer({ min: 0, max: 4 }), fc.option(card), (challenge, by, rejection) => {
        const s = encodeTableCard({ challenge, by, rejection });
        expect(decodeTableCard(s)).toEqual({ challenge, by, rejection: rejection ?? '' });
      }),
    );
    expect(encodeTableCard({ challenge: 'r5a', by: 2, rejection: 'bFb' })).toBe('r5a2bFb');
  });
});

describe('deadlines on the wire', () => {
  const deadline: fc.Arbitrary<WireDeadline> = fc.record({
    kind: fc.constantFrom('window', 'attacker', 'target', 'bet'),
    seat,
    at: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
  });

  it('decode to the exact epoch times against their base', () => {
    fc.assert(
      fc.property(fc.array(deadline, { maxLength: 6 }), (list) => {
        const base = list.length ? Math.min(...list.map((d) => d.at)) : 0;
        const s = encodeDeadlines(list, base);
        expect(s).not.toBeNull();
        expect(decodeDeadlines(s ?? '', base)).toEqual(list);
      }),
    );
  });

  it('take 4 characters each on the 100 ms grid', () => {
    const base = 1_763_900_000_000;
    const list: WireDeadline[] = [
      { kind: 'target', seat: 3, at: base + 25_000 },
      { kind: 'attacker', seat: 0, at: base + 45_100 },
    ];
    expect(encodeDeadlines(list, base)).toBe('t36y a0cj');
  });

  it('refuse a base later than a deadline', () => {
    expect(encodeDeadlines([{ kind: 'bet', seat: 1, at: 1_000 }], 2_000)).toBeNull();
    expect(encodeDeadlines([], 2_000)).toBe('');
  });
});
