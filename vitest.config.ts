import { defineConfig } from 'vitest/config';

// One runner for the whole tree; each package is a project so `--project rules` runs just one.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'rules', include: ['packages/rules/**/*.test.ts'] } },
      { test: { name: 'bots', include: ['packages/bots/**/*.test.ts'] } },
      { test: { name: 'protocol', include: ['packages/protocol/**/*.test.ts'] } },
      {
        // Colyseus' server needs real threads, not forks with isolated module graphs.
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          pool: 'threads',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // One browser-heavy file at a time: they share two cores.
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
