/**
 * ioredis's client, loaded where Redis is first used, never at start: a process without Redis (the
 * embedded default, each test's server) does not load it. A static import, even in a module loaded
 * lazily, is hoisted to the bundle's top (esbuild) and loaded with it. ioredis is CommonJS only, so
 * `require` gives the very module an import would.
 */
import { createRequire } from 'node:module';

export type RedisClass = typeof import('ioredis').Redis;

export function redisClass(): RedisClass {
  return (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis;
}
