/**
 * The e2e tier's shared set-up (a vitest globalSetup, vitest.browser.config.ts): one production server on
 * the embedded content and one Chromium for all the tier's files, started once instead of once per file.
 * A file that needs nothing of its own gets them through useSiteInBrowser() and launch(); a file whose
 * server needs its own configuration (a fake backend, Redis) still starts that one. The server's caches
 * (stored pages, image variants, the search index) made for one file then serve the next, and a file
 * starts without waiting for a server and a browser to come up.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchOptions } from './browser';
import { startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tier's server (undefined outside the e2e tier: each file starts its own). */
    tierSiteUrl: string | undefined;
    /** The tier's Chromium, for chromium.connect() (undefined outside the e2e tier). */
    tierBrowserEndpoint: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  const browser = await chromium.launchServer(launchOptions());
  project.provide('tierSiteUrl', server.url);
  project.provide('tierBrowserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
