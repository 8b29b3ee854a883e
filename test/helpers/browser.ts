/**
 * A real headless Chromium (Debian's package, or CHROMIUM_PATH) driven by playwright-core. Every page
 * records console errors, page errors and React hydration complaints, so a test can assert none.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const path = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p)));
  if (!path) {
    throw new Error("No Chromium found. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.");
  }
  return path;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors/warnings and uncaught page errors, in order. */
  problems: string[];
}

/**
 * A new context: waits and navigations get no limit of their own (Playwright's is 30 s; the test's
 * timeout bounds them, so a loaded machine makes a test slower, not red; a wait that names its own
 * timeout keeps it), and the splash is marked as seen unless `splash` is true.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions & { splash?: boolean } = {}): Promise<BrowserContext> {
  const { splash, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  context.setDefaultTimeout(0);
  if (!splash) {
    // Init scripts run in every frame, and a frame showing a PDF has no sessionStorage.
    await context.addInitScript(() => window.sessionStorage?.setItem('splash-seen', '1'));
  }
  return context;
}

/** Records the page's console errors and warnings and its uncaught errors. */
export function watch(page: Page): WatchedPage {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

/** A new page, in a context of its own, that reports problems. */
export async function openPage(browser: Browser, options: BrowserContextOptions & { splash?: boolean } = {}): Promise<WatchedPage> {
  const context = await newContext(browser, options);
  return watch(await context.newPage());
}

/**
 * Resolves once React has hydrated the document (the nav is marked enhanced after hydration). No limit
 * of its own (Playwright's is 30 s): the test's timeout bounds it, so a loaded machine makes it slower,
 * not red.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('#main-nav[data-enhanced]', { state: 'attached', timeout: 0 });
}
