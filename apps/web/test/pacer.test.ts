/**
 * Issue 10: the client shows each move by someone else for at least the minimum time, without ever
 * holding back this person's own move or a state that asks them to act, and catches up when moves
 * come in a burst.
 */
import { MIN_ON_SCREEN_MS } from '@blaze/protocol';
import { describe, expect, it } from 'vitest';
import { paceKind } from '../src/games/blaze/logic/pace.js';
import { DEFAULT_PACER, Pacer, type PacerOptions } from '../src/shell/store/pacer.js';
import type { ClientTable } from '../src/shell/store/snapshot.js';

/** A hand-driven clock: timers fire only when the test moves time on. */
function fakeTime() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  const opts: PacerOptions = {
    minMs: MIN_ON_SCREEN_MS,
    maxBacklog: 2,
    now: () => now,
    later: (fn, ms) => {
      const t = { at: now + ms, fn };
      timers.push(t);
      return () => {
        timers = timers.filter((x) => x !== t);
      };
    },
  };
  return {
    opts,
    get now() {
      return now;
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
    },
  };
}

function setup() {
  const time = fakeTime();
  const shown: { item: string; at: number }[] = [];
  const pacer = new Pacer<string>((item) => shown.push({ item, at: time.now }), time.opts);
  return { time, shown, pacer };
}

describe('Pacer', () => {
  it('uses the same minimum as the server', () => {
    expect(DEFAULT_PACER.minMs).toBe(MIN_ON_SCREEN_MS);
  });

  it('shows a move at once, and the next one only after the minimum time', () => {
    const { time, shown, pacer } = setup();
    pacer.push('bot 1 opens', 'other');
    pacer.push('bot 2 rejects', 'other');
    expect(shown).toEqual([{ item: 'bot 1 opens', at: 0 }]);
    time.advance(MIN_ON_SCREEN_MS - 1);
    expect(shown.length).toBe(1);
    time.advance(1);
    expect(shown[1]).toEqual({ item: 'bot 2 rejects', at: MIN_ON_SCREEN_MS });
    // A move that comes after the last one had its time is shown at once.
    time.advance(5_000);
    pacer.push('bot 3 extends', 'other');
    expect(shown[2]).toEqual({ item: 'bot 3 extends', at: MIN_ON_SCREEN_MS + 5_000 });
  });

  it('every move by someone else stays at least the minimum time, whatever the arrival times', () => {
    const { time, shown, pacer } = setup();
    const arrivals = [0, 10, 300, 320, 1500, 1510, 1520, 4000];
    let t = 0;
    arrivals.forEach((at, k) => {
      time.advance(at - t);
      t = at;
      pacer.push(`move ${k}`, 'other');
    });
    time.advance(10_000);
    for (let k = 1; k < shown.length; k++)
      expect((shown[k]?.at ?? 0) - (shown[k - 1]?.at ?? 0)).toBeGreaterThanOrEqual(MIN_ON_SCREEN_MS);
    // The newest is always shown in the end; order is kept.
    expect(shown[shown.length - 1]?.item).toBe('move 7');
    const order = shown.map((s) => Number(s.item.split(' ')[1]));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("never holds this person's own move or a state that asks them to act", () => {
    const { time, shown, pacer } = setup();
    pacer.push('bot 1 opens', 'other');
    pacer.push('bot 2 extends', 'other');
    time.advance(100);
    pacer.push('you must reject', 'mine');
    expect(shown.map((s) => s.item)).toEqual(['bot 1 opens', 'you must reject']);
    expect(shown[1]?.at).toBe(100);
    // What was queued before is superseded (the newest snapshot is the whole table).
    time.advance(5_000);
    expect(shown.length).toBe(2);
    expect(pacer.waiting).toBe(0);
  });

  it('flush shows the newest at once (this person acts)', () => {
    const { time, shown, pacer } = setup();
    pacer.push('a', 'other');
    pacer.push('b', 'other');
    pacer.push('c', 'quiet');
    time.advance(200);
    pacer.flush();
    expect(shown.map((s) => s.item)).toEqual(['a', 'c']);
    expect(shown[1]?.at).toBe(200);
    time.advance(5_000);
    expect(shown.length).toBe(2);
  });

  it('catches up when it falls behind: a burst waits at most the backlog, then the newest shows', () => {
    const { time, shown, pacer } = setup();
    for (let k = 0; k < 10; k++) pacer.push(`move ${k}`, 'other');
    expect(pacer.waiting).toBe(2);
    time.advance(2 * MIN_ON_SCREEN_MS);
    expect(shown.map((s) => s.item)).toEqual(['move 0', 'move 8', 'move 9']);
  });

  it('a quiet change waits its turn but holds nothing after it', () => {
    const { time, shown, pacer } = setup();
    pacer.push('deadline', 'quiet');
    pacer.push('bot 1 opens', 'other');
    expect(shown.map((s) => s.item)).toEqual(['deadline', 'bot 1 opens']);
    pacer.push('connected', 'quiet');
    expect(shown.length).toBe(2);
    time.advance(MIN_ON_SCREEN_MS);
    pacer.push('bot 2 rejects', 'other');
    expect(shown.map((s) => s.item)).toEqual(['deadline', 'bot 1 opens', 'connected', 'bot 2 rejects']);
  });
});

describe('paceKind', () => {
  const line = (seq: number, seat: number) => ({
    seq,
    at: 0,
    kind: 'opened',
    seat,
    other: 0,
    cards: [],
    value: -1,
    text: '',
  });
  const table = (log: ReturnType<typeof line>[], mySeat = 0): ClientTable =>
    ({ status: 'playing', gameNumber: 1, mySeat, log, view: null, seats: [] }) as unknown as ClientTable;

  it('tells own moves, others moves and quiet changes apart', () => {
    const before = table([line(1, 2)]);
    expect(paceKind(null, before)).toBe('mine');
    expect(paceKind(before, table([line(1, 2), line(2, 1)]))).toBe('other');
    expect(paceKind(before, table([line(1, 2), line(2, 0)]))).toBe('mine');
    expect(paceKind(before, table([line(1, 2)]))).toBe('quiet');
    // A spectator has no own moves.
    expect(paceKind(table([line(1, 2)], -1), table([line(1, 2), line(2, 0)], -1))).toBe('other');
  });
});
