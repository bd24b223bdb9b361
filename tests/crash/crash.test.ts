/**
 * Issue 7, must show 3: the real server process (as `pnpm start` runs it) is killed with SIGKILL at
 * 20 moments (5 under CI, one of each kind) chosen to cover phase 1, phase 2, betting, a round change
 * and an open take-back window,
 * then started again on the same DATA_DIR and port; once more with SIGTERM, whose close code says
 * "restarting". Every time:
 * - the table is back under its id and each person's client is back in its seat by itself (seat
 *   token, no message of theirs);
 * - each person decodes exactly the state they decoded just before the kill: every public field of
 *   the schema, field by field, their own hand, bet cards and hidden bet (only clock deadlines may
 *   differ, see `comparable`), and every log line they had, word for word;
 * - zero accepted actions are lost: every state a client decoded before a kill is a state of its
 *   game's record (so every action it saw acknowledged is in the record, in order);
 * and every finished game equals the rules' replay of its record (GET /api/games/:id).
 *
 * Why the kills wait for a quiet moment: a client can only be compared with what it decoded if
 * nothing was in flight at the kill. So at a wanted moment the scripted people hold still, the
 * table is left to settle (SETTLE_MS, no change), and the kill follows at once. Bots never move
 * sooner than onScreenMs(botDelayMs) after the last move, so none is due then, nor (usually) in the
 * moments after a restore before the people are back: a restored table's bots wait that long too.
 * Where a loaded machine brings them back later than that and the table has moved, that kill is
 * not counted (see movedMeanwhile) and the run prints how many there were.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type Action, type CreateOptions, type PlayerView, replay, replaySteps, viewFor } from '@blaze/rules';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../apps/server/build/nodeFlags.js';
import { chooseAction } from '../../apps/server/src/bots.js';
import { send, viewFromState } from '../../apps/server/test/helpers.js';
import { CLOSE_RESTARTING } from '../../packages/protocol/src/messages.js';
import type { BlazeState } from '../../packages/protocol/src/schema.js';
import { readLog } from '../../packages/protocol/src/wire.js';
import { freePort, type Proc, ROOT, startRedis, track, until as untilUp } from '../support/processes.js';

type Kind = 'phase1' | 'window' | 'betting' | 'phase2' | 'roundChange';
const KINDS: readonly Kind[] = ['phase1', 'window', 'betting', 'phase2', 'roundChange'];
/**
 * SQLite: 20 SIGKILLs; at least this many of each kind, the rest wherever the game is. Under CI
 * (CI=true, as .ci/run sets) one kill of each kind: every moment this test guards is still killed
 * at, and the run takes a quarter of the time (most of it is waiting for the bot's product rhythm).
 */
const CI = process.env.CI === 'true';
const SQLITE_KILLS = CI ? 5 : 20;
const SQLITE_QUOTA: Record<Kind, number> = CI
  ? { phase1: 1, window: 1, betting: 1, phase2: 1, roundChange: 1 }
  : { phase1: 4, window: 4, betting: 2, phase2: 4, roundChange: 1 };
/** Redis: the same path through the other store, fewer kills (the store suite covers the rest). */
const REDIS_KILLS = 2;
const REDIS_QUOTA: Record<Kind, number> = { phase1: 0, window: 1, betting: 1, phase2: 0, roundChange: 0 };
/** SQLite with its writer on a thread (STORE_WRITER=thread): the same, a few kills. */
const THREAD_KILLS = 3;
const THREAD_QUOTA: Record<Kind, number> = { phase1: 1, window: 1, betting: 0, phase2: 0, roundChange: 0 };
/** Kills whose table moved before the people were back (see movedMeanwhile): a few, not most. */
const MAX_UNCOUNTED = 8;
/** No change for this long before a kill: people's messages in flight have landed and been patched. */
const SETTLE_MS = 150;
const QUIET_BEFORE_BOT_MS = 600;
/**
 * The product's own rhythm: bots answer no sooner than onScreenMs(botDelayMs) after the last move
 * (900 ms at 700 ms), also on a restored table: the quiet in which people come back and compare
 * (0.1 to 0.6 s measured on a loaded 2-core machine). The window and the people's clocks are longer.
 */
