/**
 * A page whose content React reveals with inline scripts (a component suspended although the page had
 * all its data: test/helpers/late-await.tsx), opened twice in Chromium, which enforces the CSP: first
 * rendered, then asked for again, when a page cache could answer it. Both times the visitor must see the
 * content, and no script may be refused.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '../helpers/app';
import { hydrated, launch, networkQuiet, newContext, watch } from '../helpers/browser';

vi.mock('../../shared/components/Await', async (original) => (await import('../helpers/late-await')).lateAwait(await original()));

/** Not a crawler: a crawler's page is sent when all is ready, with no reveal script at all. */
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const app = testApp(null);
let server: Server;
let browser: Browser;
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('a page revealed by inline scripts', () => {
  it('shows its content every time it is opened, also when a page cache could answer, with no script refused by the CSP', async () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const context = await newContext(browser, { userAgent: PERSON });
    // The first visit renders the page; its images, once fetched, make a page stored before them render
    // again (server/page-cache.ts); a later visit is answered from the page cache, when it keeps the page.
    for (let visit = 1; visit <= 3; visit++) {
      const { page, problems } = watch(await context.newPage());
      const response = await page.goto(`${origin}/en/news/1`);
      expect(response?.status(), `visit ${visit}`).toBe(200);
      if (visit === 1) expect(await response?.text()).toMatch(/<script nonce="[^"]+">\$RC/);
      // React's reveal scripts run as the document is parsed, before the module that hydrates it, and
      // queue the reveals for a later frame ($RB). A refused script leaves the content hidden where the
      // server put it, and hydration renders it again.
      await hydrated(page);
      await page.waitForFunction(() => ((window as unknown as { $RB?: unknown[] }).$RB?.length ?? 0) === 0);
      const title = page.locator('article.news-detail h1');
      expect(await title.count(), `visit ${visit}`).toBe(1);
      expect(await title.isVisible(), `visit ${visit}`).toBe(true);
      await networkQuiet(page);
      expect(problems, `visit ${visit}`).toEqual([]);
      await page.close();
      // Whatever the page cache does with the page has happened before it is asked for again.
      await app.locals.pageCache.settled();
    }
    await context.close();
  });
});
