/**
 * `pnpm exec tsx apps/server/bench/held.ts [serverDir]`: issue 39's findings 2 and 3, small and
 * bounded, against the product as `pnpm start` runs it (point serverDir at an older checkout's
 * apps/server for a before/after). From several loopback addresses:
 *  - held tables: MAX_TABLES=20; 4 addresses each make 5 tables with reconnectSeconds 120, join
 *    each once and drop the socket; then a fresh address tries to create and join a table, at
 *    once and after TABLE_UNCLAIMED_SECONDS (10 here) and a margin;
 *  - sockets: 200 idle sockets from one address, then /healthz and a table from another; one idle
 *    socket, one with slow headers, one with a slow body, each timed until the server closes it
 *    (watched for at most 100 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, startProduct } from '../test/attack.js';
import { closedWithin, createTableFrom, httpFrom, idleSocket, joinFrom } from '../test/fromAddress.js';

const serverDir = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
const WATCH_MS = 100_000;
// A record of its own: tables a previous run left would be restored and count.
const dataDir = mkdtempSync(join(tmpdir(), 'blaze-held-'));
const p = await startProduct(serverDir, {
  MAX_TABLES: '20',
  TABLE_UNCLAIMED_SECONDS: '10',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
});
const port = Number(new URL(p.base).port);
try {
  // Finding 3 first, so its clocks run while the tables are held.
  const idle = await idleSocket('127.0.0.60', port);
  const slowHeaders = await idleSocket('127.0.0.61', port);
  slowHeaders.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
  const h = setInterval(() => slowHeaders.writable && slowHeaders.write('X-Slow: 1\r\n'), 2_000);
  const slowBody = await idleSocket('127.0.0.62', port);
  slowBody.write(
    'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
  );
  const b = setInterval(() => slowBody.writable && slowBody.write(' '), 2_000);
  const watched = Promise.all([
    closedWithin(idle, WATCH_MS),
    closedWithin(slowHeaders, WATCH_MS),
    closedWithin(slowBody, WATCH_MS),
  ]);

  const crowd = [];
  for (let i = 0; i < 200; i++) crowd.push(await idleSocket('127.0.0.70', port).catch(() => null));
  await sleep(2_000);
  const crowdOpen = crowd.filter((s) => s !== null && !s.destroyed).length;
  const health = await httpFrom('127.0.0.71', p.base, 'GET', '/healthz');
  console.log(
    `200 idle sockets from 127.0.0.70: ${crowdOpen} still open after 2 s; /healthz from another: ${health.status}`,
  );

  // Finding 2.
  let made = 0;
  const refused: string[] = [];
  for (let a = 1; a <= 4; a++) {
    const from = `127.0.0.${10 + a}`;
    for (let t = 0; t < 6; t++) {
      const r = await createTableFrom(from, p.base, { reconnectSeconds: 120 });
      if (r.status !== 201) {
        refused.push(`${from}: ${r.status} ${String(r.body.code)}`);
        continue;
      }
      made++;
      const s = await joinFrom(from, p.base, String(r.body.id), `H${a}${t}`);
      await sleep(50);
      s.destroy();
    }
  }
  console.log(
    `4 addresses x 6 tries (reconnectSeconds 120, joined once, dropped): ${made} tables; refused: ${refused.join('; ') || 'none'}`,
  );
  const fresh = async (label: string) => {
    const r = await createTableFrom('127.0.0.99', p.base);
    let joined = 'no table';
    if (r.status === 201) {
      const s = await joinFrom('127.0.0.99', p.base, String(r.body.id), 'Fresh').catch((e) => e as Error);
      joined = s instanceof Error ? s.message : 'joined';
      if (!(s instanceof Error)) s.destroy();
    }
    const rooms = ((await httpFrom('127.0.0.98', p.base, 'GET', '/healthz')).body.rooms as number) ?? '?';
    console.log(
      `${label}: fresh address creates -> ${r.status} ${String(r.body.code ?? '')}, ${joined}; tables open ${rooms}`,
    );
  };
  await fresh('at once');
  await sleep(15_000);
  await fresh('after 15 s');

  const [i, sh, sb] = await watched;
  clearInterval(h);
  clearInterval(b);
  const fmt = (x: number | 'open') =>
    x === 'open' ? `open after ${WATCH_MS / 1000} s` : `closed after ${(x / 1000).toFixed(1)} s`;
  console.log(`idle socket: ${fmt(i)}; slow headers: ${fmt(sh)}; slow body: ${fmt(sb)}`);
  for (const s of crowd) s?.destroy();
} finally {
  await p.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
