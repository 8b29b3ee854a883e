/**
 * `npm run interactions [-- <another checkout>]`: how quickly the site answers a visitor on a slow phone,
 * under 4x CPU throttling in Chromium, medians of INTERACTION_RUNS (5) with the range:
 *  - INP of opening a header menu and of choosing another language (the interaction's own latency, up to
 *    the next paint; the one-second language state comes after it), clicked two ways: as a person
 *    clicks (the pointer rests on the control for HOVER_MS, the button is held for PRESS_MS) and as
 *    Playwright's click does (moved, pressed and released in one go, so the press waits behind the work the
 *    hover starts: the harsher figure);
 *  - a click on a link to the next page, hovered until what the hover starts is ready (its prefetch, or
 *    its prerender where the rules prerender on hover: ready to show, not always loaded yet) and pressed
 *    for PRESS_MS as a person presses, until that page is shown: its first contentful paint, or for a page
 *    the speculation rules prerendered (on hover, or from the press), its first frame after activation;
 *    measured twice, clicked as soon as the hover's speculation is ready and clicked once a page rendered
 *    ahead has loaded (a visitor who rests on the link a little longer); counted from the click on the
 *    clock the two documents share, on localhost (the shares of clicks that found a prerendered page and
 *    that were shown with the fade are printed). Measured in a Chromium attached by tab
 *    (scripts/lib/cdp-tab.mjs): Chromium refuses to prerender for Playwright's sessions.
 * With a second checkout (a git worktree of an older commit, with its node_modules) both are measured in
 * the same run, alternating. The clicks are also made, alternating, on a floor: two minimal pages (a heading,
 * a paragraph, a link; no stylesheet, no scripts) served by this script with the site's own speculation
 * rules and view-transition rules, copied from the site at start. It is what Chromium itself costs for a
 * page rendered ahead and faded in on this machine: the site's own share of a click is its figure less the
 * floor's (printed last), which travels between machines better than the figure does. Prints figures only; nothing is
 * asserted.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { openTab } from './lib/cdp-tab.mjs';
import { median } from './lib/median.mjs';
import { CHROMIUM_FLAGS, chromiumPath, root, startBuiltSite } from './lib/site-process.mjs';

const CPU_SLOWDOWN = 4;
/** How long a person holds a mouse button down in a click: `conservative` speculation starts at the press. */
const PRESS_MS = 100;
/** How long a person's pointer rests on a control before pressing it. */
const HOVER_MS = 300;
const VIEWPORT = { width: 1280, height: 800 };
const runs = Number(process.env.INTERACTION_RUNS ?? 5);
// INTERACTION_REDUCED_MOTION=1: the visitor asks for reduced motion, so pages change without the view transition.
const reducedMotion = process.env.INTERACTION_REDUCED_MOTION === '1';
const traceDir = process.env.INTERACTION_TRACE_DIR && resolve(process.env.INTERACTION_TRACE_DIR);
// INTERACTION_TO=/en/<page>: the click goes to that page, by the first link to it on /en/about (the
// footer's included), instead of the first link in /en/about's text.
const nextPath = process.env.INTERACTION_TO;
/** What a performance panel's trace records: the main threads' tasks, frames and navigations. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'viz',
  'navigation',
  'loading',
  'benchmark',
  'toplevel',
  'v8.execute',
];
const baseline = process.argv[2] && resolve(process.argv[2]);
if (baseline && !existsSync(join(baseline, 'node_modules'))) {
  console.error('usage: npm run interactions [-- <another checkout of the site, with node_modules>]');
  process.exit(1);
}

/**
 * The longest event of the interaction a click makes, as the Event Timing API reports it (INP's unit):
 * `asPerson` rests the pointer on the control and holds the button as a person does, otherwise Playwright
 * moves, presses and releases at once.
 */
async function clickLatency(page, selector, { asPerson }) {
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
  if (asPerson) {
    await page.hover(selector);
    await page.waitForTimeout(HOVER_MS);
    await page.mouse.down();
    await page.waitForTimeout(PRESS_MS);
    await page.mouse.up();
  } else {
    await page.click(selector);
  }
  return page.evaluate(() => globalThis.__latency);
}

