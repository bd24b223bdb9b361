/** `pnpm start`: the game server and the built web client on one port. */
import { fileURLToPath } from 'node:url';
import { createServer, ROOM_NAME } from './app.js';
import { drainTables, mountGameRecords, openStore, restoreTables } from './store/open.js';

const port = Number(process.env.PORT ?? 2567);
const host = process.env.HOST || undefined;
const staticDir = process.env.STATIC_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

const server = createServer({
  port,
  host,
  staticDir,
  redisUrl: process.env.REDIS_URL || undefined,
  publicAddress: process.env.PUBLIC_ADDRESS || undefined,
});
const store = openStore(process.env);
mountGameRecords(server.app, store);
const bound = await server.listen();
const restored = await restoreTables(store, ROOM_NAME);
if (restored.length > 0) console.log(`restored ${restored.length} table(s) from the ${store.kind} store`);
console.log(`Blaze Online listening on http://${host ?? 'localhost'}:${bound}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing tables and shutting down`);
  // Bounded: a stuck client must not keep the process from exiting.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await drainTables(store);
    await server.close();
    process.exit(0);
  } catch (e) {
    console.error(e);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
