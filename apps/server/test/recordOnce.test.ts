/**
 * A record append whose answer was lost (a Redis timeout or dropped connection after the write
 * landed, ioredis resending on reconnect, the writer thread's answer lost) is on record once when
 * tried again: each batch carries the index it starts at (recordIndex.ts). A repeated start or action
 * did not replay, and the table was lost at the next start. Real stores: SQLite inline and on its
 * thread, and a real redis-server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { heuristicBot, simulateGame } from '@blaze/bots';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startRedis } from '../../../tests/support/processes.js';
import { openStore } from '../src/store/open.js';
import { Recorder, rebuild } from '../src/store/record.js';
import { RECORD_CONFLICT } from '../src/store/recordIndex.js';
import { UNPUSH_SCRIPT } from '../src/store/redis.js';
import type { TableEntry, TableStore } from '../src/store/types.js';
import { sleep, until } from './helpers.js';

const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-record-once-'));
let redis: (Proc & { url: string }) | null = null;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const chat = (n: number): TableEntry => ({ t: 'chat', seq: n, at: 0, name: 'A', seat: 0, text: `${n}` });

/** A game's start and its first actions, as the room writes them: one batch each. */
function someGame(): TableEntry[][] {
  const options = { players: 3 as const, seed: 'record-once' };
  const sim = simulateGame({ ...options, strategies: [heuristicBot, heuristicBot, heuristicBot], record: true });
  return [
    [{ t: 'start', gameNumber: 1, options }],
    ...sim.actions.slice(0, 6).map((action): TableEntry[] => [{ t: 'action', action }]),
  ];
}

describe.each([
  ['SQLite, inline writer', () => openStore({ DATA_DIR: joinPath(dir, 'inline') })],
  ['SQLite, writer thread', () => openStore({ DATA_DIR: joinPath(dir, 'thread'), STORE_WRITER: 'thread' })],
  ['Redis', () => openStore({ REDIS_URL: redis?.url ?? '' })],
] as const)('%s', (_name, open) => {
  it('the same batch asked twice at the same index is on record once; the second answer is "already"', async () => {
    const s = open();
    try {
      const id = `twice-${Math.random().toString(36).slice(2, 8)}`;
      expect(await s.append(id, [chat(1), chat(2)], 0)).toBe('written');
      expect(await s.append(id, [chat(1), chat(2)], 0)).toBe('already');
      expect(await s.append(id, [chat(3)], 2)).toBe('written');
      expect(await s.load(id)).toEqual([chat(1), chat(2), chat(3)]);
      expect(await s.openTables()).toContain(id);
    } finally {
      await s.close();
    }
  });

  it('a batch that does not fit (a gap, or other entries at its index) is refused with its code and writes nothing', async () => {
    const s = open();
    try {
      const id = `misfit-${Math.random().toString(36).slice(2, 8)}`;
      await s.append(id, [chat(1)], 0);
      await expect(s.append(id, [chat(2)], 5)).rejects.toMatchObject({ code: RECORD_CONFLICT });
      await expect(s.append(id, [chat(9)], 0)).rejects.toMatchObject({ code: RECORD_CONFLICT });
      await expect(s.append(id, [chat(2), chat(3)], 0)).rejects.toMatchObject({ code: RECORD_CONFLICT });
      expect(await s.load(id)).toEqual([chat(1)]);
      // A conflict on a new table does not leave it listed open without entries.
      await expect(s.append(`${id}-new`, [chat(1)], 1)).rejects.toMatchObject({ code: RECORD_CONFLICT });
      expect(await s.openTables()).not.toContain(`${id}-new`);
    } finally {
      await s.close();
    }
  });

  it('a write that landed but whose answer was lost is tried again and on record once: the table replays', async () => {
    const inner = open();
    const id = `lost-${Math.random().toString(36).slice(2, 8)}`;
    const batches = someGame();
    let lost = 0;
    // As Redis or the writer thread answers: later; the start's and the third action's answers are lost
    // after they were written (a timeout, a dropped connection).
    const store: TableStore = {
      ...inner,
      appendNow: undefined,
      append: async (table, entries, at) => {
        await sleep(1);
        const fate = await inner.append(table, entries, at);
        if ((entries[0] === batches[0]?.[0] || entries[0] === batches[3]?.[0]) && lost++ % 2 === 0)
          throw new Error('Connection is closed.');
        return fate;
      },
    };
    try {
      const r = new Recorder(store, id);
      let shown = 0;
      for (const b of batches)
        r.write(b, () => {
          shown++;
        });
      await until(() => shown === batches.length, 10_000, 'every batch shown');
      const entries = await inner.load(id);
      expect(entries).toEqual(batches.flat());
      const back = rebuild(entries);
      expect('error' in back ? back.error : back.actions.length).toBe(batches.length - 1);
    } finally {
      await inner.close();
    }
  });

  it('a start given up whose last try failed but landed is found on record by the next write and withdrawn there', async () => {
    const inner = open();
    const id = `given-up-${Math.random().toString(36).slice(2, 8)}`;
    const start: TableEntry = { t: 'start', gameNumber: 1, options: { players: 3, seed: 'given-up' } };
    const withdrawn: TableEntry = { t: 'withdrawn', gameNumber: 1, line: 0 };
    // The start's write lands after the start was given up, and its answer is lost (once).
    let lost = false;
    const store: TableStore = {
      ...inner,
      appendNow: undefined,
      append: async (table, entries, at) => {
        if (entries[0] !== start || lost) return inner.append(table, entries, at);
        lost = true;
        await sleep(80);
        await inner.append(table, entries, at);
        throw new Error('Command timed out');
      },
    };
    try {
      const r = new Recorder(store, id);
      const seen: string[] = [];
      r.write([chat(1)], () => seen.push('chat 1'));
      // Its turn comes at once (given up before its turn, it is never written at all).
      await until(() => seen.includes('chat 1'), 20_000, 'the first write shown');
      r.write([start], () => seen.push('start shown'), undefined, {
        ms: 40,
        gaveUp: () => seen.push('start given up'),
        undo: () => [withdrawn],
      });
      await until(() => seen.includes('start given up'), 20_000, 'the start given up');
      await sleep(150);
      r.write([chat(2)], () => seen.push('chat 2'));
      await until(() => seen.includes('chat 2'), 20_000, 'the next write shown');
      expect(seen).not.toContain('start shown');
      expect(await inner.load(id)).toEqual([chat(1), start, withdrawn, chat(2)]);
    } finally {
      await inner.close();
    }
  });

  it('a restored table goes on after its record: its next batch lands behind what was there', async () => {
    const s = open();
    try {
      const id = `resumed-${Math.random().toString(36).slice(2, 8)}`;
      await s.append(id, [chat(1), chat(2)], 0);
      const r = new Recorder(s, id);
      r.resume((await s.load(id)).length);
      await new Promise<void>((done, failed) => {
        r.write([chat(3)], done, () => failed(new Error('unrecorded')));
      });
      expect(await s.load(id)).toEqual([chat(1), chat(2), chat(3)]);
    } finally {
      await s.close();
    }
  });
});

