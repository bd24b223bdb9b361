/**
 * SQLite's WAL checkpoints, off the event loop. A checkpoint copies the WAL back into the file and
 * fsyncs both (three fsyncs, 6–10 ms together on this project's disk). Left to SQLite, it runs inside
 * whichever commit takes the WAL past 1000 pages: at 500 tables that is about once a second, and each
 * time every table on the loop waits. The inline store turns that off on its own connection and this
 * thread checkpoints through a connection of its own, in PASSIVE mode: it never waits for the writer
 * nor blocks it. After each pass that copied anything, `onPass` hears how far it got (sqlite.ts lets
 * the writer catch up from there, so the WAL can start over). If the thread fails, `onFail` hears why:
 * the store then turns SQLite's own checkpoints back on, so the WAL never grows without bound.
 */
import { Worker } from 'node:worker_threads';

/** What the checkpoint thread is given (checkpointWorker.ts). */
export interface CheckpointerData {
  file: string;
  everyMs: number;
}

/** What the thread tells after a pass that copied pages: its time, and the WAL's frames and those copied. */
export interface CheckpointPass {
  ms: number;
  log: number;
  checkpointed: number;
}

/** What the thread tells after a pass that failed (the disk full): it goes on, and tries again next pass. */
export interface CheckpointFailed {
  failed: { message: string; code?: string };
}

/** Compiled: the bundle beside dist/main.js; from TypeScript (tests, tsx): a shim that registers tsx. */
export const CHECKPOINT_WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './checkpointWorker.mjs' : './checkpoint-worker.js',
  import.meta.url,
);

export interface Checkpointer {
  /** Ends the thread (its last checkpoint done); resolves once it has exited. */
  stop(): Promise<void>;
}

/** How often the thread checkpoints: about as often as SQLite would at 500 tables (1,000 pages). */
export const CHECKPOINT_EVERY_MS = 1000;

export function startCheckpointer(
  file: string,
  onPass: (pass: CheckpointPass) => void,
  onFail: (why: string) => void,
  everyMs = CHECKPOINT_EVERY_MS,
  url: URL = CHECKPOINT_WORKER_URL,
  onPassFailed: (error: Error & { code?: string }) => void = () => {},
): Checkpointer {
  const worker = new Worker(url, { workerData: { file, everyMs } satisfies CheckpointerData });
  worker.on('message', (m: CheckpointPass | CheckpointFailed) => {
    if ('failed' in m) onPassFailed(Object.assign(new Error(m.failed.message), { code: m.failed.code }));
    else onPass(m);
  });
  // The thread's timer keeps it alive, not the process: a server that ends does not wait for it.
  worker.unref();
  let stopping = false;
  let failed = false;
  const fail = (why: string) => {
    if (stopping || failed) return;
    failed = true;
    onFail(why);
  };
  worker.on('error', (e) => fail(`the checkpoint thread failed: ${e.message}`));
  worker.on('exit', (code) => fail(`the checkpoint thread stopped (exit ${code})`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      if (failed) return;
      worker.postMessage('stop');
      await exited;
    },
  };
}