async function throttledPage(browser) {
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
  await context.addInitScript(() => sessionStorage.setItem('splash-seen', '1'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

async function measure(browser, { url, floor }, label) {
  if (floor) return clicks(url, label);
  const figures = {};
  for (const [how, asPerson] of [
    ['as a person clicks', true],
    ['moved, pressed and released at once', false],
  ]) {
    const page = await throttledPage(browser);
    await page.goto(`${url}/ru/about`, { waitUntil: 'networkidle' });
    // Whichever way the build starts its header (whole page or island), it is ready when the nav says so.
    await page.waitForSelector('#main-nav[data-enhanced]', { state: 'attached' });
    figures[`open a menu, ${how} (INP ms)`] = await clickLatency(page, '[data-menu-trigger="university"]', { asPerson });
    await page.keyboard.press('Escape');
    await page.click('[data-menu-trigger="lang"]');
    figures[`choose a language, ${how} (INP ms)`] = await clickLatency(page, '.lang-switch a[hreflang="en"]', { asPerson });
    await page.waitForURL(/\/en\/about/);
    await page.context().close();
  }
  return { ...figures, ...(await clicks(url, label)) };
}

async function clicks(url, label) {
  return {
    ...(await clickToNextPage(url, label, { rested: false })),
    ...(await clickToNextPage(url, `${label}-rested`, { rested: true })),
  };
}

/**
 * Serves the floor's two minimal pages on a free port of 127.0.0.1, each linking to the other, with the
 * speculation rules and the view-transition rules that `siteUrl`'s /en/about carries, and returns its URL.
 */
async function startFloor(siteUrl) {
  const html = await (await fetch(`${siteUrl}/en/about`)).text();
  const rules = html.match(/<script type="speculationrules">([^<]*)<\/script>/)?.[1];
  const stylesheet = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
  const css = stylesheet ? await (await fetch(new URL(stylesheet, siteUrl))).text() : '';
  // Only the rules that make and time the fade (not the ones of the site's reduced-motion block, which
  // turn it off: INTERACTION_REDUCED_MOTION leaves the floor without them).
  const fade = reducedMotion
    ? []
    : (css.match(/@view-transition\s*\{\s*navigation\s*:\s*auto[^}]*\}|::view-transition-(?:old|new)\(root\)[^{]*\{[^}]*\}/g) ?? []);
  if (!rules || (!reducedMotion && fade.length === 0)) throw new Error(`the floor found no speculation rules or no fade on ${siteUrl}/en/about`);
  const from = '/en/about';
  const to = nextPath ?? '/en/department';
  const page = (title, link) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>` +
    `<style>${fade.join('')}</style><script type="speculationrules">${rules}</script></head>` +
    `<body><nav id="main-nav" data-enhanced></nav><main><h1>${title}</h1><p>A paragraph of the page, and <a href="${link}">a link to the next one</a>.</p></main></body></html>`;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://floor').pathname;
    if (path !== from && path !== to) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(path === from ? page('About', to) : page('Next', from));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, child: { kill: () => server.close() } };
}

/**
 * Runs in every document of the tab before its own scripts: the splash is seen, and the click and the
 * moment the page is shown are reported to the script (by the bindings reportClick and reportShown).
 */
const REPORTER = `(() => {
  if (window.top !== window) return;
  sessionStorage.setItem('splash-seen', '1');
  addEventListener('click', (event) => reportClick(String(performance.timeOrigin + event.timeStamp)), { capture: true, once: true });
  let faded = false;
  addEventListener('pagereveal', (event) => (faded = event.viewTransition !== null));
  const shown = (at, prerendered) => reportShown(JSON.stringify({ path: location.pathname, at, prerendered, faded }));
  if (document.prerendering) {
    document.addEventListener('prerenderingchange', () => requestAnimationFrame((time) => shown(performance.timeOrigin + time, true)), { once: true });
    return;
  }
  new PerformanceObserver((list, observer) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (!paint) return;
    observer.disconnect();
    shown(performance.timeOrigin + paint.startTime, false);
  }).observe({ type: 'paint', buffered: true });
})()`;

/** Polls `expression` in `session` until it is truthy (at most 30 s), and returns its value. */
async function until(tab, session, expression) {
  for (let tries = 0; tries < 300; tries++) {
    const { result } = await tab.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, session);
    if (result.value) return result.value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never true: ${expression}`);
}

/**
 * The click on /en/about's first link to another page, until that page is shown (see the top of this
 * file). With INTERACTION_TRACE_DIR, Chromium's trace of it, from the press until the page is shown, is
 * written there as `click-<label>.json` (chrome://tracing or https://ui.perfetto.dev read it).
 */