const SETTINGS = { windowMs: 2_000, botDelayMs: 700, clock: 'fast', reconnectSeconds: 60 };

const dataDir = mkdtempSync(join(tmpdir(), 'blaze-crash-'));
type Server = Proc & { port: number; base: string };
/** Every run's server now up (the three runs go at once, each with its own): stopped at the end whatever happened. */
const servers = new Set<Server>();
let redis: (Proc & { url: string }) | null = null;
// `pnpm build` (a no-op when nothing changed), awaited without blocking this worker's event loop.
beforeAll(async () => {
  const build = spawn('pnpm', ['build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  build.stdout.on('data', (d) => {
    out += d;
  });
  build.stderr.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((r) => build.once('exit', r));
  if (code !== 0) throw new Error(`pnpm build failed:\n${out}`);
}, 300_000);
afterAll(async () => {
  for (const s of servers) await s.stop();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * One run's own state (the runs go at the same time): its server, whether its scripted people hold
 * still around a kill (the bot and the clocks are the server's), and what its people decoded lately.
 */
interface Run {
  server: Server;
  gate: { paused: boolean };
  /** Counts every state either person decodes, and keeps the time the take-back window last grew. */
  watch: { changes: number; windowCards: number; windowGrewAt: number; changedAt: number };
}

/** A person's client: plays from its own decoded view and, like the web client, rejoins by token. */
class Person {
  room: Room<BlazeState> | null = null;
  token = '';
  seat = -1;
  closeCodes: number[] = [];
  /** Called after every state this client decodes. */
  onChange: (() => void) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastKey = '';
  private barrierDone: (() => void) | null = null;

  constructor(
    readonly name: string,
    private endpoint: string,
    private id: string,
    private gate: Run['gate'],
  ) {}

  async join(): Promise<void> {
    const options = { name: this.name, ...(this.token ? { seatToken: this.token } : {}) };
    const room = await new Client(this.endpoint).joinById<BlazeState>(this.id, options);
    this.room = room;
    room.onMessage('seat', (m: { seatToken: string; seat: number }) => {
      this.token = m.seatToken;
      this.seat = m.seat;
    });
    room.onMessage('error', (m: { request?: string }) => {
      if (m.request === 'settings') this.barrierDone?.();
    });
    room.onMessage('*', () => {});
    room.onStateChange(() => this.onChange?.());
    room.onLeave((code) => {
      this.closeCodes.push(code);
      this.room = null;
      if (code !== 4000) void this.rejoin();
    });
  }

  /** As the web client does on an unexpected close: try again (here every 50 ms) with the token. */
  private async rejoin(): Promise<void> {
    for (let attempt = 0; attempt < 1_200; attempt++) {
      await sleep(50);
      try {
        await this.join();
        return;
      } catch {
        // the server (or the restored table) is not up yet
      }
    }
  }

  /** Resolves once the server has judged everything this client sent before (see quietMoment). */
  barrier(): Promise<void> {
    return new Promise((resolve, reject) => {
      const room = this.room;
      if (!room) {
        resolve();
        return;
      }
      const timer = setTimeout(() => reject(new Error(`${this.name}: no answer to the barrier`)), 10_000);
      this.barrierDone = () => {
        clearTimeout(timer);
        this.barrierDone = null;
        resolve();
      };
      // Refused while a game runs (GAME_RUNNING, a rule refusal: always answered, never a strike).
      room.send('settings', {});
    });
  }

  play(): void {
    this.timer = setInterval(() => {
      const s = this.room?.state;
      if (this.gate.paused || !s || this.seat < 0 || s.status !== 'playing' || s.over) return;
      const a: Action | null = chooseAction('heuristic', viewFromState(s, this.seat), Math.random);
      if (!a) return;
      const key = JSON.stringify([a, maxSeq(s)]);
      if (key === this.lastKey) return;
      this.lastKey = key;
      if (this.room) send({ room: this.room } as never, a);
    }, 60);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.room?.leave(true).catch(() => {});
  }
}

const maxSeq = (s: BlazeState) => readLog(s).reduce((m, l) => Math.max(m, l.seq), 0);

/** Where the game is, as a client decodes it; the rarer moment wins where two apply. */
function classify(s: BlazeState): Kind {
  const seated = s.players.filter((p) => p.occupied);
  const freshRound =
    s.round === 2 &&
    s.phase === 1 &&
    !s.betting &&
    s.table.length === 0 &&
    s.discard.length === 0 &&
    seated.every((p) => p.handCount === 5);
  if (freshRound) return 'roundChange';
  if (s.betting) return 'betting';
  if (s.window !== undefined && s.window.seat >= 0 && s.window.cards.length > 0) return 'window';
  return s.phase === 2 ? 'phase2' : 'phase1';
}

interface Snapshot {
  /** The whole decoded state as plain data, log and deadlines aside. */
  state: Record<string, unknown>;
  /** Log lines by seq, every field. */
  log: Map<number, unknown>;
  view: PlayerView;
  seat: number;
}

/**
 * Everything a client decoded, as plain data. Deadlines are left out on purpose: a restored table
 * restarts its clocks with fresh deadlines (issue 7: "clocks restarted with fresh deadlines"), so
 * they are the one thing allowed to differ. The log is compared line by line (by seq) instead: a
 * restart adds its own lines ("restored", "returned") and the ring may drop the oldest.
 */
function snapshot(p: Person): Snapshot {
  const s = p.room?.state as BlazeState;
  const json = s.toJSON() as Record<string, unknown>;
  // Deadlines (and the base they count from) restart afresh after a restore, by design.
  const { deadlines: _d, clockBase: _b, log: _l, ...state } = json;
  // A hand is a set on the wire (a played card's slot is reused), so its order carries nothing.
  for (const p of (state.players ?? []) as { hand?: string[] }[]) if (p.hand) p.hand = [...p.hand].sort();
  const log = new Map<number, unknown>();
  for (const l of readLog(s)) if (l.seq > 0) log.set(l.seq, l);
  return { state, log, view: viewFromState(s, p.seat), seat: p.seat };
}

function expectSame(before: Snapshot, after: Snapshot, who: string): void {
  expect(after.seat, `${who}'s seat`).toBe(before.seat);
  expect(after.state, `${who}'s decoded state`).toEqual(before.state);
  const oldest = Math.min(...after.log.keys());
  const newest = Math.max(...before.log.keys());
  for (const [seq, line] of before.log)
    if (seq >= oldest) expect(after.log.get(seq), `${who}'s log ${seq}`).toEqual(line);
  // Only the restart's own lines are new: no move was made while the people were away.
  const added = [...after.log].filter(([seq]) => seq > newest).map(([, l]) => (l as { kind: string }).kind);
  expect(
    added.every((k) => k === 'restored' || k === 'returned'),
    `new lines ${added.join(', ')}`,
  ).toBe(true);
  expect(added).toContain('restored');
}

/** The README's command (`pnpm start`: the compiled server; buildProduct ran before), on a loopback port. */
async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const proc = track(
    spawn(process.execPath, [...NODE_FLAGS, 'apps/server/dist/main.js'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await untilUp('server', async () => (await fetch(`${base}/healthz`)).ok, proc, 90_000);
  } catch (e) {
    console.error(`the server on ${port} did not come up; its output:\n${proc.output().slice(-4_000)}`);
    proc.child.kill('SIGKILL');
    throw e;
  }
  const server = { ...proc, port, base };
  servers.add(server);
  return server;
}

async function restart(run: Run, signal: 'SIGKILL' | 'SIGTERM', env: Record<string, string>): Promise<void> {
  const s = run.server;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill(signal);
  await exited;
  servers.delete(s);
  run.server = await startServer(env, s.port);
}

// The three runs go at once, each with its own server, data and table: most of a run is waiting for
// its bot (which must keep the product's rhythm, see SETTINGS), so one after another they only added
// up their waits.
it.concurrent(`SQLite: SIGKILL at ${SQLITE_KILLS} chosen moments and one SIGTERM: the same table, state and seats`, async () => {
  await crashes({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent' }, SQLITE_KILLS, SQLITE_QUOTA);
});

it.concurrent(`SQLite on its writer thread: SIGKILL at ${THREAD_KILLS} chosen moments and one SIGTERM, the same`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'blaze-crash-thread-'));
  try {
    await crashes({ DATA_DIR: dir, STATIC_DIR: '/nonexistent', STORE_WRITER: 'thread' }, THREAD_KILLS, THREAD_QUOTA);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it.concurrent(`Redis: SIGKILL at ${REDIS_KILLS} chosen moments and one SIGTERM, the same`, async () => {
  redis = await startRedis();
  await crashes({ REDIS_URL: redis.url, STATIC_DIR: '/nonexistent' }, REDIS_KILLS, REDIS_QUOTA);
});

/** A window is a kill moment only while young: its clock (windowMs) must not be about to close it. */
const FRESH_WINDOW_MS = 600;

function watchChanges({ watch }: Run, ann: Person, ben: Person, onChange: () => void): void {
  const seen = () => {
    watch.changes++;
    watch.changedAt = Date.now();
    const cards = ann.room?.state?.window?.cards.length ?? 0;
    if (cards > watch.windowCards) watch.windowGrewAt = Date.now();
    watch.windowCards = cards;
    onChange();
  };
  ann.onChange = seen;
  ben.onChange = seen;
}

/** The next decoded change (a move just made), or null after `ms`. */
function nextChange(run: Run, ann: Person, ben: Person, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    watchChanges(run, ann, ben, () => {
      clearTimeout(timer);
      watchChanges(run, ann, ben, () => {});
      resolve(true);
    });
  });
}

function kindNow({ watch }: Run, ann: Person): Kind | null {
  const s = ann.room?.state;
  if (s?.status !== 'playing' || s.over) return null;
  const kind = classify(s);
  if (kind === 'window' && Date.now() - watch.windowGrewAt > FRESH_WINDOW_MS)
    return s.phase === 2 ? 'phase2' : 'phase1';
  return kind;
}

/**
 * Waits for a moment of a wanted kind right after a move, then makes it quiet: the people hold
 * still, each one's earlier messages are all judged (a refused barrier message comes back after
 * them: one client's messages are handled in order), and nothing changes for SETTLE_MS (so the
 * patches of what was accepted, written to the store first, have arrived). Answers the kind, or
 * null when the game ended first.
 */
async function quietMoment(run: Run, ann: Person, ben: Person, want: ReadonlySet<Kind>): Promise<Kind | null> {
  const { gate, watch } = run;
  for (;;) {
    if (ann.room?.state?.status === 'finished') return null;
    gate.paused = false;
    await nextChange(run, ann, ben, 1_000);
    const kind = kindNow(run, ann);
    if (kind === null || !want.has(kind)) continue;
    gate.paused = true;
    await Promise.all([ann.barrier(), ben.barrier()]);
    const changes = watch.changes;
    await sleep(SETTLE_MS);
    // Bots move at least MIN_ON_SCREEN_MS (900 ms) after the last move: a kill well inside that leaves
    // no bot move recorded but not yet shown (on a loaded machine the barrier alone can outlast it).
    if (watch.changes === changes && kindNow(run, ann) === kind && Date.now() - watch.changedAt < QUIET_BEFORE_BOT_MS)
      return kind;
  }
}

async function crashes(env: Record<string, string>, kills: number, quota: Record<Kind, number>): Promise<void> {
  const started = Date.now();
  const run: Run = {
    server: await startServer(env, await freePort()),
    gate: { paused: false },
    watch: { changes: 0, windowCards: 0, windowGrewAt: 0, changedAt: 0 },
  };
  const { gate } = run;
  const port = run.server.port;
  const res = await fetch(`${run.server.base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings: SETTINGS }),
  });
  const { id } = (await res.json()) as { id: string };
  const endpoint = `ws://127.0.0.1:${port}`;
  const ann = new Person('Ann', endpoint, id, gate);
  const ben = new Person('Ben', endpoint, id, gate);
  await ann.join();
  await ben.join();
  await until(() => ann.seat === 0 && ben.seat === 1, 5_000, 'seats');
  ann.room?.send('addBot', { seat: 2 });
  await until(() => ann.room?.state.players[2]?.occupied === true, 5_000, 'the bot');
  ann.room?.send('start', {});
  await until(() => ann.room?.state.status === 'playing', 5_000, 'start');
  ann.play();
  ben.play();

  const hit: Kind[] = [];
  /** Each kill's views, by game: checked against that game's record once it is over. */
  const seenViews: { game: number; kill: number; views: PlayerView[] }[] = [];
  let slowestBack = 0;
  const uncounted: string[] = [];
  for (let k = 0; k <= kills; k++) {
    const signal = k === kills ? 'SIGTERM' : 'SIGKILL';
    const missing = KINDS.filter((x) => hit.filter((h) => h === x).length < quota[x]);
    const want = new Set<Kind>(missing.length > 0 ? missing : KINDS);
    // Words on the record too: chat must come back as well.
    ann.room?.send('chat', { text: `before kill ${k + 1}` });
    const kind = await quietMoment(run, ann, ben, want);
    if (kind === null) {
      // The game ended before a wanted moment: the host starts the next one, and the kills go on.
      const next = (ann.room?.state.gameNumber ?? 0) + 1;
      while (ann.room?.state?.gameNumber !== next) {
        ann.room?.send('rematch', {});
        await sleep(300);
      }
      k--;
      continue;
    }
    hit.push(kind);
    const game = ann.room?.state.gameNumber ?? 0;
    const before = [snapshot(ann), snapshot(ben)];
    seenViews.push({ game, kill: k + 1, views: before.map((b) => b.view) });
    const down = Date.now();
    await restart(run, signal, env);
    // Both people are back in their seats by themselves, on a table with the same id, and each
    // sees the other back (so the two snapshots are of the same moment).
    await until(
      () =>
        [ann, ben].every(
          (p) => p.room?.roomId === id && [ann, ben].every((q) => p.room?.state?.players?.[q.seat]?.connected === true),
        ),
      30_000,
      `rejoin after ${signal} #${k + 1} (${kind})`,
    );
    const after = [snapshot(ann), snapshot(ben)];
    const restored = (ann.room ? readLog(ann.room.state) : [])
      .filter((l) => l.kind === 'restored')
      .sort((a, b) => b.seq - a.seq)[0];
    // Log lines carry no time on the wire: measured from the kill.
    const back = Date.now() - down;
    slowestBack = Math.max(slowestBack, back);
    const when = `after ${signal} #${k + 1} (${kind}, both back ${back} ms after the kill)`;
    // A machine so loaded that the people came back only after the restored table's bot (or a
    // clock) had moved: nothing to compare with exactly. That moment's record is still checked
    // (below: what they saw before it is in the record); the kill is not counted and another follows.
    // Likewise a clock that ran out between the last look and the kill (a SIGTERM is handled a little
    // later than it is sent): its move is on record, so the table is right, but it is not the moment seen.
    const seenUpTo = Math.max(...(before[0] as Snapshot).log.keys());
    const movedMeanwhile = (ann.room ? readLog(ann.room.state) : []).some(
      (l) =>
        restored !== undefined &&
        ((l.seq > restored.seq && l.kind !== 'returned') ||
          (l.seq > seenUpTo && l.seq < restored.seq && !['left', 'returned', 'joined'].includes(l.kind))),
    );
    if (movedMeanwhile) {
      uncounted.push(`${kind} (${back} ms)`);
      expect(uncounted.length, `kills not comparable: ${uncounted.join(', ')}`).toBeLessThanOrEqual(MAX_UNCOUNTED);
      hit.pop();
      k--;
      gate.paused = false;
      continue;
    }
    expectSame(before[0] as Snapshot, after[0] as Snapshot, `Ann ${when}`);
    expectSame(before[1] as Snapshot, after[1] as Snapshot, `Ben ${when}`);
    gate.paused = false;
  }
  expect(ann.closeCodes).toContain(CLOSE_RESTARTING);

  console.log(
    `killed at: ${hit.join(', ')}; slowest restore-to-both-back ${slowestBack} ms; ` +
      `${Math.round((Date.now() - started) / 1000)} s for the kills; not comparable (moved before both were back): ` +
      `${uncounted.length === 0 ? 'none' : uncounted.join(', ')}`,
  );
  // Every kind of moment was hit (as many times as asked).
  for (const kind of KINDS) expect(hit.filter((h) => h === kind).length, kind).toBeGreaterThanOrEqual(quota[kind]);
  await until(() => ann.room?.state?.status === 'finished', 180_000, 'the game to end');
  await until(() => ben.room?.state?.status === 'finished', 5_000, 'Ben to see the end');
  const st = ann.room?.state as BlazeState;
  const finalViews = [viewFromState(st, ann.seat), viewFromState(ben.room?.state as BlazeState, ben.seat)];
  // The server's own final state, as a fresh join by token decodes it whole (a reload): the staying
  // clients must have decoded the same.
  for (const [i, p] of [ann, ben].entries()) {
    const fresh = await new Client(endpoint).joinById<BlazeState>(id, { name: p.name, seatToken: p.token });
    await until(() => fresh.state?.status === 'finished', 5_000, `${p.name}'s reload`);
    expect(plain(finalViews[i]), `${p.name}'s live client against a reload`).toEqual(
      plain(viewFromState(fresh.state, p.seat)),
    );
    await fresh.leave(true);
  }
  for (let g = 1; g <= st.gameNumber; g++) {
    const record = (await (await fetch(`${run.server.base}/api/games/${id}-${g}`)).json()) as {
      options: CreateOptions;
      actions: Action[];
      scores: number[];
      winner: number;
    };
    // The finished game is the rules' replay of its record.
    const again = replay(record.options, record.actions);
    expect(again.ok, `game ${g} replays`).toBe(true);
    if (!again.ok) return;
    expect(again.state.over).toBe(true);
    const result = st.results.find((r) => r.game === g);
    expect(record.scores).toEqual([...(result?.scores ?? [])]);
    expect(again.state.scores).toEqual(record.scores);
    expect(record.winner).toBe(result?.winner);
    if (g === st.gameNumber) {
      expect(plain(viewFor(again.state, ann.seat))).toEqual(plain(finalViews[0]));
      expect(plain(viewFor(again.state, ben.seat))).toEqual(plain(finalViews[1]));
    }
    // Zero accepted actions lost: what each person had decoded before each kill is a state the
    // record passes through, so every action they had seen is in it, in order.
    const steps = replaySteps(record.options, record.actions);
    if (!Array.isArray(steps)) throw new Error(`game ${g} does not replay: ${steps.code}`);
    for (const seen of seenViews.filter((v) => v.game === g)) {
      const found = steps.some((step) =>
        seen.views.every((v) => isDeepStrictEqual(plain(viewFor(step.state, v.viewer)), plain(v))),
      );
      expect(found, `kill ${seen.kill}: the state decoded before it is in game ${g}'s record`).toBe(true);
    }
  }
  console.log(`the whole run took ${Math.round((Date.now() - started) / 1000)} s`);
  await ann.stop();
  await ben.stop();
  await run.server.stop();
  servers.delete(run.server);
}

/**
 * Plain data (undefined fields dropped) for deep comparison. A view's hand is sorted: on the wire a
 * hand is a set (a played card's slot is reused), so its order is not the rules' order.
 */
function plain<T>(x: T): T {
  const out = JSON.parse(JSON.stringify(x)) as T;
  const v = out as { hand?: unknown };
  if (v && typeof v === 'object' && Array.isArray(v.hand)) v.hand = [...(v.hand as string[])].sort();
  return out;
}
