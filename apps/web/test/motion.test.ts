import { describe, expect, it } from 'vitest';
import { motionsFor, newLines } from '../src/games/blaze/render/motion.js';
import type { LogLine } from '../src/shell/store/snapshot.js';

const line = (seq: number, kind: string, seat: number, cards: string[] = [], other = -1): LogLine =>
  ({ seq, at: 0, kind, seat, other, cards, value: 0, text: '' }) as LogLine;

describe('motion', () => {
  it('reads only the lines newer than the previous snapshot, by seq, whatever their slot order', () => {
    const prev = [line(7, 'opened', 1), line(5, 'passed', 2)];
    const next = [line(9, 'stood', 0), line(7, 'opened', 1), line(8, 'rejected', 2)];
    expect(newLines(prev, next).map((l) => l.seq)).toEqual([8, 9]);
  });

  it('replays played cards that came and went within one patch, and flies every bet', () => {
    const lines = [
      line(10, 'rejected', 2, ['y7b', 'y9a']),
      line(11, 'opened', 0, ['r3a']),
      line(12, 'betPlaced', 1, [], 3),
      line(13, 'roundOver', 2),
    ];
    // y7b was on the table and y9a in the discard top: the sprite diff animates them; r3a vanished.
    expect(motionsFor(lines, new Set(['y7b', 'y9a']))).toEqual([
      { kind: 'flash', seat: 0, cards: ['r3a'] },
      { kind: 'bet', by: 1, on: 3 },
    ]);
    // After a round change nothing of the old table is shown: the last rejection is replayed whole.
    expect(motionsFor(lines.slice(0, 1), new Set())).toEqual([{ kind: 'flash', seat: 2, cards: ['y7b', 'y9a'] }]);
    // A catch-up after a reconnect replays nothing.
    const many = Array.from({ length: 13 }, (_, k) => line(20 + k, 'opened', 0, [`r${(k % 9) + 1}a`]));
    expect(motionsFor(many, new Set())).toEqual([]);
  });
});
