/** Settings: every one validated at start; a bad value is a clear error and the process exits. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from '../src/config.js';
import { startProduct } from './attack.js';
import { closedWithin, createTableFrom, idleSocket, joinFrom } from './fromAddress.js';
import { until } from './helpers.js';

it('defaults: production, port 2567, limits on', () => {
  expect(DEFAULT_CONFIG.NODE_ENV).toBe('production');
  expect(DEFAULT_CONFIG.PORT).toBe(2567);
  expect(DEFAULT_CONFIG.MAX_CONNECTIONS_PER_ADDRESS).toBe(20);
  const empty = parseConfig({ PORT: '', REDIS_URL: '' });
  expect(empty.ok && empty.config.PORT === 2567 && empty.config.REDIS_URL === undefined).toBe(true);
});

it('names each bad variable, without echoing its value', () => {
  const r = parseConfig({ PORT: 'eighty', MAX_TABLES: '0', REDIS_URL: 'http://user:secret@x', TRUST_PROXY: 'maybe' });
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.errors.map((e) => e.split(':')[0]).sort()).toEqual(['MAX_TABLES', 'PORT', 'REDIS_URL', 'TRUST_PROXY']);
  expect(r.errors.join('\n')).not.toContain('secret');
});

it('main.ts exits 2 with the reason before listening', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.run.json', PORT: '70000', NODE_ENV: '' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/bad settings in the environment:\s+PORT: /);
  expect(r.stdout).not.toMatch(/listening/);
});

it('START_SAVE_WAIT_SECONDS: 10 s by default, whole seconds from 1 to 600, and main.ts hands it to the tables', () => {
  expect(DEFAULT_CONFIG.START_SAVE_WAIT_SECONDS).toBe(10);
  const ok = parseConfig({ START_SAVE_WAIT_SECONDS: '3' });
  expect(ok.ok && ok.config.START_SAVE_WAIT_SECONDS).toBe(3);
  for (const bad of ['0', '601', '1.5', 'soon']) {
    const r = parseConfig({ START_SAVE_WAIT_SECONDS: bad });
    expect(r.ok ? [] : r.errors.map((e) => e.split(':')[0])).toEqual(['START_SAVE_WAIT_SECONDS']);
  }
  const main = readFileSync(fileURLToPath(new URL('../src/main.ts', import.meta.url)), 'utf8');
  expect(main).toContain('startWaitMs: config.START_SAVE_WAIT_SECONDS * 1000');
});

it('a number setting takes only whole decimal numbers: blanks, hex and exponents are refused, not read as 0 or 30', () => {
  // Number(' ') is 0: a blank RECORD_RETENTION_DAYS kept records for ever and a blank PORT took any port.
  for (const [key, bad] of [
    ['RECORD_RETENTION_DAYS', ' '],
    ['RECORD_RETENTION_DAYS', '0x1e'],
    ['START_SAVE_WAIT_SECONDS', '1e1'],
    ['PORT', '  '],
    ['MAX_TABLES', '+5'],
  ] as const) {
    const r = parseConfig({ [key]: bad });
    expect(r.ok ? `${key}=${JSON.stringify(bad)} accepted` : r.errors.map((e) => e.split(':')[0])).toEqual([key]);
  }
  const ok = parseConfig({ RECORD_RETENTION_DAYS: ' 30 ', START_SAVE_WAIT_SECONDS: '15' });
  expect(ok.ok && [ok.config.RECORD_RETENTION_DAYS, ok.config.START_SAVE_WAIT_SECONDS]).toEqual([30, 15]);
});

it('the edge settings of issue 39: defaults, whole seconds in range', () => {
  expect(DEFAULT_CONFIG.TABLE_UNCLAIMED_SECONDS).toBe(60);
  expect(DEFAULT_CONFIG.TABLES_HELD_PER_ADDRESS).toBe(10);
  expect(DEFAULT_CONFIG.HTTP_CONNECTIONS_PER_ADDRESS).toBe(64);
  expect(DEFAULT_CONFIG.HTTP_HEADERS_TIMEOUT_SECONDS).toBe(10);
  expect(DEFAULT_CONFIG.HTTP_REQUEST_TIMEOUT_SECONDS).toBe(30);
  expect(DEFAULT_CONFIG.HTTP_KEEPALIVE_SECONDS).toBe(5);
  expect(DEFAULT_CONFIG.JOIN_WITHIN_SECONDS).toBe(10);
  const r = parseConfig({
    TABLE_UNCLAIMED_SECONDS: '4',
    TABLES_HELD_PER_ADDRESS: '0',
    HTTP_CONNECTIONS_PER_ADDRESS: 'many',
    HTTP_HEADERS_TIMEOUT_SECONDS: '1.5',
    HTTP_REQUEST_TIMEOUT_SECONDS: '0',
    HTTP_KEEPALIVE_SECONDS: '-1',
    JOIN_WITHIN_SECONDS: '601',
  });
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.errors).toHaveLength(7);
});

it('main.ts hands the edge settings to the server: timeouts, socket cap, held tables, join deadline', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'blaze-config-'));
  const p = await startProduct(fileURLToPath(new URL('..', import.meta.url)), {
    HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    HTTP_CONNECTIONS_PER_ADDRESS: '3',
    TABLES_HELD_PER_ADDRESS: '1',
    JOIN_WITHIN_SECONDS: '1',
    DATA_DIR: dataDir,
  });
  try {
    const port = Number(new URL(p.base).port);
    const idle = await idleSocket('127.0.0.81', port);
    const closed = closedWithin(idle, 10_000);
    const crowd: Socket[] = [];
    for (let i = 0; i < 6; i++) crowd.push(await idleSocket('127.0.0.82', port));
    await until(() => crowd.filter((s) => !s.destroyed).length <= 3, 5_000, 'the cap');
    expect(await closed).not.toBe('open');
    const made = await createTableFrom('127.0.0.83', p.base);
    expect(made.status).toBe(201);
    expect((await createTableFrom('127.0.0.83', p.base)).body.code).toBe('TOO_MANY_TABLES');
    const silent = await joinFrom('127.0.0.84', p.base, String(made.body.id), 'Silent', false);
    expect(await closedWithin(silent, 10_000)).not.toBe('open');
    for (const s of crowd) s.destroy();
  } finally {
    await p.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
