/**
 * Issue 39, finding 1: with DATA_DIR on a full disk, a table nobody joined closed after its unclaimed
 * wait, `closeTable` threw `SqliteError: database or disk is full` out of `TableRoom.onDispose` and
 * the process exited 1, every table with it.
 *
 * Here the real server (`src/main.ts`, as `pnpm start` runs it) keeps DATA_DIR on a small tmpfs of
 * its own. A game runs with three people on real websockets; a filler file takes every byte left;
 * they play on. Then:
 * - their moves wait and the table says saving is delayed; nothing is shown that is not recorded;
 * - the process stays up, another table and /healthz answer, a new table is refused 503
 *   STORE_UNAVAILABLE, and a table nobody joined closes (its close path runs on the full disk);
 * - store errors are JSON lines, rate-limited (fewer lines than failures, the count told);
 * the filler goes, and the held moves land, the game goes on, new tables are accepted again and the
 * abandoned table is marked closed, by themselves. After a SIGKILL the record holds every move the
 * people saw, PRAGMA integrity_check is ok, and the restarted server gives each person the same view.
 *
 * Needs root (mount). Without it the test is skipped, and says so.
 */

import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Action, type PlayerView, viewFor } from '@blaze/rules';
import { Client, type Room } from 'colyseus.js';
import { afterAll, expect, it } from 'vitest';
import { chooseAction } from '../../apps/server/src/bots.js';
import { rebuild } from '../../apps/server/src/store/record.js';
import type { TableEntry } from '../../apps/server/src/store/types.js';
import { send, viewFromState } from '../../apps/server/test/helpers.js';
import type { BlazeState } from '../../packages/protocol/src/schema.js';
import { readLog } from '../../packages/protocol/src/wire.js';
import { listeningPort, type Proc, ROOT, spawnMain } from '../support/processes.js';

/** better-sqlite3 is the server's dependency, not the root's: loaded from there, as startWait.test.ts does. */
interface ReadOnlyDb {
  pragma(source: string, options: { simple: true }): unknown;
  prepare(source: string): { pluck(): { all(...args: unknown[]): unknown[]; get(...args: unknown[]): unknown } };
  close(): void;
}
const Database = createRequire(`${ROOT}apps/server/package.json`)('better-sqlite3') as new (
  file: string,
  options: { readonly: boolean },
) => ReadOnlyDb;

