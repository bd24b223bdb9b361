/**
 * Matchmaking shared through Redis (RedisPresence, RedisDriver), for several processes. Loaded only
 * when REDIS_URL is set: ioredis and the two drivers are a quarter of a second of module loading, and
 * a process without Redis (the embedded default, and each test's server) never needs them.
 */
import type { matchMaker, Presence } from '@colyseus/core';

export interface SharedMatchmaking {
  presence: Presence;
  driver: matchMaker.MatchMakerDriver;
}

export async function redisMatchmaking(url: string): Promise<SharedMatchmaking> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([
    import('@colyseus/redis-presence'),
    import('@colyseus/redis-driver'),
  ]);
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}
