/**
 * Must show 6: `src/main.ts` serves the built web client and the game server on one port, answers
 * /healthz, creates tables over HTTP, and shuts down cleanly on SIGTERM.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { listeningPort, type Proc, spawnMain } from '../../../tests/support/processes.js';
import { join, until } from './helpers.js';

let child: Proc | undefined;

afterAll(() => {
  if (child && child.child.exitCode === null) child.child.kill('SIGKILL');
});

it('serves client, /healthz, /api/tables and websockets on one port; exits 0 on SIGTERM', async () => {
  const web = mkdtempSync(joinPath(tmpdir(), 'blaze-web-'));
  writeFileSync(joinPath(web, 'index.html'), '<!doctype html><title>Blaze Online</title>');
  writeFileSync(joinPath(web, 'app.js'), 'console.log(1)');
  const main = spawnMain({ STATIC_DIR: web });
  child = main;
  const port = await listeningPort(main, 30_000);
  const http = `http://127.0.0.1:${port}`;

  const health = await fetch(`${http}/healthz`);
  expect(health.status).toBe(200);
  expect(((await health.json()) as { ok: boolean }).ok).toBe(true);
  expect(await (await fetch(`${http}/app.js`)).text()).toBe('console.log(1)');
  // SPA fallback: an invite link loads the app.
  const invite = await fetch(`${http}/t/abcdefghijkl`);
  expect(invite.status).toBe(200);
  expect(await invite.text()).toContain('Blaze Online');
  // A link checker or a chat preview asks HEAD first: the same page, headers only.
  const head = await fetch(`${http}/t/abcdefghijkl`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toMatch(/text\/html/);

  const created = await fetch(`${http}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  const bad = await fetch(`${http}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings: { windowMs: 1 } }),
  });
  expect(bad.status).toBe(400);

  const p = await join(`ws://127.0.0.1:${port}`, id, { name: 'Visitor' });
  await until(() => p.seat === 0 && p.host);
  let left = -1;
  p.room.onLeave((code) => {
    left = code;
  });

  const exited = new Promise<number | null>((r) => main.child.on('exit', (code) => r(code)));
  main.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  await until(() => left !== -1, 5_000, 'client told the table closed');
  expect(main.output()).toContain('SIGTERM');
});

it('a record file that is not a database stops the start with a clear error (exit 3), untouched, before listening', async () => {
  const dir = mkdtempSync(joinPath(tmpdir(), 'blaze-bad-record-'));
  const garbage = Buffer.alloc(8192, 0x5a);
  writeFileSync(joinPath(dir, 'blaze.sqlite'), garbage);
  const bad = spawnMain({ DATA_DIR: dir });
  const out = bad.output;
  const code = await new Promise<number | null>((r) => bad.child.on('exit', (c) => r(c)));
  // Was a stack trace from better-sqlite3 and exit 1.
  expect(code).toBe(3);
  expect(out()).toContain('cannot open the table record: file is not a database');
  expect(out()).not.toContain('listening on');
  expect(readFileSync(joinPath(dir, 'blaze.sqlite')).equals(garbage)).toBe(true);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);
