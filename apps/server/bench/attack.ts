/**
 * `pnpm exec tsx apps/server/bench/attack.ts [serverDir]`: attacks the product from outside on
 * loopback and prints what got through. serverDir defaults to this checkout's apps/server; point it
 * at an older checkout's apps/server for a before/after.
 */
import { fileURLToPath } from 'node:url';
import { bigBody, frameFlood, leave, makeTable, sleep, socketFlood, startProduct, tableFlood } from '../test/attack.js';

const serverDir = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
const p = await startProduct(serverDir);
try {
  // Sockets and frames first: they need tables, and table creation is limited per address.
  const sockets = await socketFlood(p, 21);
  console.log(
    `sockets from one address, of 21 tried: ${sockets.joined}${sockets.errors[0] ? ` (refused: ${sockets.errors[0]})` : ''}`,
  );
  for (const r of sockets.rooms) await leave(r);
  const table = await makeTable(p.base);
  console.log(`log lines from 5,000 malformed frames over 5 sockets: ${await frameFlood(p, table, 5_000, 5)}`);
  await sleep(500);
  const rss0 = p.rssMb();
  for (const path of ['/matchmake/joinById/abc', '/api/tables', '/healthz']) {
    const r = await bigBody(p.base, path, 20);
    console.log(`20 MB body to ${path}: ${r.outcome} after ${r.ms} ms`);
  }
  const five = await Promise.all(Array.from({ length: 5 }, () => bigBody(p.base, '/matchmake/joinById/abc', 20)));
  console.log(
    `five 20 MB bodies at once: ${five.map((f) => f.outcome).join(',')}, slowest ${Math.max(...five.map((f) => f.ms))} ms`,
  );
  console.log(`server RSS: ${rss0} MB before the bodies, ${p.rssMb()} MB after`);
  const plain = await fetch(`${p.base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: '{}',
  });
  console.log(`POST /api/tables as text/plain: ${plain.status}`);
  const flood = await tableFlood(p.base, 300);
  console.log(`tables from 300 matchmaker create/joinOrCreate calls: ${flood.matchmaker}`);
  console.log(`tables from 300 POST /api/tables (after 4 made above): ${flood.api}`);
} finally {
  await p.stop();
}
process.exit(0);
