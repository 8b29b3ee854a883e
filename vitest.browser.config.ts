import { defineConfig } from 'vitest/config';

/**
 * The browser tiers, apart from `npm test` (vitest.config.ts): `npm run test:e2e` runs the built site in
 * a real headless Chromium; `npm run test:quality` runs the third-party judges (axe-core, the Nu HTML
 * Checker, a link crawl).
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/build-once.ts'],
          // Bounds for a hang, not for speed: CI runs these beside the soak test and the quality gate on
          // two cores, where one page's checks have taken over a minute.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'quality',
          include: ['test/quality/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/build-once.ts'],
          maxConcurrency: 2,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
