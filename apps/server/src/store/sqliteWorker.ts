/**
 * The record writer's thread: owns the SQLite file and commits every append waiting when it wakes in
 * one transaction (group commit), so commits and WAL checkpoints never stall the event loop's tables.
 * Requests are answered in the order they came, so a load sees every append asked before it.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { type Append, openSqliteFile, type SqliteFile } from './sqliteFile.js';
import type { WriterData, WriterHello, WriterReply, WriterRequest } from './sqliteMessages.js';

const port = parentPort;
if (!port) throw new Error('sqliteWorker runs as a worker thread');
const { file } = workerData as WriterData;

let db: SqliteFile;
try {
  db = openSqliteFile(file);
  port.postMessage({ hello: true, error: null } satisfies WriterHello);
} catch (e) {
  port.postMessage({ hello: true, error: e instanceof Error ? e.message : String(e) } satisfies WriterHello);
  process.exit(1);
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function answer(id: number, run: () => unknown): WriterReply {
  try {
    return { id, ok: true, value: run() };
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    return { id, ok: false, error: message(e), ...(typeof code === 'string' ? { code } : {}) };
  }
}

/** A run of appends in one transaction; if it fails, each on its own, so only the bad one fails. */
function commit(run: Extract<WriterRequest, { op: 'append' }>[], out: WriterReply[]): void {
  if (run.length === 0) return;
  try {
    const fates = db.appendAll(run.map((r): Append => ({ table: r.table, entries: r.entries, at: r.at })));
    run.forEach((r, i) => {
      out.push({ id: r.id, ok: true, value: fates[i] });
    });
  } catch {
    for (const r of run) out.push(answer(r.id, () => db.append(r.table, r.entries, r.at)));
  }
}

function handle(batch: WriterRequest[]): void {
  const out: WriterReply[] = [];
  let run: Extract<WriterRequest, { op: 'append' }>[] = [];
  let closing = false;
  for (const r of batch) {
    if (r.op === 'append') {
      run.push(r);
      continue;
    }
    commit(run, out);
    run = [];
    switch (r.op) {
      case 'load':
        out.push(answer(r.id, () => db.load(r.table)));
        break;
      case 'openTables':
        out.push(answer(r.id, () => db.openTables()));
        break;
      case 'closeTable':
        out.push(answer(r.id, () => db.closeTable(r.table)));
        break;
      case 'saveGame':
        out.push(answer(r.id, () => db.saveGame(r.record)));
        break;
      case 'getGame':
        out.push(answer(r.id, () => db.getGame(r.game)));
        break;
      case 'savedGames':
        out.push(answer(r.id, () => db.savedGames(r.games)));
        break;
      case 'prune':
        out.push(answer(r.id, () => db.prune(r.before, r.limit)));
        break;
      case 'probe':
        out.push(answer(r.id, () => db.probe()));
        break;
      case 'close':
        out.push(answer(r.id, () => db.close()));
        closing = true;
        break;
      default: {
        const never: never = r;
        throw new Error(`unknown request ${JSON.stringify(never)}`);
      }
    }
    if (closing) break;
  }
  commit(run, out);
  // One message for the whole batch: the event loop wakes once, not once per table.
  port?.postMessage(out);
  if (closing) port?.close();
}

port.on('message', (first: WriterRequest) => {
  const batch = [first];
  for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) batch.push(m.message as WriterRequest);
  handle(batch);
});
