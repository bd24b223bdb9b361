/**
 * Two server processes sharing one real Redis (RedisPresence + RedisDriver): a table created on one
 * process is found and joined through the other, and the websocket reaches the hosting process. A
 * process without Redis loads none of Redis's modules.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable } from '../apps/server/test/helpers.js';
import { type Proc, startRedis, startServer } from './support/processes.js';

const loadsDir = mkdtempSync(join(tmpdir(), 'blaze-redis-loads-'));
/** A server's environment that notes the Redis modules it loads in `name` (support/redisLoads.cjs). */
const noting = (name: string) => ({
  NODE_OPTIONS: `--require ${fileURLToPath(new URL('./support/redisLoads.cjs', import.meta.url))}`,
  BLAZE_REDIS_LOADS: join(loadsDir, name),
});
const loaded = (name: string) =>
  existsSync(join(loadsDir, name)) ? readFileSync(join(loadsDir, name), 'utf8').split('\n').filter(Boolean) : [];
// The notes' folder goes with the file's last test (each run made one and left it in the temp folder).
afterAll(() => rmSync(loadsDir, { recursive: true, force: true }));

describe('scale-out over Redis', () => {
  let redis: Proc & { url: string };
  let a: Proc & { port: number; base: string };
  let b: Proc & { port: number; base: string };
  const rooms: Room[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const common = { REDIS_URL: redis.url, STATIC_DIR: '/nonexistent' };
    a = await startServer({ ...common, ...noting('a') }, true);
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

  it('a process without Redis loads none of its modules; one with Redis loads them', async () => {
    // Was: ioredis and both drivers at every start (the bundle's static imports, even of modules only
    // Redis's processes import later), about 50 modules loaded for nothing.
    const alone = await startServer({ STATIC_DIR: '/nonexistent', ...noting('alone') });
    try {
      const endpoint = `ws://127.0.0.1:${alone.port}`;
      const id = await createTable(endpoint);
      const room = await new Client(endpoint).joinById(id, { name: 'Ana' });
      await room.leave();
    } finally {
      await alone.stop();
    }
    expect(loaded('alone')).toEqual([]);
    // The same note from a process sharing Redis: the check sees what it looks for.
    expect(loaded('a').join(' ')).toMatch(/ioredis/);
  });
});
