/**
 * `npm run interactions [-- <another checkout>]`: how quickly the site answers a visitor on a slow phone,
 * under 4x CPU throttling in Chromium, medians of INTERACTION_RUNS (5) with the range:
 *  - INP of opening a header menu and of choosing another language (the interaction's own latency, up to
 *    the next paint; the SPEC's one-second language state comes after it);
 *  - the first contentful paint of the next page after a click on a link that was prefetched (hovered
 *    first), counted from the click on the clock the two documents share, on localhost; a page the
 *    speculation rules prerendered counts from its activation, when it is shown (and the share of
 *    clicks that found one is printed).
 * With a second checkout (a git worktree of an older commit, with its node_modules) both are measured in
 * the same run, alternating. Prints figures only; nothing is asserted.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { median } from './lib/median.mjs';
import { chromiumPath, root, startBuiltSite } from './lib/site-process.mjs';

const CPU_SLOWDOWN = 4;
const runs = Number(process.env.INTERACTION_RUNS ?? 5);
// INTERACTION_REDUCED_MOTION=1: the visitor asks for reduced motion, so pages change without the view transition.
const reducedMotion = process.env.INTERACTION_REDUCED_MOTION === '1';
const baseline = process.argv[2] && resolve(process.argv[2]);
if (baseline && !existsSync(join(baseline, 'node_modules'))) {
  console.error('usage: npm run interactions [-- <another checkout of the site, with node_modules>]');
  process.exit(1);
}

/** The longest event of the interaction a click makes, as the Event Timing API reports it (INP's unit). */
async function clickLatency(page, selector) {
  await page.evaluate(() => {
    globalThis.__latency = new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        const entries = list.getEntries().filter((entry) => entry.interactionId > 0);
        if (entries.length) {
          observer.disconnect();
          resolve(Math.max(...entries.map((entry) => entry.duration)));
        }
      });
      observer.observe({ type: 'event', durationThreshold: 16 });
    });
  });
  await page.click(selector);
  return page.evaluate(() => globalThis.__latency);
}

async function throttledPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
  await context.addInitScript(() => sessionStorage.setItem('splash-seen', '1'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

async function measure(browser, url) {
  const { page, cdp } = await throttledPage(browser);
  await page.goto(`${url}/ru/about`, { waitUntil: 'networkidle' });
  // Whichever way the build starts its header (whole page or island), it is ready when the nav says so.
  await page.waitForSelector('#main-nav[data-enhanced]', { state: 'attached' });
  const menu = await clickLatency(page, '[data-menu-trigger="university"]');
  await page.keyboard.press('Escape');
  await page.click('[data-menu-trigger="lang"]');
  const language = await clickLatency(page, '.lang-switch a[hreflang="en"]');
  await page.waitForURL(/\/en\/about/);
  await page.waitForLoadState('networkidle');

  await cdp.send('Preload.enable');
  // The next page: the first link in the text to another page (not the page's own entry in its side menu).
  const link = page.locator('main a[href^="/en/"]:not([aria-current])').first();
  const href = new URL(await link.getAttribute('href'), url).href;
  const ready = new Promise((done) => {
    const timer = setTimeout(done, 5000);
    cdp.on('Preload.prefetchStatusUpdated', (event) => event.prefetchUrl === href && event.status === 'Ready' && (clearTimeout(timer), done()));
  });
  let prerendered = false;
  cdp.on('Preload.prerenderStatusUpdated', (event) => event.key?.url === href && event.status === 'Ready' && (prerendered = true));
  await link.hover();
  await ready;
  // The click's time, on the clock every document of the browser shares (epoch ms).
  const clicked = new Promise((resolve) => page.exposeFunction('reportClick', resolve));
  await page.evaluate(() =>
    globalThis.addEventListener('click', (event) => globalThis.reportClick(performance.timeOrigin + event.timeStamp), { capture: true, once: true }),
  );
  await link.click();
  const clickedAt = await clicked;
  await page.waitForURL(href);
  // A build that navigates inside the document (a client router) has no next document to paint.
  const loaded = await page.evaluate((to) => performance.getEntriesByType('navigation')[0].name === to, href);
  let shown = null;
  if (loaded) {
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    // A prerendered page painted before it was shown: it is shown when it is activated.
    const shownAt = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0].startTime;
      return performance.timeOrigin + Math.max(paint, performance.getEntriesByType('navigation')[0].activationStart ?? 0);
    });
    shown = shownAt - clickedAt;
  }
  await page.context().close();
  return {
    'open a menu (INP ms)': menu,
    'choose a language (INP ms)': language,
    ...(loaded ? { 'click on a prefetched link to the next page painted (ms)': shown, 'of which prerendered (%)': prerendered ? 100 : 0 } : {}),
  };
}

const builds = [['this build', root], ...(baseline ? [['baseline', baseline]] : [])];
const sites = [];
for (const [name, at] of builds) sites.push({ name, ...(await startBuiltSite({ at, stdio: 'ignore' })) });
// Playwright turns the back/forward cache off by default; visitors have it (a page left for the next one
// is kept, not torn down on the way).
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  ignoreDefaultArgs: ['--disable-back-forward-cache'],
});
const figures = new Map();
try {
  for (let i = 0; i < runs; i++) {
    for (const site of sites) {
      const result = await measure(browser, site.url);
      for (const [what, value] of Object.entries(result)) {
        const key = `${what} | ${site.name}`;
        figures.set(key, [...(figures.get(key) ?? []), value]);
      }
      process.stderr.write('.');
    }
  }
} finally {
  await browser.close();
  for (const site of sites) site.child.kill('SIGTERM');
}
console.log(`\nInteractions under ${CPU_SLOWDOWN}x CPU throttling, ${runs} runs each${baseline ? `, alternating with ${baseline}` : ''}`);
console.log('| measure | build | median | range |\n|---|---|---:|---|');
for (const [key, values] of [...figures].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`| ${key} | ${Math.round(median(values))} | ${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))} |`);
}
