import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; `--project <name>` narrows it.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one file at a time on our 2-core machine,
    // while an API file spends much of its time waiting on its database. Three workers on the two cores keep them
    // busier than two: the whole run at rest took 340 s against 443 s (session 23, the template's build left out).
    // docs/testing.md has the figures.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          // A budget, not a wait: the largest cases (20,000 BVBS lines, random plants' schedules) take a second at
          // rest and overran Vitest's default 5 s at load 58 while asserting nothing about time.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'cutting',
          root: 'packages/cutting',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The solves run on work limits (docs/testing.md): a busy machine makes them slower, never different, so
          // the timeout only guards against a hang (a 10 s solve at rest took 100 s at load 31).
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // Migrates and seeds a template once per run; each file starts from a copy of it.
          globalSetup: ['test/helpers/global-setup.ts'],
          // One module graph per worker, not per file: the files no longer load the app's modules again each
          // (import 222 s → 15 s over a run at rest). TEST_API_ISOLATE=on isolates each file again, to tell a
          // leak between files from a failure of the test (docs/testing.md, "One module graph per worker").
          isolate: process.env.TEST_API_ISOLATE === 'on',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      // The rules of the house: import zones and cycles, immutable migrations, no schema drift.
      { test: { name: 'house', root: '.', include: ['test/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});
