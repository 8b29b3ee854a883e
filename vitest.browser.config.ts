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
          // The build, then one server and one Chromium that the files share (test/helpers/tier-site.ts).
          globalSetup: ['test/helpers/build-once.ts', 'test/helpers/tier-site.ts'],
          // Bounds for a hang, not for speed: CI runs these beside the soak test and the quality gate on
          // two cores, where one page's checks have taken over a minute.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two files at a time, each in browser contexts of its own; a worker that finishes a file takes
          // the next one, so the two stay busy to the end however unequal the files are (vitest's --shard
          // splits by the number of files: fixed halves, one of which can hold the heavy ones).
          maxWorkers: 2,
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
          // One file at a time: CI's e2e tier beside it takes longer, so the link crawl and the HTML checker
          // beside axe's pages gained nothing and slowed each (the checker's fetch of every screen, cold,
          // and its Java run passed their 120 s bound at a load of 25).
          fileParallelism: false,
        },
      },
    ],
  },
});
