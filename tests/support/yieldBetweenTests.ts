/**
 * A setup file for the unit projects. A worker answers its runner's calls (vitest's `onTaskUpdate`)
 * only when its event loop turns; back-to-back synchronous tests (property tests, whole games played
 * in place) never let it turn, and on a loaded machine the runner's 60 s wait for an answer ran out:
 * "Timeout calling onTaskUpdate", an unhandled error that failed a run whose tests all passed
 * (vitest-dev/vitest#6479, #8164). One macrotask after each test lets the answer through.
 */
import { afterEach } from 'vitest';

afterEach(async () => {
  await new Promise((resolve) => setImmediate(resolve));
});
