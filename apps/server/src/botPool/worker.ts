/**
 * One search thread of the bot pool: answers one decision at a time. It receives a PlayerView (never
 * the game state, R11) and a seed, and sends back the move with the time it took.
 */
import { parentPort } from 'node:worker_threads';
import { search, seededStream } from '@blaze/bots';
import type { DecisionReply, DecisionRequest } from './messages.js';

parentPort?.on('message', (req: DecisionRequest) => {
  const t0 = performance.now();
  let reply: DecisionReply;
  try {
    const r = search(req.view, seededStream(req.seed), req.budget);
    reply = { id: req.id, ok: true, action: r.action, iterations: r.iterations, ms: performance.now() - t0 };
  } catch (e) {
    reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e), ms: performance.now() - t0 };
  }
  parentPort?.postMessage(reply);
});

parentPort?.postMessage('ready');
