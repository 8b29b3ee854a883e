import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLUB_IMAGE_COUNT, DORMITORY_IMAGE_COUNT, SAMPLE_VACANCY_COUNT } from '../../shared/constants';
import { hydrated, networkQuiet, openPage } from '../helpers/browser';
import { interactiveAt, recordHydration } from '../helpers/interactive';
import { clickInIsland, failIslandCode, holdIslandCode, islandHydrated, scrollToIsland } from '../helpers/island-hydrated';
import { useSiteInBrowser } from '../helpers/site-in-browser';
import { CHEMISTRY, ECONOMICS, HALF_RATE, vacanciesOnDisk } from '../helpers/fixtures-services';

const site = useSiteInBrowser();

const DOCX = '/docs/xotin-qizlar-qomitasi.docx';
const VIEWER_CHUNK = /\/assets\/docx-preview-[^/]*\.js$/;
/** Waits for the pages of the document of /XQQ, which the viewer draws by itself once the page is interactive. */
async function documentShown(page: Page): Promise<void> {
  await page.waitForSelector('.xqq-document section.docx');
}
const cards = (page: Page) => page.locator('.vac-card');
/** Marks the window, so a later check can tell a client-side update from a full reload. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 42);

// That each screen of the group hydrates cleanly in every rendition and shows its text (and /XQQ its
// document) is checked where every screen is loaded once: test/quality/screens.test.ts.

describe('vacancy filters', () => {
  const all = vacanciesOnDisk();

  it('narrow the cards at once, put the filters in the URL and reset with "Filtrlarni tozalash", without a request or a reload', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/Vacancies`);
    await islandHydrated(page, 'VacancyBoard');
    // Once hydrated, a change applies at once: the form's submit button is gone.
    await page.waitForSelector('.vac-filters button[type="submit"]', { state: 'detached' });
    await mark(page);
    const historyLength = await page.evaluate(() => history.length);
    expect(await cards(page).count()).toBe(SAMPLE_VACANCY_COUNT);
    // No page, data or script is asked for (Chromium looks at the favicon again when the URL changes).
    const requests: string[] = [];
    page.on('request', (request) => ['document', 'fetch', 'xhr', 'script'].includes(request.resourceType()) && requests.push(request.url()));

    await page.selectOption('select[name="department"]', CHEMISTRY);
    await page.waitForFunction((n) => document.querySelectorAll('.vac-card').length === n, all.filter((v) => v.department === CHEMISTRY).length);
    await page.waitForURL((url) => url.searchParams.get('department') === CHEMISTRY);
    // The stagger: each card's fade starts 100 ms after the one before it.
    expect(await cards(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).style.animationDelay))).toEqual(
      all.filter((v) => v.department === CHEMISTRY).map((_, index) => `${index * 100}ms`),
    );

    await page.selectOption('select[name="type"]', HALF_RATE);
    await page.waitForSelector('.vac-empty');
    expect(await page.textContent('.vac-empty')).toContain('Vakansiyalar topilmadi');
    expect(await page.textContent('.vac-empty')).toContain('Iltimos, boshqa filtrlarni tanlang.');
    await page.waitForURL((url) => url.searchParams.get('type') === HALF_RATE && url.searchParams.get('department') === CHEMISTRY);

    await page.click('text=Filtrlarni tozalash');
    await page.waitForFunction((n) => document.querySelectorAll('.vac-card').length === n, SAMPLE_VACANCY_COUNT);
    await page.waitForURL(`${site.server.url}/Vacancies`);
    expect(await page.inputValue('select[name="department"]')).toBe('');
    expect(await page.inputValue('select[name="type"]')).toBe('');
    expect(await marked(page)).toBe(true);
    // The query is replaced, not pushed: back leaves the page, as before any filter.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens a shared filtered URL with its filters applied and narrows it further', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/Vacancies?type=${encodeURIComponent(HALF_RATE)}`);
    await hydrated(page);
    expect(await cards(page).count()).toBe(all.filter((v) => v.employmentType === HALF_RATE).length);
    expect(await page.inputValue('select[name="type"]')).toBe(HALF_RATE);
    await islandHydrated(page, 'VacancyBoard');
    await page.selectOption('select[name="department"]', ECONOMICS);
    await page.waitForURL((url) => url.searchParams.get('department') === ECONOMICS);
    expect(await cards(page).count()).toBe(1);
    // The URL holds the view: a reload shows the same cards and filters, rendered by the server.
    await page.reload();
    expect(await cards(page).count()).toBe(1);
    expect(await page.inputValue('select[name="department"]')).toBe(ECONOMICS);
    expect(await page.inputValue('select[name="type"]')).toBe(HALF_RATE);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows no filters after the menu link to the page, and the filtered view again on back', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/Vacancies?type=${encodeURIComponent(HALF_RATE)}`);
    await hydrated(page);
    // The menu's own link to the page (hidden in its dropdown until opened): a new page with no filters.
    await page
      .locator('header a[href="/en/Vacancies"]')
      .first()
      .evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL(`${site.server.url}/en/Vacancies`);
    await page.waitForFunction((n) => document.querySelectorAll('.vac-card').length === n, SAMPLE_VACANCY_COUNT);
    expect(await page.inputValue('select[name="type"]')).toBe('');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('type') === HALF_RATE);
    await page.waitForFunction((v) => (document.querySelector('select[name="type"]') as HTMLSelectElement).value === v, HALF_RATE);
    expect(await cards(page).count()).toBe(all.filter((v) => v.employmentType === HALF_RATE).length);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('goes back in history with the back button', async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.server.url}/ru/TTJ`);
    await hydrated(page);
    await page.goto(`${site.server.url}/ru/Vacancies`);
    await islandHydrated(page, 'BackLink');
    await page.click('.vac-back');
    await page.waitForURL(`${site.server.url}/ru/TTJ`);
    await page.context().close();
  });

  it('work as a plain form without JavaScript', async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/Vacancies`);
    expect(await cards(page).count()).toBe(SAMPLE_VACANCY_COUNT);
    await page.selectOption('select[name="department"]', ECONOMICS);
    await page.selectOption('select[name="type"]', HALF_RATE);
    await page.click('.vac-filters button[type="submit"]');
    await page.waitForURL(/department=/);
    expect(await cards(page).count()).toBe(1);
    await page.click('text=Filtrlarni tozalash');
    await page.waitForURL(`${site.server.url}/Vacancies`);
    expect(await cards(page).count()).toBe(SAMPLE_VACANCY_COUNT);
    await page.context().close();
  });
});

describe('gallery modal', () => {
  const focusedHref = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('href') ?? document.activeElement?.className);

  async function openThumb(page: Page, index: number): Promise<string> {
    const thumb = page.locator('.gallery__thumb').nth(index);
    const href = (await thumb.getAttribute('href'))!;
    await thumb.click();
    await page.waitForSelector('dialog.gallery__dialog[open]');
    expect(await page.getAttribute('dialog[open] figure img', 'src')).toBe(href);
    expect((await page.textContent('dialog[open] figcaption'))!.length).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('gallery__close'))).toBe(true);
    return href;
  }

  async function expectClosedWithFocusOn(page: Page, href: string) {
    await page.waitForSelector('dialog.gallery__dialog[open]', { state: 'detached' });
    expect(await page.locator('dialog.gallery__dialog[open]').count()).toBe(0);
    expect(await focusedHref(page)).toBe(href);
  }

  it('opens the enlarged image and closes by ×, a backdrop click and Escape, focus back on the thumbnail', async () => {
    const { page, problems } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/TTJ`);
    await scrollToIsland(page, 'Gallery');
    expect(await page.locator('.gallery__thumb').count()).toBe(DORMITORY_IMAGE_COUNT);

    let href = await openThumb(page, 2);
    expect(await page.getAttribute('.gallery__close', 'aria-label')).toBe('Yopish');
    await page.click('.gallery__close');
    await expectClosedWithFocusOn(page, href);

    href = await openThumb(page, 0);
    // A click inside the image does not close the modal; one on the backdrop does.
    await page.click('dialog[open] figure img');
    expect(await page.locator('dialog.gallery__dialog[open]').count()).toBe(1);
    await page.mouse.click(8, 790);
    await expectClosedWithFocusOn(page, href);

    href = await openThumb(page, DORMITORY_IMAGE_COUNT - 1);
    await page.keyboard.press('Escape');
    await expectClosedWithFocusOn(page, href);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('is the same component on /YPK, with 4 images and a translated close button', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/en/YPK`);
    await scrollToIsland(page, 'Gallery');
    expect(await page.locator('.gallery__thumb').count()).toBe(CLUB_IMAGE_COUNT);
    const href = await openThumb(page, 3);
    expect(await page.getAttribute('.gallery__close', 'aria-label')).toBe('Close');
    await page.keyboard.press('Escape');
    await expectClosedWithFocusOn(page, href);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the modal for a press on a thumbnail before the island has woken', async () => {
    const { page, problems } = await openPage(site.browser);
    // The island's code arrives only after the press.
    const release = await holdIslandCode(page, 'Gallery');
    await page.goto(`${site.server.url}/YPK`);
    await hydrated(page);
    await page.click('.gallery__thumb >> nth=1');
    release();
    await page.waitForSelector('dialog.gallery__dialog[open]');
    expect(page.url()).toBe(`${site.server.url}/YPK`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the modal for a thumbnail clicked by assistive technology or a script before the island woke', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(`${site.server.url}/TTJ`);
    await hydrated(page);
    const thumb = '.gallery__item:nth-child(2) .gallery__thumb';
    const href = await page.getAttribute(thumb, 'href');
    // The gallery is below the page's text: its island waits to be seen, and element.click() scrolls nothing.
    expect(await clickInIsland(page, thumb)).toBe('pending');
    await page.waitForSelector('dialog.gallery__dialog[open]');
    expect(await page.getAttribute('dialog[open] figure img', 'src')).toBe(href);
    expect(page.url()).toBe(`${site.server.url}/TTJ`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("opens the full image, as without JavaScript, when a thumbnail is pressed and the island's code cannot load", async () => {
    const { page, problems } = await openPage(site.browser);
    await failIslandCode(page, 'Gallery');
    await page.goto(`${site.server.url}/TTJ`);
    await hydrated(page);
    const href = await page.getAttribute('.gallery__thumb >> nth=1', 'href');
    await page.click('.gallery__thumb >> nth=1');
    await page.waitForURL(`${site.server.url}${href}`);
    expect(problems.some((problem) => problem.includes('island Gallery: not hydrated'))).toBe(true);
    await page.context().close();
  });

  it('keeps thumbnails as links to the full image without JavaScript', async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/YPK`);
    const href = await page.getAttribute('.gallery__thumb >> nth=1', 'href');
    await page.click('.gallery__thumb >> nth=1');
    await page.waitForURL(`${site.server.url}${href}`);
    await page.context().close();
  });
});

describe('women’s committee document', () => {
  it('renders the .docx in place as pages without a press, its code loading once the page is interactive, with its headings, table and image', async () => {
    const { page, problems } = await openPage(site.browser);
    await recordHydration(page.context());
    await page.context().addInitScript(() => {
      const w = window as unknown as { __shifted: number };
      w.__shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.__shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const scripts: { url: string; at: number }[] = [];
    page.on('request', (request) => VIEWER_CHUNK.test(request.url()) && scripts.push({ url: request.url(), at: Date.now() }));
    await page.goto(`${site.server.url}/XQQ`);
    await documentShown(page);
    expect(scripts).toHaveLength(1);
    // Not among the page's first scripts: docx-preview is asked for after its islands have hydrated.
    const started = await page.evaluate(
      () => performance.getEntriesByType('resource').find((entry) => /\/docx-preview-[^/]*\.js$/.test(entry.name))!.startTime,
    );
    expect(started).toBeGreaterThan(await interactiveAt(page));
    // Nothing was pressed, so nothing took the focus from where the visitor is.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(await page.locator('.xqq-document section.docx').count()).toBeGreaterThanOrEqual(3);
    const text = (await page.textContent('.xqq-document'))!;
    expect(text).toContain('NIZOM');
    expect(text).toContain('Qoʻmita tarkibi');
    expect(await page.locator('.xqq-document table').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.xqq-document img').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.xqq-document a[href]:not([href^="http"])').count()).toBe(0);
    await page.waitForSelector('.xqq-viewer[aria-busy="false"]');
    expect(await page.locator('.xqq-viewer .loading').count()).toBe(0);
    // The pages arrived in a place kept for them: nothing in view moved.
    expect(await page.evaluate(() => (window as unknown as { __shifted: number }).__shifted)).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('renders the document when the browser is idle, while it is still far below the window', async () => {
    // A window so short that the viewer is far from it: only the browser's idle time can wake it.
    const { page, problems } = await openPage(site.browser, { viewport: { width: 320, height: 120 } });
    await page.goto(`${site.server.url}/ru/XQQ`);
    const top = await page.locator('.xqq-viewer').evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(120 + 200);
    await documentShown(page);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows 'Hujjatni ko'rsatib bo'lmadi' and the download link when the document's request fails", async () => {
    const { page, problems } = await openPage(site.browser);
    await page.route(`**${DOCX}`, (route) => route.abort('connectionfailed'));
    await page.goto(`${site.server.url}/XQQ`);
    const alert = page.locator('.xqq-failed[role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Hujjatni koʻrsatib boʻlmadi');
    const link = alert.locator('a', { hasText: 'Hujjatni yuklab olish' });
    expect(await link.getAttribute('href')).toBe(DOCX);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.locator('.xqq-document section.docx').count()).toBe(0);
    expect(await page.locator('.xqq-document').isHidden()).toBe(true);
    expect(await page.locator('.xqq-viewer[aria-busy="true"]').count()).toBe(0);
    // The intended error, logged: the failed fetch and the browser's note on it.
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => /Failed to fetch|ERR_CONNECTION_FAILED/.test(p))).toBe(true);
    await page.context().close();
  });

  it("shows the internal 'Faylni yuklab bo'lmadi' in the console and the message on the page when the file is missing", async () => {
    const { page, problems } = await openPage(site.browser);
    await page.route(`**${DOCX}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    await page.goto(`${site.server.url}/XQQ`);
    const alert = page.locator('.xqq-failed[role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Hujjatni koʻrsatib boʻlmadi');
    expect(await alert.locator('a', { hasText: 'Hujjatni yuklab olish' }).getAttribute('href')).toBe(DOCX);
    // The intended error: the internal message, logged; and the browser's note on the 404.
    expect(problems.some((p) => p.includes("Faylni yuklab bo'lmadi"))).toBe(true);
    expect(problems.every((p) => p.includes("Faylni yuklab bo'lmadi") || p.includes('404'))).toBe(true);
    await page.context().close();
  });

  it('shows the failure in Russian when the file is not a Word document', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.route(`**${DOCX}`, (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: 'not a zip' }));
    await page.goto(`${site.server.url}/ru/XQQ`);
    await page.locator('.xqq-failed').waitFor();
    expect(await page.textContent('.xqq-failed')).toContain('Не удалось показать документ');
    expect(await page.locator('.xqq-failed a', { hasText: 'Скачать документ' }).count()).toBe(1);
    expect(problems.length).toBe(1);
    await page.context().close();
  });

  it('renders after a link from a page with the strict style policy', async () => {
    const { page, problems } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
    // The site map (a page with the strict policy) links to every page.
    await page.goto(`${site.server.url}/en/test`);
    await hydrated(page);
    await page.click('main a[href="/en/XQQ"]');
    await page.waitForURL(`${site.server.url}/en/XQQ`);
    await documentShown(page);
    expect(page.url()).toBe(`${site.server.url}/en/XQQ`);
    expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
    await page.context().close();
  });

  it('offers the download link without JavaScript', async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/en/XQQ`);
    expect(await page.getAttribute('main a.button', 'href')).toBe(DOCX);
    expect(await page.locator('.xqq-viewer .loading').count()).toBe(0);
    // A viewer that could show nothing is not shown.
    expect(await page.locator('.xqq-viewer').isHidden()).toBe(true);
    await page.context().close();
  });
});

describe('mock screens in Chromium', () => {
  it('/sdf reveals its sections as they scroll into view', async () => {
    const { page, problems } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/sdf`);
    await hydrated(page);
    const last = page.locator('.svc-scroll__item').last();
    await page.waitForFunction(() => document.querySelector('.svc-scroll__item:last-child')?.classList.contains('is-hidden'));
    await last.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('.svc-scroll__item:last-child')?.classList.contains('is-hidden'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('/sdf stays static with reduced motion', async () => {
    const { page } = await openPage(site.browser, { reducedMotion: 'reduce' });
    await page.goto(`${site.server.url}/sdf`);
    await islandHydrated(page, 'ScrollReveal');
    await networkQuiet(page);
    expect(await page.locator('.svc-scroll__item.is-hidden').count()).toBe(0);
    await page.context().close();
  });

  it('/form shows the preview note on submit and sends nothing', async () => {
    const { page, problems } = await openPage(site.browser);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${site.server.url}/en/form`);
    await hydrated(page);
    await islandHydrated(page, 'DocumentForm');
    await networkQuiet(page);
    await mark(page);
    requests.length = 0;
    expect(await page.isVisible('.svc-form__note')).toBe(false);
    await page.fill('main form input >> nth=0', 'Test Student');
    await page.click('main form button[type="submit"]');
    await page.waitForSelector('.svc-form__note', { state: 'visible' });
    expect(await page.textContent('.svc-form__note')).toContain('nothing was sent');
    expect(page.url()).toBe(`${site.server.url}/en/form`);
    expect(await marked(page)).toBe(true);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('/form shows the note without JavaScript too, with no entry in the URL', async () => {
    const { page } = await openPage(site.browser, { javaScriptEnabled: false });
    await page.goto(`${site.server.url}/form`);
    await page.fill('main form input >> nth=0', 'Test Student');
    await page.click('main form button[type="submit"]');
    await page.waitForURL(/#form-preview$/);
    expect(page.url()).not.toContain('Test');
    expect(await page.isVisible('.svc-form__note')).toBe(true);
    await page.context().close();
  });
});
