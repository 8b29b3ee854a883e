/**
 * Every screen in four renditions, each loaded once and judged many times: by axe-core, the
 * accessibility engine most auditors use, at a desktop and a phone width; for sideways scrolling at the
 * widths people use (320 to 1440 px); and, every island woken, for a clean hydration: every island
 * hydrates, nothing else does, no console error, page error or hydration warning on the way, and what the
 * screen must show (test/helpers/screen-checks.ts). Then axe again with the menus, panels and the gallery
 * modal open. Any axe violation of impact serious or critical fails, printed with its route, state, rule
 * and the selector of each element; a screen wider than the window fails with the elements that stick
 * out.
 *
 * Each screen is loaded at the desktop width and checked there, then resized to each other width,
 * settled again and checked again: the site's layout follows the width through CSS and the listeners
 * that media queries and Swiper keep, so a resized page is the page a phone gets (docs/architecture.md,
 * "Test tiers", says how that was compared rule by rule, element by element and box by box). Back at the
 * desktop width its islands are woken and the hydration is checked, as the e2e tier checked it on pages
 * of its own before.
 */
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launch, networkQuiet, newContext, watch } from '../helpers/browser';
import { hydratedStaticParts, wakeAllIslands } from '../helpers/islands';
import { screenCheck } from '../helpers/screen-checks';
import { afterFrames, transitionsDone } from '../helpers/settle';
import { startServer, type RunningServer } from '../helpers/server-process';
import { screens } from '../helpers/site-urls';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
/** The desktop width a screen is loaded at, then the phone width it is resized to: axe judges both. */
const WIDTHS = [1280, 375] as const;
/** Then the other widths people use, narrowest and widest included: none may scroll sideways. */
const MORE_WIDTHS = [320, 768, 1024, 1440] as const;
const HEIGHT = 900;

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  context = await newContext(browser, { viewport: { width: WIDTHS[0], height: HEIGHT } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Resolves once every finite animation of the page has finished (a card mid-fade has the contrast of a half-transparent one). */
async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The page after its load event, hydration and its entrance animations: what axe checks is the settled DOM. */
async function open(width: number, url: string): Promise<Page> {
  const page = await context.newPage();
  if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: HEIGHT });
  await page.goto(server.url + url);
  await hydrated(page);
  await animationsFinished(page);
  return page;
}

/** The same page at another width, once the new layout has been drawn and what it started has finished. */
async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT });
  await afterFrames(page);
  await animationsFinished(page);
}

/** Serious and critical findings, one line per element: "rule (impact) selector — help". */
async function findings(page: Page, where: string): Promise<string[]> {
  // Evaluated through the DevTools protocol: the site's CSP (rightly) refuses an injected <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${where}: ${v.id} (${v.impact}) ${node.target.join(' ')} — ${v.help}`));
}

/** Null when the page is no wider than the window, else by how much and which elements stick out. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= limit) return null;
    // Name what sticks out: elements in normal flow whose box passes the right edge, not inside a
    // box that clips or scrolls its own overflow.
    const clipped = (element: Element): boolean => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed' || style.overflowX !== 'visible') return true;
      }
      return getComputedStyle(element).position === 'fixed';
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 1 && !clipped(element))
      .slice(-2)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
    return `${document.documentElement.scrollWidth} > ${limit} (${culprits.join('; ') || '?'})`;
  });

/** The 404 page answers 404: its hydration is not judged here (Chromium reports its document's status as a console error). */
const NOT_FOUND = '/nowhere';

// Two pages at a time: the server and Chromium each have a core to themselves on a 2-CPU CI machine.
describe.concurrent('every screen: axe, sideways scrolling, a clean hydration', () => {
  for (const { lang, path, url } of screens()) {
    const hydration = path !== NOT_FOUND;
    const widths = [...WIDTHS, ...MORE_WIDTHS].sort((a, b) => a - b).join(', ');
    // The test's own expect: soft findings of tests running at once are told apart.
    it(`${url}: axe at ${WIDTHS.join(' and ')} px, as wide as the window at ${widths} px${hydration ? ', hydrates cleanly' : ''}`, async ({ expect }) => {
      const { page, problems } = watch(await context.newPage());
      const response = await page.goto(server.url + url);
      expect(response?.status()).toBe(hydration ? 200 : 404);
      await hydrated(page);
      await animationsFinished(page);
      for (const width of [...WIDTHS, ...MORE_WIDTHS]) {
        if (width !== WIDTHS[0]) await resize(page, width);
        // Soft: a finding at one width still lets the others be checked and reported.
        if ((WIDTHS as readonly number[]).includes(width)) expect.soft(await findings(page, `${url} @${width}`)).toEqual([]);
        expect.soft(await overflow(page), `${url} at ${width} px`).toBeNull();
      }
      if (hydration) {
        await resize(page, WIDTHS[0]);
        await wakeAllIslands(page);
        expect(await hydratedStaticParts(page)).toEqual([]);
        await screenCheck(lang, path)?.(page, expect);
        await networkQuiet(page);
        expect(problems).toEqual([]);
      }
      await page.close();
    });
  }
});

/** Interactive states: each is opened the way a visitor would, then checked while open. */
const STATES: Array<{ name: string; url: string; width: number; open: (page: Page) => Promise<unknown> }> = [
  ...[0, 1, 2, 3, 4, 5, 6].map((index) => ({
    name: `header dropdown ${index + 1}`,
    url: '/about',
    width: 1280,
    open: (page: Page) => page.locator('#main-nav .dropdown:not(.lang-switch) > .dropdown__trigger').nth(index).click(),
  })),
  { name: 'language menu', url: '/ru/about', width: 1280, open: (page) => page.locator('.lang-switch > .dropdown__trigger').click() },
  { name: 'mobile menu', url: '/en/about', width: 375, open: (page) => page.locator('.site-header__toggle').click() },
  { name: 'display panel', url: '/uz-cyrl/about', width: 375, open: (page) => page.locator('.a11y-panel__toggle').click() },
  { name: 'display panel', url: '/ru/about', width: 1280, open: (page) => page.locator('.a11y-panel__toggle').click() },
  { name: 'students panel', url: '/', width: 1280, open: (page) => page.locator('button[aria-controls="panel-students"]').click() },
  { name: 'menu panel', url: '/en', width: 1280, open: (page) => page.locator('button[aria-controls="panel-menu"]').click() },
  { name: 'gallery modal', url: '/TTJ', width: 1280, open: (page) => page.locator('.gallery__thumb').first().click() },
  { name: 'gallery modal', url: '/ru/YPK', width: 375, open: (page) => page.locator('.gallery__thumb').first().click() },
];

describe('axe: open menus, panels and the gallery modal', () => {
  for (const state of STATES) {
    it(`${state.name} on ${state.url} at ${state.width} px`, async () => {
      const page = await open(state.width, state.url);
      await state.open(page);
      await transitionsDone(page); // colours are final once the opening transitions have finished
      const found = await findings(page, `${state.url} @${state.width} with ${state.name} open`);
      await page.close();
      expect(found).toEqual([]);
    });
  }
});
