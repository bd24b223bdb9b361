/**
 * The shared store: the same entries in Redis (REDIS_URL), so any process can restore a table
 * after another one died. A list per table, a set of open tables, a key per finished game.
 */
import type { Redis } from 'ioredis';
import { readGameRecord } from './gameKinds.js';
import { redisClass } from './ioredis.js';
import { type Appended, RECORD_CONFLICT, RecordConflict } from './recordIndex.js';
import type { GameRecord, TableEntry, TableStore } from './types.js';

const CONFLICT_REPLY = new RegExp(`^${RECORD_CONFLICT}: (\\d+) entries`);

type AppendingRedis = Redis & {
  blazeAppend(
    list: string,
    open: string,
    closed: string,
    table: string,
    now: number,
    at: number,
    mark: '0' | '1',
    ...entries: string[]
  ): Promise<number>;
  blazeUnpush(list: string, pushedTo: number, at: number, ...entries: string[]): Promise<number>;
};

const P = 'blaze:';
/** What UNPUSH_SCRIPT overwrites a taken-back slot with before removing it: not JSON, so never an entry. */
const UNPUSHED = '\\0blaze:unpushed';
/** Lua: whether the list at `key` holds the n entries ARGV[first + 1 ..] from index `from` on. */
const HOLDS_AT = `
local function holdsAt(key, from, first, n)
  local there = redis.call('LRANGE', key, from, from + n - 1)
  if #there ~= n then return false end
  for i = 1, n do
    if there[i] ~= ARGV[first + i] then return false end
  end
  return true
end`;
/**
 * Appends a batch at its index (recordIndex.ts) in one atomic step, one round trip (EVALSHA): written
 * (1) only when the list is exactly ARGV[3] long; already there (0) when the same entries are at that
 * index (a retry, or ioredis resending after a reconnect, of a write that landed); else an error.
 * ARGV[4] = '1' marks the table open in the same step, so a table is never open without its entries;
 * a table already closed stays closed: a write under way when its last person left (moves held while
 * the store was away, a given-up start's withdrawal) lands after the close, and reopened the table, to
 * be restored at the next start and removed by the retention while listed open.
 * KEYS: the list, open, closed; ARGV: table, now, at, mark, the entries.
 */
const APPEND_SCRIPT = `${HOLDS_AT}
local len = redis.call('LLEN', KEYS[1])
local at = tonumber(ARGV[3])
local n = #ARGV - 4
if len == at then
  if ARGV[4] == '1' and not redis.call('ZSCORE', KEYS[3], ARGV[1]) then
    redis.call('ZADD', KEYS[2], 'NX', ARGV[2], ARGV[1])
  end
  redis.call('RPUSH', KEYS[1], unpack(ARGV, 5))
  return 1
end
if len == at + n and holdsAt(KEYS[1], at, 4, n) then return 0 end
return redis.error_reply('${RECORD_CONFLICT}: ' .. len .. ' entries')`;
/**
 * After a plain RPUSH that did not land at its index (the list was ARGV[1] long right after it): takes
 * that push back out, in one step, then answers as APPEND_SCRIPT would have: already there (0) when the
 * same entries are at ARGV[2], else an error. The push is found where RPUSH put it (a list only grows
 * at its tail meanwhile); each of its slots is overwritten with a value no entry (JSON) can equal, and
 * those are removed.
 * KEYS: the list; ARGV: its length after the push, at, the entries.
 */
export const UNPUSH_SCRIPT = `${HOLDS_AT}
local pushedTo = tonumber(ARGV[1])
local at = tonumber(ARGV[2])
local n = #ARGV - 2
local from = pushedTo - n
if from >= 0 and holdsAt(KEYS[1], from, 2, n) then
  for i = 0, n - 1 do redis.call('LSET', KEYS[1], from + i, '${UNPUSHED}') end
  redis.call('LREM', KEYS[1], n, '${UNPUSHED}')
end
local len = redis.call('LLEN', KEYS[1])
if len == at + n and holdsAt(KEYS[1], at, 2, n) then return 0 end
return redis.error_reply('${RECORD_CONFLICT}: ' .. len .. ' entries')`;
/** Takes a table listed open off the closed list (1), or leaves a closed one (0). */
const UNLIST_OPEN_SCRIPT = `
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
return 1`;
/** Where the one-off scan for tables closed before `blaze:closed` existed goes on from ('done' once over). */
const ADOPT_CURSOR = `${P}adopt-cursor`;
/**
 * Lists a table as closed at ARGV[2] only if it is neither open nor closed and still has entries,
 * checked and written in one step: a table opened or closed meanwhile keeps its own state.
 */
