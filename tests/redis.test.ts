/**
 * Two server processes sharing one real Redis (RedisPresence + RedisDriver): a table created on one
 * process is found and joined through the other, and the websocket reaches the hosting process.
 */
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startRedis, startServer } from './support/processes.js';

describe('scale-out over Redis', () => {
  let redis: Proc & { url: string };
  let a: Proc & { port: number; base: string };
  let b: Proc & { port: number; base: string };
  const rooms: Room[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const common = { REDIS_URL: redis.url, STATIC_DIR: '/nonexistent' };
    a = await startServer(common, true);
    b = await startServer(common, true);
  });

  afterAll(async () => {
    for (const r of rooms) await r.leave().catch(() => {});
    await b?.stop();
    await a?.stop();
    await redis?.stop();
  });

  it('joins one table through two processes', async () => {
    const created = await fetch(`${a.base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const viaA = new Client(`ws://127.0.0.1:${a.port}`);
    const host = await viaA.joinById(id, { name: 'Ana' });
    rooms.push(host);
    const viaB = new Client(`ws://127.0.0.1:${b.port}`);
    const guest = await viaB.joinById(id, { name: 'Ben' });
    rooms.push(guest);
    expect(guest.roomId).toBe(id);

    // Both clients are in the same live room: a chat line from one reaches the other's state.
    host.send('chat', { text: 'hello over redis' });
    await expect
      .poll(() => (guest.state as { chat?: { text: string }[] }).chat?.map((c) => c.text) ?? [], { timeout: 5000 })
      .toContain('hello over redis');

    const [ha, hb] = await Promise.all([
      fetch(`${a.base}/healthz`).then((r) => r.json() as Promise<{ rooms: number }>),
      fetch(`${b.base}/healthz`).then((r) => r.json() as Promise<{ rooms: number }>),
    ]);
    // One room in the whole cluster, hosted by one process: whichever it is, one of the two clients
    // reached it through the other process's matchmaker.
    expect([ha.rooms, hb.rooms].sort()).toEqual([0, 1]);
  });
});
