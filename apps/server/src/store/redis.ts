/**
 * The shared store: the same entries in Redis (REDIS_URL), so any process can restore a table
 * after another one died. A list per table, a set of open tables, a key per finished game.
 */
import { Redis } from 'ioredis';
import type { GameRecord, TableEntry, TableStore } from './types.js';

const P = 'blaze:';

export function openRedisStore(url: string): TableStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  /**
   * Tables this store has marked open and not closed since. Marking again at every action was a
   * transaction of four commands (MULTI, ZADD, RPUSH, EXEC) where one RPUSH does: an RPUSH of one
   * call's entries is atomic by itself, and one connection keeps the order of its commands.
   */
  const marked = new Set<string>();
  return {
    kind: 'redis',
    async append(table, entries) {
      if (entries.length === 0) return;
      const key = `${P}t:${table}`;
      const values = entries.map((e) => JSON.stringify(e));
      if (marked.has(table)) {
        await redis.rpush(key, ...values);
        return;
      }
      // The first entries and the mark together, so a table is never open without its entries.
      marked.add(table);
      try {
        await redis
          .multi()
          .zadd(`${P}open`, 'NX', Date.now(), table)
          .rpush(key, ...values)
          .exec();
      } catch (e) {
        // Not known to be marked: the next append marks it again.
        marked.delete(table);
        throw e;
      }
    },
    async load(table) {
      return (await redis.lrange(`${P}t:${table}`, 0, -1)).map((b) => JSON.parse(b) as TableEntry);
    },
    async openTables() {
      return redis.zrange(`${P}open`, 0, -1);
    },
    async closeTable(table) {
      marked.delete(table);
      // When it closed: retention counts from it (prune).
      await redis.multi().zrem(`${P}open`, table).zadd(`${P}closed`, Date.now(), table).exec();
    },
    async prune(before, limit) {
      const out = { tables: 0, games: 0 };
      const ids = await redis.zrangebyscore(`${P}closed`, '-inf', `(${before}`, 'LIMIT', 0, limit);
      for (const table of ids) {
        // Its games' records are named by the games its record finished.
        const entries = (await redis.lrange(`${P}t:${table}`, 0, -1)).map((b) => JSON.parse(b) as TableEntry);
        const games = entries.flatMap((e) => (e.t === 'result' ? [`${P}g:${table}-${e.game}`] : []));
        const replies = await redis
          .multi()
          .del(`${P}t:${table}`, ...games)
          .zrem(`${P}closed`, table)
          .exec();
        const removed = Number(replies?.[0]?.[1] ?? 0);
        out.tables++;
        // The list itself was one of the keys removed (when it still had entries).
        out.games += Math.max(0, removed - (entries.length > 0 ? 1 : 0));
      }
      return out;
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