const ROOT_USER = process.getuid?.() === 0;
/** Room for the record and its WAL before the filler; the filler then takes the rest. */
const TMPFS_SIZE = '16m';
/** The shortest unclaimed wait the config allows: the abandoned table closes on the full disk. */
const UNCLAIMED_SECONDS = 5;
const SETTINGS = { clock: 'relaxed', windowMs: 1_000, reconnectSeconds: 120 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The server under test: a wait ends at once, with its output, if it exits meanwhile. */
let serving: Proc | null = null;
async function until(cond: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    const code = serving?.child.exitCode;
    if (serving && code !== null)
      throw new Error(`the server exited (${code}) waiting for ${what}:\n${serving.output().slice(-2_000)}`);
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** Each run's tmpfs: unmounted and removed at the end whatever happened. */
const mounts: string[] = [];
const procs = new Set<Proc>();
afterAll(async () => {
  for (const p of procs) await p.stop();
  for (const dir of mounts) {
    spawnSync('umount', [dir]);
    rmdirSync(dir);
  }
});

type Writer = 'inline' | 'thread';

async function start(dir: string, writer: Writer): Promise<{ proc: Proc; base: string; ws: string }> {
  const proc = spawnMain({
    DATA_DIR: dir,
    STORE_WRITER: writer,
    STATIC_DIR: '/nonexistent',
    TABLE_UNCLAIMED_SECONDS: String(UNCLAIMED_SECONDS),
  });
  procs.add(proc);
  serving = proc;
  const port = await listeningPort(proc, 90_000);
  return { proc, base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` };
}

async function newTable(base: string): Promise<{ status: number; body: { id?: string; code?: string } }> {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings: SETTINGS }),
  });
  return { status: res.status, body: (await res.json()) as { id?: string; code?: string } };
}

const maxSeq = (s: BlazeState) => readLog(s).reduce((m, l) => Math.max(m, l.seq), 0);

/** A person on a real websocket who plays their own turns from what they decoded, once per state. */
class Person {
  room: Room<BlazeState> | null = null;
  token = '';
  seat = -1;
  paused = false;
  private lastKey = '';
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(readonly name: string) {}

  async join(endpoint: string, id: string): Promise<void> {
    const options = { name: this.name, ...(this.token ? { seatToken: this.token } : {}) };
    const room = await new Client(endpoint).joinById<BlazeState>(id, options);
    this.room = room;
    room.onMessage('seat', (m: { seatToken: string; seat: number }) => {
      this.token = m.seatToken;
      this.seat = m.seat;
    });
    room.onMessage('*', () => {});
    room.onLeave(() => {
      this.room = null;
    });
  }

  play(): void {
    this.timer = setInterval(() => {
      const s = this.room?.state;
      if (this.paused || !s || this.seat < 0 || s.status !== 'playing' || s.over) return;
      const a: Action | null = chooseAction('heuristic', viewFromState(s, this.seat), Math.random);
      if (!a) return;
      // Once per decoded state: a move held by the store is not sent again and again.
      const key = JSON.stringify([a, maxSeq(s)]);
      if (key === this.lastKey) return;
      this.lastKey = key;
      if (this.room) send({ room: this.room } as never, a);
    }, 60);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.room?.connection.close();
    this.room = null;
  }
}

/** Takes every byte left on the tmpfs; answers how many it took. */
function fill(path: string): number {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let total = 0;
  try {
    for (;;) {
      try {
        total += writeSync(fd, chunk);
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOSPC') return total;
        throw e;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** The store's JSON lines on the process's output. */
function storeLines(proc: Proc): Record<string, unknown>[] {
  return proc
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => typeof l.op === 'string');
}

const plain = <T>(x: T): T => {
  const out = JSON.parse(JSON.stringify(x)) as T & { hand?: string[] };
  if (Array.isArray(out.hand)) out.hand = [...out.hand].sort();
  return out;
};

// SQLite written on the event loop (the default), then on its writer thread (STORE_WRITER=thread).
it.skipIf(!ROOT_USER).each<Writer>(['inline', 'thread'])(
  'a full disk mid-game (%s writer): moves wait, nothing crashes, new tables get 503; space back: all resumes, nothing lost',
  async (writer) => {
    const dir = mkdtempSync(join(tmpdir(), 'blaze-diskfull-'));
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', dir], { encoding: 'utf8' });
    if (mount.status !== 0) rmdirSync(dir);
    expect(mount.status, `mount refused: ${mount.stderr}`).toBe(0);
    mounts.push(dir);
    const { proc, base, ws } = await start(dir, writer);

    // A game with three people, a few moves in.
    const created = await newTable(base);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const people = [new Person('Ann'), new Person('Ben'), new Person('Cid')];
    for (const p of people) await p.join(ws, id);
    const [ann] = people as [Person, Person, Person];
    await until(() => people.every((p) => p.seat >= 0), 5_000, 'seats');
    ann.room?.send('start', {});
    await until(() => people.every((p) => p.room?.state.status === 'playing'), 5_000, 'the start');
    for (const p of people) p.play();
    const startSeq = maxSeq(ann.room?.state as BlazeState);
    await until(() => maxSeq(ann.room?.state as BlazeState) >= startSeq + 4, 15_000, 'a few moves');

    // Another table someone sits at, and one nobody joins (it closes while the disk is full).
    const other = (await newTable(base)).body.id as string;
    const dee = new Person('Dee');
    await dee.join(ws, other);
    const abandoned = (await newTable(base)).body.id as string;

    const filler = join(dir, 'filler');
    const took = fill(filler);
    const filledAt = Date.now();

    // Moves wait, and the table says so.
    await until(() => ann.room?.state.savingDelayed === true, 20_000, 'saving delayed');
    const heldAt = maxSeq(ann.room?.state as BlazeState);
    // New tables are refused while the store cannot write, with a stable code.
    let refused = await newTable(base);
    await until(
      async () => {
        refused = await newTable(base);
        return refused.status !== 201;
      },
      5_000,
      'POST /api/tables refused',
    );
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('STORE_UNAVAILABLE');
    // The unclaimed table closes on the full disk: its close fails and is tried again; the process lives.
    await until(
      () => storeLines(proc).some((l) => l.table === abandoned && l.op === 'close'),
      // A hang detector: one CI run beside the unit files (stop 48) had not seen it 15 s on.
      (UNCLAIMED_SECONDS + 40) * 1_000,
      'the abandoned table to close',
    );
    await sleep(1_000);
    expect(proc.child.exitCode, proc.output().slice(-3_000)).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBeGreaterThanOrEqual(200);
    const card = await fetch(`${base}/api/tables/${other}`);
    expect(card.status).toBe(200);
    expect(dee.room?.state.status).toBe('lobby');
    // Nothing was shown meanwhile that is not recorded: the state seen stayed where it was held.
    expect(maxSeq(ann.room?.state as BlazeState)).toBe(heldAt);
    const fullFor = Date.now() - filledAt;

    // Space returns: the held moves land and the game goes on; new tables are taken again.
    rmSync(filler);
    await until(
      () => ann.room?.state.savingDelayed === false && maxSeq(ann.room.state) > heldAt,
      20_000,
      'the held moves to land',
    );
    await until(async () => (await newTable(base)).status === 201, 15_000, 'POST /api/tables accepted again');
    await until(() => maxSeq(ann.room?.state as BlazeState) >= heldAt + 3, 20_000, 'the game to go on');

    // Quiet: the people hold still and nothing changes for a second.
    for (const p of people) p.paused = true;
    let seq = -1;
    await until(
      async () => {
        const now = maxSeq(ann.room?.state as BlazeState);
        const still = now === seq && ann.room?.state.savingDelayed === false;
        seq = now;
        if (!still) await sleep(1_000);
        return still;
      },
      15_000,
      'a quiet table',
    );
    const seen = people.map((p) => plain(viewFromState(p.room?.state as BlazeState, p.seat)));
    const game = ann.room?.state.gameNumber;
    const status = ann.room?.state.status;

    // Store errors were JSON lines, rate-limited: the held table's record failed more often than it said.
    const lines = storeLines(proc);
    const failedLines = lines.filter((l) => l.table === id && l.op === 'record' && l.level === 50);
    const back = lines.find((l) => l.table === id && l.op === 'record' && l.msg === 'record written again');
    expect(failedLines.length).toBeGreaterThan(0);
    expect(failedLines.every((l) => l.reason === 'SQLITE_FULL')).toBe(true);
    expect(back?.failures as number).toBeGreaterThan(failedLines.length);
    expect(proc.output()).not.toMatch(/^SqliteError/m);
    // The abandoned table was marked closed once there was room.
    await until(
      () => storeLines(proc).some((l) => l.table === abandoned && l.msg === 'table marked closed'),
      10_000,
      'the abandoned table marked closed',
    );

    // A kill: the record holds every move each person saw, and the file is sound.
    for (const p of people) p.stop();
    dee.stop();
    proc.child.kill('SIGKILL');
    await new Promise((r) => proc.child.once('exit', r));
    procs.delete(proc);
    serving = null;
    const db = new Database(join(dir, 'blaze.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const entries = (
        db.prepare('SELECT body FROM entries WHERE table_id = ? ORDER BY n').pluck().all(id) as string[]
      ).map((b) => JSON.parse(b) as TableEntry);
      const r = rebuild(entries);
      if ('error' in r || !r.game) throw new Error(`the record does not replay: ${JSON.stringify(r)}`);
      expect(r.gameNumber).toBe(game);
      people.forEach((p, i) => {
        expect(
          plain(viewFor(r.game as NonNullable<typeof r.game>, p.seat)) as PlayerView,
          `${p.name}'s view on record`,
        ).toEqual(seen[i]);
      });
      expect(db.prepare('SELECT open FROM tables WHERE id = ?').pluck().get(abandoned)).toBe(0);
    } finally {
      db.close();
    }

    // Restarted: each person comes back by token to the same view.
    const again = await start(dir, writer);
    for (const p of people) await p.join(again.ws, id);
    await until(
      () => people.every((p) => p.room?.state.status === status && p.seat >= 0),
      10_000,
      'the restored table',
    );
    people.forEach((p, i) => {
      expect(plain(viewFromState(p.room?.state as BlazeState, p.seat)), `${p.name} after the restart`).toEqual(seen[i]);
    });
    for (const p of people) p.stop();
    console.log(
      `${writer}: disk full for ${fullFor} ms (filler ${took} bytes); moves held at log seq ${heldAt}; ` +
        `${failedLines.length} error lines for ${back?.failures} failed record writes of the held table`,
    );
  },
  120_000,
);

if (!ROOT_USER) console.warn('diskFull.test.ts skipped: mounting a tmpfs needs root');
