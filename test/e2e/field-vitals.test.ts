/**
 * Field Web Vitals from a real Chromium to the built server's histograms, with every page view measured
 * (RUM_SAMPLE=1): pages are loaded, used, left, reloaded, gone back to and closed, and what each view
 * sent is read on the metrics listener, as a Prometheus would read it. Then the same endpoint behind
 * deploy/nginx.conf: passed through uncached, and a flood from one address cut short by nginx.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_VITALS_PATH } from '../../shared/field-vitals';
import { hydrated, launch, newContext, watch } from '../helpers/browser';
import { NGINX, startNginx, type RunningNginx } from '../helpers/nginx';
import { startServer, type RunningServer } from '../helpers/server-process';
import { metricSum } from '../helpers/metrics-text';
import { waitUntil } from '../helpers/wait';

/**
 * A person's browser: isbot counts Chromium's headless user agent as a robot, whose beacons are dropped
 * (test/integration/field-vitals.test.ts). Given on the command line, since a beacon sent as a page is
 * left goes out of the browser's own process, where a context's user agent override does not reach.
 */
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const site = {} as { server: RunningServer; browser: Browser };
beforeAll(async () => {
  site.server = await startServer({ RUM_SAMPLE: '1' });
  site.browser = await launch([`--user-agent=${PERSON}`]);
});
afterAll(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

async function scrape(): Promise<string> {
  return (await fetch(`${site.server.metricsUrl}/metrics`)).text();
}

/** Resolves once the page's measuring code runs (it loads after the load event, when the browser is idle). */
async function measuring(page: Page): Promise<void> {
  const chunk = await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => /\/field-vitals-[^/]+\.js$/.test(name)),
  );
  // The page's own import of the chunk started the measurement as it resolved; this one resolves after it.
  // A string: vitest would rewrite an import() written in a function.
  await page.evaluate(`import(${JSON.stringify(await chunk.jsonValue())}).then(() => true)`);
}

const NEWS_RU = { page: '/news/:id', lang: 'ru' };
const ABOUT_EN = { page: '/about', lang: 'en' };

