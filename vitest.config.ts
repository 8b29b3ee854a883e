import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The tiers a plain `npx vitest` runs: unit + integration (supertest against createApp with a fake
 * backend on 127.0.0.1), which is `npm test`. The browser tiers (e2e, quality) have their own config,
 * vitest.browser.config.ts, so that nobody starts Chromium by accident.
 */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default keeps a core for itself (cores - 1), which on a 2-core
    // machine runs every file in turn while the other core idles: the main process only collects
    // results, and many files spend their time waiting on the servers, encoders and threads they start.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // The first sanitised field starts the sanitiser thread (loading jsdom): seconds on a busy machine.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts?(x)'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts?(x)'],
          environment: 'node',
          globalSetup: ['test/helpers/build-once.ts'],
          // Bounds for a hang only: a busy machine makes tests slower, never red.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
