/**
 * The node flags the server runs with, wherever it runs: `pnpm start`, the Dockerfile, the tests that
 * start the compiled server and the load bench (apps/server/test/nodeFlags.test.ts keeps
 * package.json and the Dockerfile in step with this list).
 *
 * --max-semi-space-size=4: a young generation of 2×4 MB instead of V8's 2×16 MB. A young collection
 * copies what is still alive, and at 500 tables that is mostly each table's newest state, the one
 * its next action replaces: the more tables acted since the last collection, the more there is to
 * copy, while every collection stops every table. With 4 MB a collection comes every 130 ms instead
 * of every 870 ms (with 32 MB, the flag before) and copies 0.5 MB instead of 2.8 MB: its median
 * pause is 2 ms instead of 7 ms, the GC pause p99 at 500 tables 5.6–10.5 ms instead of 8.1–16 ms and
 * at 1000 tables 13 ms instead of 50 ms, for about a tenth more CPU and a quarter less memory. The
 * young generation had been enlarged while the encoder's bookkeeping still outlived collections;
 * once that was cut, smaller won. Figures: README, "Tests and figures".
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'] as const;
