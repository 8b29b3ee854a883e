/**
 * JavaScript weight per page, as a visitor receives it. Chromium loads the page and says which
 * scripts it needed; since Chromium offers brotli only over HTTPS (production: nginx with TLS in
 * front), each of those scripts is then fetched again asking for brotli, and the bytes that travel
 * are counted. The figures are printed as a table (docs/performance.md copies it) and held to the
 * budgets of the islands issue, for what a page loads before the visitor does anything: the home page
 * <= 95 KB, any other page <= 70 KB. React DOM with React is about 58 KB of that. Swiper, which arrives
 * when a slider comes near the viewport, is printed apart, and so is the .docx viewer of /XQQ, which
 * loads by itself only once the page is interactive (its islands that wake at first have hydrated).
 * Every page view is measured in the field here (RUM_SAMPLE=1), so each figure counts the field Web
 * Vitals code, which a page loads once it is interactive: at most 3 KB, the bound for it.
 */
import { get } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, launch, networkQuiet, openPage } from '../helpers/browser';
import { interactiveAt, recordHydration } from '../helpers/interactive';
import { startServer, type RunningServer } from '../helpers/server-process';

const HOME_BUDGET_KB = 95;
const PAGE_BUDGET_KB = 70;
/** The .docx viewer: its island's code and docx-preview. */
const VIEWER = /\/assets\/(docx-preview|DocumentViewer)-[^/]*\.js$/;
const FIELD_VITALS = /\/assets\/field-vitals-[^/]*\.js$/;
/**
 * The field Web Vitals chunk, of the 3 KB the measurement may add to a page: the rest is its starter's
 * share of the entry (client/field-vitals-start.ts, 0.21 KB; docs/performance.md says how it is measured).
 */
const FIELD_VITALS_CHUNK_BUDGET_KB = 2.75;

/** One URL per kind of page, in all three languages for the home page. */
const PAGES = [
  '/',
  '/ru',
  '/en',
  '/about',
  '/ru/rektorat',
  '/en/newsAll',
  '/news/1',
  '/ru/department/1',
  '/en/kunduzgi',
  '/napravleniya',
  '/Vacancies',
  '/ru/rulesEtika',
  '/en/regulation',
  '/XQQ',
  '/search?q=talaba',
  '/test',
  '/nowhere',
];

/** The bytes this server sends for a URL to a client that accepts brotli, as they travel. */
function brotliBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => (response.headers['content-encoding'] === 'br' ? resolve(bytes) : reject(new Error(`${url} was not sent as brotli`))));
    }).on('error', reject);
  });
}

let server: RunningServer;
let browser: Browser;
const rows: string[] = [];

beforeAll(async () => {
  server = await startServer({ RUM_SAMPLE: '1' });
  browser = await launch();
});

/** Resolves once the page has fetched the field Web Vitals chunk (after its load event, when idle). */
async function fieldVitalsLoaded(page: Page): Promise<void> {
  await page.waitForFunction((source) => performance.getEntriesByType('resource').some((entry) => new RegExp(source).test(entry.name)), FIELD_VITALS.source);
}

afterAll(async () => {
  if (rows.length) console.log(['JavaScript sent per page (brotli, KB):', ...rows].join('\n'));
  await browser?.close();
  await server?.stop();
});

describe('JavaScript budgets', () => {
  for (const path of PAGES) {
    const home = path === '/' || path === '/ru' || path === '/en';
    const budget = home ? HOME_BUDGET_KB : PAGE_BUDGET_KB;
    const documentPage = path === '/XQQ';
    it(`${path} sends at most ${budget} KB of JavaScript${documentPage ? ' before it is interactive, the .docx viewer after' : ''}`, async () => {
      const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
      await recordHydration(page.context());
      await page.goto(server.url + path);
      await hydrated(page);
      // Its pages are drawn by the viewer, whose code is then all there.
      if (documentPage) await page.waitForSelector('.xqq-document section.docx');
      await fieldVitalsLoaded(page);
      await networkQuiet(page);
      const loaded = async () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => /\/assets\/.*\.js$/.test(e.name))
            .map((e) => ({ url: e.name, decoded: e.decodedBodySize, startTime: e.startTime })),
        );
      const all = await loaded();
      // The .docx viewer of /XQQ loads by itself, never before the page is interactive nor on another page.
      const interactive = await interactiveAt(page);
      const viewer = all.filter(({ url }) => VIEWER.test(url));
      expect(viewer.filter(({ startTime }) => startTime < interactive).map(({ url }) => url)).toEqual([]);
      expect(viewer.length).toBe(documentPage ? 2 : 0);
      const scripts = all.filter((script) => !viewer.includes(script));
      let later = '';
      if (home) {
        // Swiper arrives when a slider comes near the viewport: printed apart.
        for (const slider of ['.slider--images', '.slider--partners']) {
          await page.locator(slider).scrollIntoViewIfNeeded();
          await page.waitForSelector(`${slider}.swiper-initialized`);
        }
        await networkQuiet(page);
        const onScroll = (await loaded()).filter(({ url }) => !scripts.some((s) => s.url === url));
        const bytes = await Promise.all(onScroll.map(({ url }) => brotliBytes(url)));
        later = ` + ${(bytes.reduce((a, b) => a + b, 0) / 1024).toFixed(1)} KB when the sliders start`;
      }
      if (documentPage) {
        const bytes = await Promise.all(viewer.map(({ url }) => brotliBytes(url)));
        later = ` + ${(bytes.reduce((a, b) => a + b, 0) / 1024).toFixed(1)} KB once interactive (the .docx viewer)`;
      }
      const sent = await Promise.all(scripts.map(async ({ url }) => ({ url, bytes: await brotliBytes(url) })));
      const sum = (list: typeof sent) => list.reduce((total, { bytes }) => total + bytes, 0) / 1024;
      const kb = sum(sent);
      const raw = scripts.reduce((total, e) => total + e.decoded, 0) / 1024;
      rows.push(
        `  ${path.padEnd(20)} ${kb.toFixed(1).padStart(6)} KB in ${String(scripts.length).padStart(2)} files` + ` (${raw.toFixed(0)} KB unpacked)${later}`,
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(kb).toBeLessThanOrEqual(budget);
      await page.context().close();
    });
  }
});

