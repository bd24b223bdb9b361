/**
 * The node flags the server runs with, wherever it runs: `pnpm start`, the Dockerfile, the tests that
 * start the compiled server and the load bench (apps/server/test/nodeFlags.test.ts keeps
 * package.json and the Dockerfile in step with this list).
 *
 * --max-semi-space-size=32: a young generation of 2×32 MB instead of V8's 2×16 MB. A table's state
 * lives until its next action, a second or two at human pace; with 500 tables the default young
 * generation filled every few hundred milliseconds, so most states outlived two scavenges and were
 * promoted, to die in the old generation and be swept by full collections that stall every table at
 * once. With 32 MB the bench's promoted bytes halved and scavenges were 2.5× fewer (64 MB did no
 * better and costs more memory). Figures: README, "Tests and figures".
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'] as const;
