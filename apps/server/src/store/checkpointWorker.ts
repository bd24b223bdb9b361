/**
 * The checkpoint thread (checkpointer.ts): its own connection to the record file, a PASSIVE
 * checkpoint every `everyMs` and a last one when told to stop. After each pass that copied anything
 * it tells the writer how long it took and how far the WAL and the copy had got.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointerData, CheckpointFailed, CheckpointPass } from './checkpointer.js';

const port = parentPort;
if (!port) throw new Error('checkpointWorker runs as a worker thread');
const { file, everyMs } = workerData as CheckpointerData;

// The writer made the file and put it in WAL mode (a mode the file keeps) before starting this thread.
const db = new Database(file, { fileMustExist: true });
let copied = -1;

const checkpoint = () => {
  const started = performance.now();
  let r: { busy: number; log: number; checkpointed: number } | undefined;
  try {
    [r] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  } catch (e) {
    // The disk full or failing: thrown here it ended the thread for good (an uncaught error in its
    // timer). The WAL keeps every commit meanwhile; the next pass tries again once there is room.
    const code = (e as { code?: unknown }).code;
    port.postMessage({
      failed: { message: e instanceof Error ? e.message : String(e), ...(typeof code === 'string' ? { code } : {}) },
    } satisfies CheckpointFailed);
    return;
  }
  // Nothing new since the last pass: no fsync was made, nothing to tell.
  if (!r || r.checkpointed === copied) return;
  copied = r.checkpointed;
  port.postMessage({
    ms: performance.now() - started,
    log: r.log,
    checkpointed: r.checkpointed,
  } satisfies CheckpointPass);
};

const timer = setInterval(checkpoint, everyMs);
port.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  port.close();
});
