/**
 * The shared store: the same entries in Redis (REDIS_URL), so any process can restore a table
 * after another one died. A list per table, a set of open tables, a key per finished game.
 */
import { Redis } from 'ioredis';
import type { GameRecord, TableEntry, TableStore } from './types.js';

const P = 'blaze:';

export function openRedisStore(url: string): TableStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  return {
    kind: 'redis',
    async append(table, entries) {
      if (entries.length === 0) return;
      await redis
        .multi()
        .zadd(`${P}open`, 'NX', Date.now(), table)
        .rpush(`${P}t:${table}`, ...entries.map((e) => JSON.stringify(e)))
        .exec();
    },
    async load(table) {
      return (await redis.lrange(`${P}t:${table}`, 0, -1)).map((b) => JSON.parse(b) as TableEntry);
    },
    async openTables() {
      return redis.zrange(`${P}open`, 0, -1);
    },
    async closeTable(table) {
      await redis.zrem(`${P}open`, table);
    },
    async saveGame(record: GameRecord) {
      await redis.set(`${P}g:${record.id}`, JSON.stringify(record));
    },
    async getGame(id) {
      const b = await redis.get(`${P}g:${id}`);
      return b ? (JSON.parse(b) as GameRecord) : null;
    },
    async savedGames(ids) {
      if (ids.length === 0) return [];
      const pipe = redis.pipeline();
      for (const id of ids) pipe.exists(`${P}g:${id}`);
      const replies = (await pipe.exec()) ?? [];
      return ids.filter((_, i) => {
        const [err, n] = replies[i] ?? [new Error('no reply'), 0];
        if (err) throw err;
        return n === 1;
      });
    },
    async close() {
      await redis.quit();
    },
  };
}
