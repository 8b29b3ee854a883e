/**
 * The usual browser-suite set-up: a production server on the embedded content and a Chromium (the
 * tier's, test/helpers/tier-site.ts, when it runs), and the check every screen gets: it loads, every
 * island on it hydrates, nothing else does, and it settles with no console error, page error or
 * hydration warning.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest';
import { hydrated, launch, networkQuiet, newContext, watch, type WatchedPage } from './browser';
import { hydratedStaticParts, wakeAllIslands } from './islands';
import { startServer, type RunningServer } from './server-process';

export interface SiteInBrowser {
  /** The tier's server, or the file's own when `env` asks for one or no tier's runs. */
  server: Pick<RunningServer, 'url'>;
  browser: Browser;
  /**
   * One context for the file's pages that need nothing of their own (a fresh cookie jar, a device):
   * its HTTP cache makes each next page load cheaper, about half the time of a page in a new context.
   */
  shared: BrowserContext;
}

/**
 * The server and the browser for the file's tests: the tier's server on the embedded content, unless
 * `env` configures one of the file's own (started before the tests and stopped after them).
 */
export function useSiteInBrowser(env: Record<string, string> = {}): SiteInBrowser {
  const site = {} as SiteInBrowser;
  let own: RunningServer | undefined;
  beforeAll(async () => {
    const shared = Object.keys(env).length === 0 ? inject('tierSiteUrl') : undefined;
    site.server = shared ? { url: shared } : (own = await startServer(env));
    site.browser = await launch();
    site.shared = await newContext(site.browser);
  });
  afterAll(async () => {
    await site.browser?.close();
    await own?.stop();
  });
  return site;
}

/** A new page in the file's shared context, `width` x `height` when given; close it with page.close(). */
export async function sharedPage(site: SiteInBrowser, viewport?: { width: number; height: number }): Promise<WatchedPage> {
  const watched = watch(await site.shared.newPage());
  if (viewport) await watched.page.setViewportSize(viewport);
  return watched;
}

/**
 * Opens `url`, waits for hydration, wakes every island and waits for each, checks that no static part
 * has React attached, runs `check`, waits for quiet, and expects no problem on the way.
 */
export async function expectCleanHydration(site: SiteInBrowser, url: string, check?: (page: Page) => Promise<void>): Promise<void> {
  const { page, problems } = await sharedPage(site);
  // A wait that never ends is ended by the test's time limit, whose message does not say which wait it was.
  let waitingFor = 'the page to load';
  onTestFailed(() =>
    console.error(
      `${url}: failed while waiting for ${waitingFor}; frames: ${page
        .frames()
        .map((frame) => frame.url())
        .join(', ')}`,
    ),
  );
  const response = await page.goto(site.server.url + url);
  expect(response?.status()).toBe(200);
  waitingFor = 'hydration';
  await hydrated(page);
  waitingFor = 'every island to wake';
  await wakeAllIslands(page);
  expect(await hydratedStaticParts(page)).toEqual([]);
  waitingFor = "the test's own check";
  await check?.(page);
  waitingFor = 'the network to go quiet';
  await networkQuiet(page);
  expect(problems).toEqual([]);
  await page.close();
}
