/**
 * The usual browser-suite set-up: one production server on the embedded content and one Chromium for
 * the file, and the check every screen gets: it loads, hydrates and settles with no console error,
 * page error or hydration warning.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { hydrated, launch, openPage } from './browser';
import { startServer, type RunningServer } from './server-process';

export interface SiteInBrowser {
  server: RunningServer;
  browser: Browser;
}

/** Starts the server and the browser before the file's tests and stops both after them. */
export function useSiteInBrowser(env: Record<string, string> = {}): SiteInBrowser {
  const site = {} as SiteInBrowser;
  beforeAll(async () => {
    site.server = await startServer(env);
    site.browser = await launch();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

/** Opens `url`, waits for hydration and quiet, runs `check`, and expects no problem on the way. */
export async function expectCleanHydration(site: SiteInBrowser, url: string, check?: (page: Page) => Promise<void>): Promise<void> {
  const { page, problems } = await openPage(site.browser);
  const response = await page.goto(site.server.url + url);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await check?.(page);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await page.context().close();
}
