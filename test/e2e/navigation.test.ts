/**
 * Navigation without a client router: every link loads a stored page, made quick by speculation rules
 * (a hovered link is fetched before the click), the back/forward cache (going back shows the page as
 * it was left, at once) and the 300 ms fade as a cross-document view transition (none under reduced
 * motion; a page given back in display settings changed since is loaded again, one whose display panel
 * only showed a choice is given back in its own). Also: a hydration
 * mismatch in an island cannot pass unnoticed.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumPath, hydrated, newContext, watch } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  // Playwright turns the back/forward cache off by default; visitors have it.
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page whose documents record how they were shown: restored from the bfcache, and with a view transition. */
async function recordingPage(options: { reducedMotion?: 'reduce' | 'no-preference' } = {}) {
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 }, ...options });
  await context.addInitScript(() => {
    addEventListener('pageshow', (event) => (document.documentElement.dataset.shown = event.persisted ? 'restored' : 'loaded'));
    addEventListener('pagereveal', (event) => {
      document.documentElement.dataset.transition = (event as Event & { viewTransition: unknown }).viewTransition ? 'yes' : 'no';
    });
  });
  return watch(await context.newPage());
}

/** Why Chromium did not give a page back from the back/forward cache, each time it did not (empty: it did). */
async function bfcacheMisses(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  const reasons: string[] = [];
  cdp.on('Page.backForwardCacheNotUsed', (event: { notRestoredExplanations: { reason: string }[] }) =>
    reasons.push(...event.notRestoredExplanations.map((e) => e.reason)),
  );
  return reasons;
}

async function preloadEvents(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Preload.enable');
  return cdp;
}

