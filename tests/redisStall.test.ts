/**
 * Issue 39, finding 4: a stalled Redis (SIGSTOP) held table creation, look-ups and joins open with
 * no answer for as long as it stalled, while /healthz said ok. Here a real redis-server is stopped,
 * then killed: every request that waits on it answers 503 within its deadline, /readyz (and its alias
 * /healthz) says Redis is the failed check, /livez stays 200, and once Redis is back everything works
 * again: the chat line sent during the stall is shown to everyone and kept on record.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join, type Player, until } from '../apps/server/test/helpers.js';
import { buildProduct, type Proc, startBuiltServer, startRedis } from './support/processes.js';

/** The server's deadline for Redis; every answer below must come well inside ten of them. */
const DEADLINE_MS = 1_000;
const PROMPT_MS = 10 * DEADLINE_MS;

let redis: Proc & { url: string };
let server: Proc & { port: number; base: string };
let redisDir: string;
let dataDir: string;
const people: Player[] = [];

beforeAll(async () => {
  buildProduct();
  redisDir = mkdtempSync(joinPath(tmpdir(), 'blaze-redis-'));
  dataDir = mkdtempSync(joinPath(tmpdir(), 'blaze-stall-'));
  redis = await startRedis({ dir: redisDir });
  server = await startBuiltServer({
    REDIS_URL: redis.url,
    PUBLIC_ADDRESS: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BACKEND_TIMEOUT_MS: String(DEADLINE_MS),
    TABLES_BURST_PER_ADDRESS: '50',
  });
}, 120_000);

afterAll(async () => {
  for (const p of people) await p.room.leave().catch(() => {});
  redis?.child.kill('SIGCONT');
  await server?.stop();
  await redis?.stop();
  rmSync(redisDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** One request, timed; no answer within PROMPT_MS is status 0 (what the unchanged server gave). */
async function timed(path: string, init: RequestInit = {}): Promise<Answer> {
  const t = Date.now();
  try {
    const res = await fetch(`${server.base}${path}`, { ...init, signal: AbortSignal.timeout(PROMPT_MS) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, ms: Date.now() - t };
  } catch {
    return { status: 0, body: {}, ms: Date.now() - t };
  }
}
const json = { 'content-type': 'application/json' };
const create = () => timed('/api/tables', { method: 'POST', headers: json, body: '{}' });
const joinById = (id: string) =>
  timed(`/matchmake/joinById/${id}`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Late' }) });

/** Everything that waits on Redis, asked at once while it does not answer. */
async function whileDown(id: string) {
  const [made, card, lookup, joined, ready, healthz, live] = await Promise.all([
    create(),
    timed(`/api/tables/${id}`),
    timed(`/api/tables/${id}/lookup`),
    joinById(id),
    timed('/readyz'),
    timed('/healthz'),
    timed('/livez'),
  ]);
  for (const a of [made, card, lookup, joined]) {
    expect(a.status, JSON.stringify(a)).toBe(503);
    expect(a.body.code, JSON.stringify(a)).toMatch(/^(BACKEND_TIMEOUT|UNAVAILABLE)$/);
    expect(a.ms).toBeLessThan(PROMPT_MS);
  }
  for (const a of [ready, healthz]) {
    expect(a.status, JSON.stringify(a)).toBe(503);
    expect(a.body).toMatchObject({ ok: false, failed: ['redis'] });
  }
  expect(live.status).toBe(200);
}

async function untilReady(): Promise<void> {
  const end = Date.now() + 30_000;
  while ((await timed('/readyz')).status !== 200) {
    if (Date.now() > end) throw new Error('not ready again 30 s after Redis came back');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const chat = (p: Player) => p.room.state.chat.map((c) => c.text);

describe('Redis stalled, then killed, under a running server', () => {
  let id = '';
  it('answers everything while Redis runs', async () => {
    const made = await create();
    expect(made.status).toBe(201);
    id = made.body.id as string;
    const endpoint = `ws://127.0.0.1:${server.port}`;
    people.push(await join(endpoint, id, { name: 'Ann' }), await join(endpoint, id, { name: 'Ben' }));
    expect((await timed('/readyz')).status).toBe(200);
  });

  it('SIGSTOP: 503 within the deadline, /readyz names redis, /livez 200; after SIGCONT the line held meanwhile shows', async () => {
    redis.child.kill('SIGSTOP');
    try {
      // Said during the stall: it waits for the record, and must not be lost.
      people[0]?.room.send('chat', { text: 'said while redis slept' });
      await whileDown(id);
    } finally {
      redis.child.kill('SIGCONT');
    }
    await untilReady();
    for (const p of people) await until(() => chat(p).includes('said while redis slept'), 15_000, 'the held chat line');
    expect((await create()).status).toBe(201);
    expect((await timed(`/api/tables/${id}`)).status).toBe(200);
  });

  it('killed and started again: 503 while it is gone, then everything works and nothing is lost', async () => {
    const port = Number(new URL(redis.url).port);
    redis.child.kill('SIGKILL');
    await redis.stop();
    await whileDown(id);
    redis = await startRedis({ port, dir: redisDir });
    await untilReady();
    expect((await create()).status).toBe(201);
    expect((await timed(`/api/tables/${id}`)).status).toBe(200);
    const late = await joinById(id);
    expect(late.status, JSON.stringify(late)).toBe(200);
    people[1]?.room.send('chat', { text: 'after the restart' });
    for (const p of people) await until(() => chat(p).includes('after the restart'), 15_000, 'a new chat line');
    // The line held during the stall is on the table's record in Redis (what a restore replays).
    const record = spawnSync('redis-cli', ['-p', String(port), 'LRANGE', `blaze:t:${id}`, '0', '-1'], {
      encoding: 'utf8',
    }).stdout;
    expect(record).toContain('said while redis slept');
  });
});
