/**
 * Deadlines for what a request waits on (Redis presence and driver, the table store). A stalled
 * Redis (SIGSTOP, a full network buffer) answers nothing and fails nothing: without a deadline the
 * request hung as long as the stall, and the person with it. The late call is not cancelled (Redis
 * offers no way to); whatever it does once Redis answers stays consistent on its own (a table made
 * late closes unclaimed, a seat reserved late lapses).
 */
import type express from 'express';

/** The stable code every late answer carries (503). */
export const BACKEND_TIMEOUT = 'BACKEND_TIMEOUT';

/** What did not answer in time: the reason a 503 gives. */
export type Backend = 'matchmaking' | 'store';

export class DeadlineExceeded extends Error {
  readonly code = BACKEND_TIMEOUT;
  constructor(
    readonly backend: Backend,
    readonly ms: number,
  ) {
    super(`${backend} did not answer within ${ms} ms`);
  }
}

/** `work`, or a DeadlineExceeded after `ms`; the timer never keeps the process alive. */
export function withDeadline<T>(work: Promise<T>, ms: number, backend: Backend): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(backend, ms)), ms);
    timer.unref?.();
  });
  // A late failure of the abandoned work is not an unhandled rejection.
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The body of every 503 a deadline answers. */
export function deadlineBody(e: DeadlineExceeded): { code: string; reason: Backend; message: string } {
  const what = e.backend === 'store' ? 'The table record' : 'The table directory';
  return { code: BACKEND_TIMEOUT, reason: e.backend, message: `${what} is not answering; try again in a moment.` };
}

/** Answers a DeadlineExceeded as its 503 (true), or leaves any other error to the caller (false). */
export function answerDeadline(res: express.Response, e: unknown): boolean {
  if (!(e instanceof DeadlineExceeded)) return false;
  res.status(503).setHeader('Retry-After', '2').json(deadlineBody(e));
  return true;
}
