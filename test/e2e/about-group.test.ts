import { describe, expect, it } from 'vitest';
import { EXTERNAL } from '../../shared/site';
import { hydrated, networkQuiet, openPage } from '../helpers/browser';
import { islandHydrated } from '../helpers/island-hydrated';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();

// That each page of the group hydrates cleanly in every rendition, with its one h1, is checked where
// every screen is loaded once: test/quality/screens.test.ts.
describe('about group pages in Chromium', () => {
  it('moves from faculty to faculty in the sidebar, updating the active entry and the staff', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/department/1`);
    await hydrated(page);
    const firstStaff = await page.locator('.person-card__name').allTextContents();
    const firstTitle = await page.locator('main h1').textContent();

    await page.click('.side-nav a[href="/en/department/2"]');
    await page.waitForURL(`${site.server.url}/en/department/2`);
    await page.waitForSelector('.side-nav a[href="/en/department/2"][aria-current="page"]');
    await page.waitForFunction((title) => document.querySelector('main h1')?.textContent !== title, firstTitle);

    expect(await page.locator('.side-nav a[aria-current="page"]').count()).toBe(1);
    const secondStaff = await page.locator('.person-card__name').allTextContents();
    expect(secondStaff.length).toBeGreaterThan(0);
    expect(secondStaff).not.toEqual(firstStaff);
    expect(await page.title()).toContain(await page.locator('main h1').textContent());
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens a faculty from the faculties page', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/ru/department`);
    await hydrated(page);
    const name = (await page.locator('.faculty-card h2 a').nth(2).textContent())!;
    await page.locator('.faculty-card h2 a').nth(2).click();
    await page.waitForURL(/\/ru\/department\/\d+$/);
    await page.waitForFunction((text) => document.querySelector('main h1')?.textContent === text, name);
    expect(await page.locator('.side-nav a[aria-current="page"]').textContent()).toBe(name);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows a 404 page for an unknown faculty', async () => {
    const { page } = await openPage(site.browser);
    const response = await page.goto(`${site.server.url}/en/department/999`);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.locator('main h1').textContent()).toBe('Unexpected Application Error!');
    await page.context().close();
  });

  it('frames the code-of-conduct PDF and links to it', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/rulesEtika`);
    await hydrated(page);
    const frame = page.locator('iframe.code-of-conduct__frame');
    expect(await frame.getAttribute('src')).toBe('/docs/odob-axloq-qoidalari.pdf');
    expect((await frame.boundingBox())?.height).toBeCloseTo(1000, -1);
    expect(await page.locator('a[href="/docs/odob-axloq-qoidalari.pdf"]').textContent()).toMatch(/PDF, \d+ KB/);
    const pdf = await page.request.get(`${site.server.url}/docs/odob-axloq-qoidalari.pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('loads only the first charter page eagerly', async () => {
    const { page } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/regulation`);
    await hydrated(page);
    await networkQuiet(page);
    const loaded = await page.$$eval('.charter-pages img', (images) =>
      images.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );
    expect(loaded[0]).toBe(true);
    expect(loaded.at(-1)).toBe(false);
    await page.context().close();
  });
});

describe('footer map', () => {
  it('shows the map only when asked, the press before the island has woken included', async () => {
    const { page, problems } = await openPage(site.browser);
    const frames: string[] = [];
    // The map's own page is a third party's: it is asked for and answered with nothing (a page of the
    // stand-in's own would be a third-party frame, where the suite's set-up script may not run).
    await page.route(
      (url) => url.href === EXTERNAL.map,
      (route) => (frames.push(route.request().url()), route.fulfill({ status: 204 })),
    );
    await page.goto(`${site.server.url}/en/rules`);
    await hydrated(page);
    expect(await page.locator('.site-footer__map iframe').count()).toBe(0);
    // It wakes on interaction: nothing of React on it before the press.
    expect(await page.locator('.map-facade').evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')))).toBe(false);
    await page.click('.map-facade__show');
    await page.waitForSelector('.site-footer__map iframe');
    await islandHydrated(page, 'MapFacade');
    expect(await page.getAttribute('.site-footer__map iframe', 'src')).toBe(EXTERNAL.map);
    expect(await page.locator('.map-facade__show').count()).toBe(0);
    // The link that opens the map in a new tab stays beside it.
    expect(await page.getAttribute('.map-facade a', 'href')).toBe(EXTERNAL.mapLink);
    await expect.poll(() => frames.length).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('offers only the link to the map without JavaScript', async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/en/rules`);
    expect(await page.locator('.map-facade__show').isHidden()).toBe(true);
    expect(await page.locator('.map-facade a').isVisible()).toBe(true);
    await page.context().close();
  });
});