describe('navigation between stored pages', () => {
  it('fetches a hovered link before the click, and the click shows the fetched page', async () => {
    const { page, problems } = await recordingPage();
    const cdp = await preloadEvents(page);
    await page.goto(`${server.url}/en/newsAll`);
    await hydrated(page);
    const link = page.locator('.news-card__link').first();
    const href = new URL((await link.getAttribute('href'))!, server.url).href;
    // Playwright's session makes Chromium refuse the prerender the rules ask for on hover
    // (test/e2e/prerender.test.ts drives one): what is left is the fetch ahead of it.
    const speculations: string[] = [];
    onTestFailed(() => console.error(`speculations seen for ${href}:\n${speculations.join('\n')}`));
    cdp.on('Preload.prerenderStatusUpdated', (event: unknown) => speculations.push(JSON.stringify(event)));
    const prefetched = new Promise<string>((resolve) =>
      cdp.on('Preload.prefetchStatusUpdated', (event: { status: string; prefetchUrl: string }) => {
        speculations.push(JSON.stringify(event));
        if (event.prefetchUrl === href && ['Ready', 'Failure'].includes(event.status)) resolve(event.status);
      }),
    );
    await link.hover();
    expect(await prefetched, speculations.join('\n')).toBe('Ready');
    await link.click();
    await page.waitForURL(href);
    const delivery = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType,
    );
    expect(delivery).toBe('navigational-prefetch');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('names only the site’s pages in its rules, inline, allowed by their hash and nothing else inline', async () => {
    const res = await fetch(`${server.url}/en/about`);
    expect(res.headers.get('speculation-rules')).toBeNull();
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
    const rules = /<script type="speculationrules">([^<]*)<\/script>/.exec(await res.text())?.[1] ?? '';
    const parsed = JSON.parse(rules) as { prefetch: unknown[]; prerender: unknown[] };
    expect([parsed.prefetch.length, parsed.prerender.length]).toEqual([1, 1]);
    for (const excluded of ['/media/*', '/docs/*', '/_img/*', '/_cache/*']) expect(rules).toContain(excluded);
  });

  it('goes back to the page as it was left, from the back/forward cache', async () => {
    const { page, problems } = await recordingPage();
    const notRestored = await bfcacheMisses(page);
    await page.goto(`${server.url}/ru/about`);
    await hydrated(page);
    // The page is left by a link in an open menu.
    await page.click('[data-menu-trigger="university"]');
    await page.click('#menu-university a[href="/ru/rektorat"]');
    await page.waitForFunction(() => document.documentElement.dataset.shown === 'loaded' && location.pathname !== '/ru/about');
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => location.pathname === '/ru/about' && document.documentElement.dataset.shown !== undefined);
    expect(notRestored).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.shown)).toBe('restored');
    // Restored pages show their menus closed, as a new page would.
    expect(await page.locator('.dropdown.is-open').count()).toBe(0);
    expect(await page.isVisible('[data-overlay="progress"]')).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('loads a page again that the back/forward cache gives back in display settings changed since', async () => {
    const { page, problems } = await recordingPage();
    const notRestored = await bfcacheMisses(page);
    await page.goto(`${server.url}/en/about`);
    await hydrated(page);
    await page.click('main a[href="/en/rektorat"]');
    await page.waitForFunction(() => location.pathname === '/en/rektorat' && document.documentElement.dataset.shown === 'loaded');
    // Black contrast chosen in the panel on the next page: the form's answer sends the visitor back to it.
    await page.locator('.a11y-panel__toggle').click();
    await page.locator('.a11y-panel input[name="contrast"][value="black"]').check();
    await Promise.all([page.waitForEvent('load'), page.locator('.a11y-panel__actions button:not([name])').click()]);
    expect(await page.getAttribute('html', 'data-contrast')).toBe('black');
    // Back past it (Chromium keeps no page a form left) to the first page, kept whole in the cache as it
    // was: given back, then loaded again in the new settings.
    await page.goBack();
    notRestored.length = 0;
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(
      () => location.pathname === '/en/about' && document.documentElement.dataset.contrast === 'black' && document.readyState === 'complete',
    );
    expect(notRestored).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('gives a page back with its display panel closed, in its own settings, when a choice was only shown there', async () => {
    const { page, problems } = await recordingPage();
    const notRestored = await bfcacheMisses(page);
    await page.goto(`${server.url}/en/about`);
    await hydrated(page);
    // 200 % shown in the open panel, not applied, and the page left by a link (from the keyboard: the
    // open form covers the part of the page under it).
    await page.locator('.a11y-panel__toggle').click();
    await page.locator('.a11y-panel input[name="size"][value="200"]').check();
    expect(await page.getAttribute('html', 'data-text-size')).toBe('200');
    await page.locator('main a[href="/en/rektorat"]').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/en/rektorat' && document.documentElement.dataset.shown === 'loaded');
    expect(await page.getAttribute('html', 'data-text-size')).toBeNull();
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(
      () => location.pathname === '/en/about' && document.readyState === 'complete' && !document.documentElement.hasAttribute('data-text-size'),
    );
    // Given back as it was, not loaded again, with the panel closed and its choices as the page's settings.
    expect(notRestored).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.shown)).toBe('restored');
    expect(await page.locator('.a11y-panel').getAttribute('open')).toBeNull();
    expect(await page.locator('.a11y-panel input[name="size"][value="100"]').isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fades between pages with a view transition, and not under reduced motion', async () => {
    for (const [reducedMotion, expected] of [
      ['no-preference', 'yes'],
      ['reduce', 'no'],
    ] as const) {
      const { page } = await recordingPage({ reducedMotion });
      await page.goto(`${server.url}/en/about`);
      await hydrated(page);
      await page.click('main a[href="/en/rektorat"]');
      await page.waitForFunction(() => location.pathname === '/en/rektorat' && document.documentElement.dataset.transition !== undefined);
      expect(await page.evaluate(() => document.documentElement.dataset.transition), reducedMotion).toBe(expected);
      await page.context().close();
    }
  });

  it('shows the loading bar from a click until the next page replaces this one', async () => {
    const { page } = await recordingPage();
    // Each document notes in the tab's session storage when its loading bar is shown.
    await page.context().addInitScript(() =>
      addEventListener('DOMContentLoaded', () => {
        const bar = document.querySelector<HTMLElement>('[data-overlay="progress"]');
        if (!bar) return;
        new MutationObserver(() => {
          if (!bar.hidden) sessionStorage.setItem('progress-shown-on', location.pathname);
        }).observe(bar, { attributes: true, attributeFilter: ['hidden'] });
      }),
    );
    await page.goto(`${server.url}/en/about`);
    await hydrated(page);
    await page.click('main a[href="/en/rektorat"]');
    await page.waitForURL(`${server.url}/en/rektorat`);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => sessionStorage.getItem('progress-shown-on'))).toBe('/en/about');
    expect(await page.isVisible('[data-overlay="progress"]')).toBe(false);
    await page.context().close();
  });
});

describe('hydration mismatches', () => {
  it('are reported as errors naming the island', async () => {
    const { page } = await recordingPage();
    const reported = page.waitForEvent('console', {
      predicate: (message) => message.type() === 'error' && message.text().includes('island Header: hydration failed'),
    });
    // The server's HTML and the island's props disagree: the props name one menu fewer than the HTML has.
    await page.route(`${server.url}/en/about`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/\{&quot;id&quot;:&quot;university&quot;,&quot;label&quot;:&quot;[^&]*&quot;\},/, '');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${server.url}/en/about`);
    await hydrated(page);
    await reported;
    await page.context().close();
  });
});
