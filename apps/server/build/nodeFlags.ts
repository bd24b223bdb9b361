/**
 * The node flags the server runs with, wherever it runs: `pnpm start`, the Dockerfile, the tests that
 * start the compiled server and the load bench (apps/server/test/nodeFlags.test.ts keeps
 * package.json and the Dockerfile in step with this list).
 *
 * --max-semi-space-size=2: a young generation of 2×2 MB instead of V8's 2×16 MB. A young collection
 * copies what is still alive, and at 500 tables that is mostly each table's newest state, the one
 * its next action replaces: the more tables acted since the last collection, the more there is to
 * copy, while every collection stops every table. Smaller collections, more often, keep each pause
 * short. Stop 21 chose 4 MB over 32 MB (GC pause p99 at 500 tables 5.6–10.5 ms against 8.1–16 ms);
 * at stop 29, once bots no longer decided at every change, 2 MB measured against 4 MB, alternating:
 * at 500 tables GC pause p99 median 4.5 ms (≤ 5 ms in 6 of 8 runs) against 6.2 ms (none of 8), the
 * people's p99 the same (median 6.3 against 6.5 ms); at 1000 tables p99 18–26 ms against 49–54 ms
 * and GC pause p99 6.4–6.8 against 11.5–13.7 ms, for about a tenth more CPU at 500 tables and less at
 * 1000. Figures: docs/benchmarks.md.
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2'] as const;
