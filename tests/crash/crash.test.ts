/**
 * Issue 7, must show 3: the real server process (as `pnpm start` runs it) is killed mid-game with
 * SIGKILL at random moments, then started again on the same DATA_DIR and port. Every time the table
 * is back under its id, the people's clients rejoin their seats by themselves (seat token), nothing
 * they had seen is lost, and the game goes on; once more with SIGTERM, whose close code says
 * "restarting". The finished game equals the rules' replay of its record (GET /api/games/:id).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Action, type CreateOptions, replay } from '@blaze/rules';
import { Client, type Room } from 'colyseus.js';
import { afterAll, expect, it } from 'vitest';
import { chooseAction } from '../../apps/server/src/bots.js';
import { send, viewFromState } from '../../apps/server/test/helpers.js';
import { CLOSE_RESTARTING } from '../../packages/protocol/src/messages.js';
import type { BlazeState } from '../../packages/protocol/src/schema.js';
import { readLog } from '../../packages/protocol/src/wire.js';
import { type Proc, startRedis, startServer } from '../support/processes.js';

const KILLS = 12;
const dataDir = mkdtempSync(join(tmpdir(), 'blaze-crash-'));
let server: (Proc & { port: number; base: string }) | null = null;
let redis: (Proc & { url: string }) | null = null;
afterAll(async () => {
  await server?.stop();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A person's client: plays from its own decoded view and, like the web client, rejoins by token. */
class Person {
  room: Room<BlazeState> | null = null;
  token = '';
  seat = -1;
  closeCodes: number[] = [];
  /** Every log line this client ever decoded, by seq: what it has seen cannot be lost. */
  seen = new Map<number, string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastKey = '';

  constructor(
    readonly name: string,
    private endpoint: string,
    private id: string,
  ) {}

  async join(): Promise<void> {
    const options = { name: this.name, ...(this.token ? { seatToken: this.token } : {}) };
    const room = await new Client(this.endpoint).joinById<BlazeState>(this.id, options);
    this.room = room;
    room.onMessage('seat', (m: { seatToken: string; seat: number }) => {
      this.token = m.seatToken;
      this.seat = m.seat;
    });
    room.onMessage('*', () => {});
    room.onStateChange((s) => {
      for (const l of readLog(s)) if (l.seq > 0) this.seen.set(l.seq, lineKey(l));
    });
    room.onLeave((code) => {
      this.closeCodes.push(code);
      this.room = null;
      if (code !== 4000) void this.rejoin();
    });
  }

  private async rejoin(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt++) {
      await sleep(Math.min(1_000, 100 * (attempt + 1)));
      try {
        await this.join();
        return;
      } catch {
        // the server is still down: keep trying with growing pauses
      }
    }
  }

  play(): void {
    this.timer = setInterval(() => {
      const s = this.room?.state;
      if (!s || this.seat < 0 || s.status !== 'playing' || s.over) return;
      const a: Action | null = chooseAction('heuristic', viewFromState(s, this.seat), Math.random);
      if (!a) return;
      const key = JSON.stringify([a, s.log.length, readLog(s).reduce((m, l) => Math.max(m, l.seq), 0)]);
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

const lineKey = (l: {
  kind: string;
  seat: number;
  other: number;
  value: number;
  text: string;
  cards: Iterable<string>;
}) => JSON.stringify([l.kind, l.seat, l.other, l.value, l.text, [...l.cards]]);

async function restart(signal: 'SIGKILL' | 'SIGTERM', port: number, env: Record<string, string>): Promise<void> {
  const s = server as Proc & { port: number };
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill(signal);
  await exited;
  server = await startServer(env, false, port);
}

it(`SQLite: SIGKILL at ${KILLS} random moments and one SIGTERM: the table comes back, nothing seen is lost`, async () => {
  await crashes({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent' }, KILLS);
});

it('Redis: SIGKILL at 4 random moments and one SIGTERM, the same', async () => {
  redis = await startRedis();
  await crashes({ REDIS_URL: redis.url, STATIC_DIR: '/nonexistent' }, 4);
});

async function crashes(env: Record<string, string>, kills: number): Promise<void> {
  server = await startServer(env);
  const port = server.port;
  const res = await fetch(`${server.base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings: { windowMs: 500, botDelayMs: 150, clock: 'fast', reconnectSeconds: 60 } }),
  });
  const { id } = (await res.json()) as { id: string };
  const endpoint = `ws://127.0.0.1:${port}`;
  const ann = new Person('Ann', endpoint, id);
  const ben = new Person('Ben', endpoint, id);
  await ann.join();
  await ben.join();
  await until(() => ann.seat === 0 && ben.seat === 1, 5_000, 'seats');
  ann.room?.send('addBot', { seat: 2 });
  await until(() => ann.room?.state.players[2]?.occupied === true, 5_000, 'the bot');
  ann.room?.send('start', {});
  await until(() => ann.room?.state.status === 'playing', 5_000, 'start');
  ann.play();
  ben.play();

  const phases: string[] = [];
  for (let k = 0; k <= kills; k++) {
    const signal = k === kills ? 'SIGTERM' : 'SIGKILL';
    await sleep(150 + Math.random() * 900);
    // A game that ended between kills: the host starts the next one, and the kills go on in it.
    if (ann.room?.state?.status === 'finished') {
      const next = (ann.room.state.gameNumber ?? 0) + 1;
      while (ann.room?.state?.gameNumber !== next) {
        ann.room?.send('rematch', {});
        await sleep(300);
      }
    }
    const s = ann.room?.state as BlazeState;
    expect(s?.status).toBe('playing');
    phases.push(s.betting ? 'betting' : s.window ? 'window' : s.table.length > 0 ? 'challenge' : `round ${s.round}`);
    const seenBefore = new Map([...ann.seen, ...ben.seen]);
    await restart(signal, port, env);
    // Both people are back in their seats by themselves, on a table with the same id.
    await until(
      () => [ann, ben].every((p) => p.room?.state?.players?.[p.seat]?.connected === true && p.room.roomId === id),
      30_000,
      `rejoin after ${signal} #${k + 1}`,
    );
    await until(() => (ann.room?.state?.log?.length ?? 0) > 0, 5_000, 'the log');
    // Nothing a client had seen is gone: every log line is still there, word for word.
    const now = new Map<number, string>();
    for (const l of ann.room ? readLog(ann.room.state) : []) now.set(l.seq, lineKey(l));
    const oldest = Math.min(...now.keys());
    for (const [seq, key] of seenBefore) if (seq >= oldest) expect(now.get(seq), `log line ${seq}`).toBe(key);
    expect(ann.room ? readLog(ann.room.state).some((l) => l.kind === 'restored') : false).toBe(true);
  }
  expect(ann.closeCodes).toContain(CLOSE_RESTARTING);

  await until(() => ann.room?.state?.status === 'finished', 120_000, 'the game to end');
  const st = ann.room?.state as BlazeState;
  const record = (await (await fetch(`${server?.base}/api/games/${id}-${st.gameNumber}`)).json()) as {
    options: CreateOptions;
    actions: Action[];
    scores: number[];
    winner: number;
  };
  const again = replay(record.options, record.actions);
  expect(again.ok).toBe(true);
  if (!again.ok) return;
  expect(again.state.over).toBe(true);
  expect(again.state.scores).toEqual([...st.scores]);
  expect(record.scores).toEqual([...st.scores]);
  expect(record.winner).toBe(st.winner);
  console.log(`killed at: ${phases.join(', ')}; ${record.actions.length} actions in the record`);
  await ann.stop();
  await ben.stop();
  await server?.stop();
  server = null;
}
