/**
 * A real headless Chromium (Debian's package, or CHROMIUM_PATH) driven by playwright-core. Every page
 * records console errors, page errors and React hydration complaints, so a test can assert none.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { islandHydrated } from './island-hydrated';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const path = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p)));
  if (!path) {
    throw new Error("No Chromium found. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.");
  }
  return path;
}

/**
 * How every Chromium of the tests starts (a file's own, or the tier's: test/helpers/tier-site.ts). `args`:
 * more command-line switches, e.g. a `--user-agent` that every request carries.
 */
export function launchOptions(args: string[] = []): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
      ...args,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}

/**
 * A Chromium for a test file: the tier's, when its set-up started one for all its files
 * (test/helpers/tier-site.ts) and the file needs no switch of its own (`args`), or else one of the file's
 * own. `browser.close()` ends either: the tier's loses only this file's contexts and stays up for the
 * other files.
 */
export async function launch(args: string[] = []): Promise<Browser> {
  const shared = args.length === 0 ? inject('tierBrowserEndpoint') : undefined;
  return shared ? chromium.connect(shared) : chromium.launch(launchOptions(args));
}

/**
 * How long one wait may take before it fails with Playwright's message, which names the call and what it
 * was waiting for. Far above what a wait takes on a busy machine (seconds at most, CI's browser tiers
 * beside the soak test included) and below the browser tiers' test limits (e2e 180 s, quality 120 s),
 * whose own message says only that the test timed out.
 */
export const WAIT_LIMIT_MS = 100_000;

export interface WatchedPage {
  page: Page;
  /** Console errors/warnings and uncaught page errors, in order. */
  problems: string[];
}

/**
 * A new context: waits and navigations get WAIT_LIMIT_MS (Playwright's 30 s would make a loaded machine
 * turn a test red; a wait that names its own timeout keeps it), and the splash is marked as seen unless
 * `splash` is true.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions & { splash?: boolean } = {}): Promise<BrowserContext> {
  const { splash, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  context.setDefaultTimeout(WAIT_LIMIT_MS);
  if (!splash) {
    // Init scripts run in every frame, and a frame showing a PDF has no sessionStorage.
    await context.addInitScript(() => window.sessionStorage?.setItem('splash-seen', '1'));
  }
  return context;
}

/**
 * Chromium's own rejection of the fade between pages (the CSS cross-document view transition) when it
 * skips it: on a busy machine the next page can be shown before the fade could start ("Page already
 * revealed"), and it is shown without the fade. No script of the site touches the transition (it has none
 * that could: its pages carry no inline script to catch the first `pagereveal`, server/security.ts), so
 * nobody handles the promise Chromium rejects, and it reports that as the page's uncaught error.
 */
const SKIPPED_VIEW_TRANSITION = /^Transition was aborted because of invalid state\b/;

/** Records the page's console errors and warnings and its uncaught errors, and its requests in flight. */
export function watch(page: Page): WatchedPage {
  trackRequests(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (!SKIPPED_VIEW_TRANSITION.test(error.message)) problems.push(`pageerror: ${error.message}`);
  });
  return { page, problems };
}

/** A new page, in a context of its own, that reports problems. */
export async function openPage(browser: Browser, options: BrowserContextOptions & { splash?: boolean } = {}): Promise<WatchedPage> {
  const context = await newContext(browser, options);
  return watch(await context.newPage());
}

/**
 * Resolves once the header's island has hydrated and rendered again as enhanced (its nav's
 * `data-enhanced`, which the menus' styles follow); fails at once if the island's code could not load.
 */
export async function hydrated(page: Page): Promise<void> {
  await islandHydrated(page, 'Header');
  await page.waitForSelector('#main-nav[data-enhanced]', { state: 'attached', timeout: WAIT_LIMIT_MS });
}

/** As Playwright's 'networkidle': no request in flight for this long. */
const QUIET_MS = 500;

/**
 * The web requests (http and https) of a watched page that have started and not yet finished or failed,
 * and what to call when that changes. Chromium's own pages inside the site's (its PDF viewer, in the code
 * of conduct's frame) load chrome:// and chrome-extension:// resources: those are not the site's.
 */
interface InFlight {
  requests: Set<Request>;
  onChange: Set<() => void>;
}

const inFlight = new WeakMap<Page, InFlight>();

function trackRequests(page: Page): void {
  const flight: InFlight = { requests: new Set(), onChange: new Set() };
  const changed = () => flight.onChange.forEach((listener) => listener());
  page.on('request', (request) => {
    if (!/^https?:/.test(request.url())) return;
    flight.requests.add(request);
    changed();
  });
  const ended = (request: Request) => {
    if (flight.requests.delete(request)) changed();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  inFlight.set(page, flight);
}

/**
 * Resolves once none of the page's web requests has been in flight for QUIET_MS: Playwright's
 * 'networkidle' counted from the requests themselves. Playwright's own also waits for every frame's idle
 * state, and on a busy machine a frame of Chromium's PDF viewer can keep it from ever coming although
 * every request has ended (docs/architecture.md, "Test tiers"). Fails after WAIT_LIMIT_MS, listing what is
 * still in flight.
 */
export function networkQuiet(page: Page): Promise<void> {
  const flight = inFlight.get(page);
  if (!flight) return Promise.reject(new Error('networkQuiet needs a page from openPage, sharedPage or watch()'));
  return new Promise((resolve, reject) => {
    let quiet: NodeJS.Timeout | undefined;
    const settle = (error?: Error) => {
      clearTimeout(quiet);
      clearTimeout(limit);
      flight.onChange.delete(check);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      clearTimeout(quiet);
      if (flight.requests.size === 0) quiet = setTimeout(settle, QUIET_MS);
    };
    const limit = setTimeout(() => {
      const open = [...flight.requests].map((request) => request.url()).join(', ');
      settle(new Error(`networkQuiet: requests still in flight after ${WAIT_LIMIT_MS / 1000} s: ${open}`));
    }, WAIT_LIMIT_MS);
    flight.onChange.add(check);
    check();
  });
}
