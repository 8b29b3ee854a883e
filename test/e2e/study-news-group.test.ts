import { describe, expect, it } from 'vitest';
import { hydrated, openPage } from '../helpers/browser';
import { expectCleanHydration, useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();

const ROUTES = ['/kunduzgi', '/sirtqi', '/magistratura', '/napravleniya', '/publicNews', '/newsUnversity', '/xalqaroNews', '/elonlar', '/qqk', '/qqk/1'];
const PREFIXES = ['', '/uz-cyrl', '/ru', '/en'];

describe('study and news group pages in Chromium', () => {
  for (const prefix of PREFIXES) {
    for (const path of ROUTES) {
      it(`${prefix}${path} hydrates without console errors or hydration warnings`, () =>
        expectCleanHydration(site, prefix + path, async (page) => expect(await page.locator('main h1').count()).toBe(1)));
    }
  }

  it("appends the next page of international news with 'more', without leaving the page", async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/xalqaroNews`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const before = await page.locator('.news-card').count();
    expect(before).toBeGreaterThan(0);
    const firstIds = await page.locator('.news-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await page.click('a.button[rel="next"]');
    await page.waitForFunction((n) => document.querySelectorAll('.news-card').length > n, before);
    const ids = await page.locator('.news-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The first page stays, the next one is added below it, and nothing repeats.
    expect(ids.slice(0, firstIds.length)).toEqual(firstIds);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.url()).toBe(`${site.server.url}/en/xalqaroNews`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.getAttribute('.tab-bar a[aria-current="page"]', 'href')).toBe('/en/xalqaroNews');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens an article from the list client-side', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/ru/qqk`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 2));
    const title = (await page.textContent('.article-card__title a'))!;
    await page.click('.article-card__title a');
    await page.waitForURL(/\/ru\/qqk\/\d+$/);
    await page.waitForSelector('.article-full h1');
    expect(await page.textContent('.article-full h1')).toBe(title);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
