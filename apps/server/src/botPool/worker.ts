/**
 * One search thread of the bot pool: answers one decision at a time. It receives a seat's view of a
 * game (never the game state, R11) and a seed, and sends back the move with the time it took.
 */
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { decideFromMemory as bla5tDecide } from '@blaze/bla5t/module';
import { search, seededStream } from '@blaze/bots';
import { search as durakSearch } from '@blaze/durak/bots';
import type { DecisionReply, DecisionRequest } from './messages.js';

/** One search for the request's game. */
function searched(req: DecisionRequest): { action: Searched; iterations: number } {
  switch (req.game) {
    case 'blaze':
      return search(req.view, seededStream(req.seed), req.budget);
    case 'durak':
      return durakSearch(req.view, seededStream(req.seed), req.budget);
    case 'bla5t':
      // Its candidates are few (at most three), each played out `iterations` times: no count to report.
      return { action: bla5tDecide('strong', req.memory, req.view, seededStream(req.seed), req.budget), iterations: 0 };
  }
}

type Searched = Extract<DecisionReply, { ok: true }>['action'];

// Search yields to the tables: on Linux a thread's nice value is its own (setpriority on the calling
// thread), so this thread runs at the lowest priority (nice 19) and never takes a core from the event loop that
// sends people's patches. Where that is not possible the search simply runs at normal priority.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {}

parentPort?.on('message', (req: DecisionRequest) => {
  const t0 = performance.now();
  let reply: DecisionReply;
  try {
    const r = searched(req);
    reply = { id: req.id, ok: true, action: r.action, iterations: r.iterations, ms: performance.now() - t0 };
  } catch (e) {
    reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e), ms: performance.now() - t0 };
  }
  parentPort?.postMessage(reply);
});

parentPort?.postMessage('ready');
