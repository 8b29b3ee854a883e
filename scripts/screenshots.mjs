/**
 * `npm run screenshots`: PNGs of the main screens at 375 and 1280 px into docs/screenshots/, from the
 * production build on the embedded content, in Debian's Chromium (CHROMIUM_PATH to override). The
 * first screenful of each page (what a visitor sees before scrolling), without the splash.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath, root, startBuiltSite } from './lib/site-process.mjs';

const outDir = join(root, 'docs', 'screenshots');
const SCREENS = [
  ['home', '/'],
  ['home-ru', '/ru'],
  ['home-en', '/en'],
  ['about', '/about'],
  ['news', '/newsAll'],
  ['news-item', '/news/1'],
  ['faculties', '/department'],
  ['faculty-staff', '/department/1'],
  ['full-time', '/kunduzgi'],
  ['study-fields', '/napravleniya'],
  ['vacancies', '/Vacancies'],
  ['search', '/search?q=talaba'],
  ['not-found', '/nowhere'],
];
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
const chromePath = chromiumPath();
const { url, child: site } = await startBuiltSite();

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    await context.addInitScript(() => globalThis.sessionStorage?.setItem('splash-seen', '1'));
    for (const [name, path] of SCREENS) {
      const page = await context.newPage();
      await page.goto(url + path);
      await page.waitForSelector('#main-nav[data-enhanced]', { state: 'attached' });
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file });
      console.log(`docs/screenshots/${name}-${viewport.width}.png  ${path}`);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  site.kill('SIGTERM');
}
