/**
 * A hostile backend in a real browser: titles that try to close the boot script, HTML with handlers
 * and javascript: links. Nothing it sends may run.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launch, networkQuiet, openPage } from '../helpers/browser';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, newsItem } from '../helpers/fixtures';
import { startServer, type RunningServer } from '../helpers/server-process';

const PWN = 'window.__pwned=(window.__pwned||0)+1';
const hostile = newsItem(13, {
  image: `javascript:${PWN}`,
  title_uz: `</script><script>${PWN}</script>`,
  title_ru: `<img src=x onerror="${PWN}">`,
  title_en: `\u2028</SCRIPT ><svg onload="${PWN}">`,
  desc_uz: `<p onmouseover="${PWN}">a</p><script>${PWN}</script><a id="evil" href="javascript:${PWN}">link</a><img src="/x.png" onerror="${PWN}">`,
  desc_ru: `<iframe srcdoc="<script>parent.${PWN}</script>"></iframe><style>body{background:url(javascript:${PWN})}</style>`,
  desc_en: `<svg><script>${PWN}</script></svg><math><mtext><table><mglyph><style><img src=x onerror="${PWN}">`,
});

let backend: FakeBackend;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  backend = await startFakeBackend({
    ...coreRoutes(),
    '/news/yangiliklar/': { json: { count: 1, next: null, previous: null, results: [hostile] } },
    '/news/yangiliklar/13/': { json: hostile },
  });
  server = await startServer({ BACKEND_URL: backend.url });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await backend?.close();
});

describe('hostile backend content in Chromium', () => {
  for (const url of ['/news/13', '/ru/news/13', '/en/news/13', '/newsAll', '/en']) {
    it(`runs nothing injected on ${url}, also after client navigation`, async () => {
      const { page, problems } = await openPage(browser);
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await page.goto(server.url + url);
      await hydrated(page);
      await page.mouse.move(300, 300);
      if (await page.locator('#evil').count()) await page.click('#evil', { force: true });
      await page.click('.news-card__link >> nth=0').catch(() => undefined);
      await networkQuiet(page);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toBe(0);
      // Images the fake backend does not have fail to load; anything else is a real problem.
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
      await page.context().close();
    });
  }
});