describe('field Web Vitals in Chromium', () => {
  it('sends each page view once as it is left, labelled by route pattern, rendition, navigation and device', async () => {
    const context = await newContext(site.browser, { viewport: { width: 1280, height: 800 } });
    const { page, problems } = watch(await context.newPage());
    const views = async (labels: Record<string, string>) => metricSum(await scrape(), 'site_field_lcp_seconds_count', { ...labels, device: 'desktop' });

    await page.goto(`${site.server.url}/ru/news/1`);
    await hydrated(page);
    await measuring(page);
    // A person's first tap, in the page's margin: INP is measured from it.
    await page.locator('#main').click({ position: { x: 2, y: 2 } });
    // Chromium times an input once the frame after it is painted: the page is left as soon as it has,
    // before web-vitals' idle callback has read the timing (client/field-vitals.ts sends it anyway).
    await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
    // Leaving the page hides it: its beacon goes.
    await page.goto(`${site.server.url}/en/about`);
    await waitUntil(async () => (await views({ ...NEWS_RU, navigation: 'navigate' })) === 1);
    const first = await scrape();
    for (const series of ['site_field_lcp_seconds', 'site_field_inp_seconds', 'site_field_cls', 'site_field_fcp_seconds', 'site_field_ttfb_seconds']) {
      expect(metricSum(first, `${series}_count`, { ...NEWS_RU, navigation: 'navigate', device: 'desktop' }), series).toBe(1);
    }
    // A paint takes time; Chromium on this machine takes well under the 20 s the largest bucket holds.
    expect(metricSum(first, 'site_field_lcp_seconds_sum', NEWS_RU)).toBeGreaterThan(0);
    expect(metricSum(first, 'site_field_lcp_seconds_bucket', { ...NEWS_RU, le: '20' })).toBe(1);
    expect(first).not.toMatch(/\/news\/1"/);

    await hydrated(page);
    await measuring(page);
    await page.reload();
    await waitUntil(async () => (await views({ ...ABOUT_EN, navigation: 'navigate' })) === 1);
    await hydrated(page);
    await measuring(page);
    await page.goBack();
    await waitUntil(async () => (await views({ ...ABOUT_EN, navigation: 'reload' })) === 1);
    await page.waitForURL(/\/ru\/news\/1$/);
    await hydrated(page);
    await measuring(page);
    // Closing the tab hides the page too.
    await page.close({ runBeforeUnload: true });
    await waitUntil(async () => (await views({ ...NEWS_RU, navigation: 'back-forward' })) === 1);

    const text = await scrape();
    // One beacon a page view, none refused, and none sent twice.
    expect(metricSum(text, 'site_field_vitals_beacons_total')).toBe(4);
    for (const reason of ['invalid', 'too-large', 'cross-site', 'rate-limited', 'bot'])
      expect(metricSum(text, 'site_field_vitals_refused_total', { reason }), reason).toBe(0);
    expect(await views({ ...NEWS_RU, navigation: 'navigate' })).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tells a phone from a desktop by its touch screen', async () => {
    const phone = await newContext(site.browser, { isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });
    const { page, problems } = watch(await phone.newPage());
    await page.goto(`${site.server.url}/uz-cyrl/department/1`);
    await hydrated(page);
    await measuring(page);
    await page.goto(`${site.server.url}/uz-cyrl`);
    const views = { page: '/department/:id', lang: 'uz-cyrl', navigation: 'navigate' };
    await waitUntil(async () => metricSum(await scrape(), 'site_field_fcp_seconds_count', { ...views, device: 'mobile' }) === 1);
    expect(metricSum(await scrape(), 'site_field_fcp_seconds_count', { ...views, device: 'desktop' })).toBe(0);
    expect(problems).toEqual([]);
    await phone.close();
  });
});

describe.skipIf(!NGINX)('the beacon endpoint behind deploy/nginx.conf', () => {
  let nginx: RunningNginx;
  beforeAll(async () => {
    nginx = await startNginx([site.server.port]);
  });
  afterAll(() => nginx?.stop());

  const beacon = JSON.stringify({ path: '/en/newsAll', navigation: 'navigate', device: 'desktop', metrics: { TTFB: 120 } });
  const send = (body: string) =>
    fetch(nginx.url + FIELD_VITALS_PATH, { method: 'POST', body, headers: { 'content-type': 'text/plain', 'user-agent': PERSON } });

  it('passes beacons to the app uncached, and the app refuses an oversized one', async () => {
    const before = await scrape();
    const taken = await send(beacon);
    expect(taken.status).toBe(204);
    expect(taken.headers.get('x-cache')).toBeNull();
    expect(taken.headers.get('cache-control')).toBe('no-store');
    expect((await send(JSON.stringify({ path: '/' + 'a'.repeat(2000) }))).status).toBe(413);
    const after = await scrape();
    const count = (text: string) => metricSum(text, 'site_field_ttfb_seconds_count', { page: '/newsAll', lang: 'en' });
    expect(count(after) - count(before)).toBe(1);
    expect(
      metricSum(after, 'site_field_vitals_refused_total', { reason: 'too-large' }) -
        metricSum(before, 'site_field_vitals_refused_total', { reason: 'too-large' }),
    ).toBe(1);
  });

  it('cuts a flood from one address short before it reaches the app', async () => {
    const taken = (text: string) => metricSum(text, 'site_field_ttfb_seconds_count', { page: '/newsAll', lang: 'en' });
    const reached = (text: string) => metricSum(text, 'site_http_requests_total', { route: 'field-vitals' });
    const before = await scrape();
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 200 }, () => send(beacon).then((res) => res.status)));
    const seconds = (Date.now() - started) / 1000;
    const after = await scrape();
    expect(statuses.filter((status) => status !== 204 && status !== 429)).toEqual([]);
    // nginx lets a burst of 40 through at once, then one a second; the rest never reach the app.
    expect(reached(after) - reached(before)).toBeLessThanOrEqual(40 + Math.ceil(seconds) + 1);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    // What was taken is what was answered 204 (the app holds a bound of its own too: it may refuse some).
    expect(taken(after) - taken(before)).toBe(statuses.filter((status) => status === 204).length);
  });
});
