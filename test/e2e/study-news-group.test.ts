import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, openPage } from '../helpers/browser';
import { clickInIsland, failIslandCode, holdIslandCode, scrollToIsland } from '../helpers/island-hydrated';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();
const cardLinks = (page: Page) => page.locator('.news-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

// That each page of the groups hydrates cleanly in every rendition, with its one h1, is checked where
// every screen is loaded once: test/quality/screens.test.ts.
describe('study and news group pages in Chromium', () => {
  it("appends the next page of international news with 'more', without leaving the page, until the last", async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/xalqaroNews`);
    await scrollToIsland(page, 'MoreNews');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const before = await page.locator('.news-card').count();
    expect(before).toBeGreaterThan(0);
    const firstIds = await cardLinks(page);
    // Hold the next page: the button waits disabled, with its loading label.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/en\/xalqaroNews\?page=2$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.click('a.button[rel="next"]');
    await page.waitForSelector('.more button[disabled]');
    expect(await page.textContent('.more button[disabled]')).toBe('Loading…');
    release();
    await page.waitForFunction((n) => document.querySelectorAll('.news-card').length > n, before);
    await page.unroute(/\/en\/xalqaroNews\?page=2$/);
    const ids = await cardLinks(page);
    // The first page stays, the next one is added below it, in the same list, and nothing repeats.
    expect(ids.slice(0, firstIds.length)).toEqual(firstIds);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await page.locator('main .news-grid').count()).toBe(1);
    expect(page.url()).toBe(`${site.server.url}/en/xalqaroNews`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.getAttribute('.tab-bar a[aria-current="page"]', 'href')).toBe('/en/xalqaroNews');

    // On to the last page: the button gives way to the notice.
    while ((await page.locator('a.button[rel="next"]').count()) > 0) {
      const count = await page.locator('.news-card').count();
      await page.click('a.button[rel="next"]');
      await page.waitForFunction((n) => document.querySelectorAll('.news-card').length > n || document.querySelector('.more .notice'), count);
    }
    await page.waitForSelector('.more .notice');
    expect(await page.textContent('.more .notice')).toBe('No more news');
    const all = await cardLinks(page);
    expect(new Set(all).size).toBe(all.length);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("appends the next page when 'more' is pressed before its island has woken", async () => {
    const { page, problems } = await openPage(site.browser);
    // The island's code arrives only after the press.
    const release = await holdIslandCode(page, 'MoreNews');
    await page.goto(`${site.server.url}/en/newsAll`);
    await hydrated(page);
    const before = await page.locator('.news-card').count();
    await page.click('a.button[rel="next"]');
    release();
    await page.waitForFunction((n) => document.querySelectorAll('.news-card').length > n, before);
    expect(page.url()).toBe(`${site.server.url}/en/newsAll`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("appends the next page when 'more' is clicked by assistive technology or a script before its island woke", async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/newsAll`);
    await hydrated(page);
    const before = await page.locator('.news-card').count();
    // The button is below the fold: its island waits to be seen, and element.click() scrolls nothing.
    expect(await clickInIsland(page, 'a.button[rel="next"]')).toBe('pending');
    await page.waitForFunction((n) => document.querySelectorAll('.news-card').length > n, before);
    expect(page.url()).toBe(`${site.server.url}/newsAll`);
    expect(await page.getAttribute('ztu-island[data-island="MoreNews"]', 'data-island-status')).toBe('hydrated');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("goes to the next page, as without JavaScript, when 'more' is clicked and its island's code cannot load", async () => {
    const { page, problems } = await openPage(site.browser);
    await failIslandCode(page, 'MoreNews');
    await page.goto(`${site.server.url}/newsAll`);
    await hydrated(page);
    const firstIds = await cardLinks(page);
    expect(await clickInIsland(page, 'a.button[rel="next"]')).toBe('pending');
    await page.waitForURL(`${site.server.url}/newsAll?page=2`);
    const secondIds = await cardLinks(page);
    expect(secondIds.length).toBeGreaterThan(0);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
    // The page says why in its console, naming the island.
    expect(problems.some((problem) => problem.includes('island MoreNews: not hydrated'))).toBe(true);
    await page.context().close();
  });

  it("makes 'more' a link to the next page without JavaScript, with a way back to the first", async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/en/xalqaroNews`);
    const firstIds = await cardLinks(page);
    await page.click('a.button[rel="next"]');
    await page.waitForURL(`${site.server.url}/en/xalqaroNews?page=2`);
    const secondIds = await cardLinks(page);
    expect(secondIds.length).toBeGreaterThan(0);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
    await page.click('.more a[href="/en/xalqaroNews"]');
    await page.waitForURL(`${site.server.url}/en/xalqaroNews`);
    expect(await cardLinks(page)).toEqual(firstIds);
    await page.context().close();
  });

  it('opens an article from the list', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/ru/qqk`);
    await hydrated(page);
    const title = (await page.textContent('.article-card__title a'))!;
    await page.click('.article-card__title a');
    await page.waitForURL(/\/ru\/qqk\/\d+$/);
    await page.waitForSelector('.article-full h1');
    expect(await page.textContent('.article-full h1')).toBe(title);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
