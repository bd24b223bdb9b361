/**
 * Tables never stay without a process while any process runs (several processes sharing Redis).
 * The shared record lists every open table; the matchmaker lists which process hosts each one and
 * Redis pub/sub shows which processes are alive (each listens on its `p:<processId>` channel, gone
 * the moment its connection closes, SIGKILL included). A table open on record that no live process
 * lists (its process drained on SIGTERM, or died) is restored here, under its own id, from its
 * record. It is adopted only when seen orphaned twice, `graceMs` apart: a table being created right
 * now is open on record a moment before it is listed, and a process whose Redis connection just came
 * back resubscribes within a second. Two processes never restore the same table: each first takes
 * the table's claim in Redis (SET NX with an expiry), and checks again under it.
 *
 * A restore runs on this process (matchMaker.handleCreateRoom), never through createRoom, which
 * may send it to another process that does not know it is a restore (issue 39, finding 5).
 */
import { matchMaker } from '@colyseus/core';
import type { Redis } from 'ioredis';
import { withDeadline } from '../deadline.js';
import type { Logger } from '../logger.js';
import { currentStore, restoring } from '../store/current.js';
import { redisClass } from '../store/ioredis.js';
import { UNREPLAYABLE } from '../store/record.js';
import { roomOfRecord } from '../store/recordGame.js';
import type { TableStore } from '../store/types.js';

export const CLAIM_PREFIX = 'blaze:claim:';
/** Where a draining process names the tables it just let go (SIGTERM), for a peer to adopt at once. */
const HANDOFF = 'blaze:handoff';

/**
 * SIGTERM, after the drain: the tables this process held are recorded and gone from it, so a peer
 * may restore them now rather than after the grace (which covers the cases nobody announced).
 */
export async function handOver(tables: readonly string[]): Promise<void> {
  if (tables.length > 0) await matchMaker.presence.publish(HANDOFF, [...tables]);
}

