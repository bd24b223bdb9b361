/**
 * heartbeat.ts: silent sockets are found as Colyseus' own ping found them (closed after two
 * unanswered pings), but the pings are spread over the interval instead of all sent in one tick.
 */
import { describe, expect, it } from 'vitest';
import { type HeartbeatSocket, startHeartbeat } from '../src/heartbeat.js';
import { createTable, join, sleep, until, useServer } from './helpers.js';

/** A socket as ws keeps it; `answers` stands for the pong that resets Colyseus' counter. */
class FakeSocket implements HeartbeatSocket {
  pingCount = 0;
  pings: number[] = [];
  terminated = false;
  constructor(
    private readonly clock: { now: number },
    private readonly answers: boolean,
  ) {}
  ping(): void {
    this.pings.push(this.clock.now);
    if (this.answers) this.pingCount = 0;
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** Ticks by hand: the heartbeat's timer is the test's loop. */
function manual(sockets: Set<HeartbeatSocket>, intervalMs: number, tickMs: number) {
  const clock = { now: 0 };
  const hb = startHeartbeat(sockets, { intervalMs, maxMissed: 2, tickMs }, { every: () => () => {} });
  return {
    clock,
    run(ms: number) {
      for (const end = clock.now + ms; clock.now < end; clock.now += tickMs) hb.tick();
    },
  };
}

describe('the heartbeat schedule', () => {
  it('pings each of 1,000 sockets once an interval, never more than its share in one tick', () => {
    const sockets = new Set<FakeSocket>();
    const t = manual(sockets as Set<HeartbeatSocket>, 3_000, 50);
    for (let i = 0; i < 1_000; i++) sockets.add(new FakeSocket(t.clock, true));
    t.run(9_000);
    const perTick = new Map<number, number>();
    for (const s of sockets) {
      expect(s.pings.length).toBe(3);
      // One ping a round, a round apart.
      expect((s.pings[1] as number) - (s.pings[0] as number)).toBe(3_000);
      for (const at of s.pings) perTick.set(at, (perTick.get(at) ?? 0) + 1);
    }
    // 1,000 sockets over 60 ticks: at most 17 a tick (Colyseus' own sent all 1,000 in one).
    expect(Math.max(...perTick.values())).toBe(17);
    expect([...sockets].some((s) => s.terminated)).toBe(false);
  });

  it('closes a socket that left two pings unanswered, at its third turn, and only it', () => {
    const sockets = new Set<FakeSocket>();
    const t = manual(sockets as Set<HeartbeatSocket>, 1_000, 100);
    const silent = new FakeSocket(t.clock, false);
    const alive = new FakeSocket(t.clock, true);
    sockets.add(alive);
    sockets.add(silent);
    t.run(2_000);
    expect(silent.pings).toHaveLength(2);
    expect(silent.terminated).toBe(false);
    t.run(1_000);
    expect(silent.terminated).toBe(true);
    expect(silent.pings).toHaveLength(2);
    expect(alive.terminated).toBe(false);
    expect(alive.pings).toHaveLength(3);
  });

  it('reaches a socket that opened during a round by the end of the next', () => {
    const sockets = new Set<FakeSocket>();
    const t = manual(sockets as Set<HeartbeatSocket>, 1_000, 100);
    for (let i = 0; i < 20; i++) sockets.add(new FakeSocket(t.clock, true));
    t.run(500);
    const late = new FakeSocket(t.clock, true);
    sockets.add(late);
    t.run(1_500);
    expect(late.pings.length).toBeGreaterThanOrEqual(1);
    expect(late.pings[0]).toBeLessThan(2_000);
  });
});

describe('the heartbeat on the real server', () => {
  const srv = useServer({ heartbeat: { intervalMs: 300, tickMs: 20 } });

  it('finds a person whose page went silent, and keeps one who answers', async () => {
    const id = await createTable(srv.endpoint);
    const ann = await join(srv.endpoint, id, { name: 'Ann' });
    const ben = await join(srv.endpoint, id, { name: 'Ben' });
    await until(() => ann.room.state.players.filter((p) => p.connected).length === 2, 5_000, 'both seated');
    // Ben's page stops reading its socket (a frozen tab, a phone that lost its network): its TCP
    // connection stays open, so only an unanswered ping can tell.
    const ws = (ben.room.connection.transport as unknown as { ws: { _socket: { pause(): void } } }).ws;
    ws._socket.pause();
    const at = performance.now();
    await until(() => ann.room.state.players.find((p) => p.name === 'Ben')?.connected === false, 5_000, 'Ben away');
    const found = performance.now() - at;
    // Two pings unanswered, closed at the third turn: about 2–3 intervals.
    expect(found).toBeGreaterThan(300);
    expect(found).toBeLessThan(2_000);
    // Ann answered every ping meanwhile and is still here.
    await sleep(600);
    expect(ann.room.connection.isOpen).toBe(true);
    expect(ann.room.state.players.find((p) => p.name === 'Ann')?.connected).toBe(true);
  });
});
