/**
 * The process's durable tables: opens the store (SQLite under DATA_DIR, or Redis with REDIS_URL),
 * serves finished games' records, restores unfinished tables on start and drains on SIGTERM.
 * main.ts calls these; app.ts stays unaware of storage.
 */
import { join, resolve } from 'node:path';
import { CLOSE_RESTARTING } from '@blaze/protocol';
import { matchMaker } from '@colyseus/core';
import type express from 'express';
import { answerDeadline, withDeadline } from '../deadline.js';
import type { Logger } from '../logger.js';
import { lifecycle, restoring, setStore } from './current.js';
import { storeFaults } from './faults.js';
import { watchWrites } from './health.js';
import { UNKNOWN_RECORD, UNREPLAYABLE } from './record.js';
import { roomOfRecord } from './recordGame.js';
import { openRedisStore } from './redis.js';
import { openSqliteStore } from './sqlite.js';
import { openSqliteThreadStore } from './sqliteThread.js';
import type { TableStore } from './types.js';

export interface StoreEnv {
  DATA_DIR?: string;
  REDIS_URL?: string;
  /** SQLite's commits on the event loop (default) or on a thread of their own. */
  STORE_WRITER?: 'inline' | 'thread';
  /** Where store failures are told (rate-limited, store/faults.ts); a default JSON logger otherwise. */
  log?: Logger;
}

export function openStore(env: StoreEnv): TableStore {
  if (env.log) storeFaults.use(env.log);
  const file = join(resolve(env.DATA_DIR || './data'), 'blaze.sqlite');
  // Watched: whether it can write now (store.writable(): new tables are refused while it cannot).
  const store = watchWrites(
    env.REDIS_URL
      ? openRedisStore(env.REDIS_URL)
      : env.STORE_WRITER === 'thread'
        ? openSqliteThreadStore(file)
        : openSqliteStore(file),
  );
  setStore(store);
  return store;
}

const GAME_ID = /^[A-Za-z0-9_-]{1,40}-\d{1,6}$/;

/** GET /api/games/<table>-<n>: a finished game's public record (after the end nothing is secret). */
export function mountGameRecords(api: express.Router, store: TableStore, deadlineMs = 2_500): void {
  api.get('/games/:id', async (req, res) => {
    const id = req.params.id;
    if (!GAME_ID.test(id)) {
      res.status(400).json({ code: 'MALFORMED', message: 'No such game id.' });
      return;
    }
    let record: Awaited<ReturnType<TableStore['getGame']>>;
    try {
      record = await withDeadline(store.getGame(id), deadlineMs, 'store');
    } catch (e) {
      if (answerDeadline(res, e)) return;
      record = null;
    }
    if (!record) {
      res.status(404).json({ code: 'NOT_FOUND', message: 'No finished game with that id.' });
      return;
    }
    res.json(record);
  });
}

/** Every unfinished table back under its own id, in the state after its last recorded entry. */
export async function restoreTables(store: TableStore, roomName: string): Promise<string[]> {
  const back: string[] = [];
  for (const id of await store.openTables()) {
    if (matchMaker.getLocalRoomById(id)) continue;
    restoring.add(id);
    try {
      // Here, never routed elsewhere (createRoom may pick another process, which made a new empty
      // table instead). With a shared Redis, cluster/adopt.ts restores instead of this.
      await matchMaker.handleCreateRoom(await roomOfRecord(store, id, roomName), { restore: id });
      back.push(id);
    } catch (e) {
      // Not this build's to restore nor to give up (the table said why in its own log line): left on record
      // exactly as it is, listed open and never pruned, for a build that knows its game.
      if ((e as { code?: unknown }).code === UNKNOWN_RECORD) continue;
      const unreplayable = (e as { code?: unknown }).code === UNREPLAYABLE;
      storeFaults.failed(id, 'restore', e, 'table not restored', { givenUp: unreplayable });
      // Given up for good only when its record does not replay; a read that failed (the file busy, an
      // I/O error) leaves it on record for the next start, rather than closing a live game for ever.
      // Marking it closed may fail too (the disk full): then it is tried again at the next start.
      if (unreplayable)
        await store.closeTable(id).catch((err: unknown) => storeFaults.failed(id, 'close', err, 'table not closed'));
    } finally {
      restoring.delete(id);
    }
  }
  return back;
}

/** What a drain needs of a table (room/TableRoom.ts): the store does not import the room. */
interface Drainable {
  roomId: string;
  flushRecord(): Promise<void>;
  disconnect(closeCode?: number): Promise<unknown>;
}

/**
 * SIGTERM: no more actions, everything recorded, every client told "the server is restarting"
 * (its own close code, so the web client rejoins by token), store closed. Answers the tables let go.
 */
export async function drainTables(store: TableStore): Promise<string[]> {
  lifecycle.draining = true;
  lifecycle.shuttingDown = true;
  const rooms = (await matchMaker.query({}))
    .map((l) => matchMaker.getLocalRoomById(l.roomId) as unknown as Drainable | undefined)
    .filter((r): r is Drainable => r !== undefined);
  await Promise.all(rooms.map((r) => r.flushRecord()));
  await Promise.all(rooms.map((r) => r.disconnect(CLOSE_RESTARTING)));
  await store.close();
  // Every one of them is on record and let go: with Redis, a peer may take them over now.
  return rooms.map((r) => r.roomId);
}