describe('Redis: a table marked open appends with a plain RPUSH, and one that did not fit is taken back', () => {
  it('two processes writing one table: the stale one is refused and its push is out of the list', async () => {
    const a = openStore({ REDIS_URL: redis?.url ?? '' });
    const b = openStore({ REDIS_URL: redis?.url ?? '' });
    try {
      const id = `two-${Math.random().toString(36).slice(2, 8)}`;
      expect(await a.append(id, [chat(1)], 0)).toBe('written');
      // Another process restored the table and went on: a's next batch is behind.
      expect(await b.append(id, [chat(2), chat(3)], 1)).toBe('written');
      await expect(a.append(id, [chat(9)], 1)).rejects.toMatchObject({ code: RECORD_CONFLICT });
      await expect(a.append(id, [chat(2), chat(9)], 1)).rejects.toMatchObject({ code: RECORD_CONFLICT });
      // The batch b wrote, asked again by a at its index (a retry after a lost answer): already there.
      expect(await a.append(id, [chat(2), chat(3)], 1)).toBe('already');
      expect(await b.load(id)).toEqual([chat(1), chat(2), chat(3)]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('the take-back removes only its own push, even with another push behind it', async () => {
    const r = new Redis(redis?.url ?? '');
    try {
      const key = `blaze:t:unpush-${Math.random().toString(36).slice(2, 8)}`;
      const [one, ours, theirs] = ['"one"', '"ours"', '"theirs"'];
      // The list was 1 long, not 2 as asked: the push landed at index 1, and another one behind it.
      await r.rpush(key, one, one, ours, theirs);
      await expect(r.eval(UNPUSH_SCRIPT, 1, key, 3, 2, ours)).rejects.toThrow(/RECORD_CONFLICT: 3 entries/);
      expect(await r.lrange(key, 0, -1)).toEqual([one, one, theirs]);
      // The same entry as the one before it (a retry of a write that landed): that one is kept.
      await r.del(key);
      await r.rpush(key, one, ours, ours);
      expect(await r.eval(UNPUSH_SCRIPT, 1, key, 3, 1, ours)).toBe(0);
      expect(await r.lrange(key, 0, -1)).toEqual([one, ours]);
    } finally {
      r.disconnect();
    }
  });
});
