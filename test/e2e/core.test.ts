import { describe, expect, it } from 'vitest';
import { hydrated, openPage } from '../helpers/browser';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();

// That each core page (/, /about, /rektorat, /departments, /newsAll, /news/1) hydrates cleanly in every
// rendition is checked where every screen is loaded once: test/quality/screens.test.ts.
describe('core pages in Chromium', () => {
  it('follows a news card to its page in the same language, its header working again', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/newsAll`);
    await hydrated(page);
    await page.click('.news-card__link >> nth=0');
    await page.waitForURL(/\/en\/news\/\d+$/);
    await page.waitForSelector('.news-detail h1');
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.click('[data-menu-trigger="university"]');
    expect(await page.isVisible('#menu-university')).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('switches language on the same page after the loading state', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/about`);
    await hydrated(page);
    await page.click('[data-menu-trigger="lang"]');
    await page.click('.lang-switch a[hreflang="ru"]');
    // The one-second state shows on the page it was chosen on (the next page has none).
    await page.waitForSelector('.lang-switch__loading');
    await page.waitForURL(`${site.server.url}/ru/about`);
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    await hydrated(page);
    expect(await page.isVisible('#menu-lang')).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens one dropdown at a time and closes it on a click outside or Escape', async () => {
    const { page } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/en`);
    await hydrated(page);
    await page.click('[data-menu-trigger="university"]');
    expect(await page.isVisible('#menu-university')).toBe(true);
    await page.click('[data-menu-trigger="applicant"]');
    expect(await page.isVisible('#menu-applicant')).toBe(true);
    expect(await page.isVisible('#menu-university')).toBe(false);
    expect(await page.locator('.dropdown__panel:visible').count()).toBe(1);
    await page.mouse.click(640, 700);
    expect(await page.locator('.dropdown__panel:visible').count()).toBe(0);
    await page.click('[data-menu-trigger="resources"]');
    await page.keyboard.press('Escape');
    expect(await page.locator('.dropdown__panel:visible').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-menu-trigger'))).toBe('resources');
    await page.context().close();
  });

  it("appends news pages with 'more' until none are left", async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/ru/newsAll`);
    await hydrated(page);
    const firstCount = await page.locator('.news-card').count();
    let clicks = 0;
    while (await page.locator('a.button[rel="next"]').count()) {
      const before = await page.locator('.news-card').count();
      await page.click('a.button[rel="next"]');
      await page.waitForFunction((n) => document.querySelectorAll('.news-card').length > n, before);
      clicks++;
    }
    expect(clicks).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.news-card').count()).toBeGreaterThan(firstCount);
    expect(page.url()).toBe(`${site.server.url}/ru/newsAll`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('works with JavaScript off: menus by focus, paging by link', async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/en/newsAll`);
    expect(await page.locator('.news-card').count()).toBeGreaterThan(0);
    await page.click('a.button[rel="next"]');
    await page.waitForURL(/page=2/);
    expect(await page.locator('.news-card').count()).toBeGreaterThan(0);
    await page.focus('[data-menu-trigger="university"]');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe('/en/about');
    await page.context().close();
  });
});
