/** The lobby's bookkeeping on its own: seats, tokens, host hand-on, compaction at start. */
import { createGame, due } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../src/rateLimit.js';
import { Seating } from '../src/room/seating.js';

describe('Seating', () => {
  it('gives each newcomer a fresh 192-bit token and the first one the host role', () => {
    const s = new Seating(5);
    const a = s.arrive('A', undefined).person;
    const b = s.arrive('B', 'not-a-known-token-at-all').person;
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.token).not.toBe(a.token);
    expect(s.isHost(a)).toBe(true);
    expect(s.arrive('A again', a.token)).toEqual({ person: a, returning: true, back: false });
  });

  it('compacts occupied slots to 0..n-1 in slot order and moves people with them', () => {
    const s = new Seating(5);
    const a = s.arrive('A', undefined).person;
    const b = s.arrive('B', undefined).person;
    expect(s.sit(a, 4)).toBeNull();
    expect(s.sit(b, 1)).toBeNull();
    expect(s.sit(b, 4)?.code).toBe('SEAT_TAKEN');
    expect(s.addBot(2)).toBeNull();
    expect(s.compact()).toEqual([1, 2, 4]);
    expect([b.seat, a.seat]).toEqual([0, 2]);
    expect(s.nameAt(1)).toBe('Bot 1');
    expect(s.slots.slice(3)).toEqual([null, null]);
  });

  it('takes back someone who left for good with their token: the same person, not a stranger', () => {
    const s = new Seating(5);
    const a = s.arrive('A', undefined).person;
    s.sit(a, 0);
    const token = a.token;
    s.forget(a);
    expect(s.people.has(token)).toBe(false);
    const back = s.arrive('A', token);
    expect(back.returning).toBe(false);
    expect(back.person.token).toBe(token);
    // A token this table never gave out is still a stranger's.
    expect(s.arrive('B', 'never-given-out-by-this-table-xx').person.token).not.toBe('never-given-out-by-this-table-xx');
  });

  it('hands the host role to a present seated person when the host goes', () => {
    const s = new Seating(5);
    const a = s.arrive('A', undefined).person;
    const b = s.arrive('B', undefined).person;
    const c = s.arrive('C', undefined).person;
    b.sessions.add('b');
    c.sessions.add('c');
    s.sit(c, 3);
    s.forget(a);
    expect(s.host).toBe(c.token);
    s.forget(c);
    expect(s.host).toBe(b.token);
  });

  it('gives the host role back to the host who was away, not to whoever stood in', () => {
    const s = new Seating(5);
    const a = s.arrive('A', undefined).person;
    const b = s.arrive('B', undefined).person;
    const c = s.arrive('C', undefined).person;
    s.sit(a, 0);
    s.sit(b, 1);
    b.sessions.add('b');
    c.sessions.add('c');
    // A is gone mid-game (seat kept): B stands in.
    s.handOnHost();
    expect(s.host).toBe(b.token);
    // B goes too: C stands in; A is still the one it comes back to.
    b.sessions.clear();
    s.handOnHost();
    expect(s.host).toBe(c.token);
    expect(s.arrive('A', a.token).returning).toBe(true);
    expect(s.host).toBe(a.token);
    // Once back, nothing is owed to anyone: B returning leaves A host.
    s.arrive('B', b.token);
    expect(s.host).toBe(a.token);
  });

  it('gives the host role back to a host who left the table and came back with their token', () => {
    const s = new Seating(5);
    const a = s.arrive('A', undefined).person;
    const b = s.arrive('B', undefined).person;
    b.sessions.add('b');
    s.forget(a);
    expect(s.host).toBe(b.token);
    const back = s.arrive('A', a.token);
    expect(back.person.token).toBe(a.token);
    expect(s.host).toBe(a.token);
  });

  it("names a bot after nobody at the table, a person called 'Bot 1' included", () => {
    const s = new Seating(5);
    s.arrive('bot 1', undefined);
    s.addBot(1);
    s.addBot(2);
    expect([s.nameAt(1), s.nameAt(2)]).toEqual(['Bot 2', 'Bot 3']);
  });

  it('lets the bot play bots and people who are away', () => {
    const s = new Seating(5);
    const a = s.arrive('A', undefined).person;
    s.sit(a, 0);
    s.addBot(1);
    expect(s.botPlays(0)).toBe(true);
    a.sessions.add('x');
    expect(s.botPlays(0)).toBe(false);
    expect(s.botPlays(1)).toBe(true);
    expect(s.botPlays(2)).toBe(false);
  });
});

describe('clocks and rate limit', () => {
  it('due: the opener at the start, every bettor while betting', () => {
    const g = createGame({ players: 3, seed: 'x', startSeat: 1 });
    expect(due(g)).toEqual([{ role: 'attacker', seat: 1 }]);
    expect(due({ ...g, betting: true })).toEqual([0, 1, 2].map((seat) => ({ role: 'bet', seat })));
    expect(due({ ...g, over: true })).toEqual([]);
  });

  it('token bucket: a burst up to capacity, then the refill rate', () => {
    let now = 0;
    const b = new TokenBucket({ capacity: 3, refillPerSecond: 2 }, () => now);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now += 500;
    expect([b.take(), b.take()]).toEqual([true, false]);
  });
});
