import { describe, expect, it } from 'vitest';
import { hydrated, openPage } from '../helpers/browser';
import { expectCleanHydration, useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();

describe('site search in Chromium', () => {
  const PAGES = ['/search', '/search?q=ўқув', '/ru/search?q=учеб', '/en/search?q=admission', '/news/1', '/ru', '/en/about'];
  for (const url of PAGES) {
    it(`${url} hydrates without console errors or hydration warnings`, () => expectCleanHydration(site, encodeURI(url)));
  }

  it('opens the header search, submits it, and shows the results page', async () => {
    const { page, problems } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/en/about`);
    await hydrated(page);
    const button = page.locator('[data-menu-trigger="search"]');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.isVisible('#header-search')).toBe(true);
    // Focus moves into the box, so typing right away works.
    await page.keyboard.type('admission');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.server.url}/en/search?q=admission`);
    await page.waitForSelector('.search-results .search-hit');
    expect(await page.inputValue('#search-page-q')).toBe('admission');
    expect(await page.isVisible('#header-search')).toBe(false);
    expect(await page.locator('.search-hit mark').count()).toBeGreaterThan(0);
    const hrefs = await page.locator('.search-hit__title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/en(\/|$)/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('closes the header search with Escape and gives focus back to its button', async () => {
    const { page } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/ru`);
    await hydrated(page);
    await page.focus('[data-menu-trigger="search"]');
    await page.keyboard.press('Enter');
    expect(await page.isVisible('#header-search')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#header-search')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-menu-trigger'))).toBe('search');
    await page.context().close();
  });

  it('works without JavaScript: the button is a link to the search page, whose form answers', async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/ru/about`);
    await page.click('header a[href="/ru/search"]');
    await page.waitForURL(`${site.server.url}/ru/search`);
    await page.fill('#search-page-q', 'общежитие');
    await page.press('#search-page-q', 'Enter');
    await page.waitForURL(/\/ru\/search\?q=/);
    expect(await page.locator('.search-hit__title a[href="/ru/TTJ"]').count()).toBe(1);
    await page.context().close();
  });
});