const ADOPT_SCRIPT = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 0 end
if redis.call('EXISTS', KEYS[3]) == 0 then return 0 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1`;

/** A script's conflict reply as the store's RecordConflict; any other error as it came. */
function conflictOr(e: unknown, table: string, at: number, entries: number): unknown {
  const m = e instanceof Error ? CONFLICT_REPLY.exec(e.message) : null;
  return m ? new RecordConflict(table, at, Number(m[1]), entries) : e;
}

/**
 * When a table on record was last busy: its last finished game's end, else its last chat or log
 * line; null when its entries say nothing of time.
 */
export function lastActivity(
  entries: readonly TableEntry[],
  finishedAt: (game: number) => number | null,
): number | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e?.t === 'result') {
      const at = finishedAt(e.game);
      if (at !== null) return at;
    }
  }
  let last: number | null = null;
  for (const e of entries) {
    const at = e.t === 'chat' ? e.at : e.t === 'log' ? e.line.at : null;
    if (at !== null && (last === null || at > last)) last = at;
  }
  return last;
}

export function openRedisStore(url: string): TableStore {
  const Redis = redisClass();
  const redis = new Redis(url, { maxRetriesPerRequest: 3 }) as AppendingRedis;
  // EVALSHA, falling back to EVAL the first time the server has not seen it.
  redis.defineCommand('blazeAppend', { numberOfKeys: 3, lua: APPEND_SCRIPT });
  redis.defineCommand('blazeUnpush', { numberOfKeys: 1, lua: UNPUSH_SCRIPT });
  /**
   * Tables this store has marked open and not closed since. Marking again at every action would cost
   * a ZSCORE and a ZADD more per action. Once marked, a table's appends are a plain RPUSH, whose reply
   * (the list's new length) says exactly whether the list was `at` long: a quarter of the script's time
   * in Redis (3 µs against 16 per action, two processes at 600 tables). The rare push that did not fit
   * (a retry of a write that landed, or another process writing the table) is taken back by UNPUSH_SCRIPT.
   */
  const marked = new Set<string>();
  return {
    kind: 'redis',
    async append(table, entries, at): Promise<Appended> {
      if (entries.length === 0) return 'already';
      const key = `${P}t:${table}`;
      const values = entries.map((e) => JSON.stringify(e));
      const mark = !marked.has(table);
      if (!mark) {
        const pushedTo = await redis.rpush(key, ...values);
        if (pushedTo === at + values.length) return 'written';
        try {
          await redis.blazeUnpush(key, pushedTo, at, ...values);
          return 'already';
        } catch (e) {
          throw conflictOr(e, table, at, entries.length);
        }
      }
      // Not known to be marked until it is written: the next append marks it again otherwise.
      try {
        const r = await redis.blazeAppend(
          key,
          `${P}open`,
          `${P}closed`,
          table,
          Date.now(),
          at,
          mark ? '1' : '0',
          ...values,
        );
        if (mark) marked.add(table);
        return Number(r) === 1 ? 'written' : 'already';
      } catch (e) {
        throw conflictOr(e, table, at, entries.length);
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
        // Listed open as well (reopened by a late write before closing kept it closed): restored at the
        // next start, so not removed; off the closed list until it closes again, in one step.
        if (Number(await redis.eval(UNLIST_OPEN_SCRIPT, 2, `${P}open`, `${P}closed`, table)) === 1) continue;
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
    async adoptUnlisted(limit) {
      const cursor = (await redis.get(ADOPT_CURSOR)) ?? '0';
      if (cursor === 'done') return { adopted: 0, done: true };
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${P}t:*`, 'COUNT', limit);
      let adopted = 0;
      for (const key of keys) {
        const table = key.slice(`${P}t:`.length);
        const [open, closed] = await Promise.all([redis.zscore(`${P}open`, table), redis.zscore(`${P}closed`, table)]);
        if (open !== null || closed !== null) continue;
        const entries = (await redis.lrange(key, 0, -1)).map((b) => JSON.parse(b) as TableEntry);
        const games = entries.flatMap((e) => (e.t === 'result' ? [e.game] : []));
        const bodies = games.length > 0 ? await redis.mget(games.map((n) => `${P}g:${table}-${n}`)) : [];
        const ends = new Map(
          games.map((n, i) => [n, bodies[i] ? (JSON.parse(bodies[i] as string) as GameRecord).finishedAt : null]),
        );
        // Nothing to date it by: counted from now, so it is kept the whole retention rather than lost early.
        const at = lastActivity(entries, (n) => ends.get(n) ?? null) ?? Date.now();
        adopted += Number(await redis.eval(ADOPT_SCRIPT, 3, `${P}open`, `${P}closed`, key, table, at));
      }
      // Resumable: a process stopped mid-scan goes on from here at its next start.
      await redis.set(ADOPT_CURSOR, next === '0' ? 'done' : next);
      return { adopted, done: next === '0' };
    },
    async saveGame(record: GameRecord) {
      await redis.set(`${P}g:${record.id}`, JSON.stringify(record));
    },
    async getGame(id) {
      const b = await redis.get(`${P}g:${id}`);
      return b ? readGameRecord(b) : null;
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