async function clickToNextPage(url, label, { rested }) {
  /** The session of the page Chromium renders ahead (its URL is not known yet when it is attached). */
  let prerender;
  const tab = await openTab({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, `--window-size=${VIEWPORT.width},${VIEWPORT.height}`],
    onPage: (send, session, target) =>
      Promise.all([
        target.subtype === 'prerender' && (prerender = session),
        send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }, session),
        ...(reducedMotion ? [send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] }, session)] : []),
        send('Runtime.enable', {}, session),
        send('Runtime.addBinding', { name: 'reportClick' }, session),
        send('Runtime.addBinding', { name: 'reportShown' }, session),
        send('Page.enable', {}, session),
        send('Page.addScriptToEvaluateOnNewDocument', { source: REPORTER }, session),
      ]),
  });
  try {
    const { page } = tab;
    const loaded = tab.next('Page.loadEventFired', undefined, page);
    await tab.send('Page.navigate', { url: `${url}/en/about` }, page);
    await loaded;
    await until(tab, page, `document.querySelector('#main-nav[data-enhanced]') !== null`);
    // The next page: the first link in the text to another page (not the page's own entry in its side
    // menu), or the first visible link to INTERACTION_TO.
    const selector = nextPath ? JSON.stringify(`a[href="${nextPath}"]`) : JSON.stringify('main a[href^="/en/"]:not([aria-current])');
    const { href, x, y } = await until(
      tab,
      page,
      `(() => {
        const link = [...document.querySelectorAll(${selector})].find((a) => a.getClientRects().length > 0);
        link.scrollIntoView({ block: 'center' });
        const box = link.getBoundingClientRect();
        return { href: link.href, x: box.x + box.width / 2, y: box.y + box.height / 2 };
      })()`,
    );
    const path = new URL(href).pathname;
    await tab.send('Preload.enable', {}, page);
    // The pointer rests on the link until what the hover starts is ready, as a visitor's does before a
    // click: the prefetch, and the prerender too where the rules prerender on hover.
    const prefetched = tab.next('Preload.prefetchStatusUpdated', (event) => event.prefetchUrl === href && event.status === 'Ready', page);
    let prerendering = false;
    const prerenderReady = tab.next(
      'Preload.prerenderStatusUpdated',
      (event) => {
        if (event.key.url !== href) return false;
        prerendering = true;
        return event.status === 'Ready' || event.status === 'Failure';
      },
      page,
    );
    const atMost = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    await tab.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y }, page);
    await Promise.race([prefetched, prerenderReady, atMost(5000)]);
    if (prerendering) await Promise.race([prerenderReady, atMost(5000)]);
    // A visitor who rests on the link a little longer finds the page drawn ahead, its load event passed.
    if (rested && prerendering) await until(tab, prerender, `document.readyState === 'complete'`);
    const tracing = traceDir && (await startTrace(tab));
    const clicked = tab.next('Runtime.bindingCalled', (event) => event.name === 'reportClick', page);
    const shown = tab.next('Runtime.bindingCalled', (event) => event.name === 'reportShown' && JSON.parse(event.payload).path === path);
    await tab.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 }, page);
    await new Promise((resolve) => setTimeout(resolve, PRESS_MS));
    await tab.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 }, page);
    const clickedAt = Number((await clicked).payload);
    const { at, prerendered, faded } = JSON.parse((await shown).payload);
    if (tracing) writeFileSync(join(traceDir, `click-${label}.json`), JSON.stringify(await tracing()));
    const what = rested ? 'click on a link rested on until its page was loaded ahead' : 'click on a link as soon as its hover speculation is ready';
    return {
      [`${what}: next page shown (ms)`]: at - clickedAt,
      [`${what}: of which prerendered (%)`]: prerendered ? 100 : 0,
      [`${what}: of which with the fade (%)`]: faded ? 100 : 0,
    };
  } finally {
    await tab.close();
  }
}

/** Starts a trace of the whole browser; the function it returns ends it and gives its events. */
async function startTrace(tab) {
  const events = [];
  tab.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await tab.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
  return async () => {
    const complete = tab.next('Tracing.tracingComplete');
    await tab.send('Tracing.end');
    await complete;
    return { traceEvents: events };
  };
}

if (traceDir) mkdirSync(traceDir, { recursive: true });
const builds = [['this build', root], ...(baseline ? [['baseline', baseline]] : [])];
const sites = [];
for (const [name, at] of builds) sites.push({ name, label: name.replaceAll(' ', '-'), ...(await startBuiltSite({ at, stdio: 'ignore' })) });
sites.push({ name: 'floor (minimal pages, same rules and fade)', label: 'floor', floor: true, ...(await startFloor(sites[0].url)) });
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
      const result = await measure(browser, site, `${site.label}-${i + 1}`);
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
const floor = sites.find((site) => site.floor);
console.log(`\nWhat each build adds to the floor (its median less the floor's), ms\n| click | build | share |\n|---|---|---:|`);
for (const [key, values] of [...figures].sort(([a], [b]) => a.localeCompare(b))) {
  const [what, name] = key.split(' | ');
  const floorValues = figures.get(`${what} | ${floor.name}`);
  if (name === floor.name || !floorValues || !what.endsWith('next page shown (ms)')) continue;
  console.log(`| ${what.replace(': next page shown (ms)', '')} | ${name} | ${Math.round(median(values) - median(floorValues))} |`);
}