/** Takes a table's claim for `ms` (true), unless another process holds it (false). */
export async function takeClaim(redis: Redis, table: string, owner: string, ms: number): Promise<boolean> {
  return (await redis.set(`${CLAIM_PREFIX}${table}`, owner, 'PX', ms, 'NX')) === 'OK';
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Gives a claim back, only if it is still this owner's. */
export async function releaseClaim(redis: Redis, table: string, owner: string): Promise<void> {
  await redis.eval(RELEASE, 1, `${CLAIM_PREFIX}${table}`, owner);
}

export interface AdoptionOptions {
  redisUrl: string;
  store: TableStore;
  roomName: string;
  log: Logger;
  /** Each Redis call's deadline. */
  deadlineMs: number;
  /** How often the record's open tables are compared with the live processes' listings. */
  intervalMs?: number;
  /** How long a table must stay orphaned before it is adopted. */
  graceMs?: number;
}

export interface Adoption {
  /**
   * Restores every orphaned table now (a start: this process's own tables after a restart, and any
   * other's): one look, the grace, a second look. Resolves with the ids restored here.
   */
  settle(): Promise<string[]>;
  /** Stops looking (SIGTERM: a draining process adopts nothing); the claims it holds lapse by themselves. */
  stop(): Promise<void>;
}

export function startAdoption(o: AdoptionOptions): Adoption {
  const intervalMs = o.intervalMs ?? 2_000;
  const graceMs = o.graceMs ?? 3_000;
  // Long enough for a restore (load and replay) to finish and be listed; a process that dies
  // mid-restore holds it no longer than this.
  const claimMs = Math.max(30_000, graceMs * 4);
  const Redis = redisClass();
  const redis = new Redis(o.redisUrl, { commandTimeout: o.deadlineMs, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => {}); // reconnects by itself; a scan that fails tries again next time
  const me = matchMaker.processId;
  /** Table → when it was first seen orphaned (unlisted, or listed on a process that is gone). */
  const suspects = new Map<string, number>();
  const excluded = new Set<string>();
  let stopped = false;
  let scanning: Promise<string[]> | null = null;

  const ask = <T>(p: Promise<T>) => withDeadline(p, o.deadlineMs, 'matchmaking');

  /** Which processes are alive now (their IPC channel has a subscriber). */
  const liveProcesses = async () =>
    new Set((await ask(matchMaker.presence.channels('p:*'))).map((c) => c.slice('p:'.length)));

  /** Who hosts a table now: its listing's process if that process is alive, else null. */
  const hostOf = async (table: string, live: Set<string>): Promise<string | null> => {
    const [listing] = await ask(matchMaker.query({ roomId: table }));
    return listing && live.has(listing.processId) ? listing.processId : null;
  };

  async function adopt(table: string): Promise<boolean> {
    if (!(await takeClaim(redis, table, me, claimMs))) return false;
    try {
      // Under the claim, once more: the table may have been adopted (and listed) since the scan.
      if (matchMaker.getLocalRoomById(table) || (await hostOf(table, await liveProcesses())) !== null) {
        await releaseClaim(redis, table, me);
        return false;
      }
      restoring.add(table);
      try {
        await matchMaker.handleCreateRoom(await roomOfRecord(currentStore(), table, o.roomName), { restore: table });
      } finally {
        restoring.delete(table);
      }
      // Listed now under this process, which is what the next look goes by: the claim is given back
      // (kept, it would stop anyone adopting the table should this process die within the claim).
      await releaseClaim(redis, table, me).catch(() => {});
      return true;
    } catch (e) {
      o.log.error({ table, err: e instanceof Error ? e.message : String(e) }, 'table not restored');
      // Given up for good only when its record does not replay; a failed read leaves it for the next look.
      if ((e as { code?: unknown }).code === UNREPLAYABLE) await o.store.closeTable(table).catch(() => {});
      await releaseClaim(redis, table, me).catch(() => {});
      return false;
    }
  }

  async function scan(now: number): Promise<string[]> {
    const [open, listings, live] = await Promise.all([
      withDeadline(o.store.openTables(), o.deadlineMs, 'store'),
      ask(matchMaker.query({ name: o.roomName })),
      liveProcesses(),
    ]);
    // Its own channel missing, this process's view of who is alive is not to be trusted (Redis just
    // came back and not every process has resubscribed yet, this one included): it adopts nothing.
    if (!live.has(me)) return [];
    const listedOn = new Map(listings.map((l) => [l.roomId, l.processId]));
    const seen = new Set<string>();
    const due: string[] = [];
    for (const table of open) {
      const here = matchMaker.getLocalRoomById(table);
      if (here) {
        // Held here but unlisted (the matchmaker cleaned a dead process's listings while this one
        // was adopting them): listed again, or nobody could find it.
        if (!listedOn.has(table)) await ask(here.listing.save()).catch(() => {});
        continue;
      }
      const on = listedOn.get(table);
      if (on !== undefined && (live.has(on) || on === me)) continue;
      seen.add(table);
      const since = suspects.get(table);
      if (since === undefined) suspects.set(table, now);
      else if (now - since >= graceMs) due.push(table);
    }
    for (const table of suspects.keys()) if (!seen.has(table)) suspects.delete(table);
    // A process gone from pub/sub but still in the matchmaker's process list would still be sent
    // new tables (each waiting for the IPC timeout): it is taken off once its tables are due.
    for (const table of due) {
      const on = listedOn.get(table);
      if (on && !live.has(on) && !excluded.has(on)) {
        excluded.add(on);
        await ask(matchMaker.stats.excludeProcess(on)).catch(() => {});
        o.log.warn({ process: on }, 'a process left the cluster without handing over its tables');
      }
    }
    const back: string[] = [];
    for (const table of due) {
      if (stopped) break;
      if (await adopt(table)) back.push(table);
    }
    if (back.length > 0) o.log.info({ restored: back.length }, 'tables adopted');
    return back;
  }

  const once = (): Promise<string[]> => {
    scanning ??= scan(Date.now())
      .catch((e: unknown) => {
        o.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'table adoption look failed');
        return [] as string[];
      })
      .finally(() => {
        scanning = null;
      });
    return scanning;
  };
  const timer = setInterval(() => void once(), intervalMs);
  timer.unref();
  const handedOver = async (tables: unknown) => {
    if (!Array.isArray(tables)) return;
    const back: string[] = [];
    for (const table of tables) {
      if (stopped) break;
      if (typeof table === 'string' && !matchMaker.getLocalRoomById(table) && (await adopt(table))) back.push(table);
    }
    if (back.length > 0) o.log.info({ restored: back.length }, 'tables taken over from a process shutting down');
  };
  const onHandoff = (tables: unknown) => void handedOver(tables).catch(() => {});
  void matchMaker.presence.subscribe(HANDOFF, onHandoff);

  return {
    async settle() {
      const first = await once();
      await new Promise((r) => setTimeout(r, graceMs));
      return [...first, ...(await once())];
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      matchMaker.presence.unsubscribe(HANDOFF, onHandoff);
      await scanning;
      redis.disconnect();
    },
  };
}