describe('Field Web Vitals', () => {
  for (const path of ['/', '/ru/about']) {
    it(`${path} loads its code once interactive and loaded, at most ${FIELD_VITALS_CHUNK_BUDGET_KB} KB of it`, async () => {
      const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
      await recordHydration(page.context());
      await page.goto(server.url + path);
      await hydrated(page);
      await fieldVitalsLoaded(page);
      const interactive = await interactiveAt(page);
      const { chunks, loadEnd } = await page.evaluate((source) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const chunks = performance
          .getEntriesByType('resource')
          .filter((entry) => new RegExp(source).test(entry.name))
          .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
        return { chunks, loadEnd: navigation.loadEventEnd };
      }, FIELD_VITALS.source);
      expect(chunks).toHaveLength(1);
      expect(loadEnd).toBeGreaterThan(0);
      const after = Math.max(loadEnd, interactive);
      expect(chunks[0]!.startTime).toBeGreaterThanOrEqual(after);
      const kb = (await brotliBytes(chunks[0]!.url)) / 1024;
      rows.push(
        `  ${path.padEnd(20)} field Web Vitals chunk ${kb.toFixed(1)} KB, asked for ${(chunks[0]!.startTime - after).toFixed(0)} ms after the page was interactive and loaded`,
      );
      expect(kb).toBeLessThanOrEqual(FIELD_VITALS_CHUNK_BUDGET_KB);
      await page.context().close();
    });
  }
});

describe('Script compilation', () => {
  it('asks V8 to compile every script a page loads while it streams in, off the main thread', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/ru/about`);
    await hydrated(page);
    await networkQuiet(page);
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((url) => /\/assets\/.*\.js$/.test(url)),
    );
    // React DOM among them: compiled lazily, its CommonJS factory is one long task on a slow phone.
    expect(urls.some((url) => /\/react-root-[^/]*\.js$/.test(url))).toBe(true);
    const unhinted = await Promise.all(urls.map(async (url) => ((await (await fetch(url)).text()).startsWith('//# allFunctionsCalledOnLoad\n') ? null : url)));
    expect(unhinted.filter(Boolean)).toEqual([]);
    await page.context().close();
  });
});

describe('Stylesheets', () => {
  /** A page and an element whose look comes from that page's own stylesheet rules. */
  const STYLED: [path: string, selector: string, property: string, value: string][] = [
    ['/', '.field-grid', 'display', 'grid'],
    ['/ru/department/1', '.with-side-nav', 'display', 'grid'],
    ['/en/newsAll', '.news-grid', 'display', 'grid'],
  ];
  for (const [path, selector, property, value] of STYLED) {
    it(`${path} downloads each style rule once and is styled`, async () => {
      const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
      await page.goto(server.url + path);
      await hydrated(page);
      await networkQuiet(page);
      const sheets = await page.evaluate(() =>
        [...document.styleSheets].filter((sheet) => sheet.href).map((sheet) => ({ href: sheet.href!, rules: [...sheet.cssRules].map((rule) => rule.cssText) })),
      );
      const seen = new Map<string, string>();
      const twice: string[] = [];
      for (const { href, rules } of sheets) {
        for (const rule of rules) {
          const first = seen.get(rule);
          if (first && first !== href) twice.push(`${rule.slice(0, 60)} (${first} and ${href})`);
          seen.set(rule, href);
        }
      }
      expect(sheets.length).toBeGreaterThan(0);
      expect(twice).toEqual([]);
      expect(
        await page
          .locator(selector)
          .first()
          .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property),
      ).toBe(value);
      await page.context().close();
    });
  }
});
