import { configDefaults, defineConfig } from 'vitest/config';

// One runner for the whole tree; each package is a project so `--project rules` runs just one.
// Time limits only catch a hung test: property tests and whole games take several times longer on a
// loaded 2-core machine than on a quiet one, and no test here is a timing test.
const unit = { testTimeout: 60_000, setupFiles: ['tests/support/yieldBetweenTests.ts'] };
const e2e = {
  pool: 'forks',
  testTimeout: 300_000,
  hookTimeout: 120_000,
  poolOptions: { forks: { singleFork: true } },
} as const;
/**
 * The browser files run one at a time; BLAZE_BROWSER_FILES=3 runs three side by side (each file has its
 * own server, port, data folder and Chromium: tests/support/processes.ts). On this 2-core machine three
 * at a time saved only 190 s of 1,230 (Chromium's drawing takes the cores) and a cue test
 * missed its bound at load 17, so one at a time stays the default.
 */
const browserFiles = Number(process.env.BLAZE_BROWSER_FILES ?? 1);
const inForks = (files: number) =>
  ({ ...e2e, poolOptions: { forks: { singleFork: files <= 1, maxForks: files, minForks: 1 } } }) as const;
const browser = inForks(browserFiles);
/** The light files (below) as many at a time as BLAZE_LIGHT_FILES says, else as the others. */
const lightBrowser = inForks(Number(process.env.BLAZE_LIGHT_FILES ?? browserFiles));
/**
 * Browser files that mostly wait (servers, sockets, bots' delays, kills) and hold no bound a loaded
 * machine breaks: scripts/test.sh runs them (project `e2e-light`) beside the others. Measured alone,
 * each kept at most about one of the 2 cores busy (`/usr/bin/time`, CPU seconds over wall seconds,
 * 0.5-1.1), so one at a time left a core idle. The drawing sweeps and the files with time bounds (the
 * round summary's arrival, a peek's 4 s, cues, layout's stillness) stay in `e2e`, which runs with
 * only these (then typecheck and lint) beside it, at a lower priority and two at a time (scripts/test.sh).
 * A new file is in `e2e` until measured. `pacing` holds only a lower bound (the server's gaps between
 * moves), which a loaded machine cannot break, and waits (0.4 of a core alone): it is light. So is
 * `sizes` (its bounds are geometry, its waits 30 s polls), and so is Durak's lesson (stop 56; 0.8 of a
 * core alone, stop 49; its waits are 10-30 s polls). With typecheck lighter the light lane had ended 72 s
 * before the main one (327 s against 399); with Durak's screen sweep moved too it ended 50 s after (401
 * s against 351), so the sweep went back. With Chromium's headless shell (stop 57) the light lane ended
 * 52 s before the main one (248 s against 300) and the main lane's last minute kept one core idle: the
 * sweep moved again (its bounds are sizes, not times).
 */
export const lightBrowserFiles = [
  'bots',
  'bla5tAdvanced',
  'bla5tReplay',
  'crash',
  'durakJourney',
  'durakKeyboard',
  'durakLearn',
  'durakScreens',
  'explain',
  'headers',
  'interaction',
  'journey',
  'learnPractice',
  'otherGame',
  'pacing',
  'polish',
  'replay',
  'resultsFocus',
  'sizes',
  'spectate',
  'startWait',
  'switchGame',
].map((name) => `tests/browser/${name}.test.ts`);
export default defineConfig({
  test: {
    // Three test files at a time (the e2e and system projects stay one at a time: singleFork). On 2
    // cores vitest would run one (a worker per core less one), and most unit files wait more than they
    // compute: the server's used 123 s of CPU in a 309 s run.
    maxWorkers: 3,
    minWorkers: 1,
    projects: [
      { test: { name: 'rules', include: ['packages/rules/**/*.test.ts'], ...unit } },
      { test: { name: 'bots', include: ['packages/bots/**/*.test.ts'], ...unit } },
      { test: { name: 'protocol', include: ['packages/protocol/**/*.test.ts'], ...unit } },
      {
        // The game-module contract, its conformance suite, and each game's module run through it.
        test: {
          name: 'game',
          include: [
            'packages/game/**/*.test.ts',
            'packages/blaze-game/**/*.test.ts',
            'packages/durak/**/*.test.ts',
            'packages/bla5t/**/*.test.ts',
          ],
          ...unit,
        },
      },
      {
        // Colyseus' server needs real threads, not forks with isolated module graphs.
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          pool: 'threads',
          setupFiles: ['tests/support/yieldBetweenTests.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/**/*.test.ts'], environment: 'node', ...unit } },
      {
        // The browser journeys: a few files at a time (`browserFiles`), the light ones apart.
        test: {
          name: 'e2e',
          include: ['tests/browser/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...lightBrowserFiles],
          ...browser,
        },
      },
      { test: { name: 'e2e-light', include: lightBrowserFiles, ...lightBrowser } },
      {
        // Real processes without a browser (Redis, nginx, kills and restarts, the image): one file at a
        // time too, but scripts/test.sh runs this project beside the unit projects and the browser files,
        // since most of its time is spent waiting for processes, not computing.
        test: {
          name: 'system',
          include: ['tests/*.test.ts', 'tests/crash/**/*.test.ts'],
          ...e2e,
        },
      },
    ],
  },
});
