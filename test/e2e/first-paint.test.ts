/**
 * The first frame a visitor sees is of the whole page frame, never of a document half parsed. Chrome
 * paints a document as it parses whenever parsing yields (a slow phone, a busy CPU); a header painted
 * with one of its tools, then the others arriving, is a layout shift (the CI once measured 0.00076 on
 * /department/1). Here the page's bytes stop inside the header's tools, as a slow network or a
 * yielding parser would leave them, while the browser renders ten frames of another page; then the
 * rest comes. The page must not have painted the half, and nothing may shift.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { hydrated, newContext, watch } from '../helpers/browser';
import { afterFrames } from '../helpers/settle';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();
const CHANCES_TO_PAINT = 10;
/** Where the held page's first part ends: before the last of the header's tools (the login link). */
const CUT_BEFORE = '<li class="tools__wide">';

interface HeldPages {
  url: string;
  /** Lets the rest of the held page go. */
  release: () => void;
  close: () => Promise<void>;
}

/** A proxy to the site that sends page `path` up to CUT_BEFORE, then holds the rest until released. */
async function holdingProxy(origin: string, path: string): Promise<HeldPages> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(origin + req.url, { headers: { 'accept-encoding': 'identity', 'user-agent': req.headers['user-agent'] ?? '' } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers = Object.fromEntries([...upstream.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(name)));
      res.writeHead(upstream.status, headers);
      if (req.url !== path) return res.end(body);
      const cut = body.indexOf(CUT_BEFORE);
      res.write(body.subarray(0, cut));
      await released;
      res.end(body.subarray(cut));
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let proxy: HeldPages | undefined;
afterAll(async () => {
  proxy?.release();
  await proxy?.close();
});

describe('the first paint', () => {
  for (const [path, viewport] of [
    ['/department/1', { width: 1280, height: 800 }],
    ['/ru/about', { width: 375, height: 812 }],
  ] as const) {
    it(`waits for the whole page frame, so a slow parse shifts nothing (${path}, ${viewport.width} px)`, async () => {
      // The page has the place to stop at (else the proxy would send it whole and prove nothing).
      expect(await (await fetch(site.server.url + path)).text()).toContain(CUT_BEFORE);
      proxy = await holdingProxy(site.server.url, path);
      const context = await newContext(site.browser, { viewport });
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number; __firstFrameWhole: boolean | null };
        w.__cls = 0;
        w.__firstFrameWhole = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.__cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => (w.__firstFrameWhole = document.querySelector('footer') !== null));
      });
      const { page, problems } = watch(await context.newPage());
      expect((await page.goto(proxy.url + path, { waitUntil: 'commit' }))?.status()).toBe(200);
      // The half is parsed and styled: a browser free to paint it now has all it needs to.
      await page.waitForFunction(
        () =>
          document.querySelector('.site-header__tools > li.header-search') !== null &&
          [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/')),
        undefined,
        { polling: 20 },
      );
      // Chances to paint: frames the browser renders meanwhile for another page, counted, not timed.
      // The half, parsed and styled, would be painted at the first of them.
      const clock = await context.newPage();
      await afterFrames(clock, CHANCES_TO_PAINT);
      await clock.close();
      const paintedHalf = await page.evaluate(() => (window as unknown as { __firstFrameWhole: boolean | null }).__firstFrameWhole !== null);
      proxy.release();
      await page.waitForLoadState('load');
      await hydrated(page);
      await afterFrames(page);
      const { cls, firstFrameWhole } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __firstFrameWhole: boolean | null };
        return { cls: w.__cls, firstFrameWhole: w.__firstFrameWhole };
      });
      expect({ paintedHalf, firstFrameWhole, cls }).toEqual({ paintedHalf: false, firstFrameWhole: true, cls: 0 });
      expect(problems).toEqual([]);
      await context.close();
      await proxy.close();
      proxy = undefined;
    });
  }

  it("leaves the link to the stylesheet until the page is painted: idle islands' code is asked for after it", async () => {
    const context = await newContext(site.browser, { viewport: { width: 375, height: 812 } });
    const { page, problems } = watch(await context.newPage());
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // The stylesheet, which the first paint waits for, is held until the page has asked for all it
    // asks for while parsing (the faculties' images in its body come after the head's links).
    let releaseStylesheet!: () => void;
    const stylesheetHeld = new Promise<void>((resolve) => (releaseStylesheet = resolve));
    await page.route(/\/assets\/site-[^/]+\.css$/, async (route) => {
      await stylesheetHeld;
      await route.continue();
    });
    await page.goto(site.server.url + '/department', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.getElementById('page-end') !== null, undefined, { polling: 20 });
    await expect.poll(() => asked.some((path) => path.startsWith('/media/faculties/'))).toBe(true);
    // React's chunk (56 KB) and the header island's own; the entry's few small chunks wake the islands and come at once.
    const chunk = (path: string) => /^\/assets\/(react-root|Header)-[^/]+\.js$/.test(path);
    expect(asked.filter(chunk)).toEqual([]);
    releaseStylesheet();
    // Painted, the header's island fetches its code and wakes.
    await hydrated(page);
    expect(asked.filter(chunk).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
