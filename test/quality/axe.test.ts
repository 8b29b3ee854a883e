/**
 * axe-core, the accessibility engine most auditors use, on every screen in four renditions at a phone
 * and a desktop width, and with the menus, panels and the gallery modal open. Any violation of impact
 * serious or critical fails, printed with its route, state, rule and the selector of each element.
 */
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launch, newContext } from '../helpers/browser';
import { transitionsDone } from '../helpers/settle';
import { startServer, type RunningServer } from '../helpers/server-process';
import { screenUrls } from '../helpers/site-urls';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const WIDTHS = [375, 1280];

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launch>>;
const contexts = new Map<number, BrowserContext>();

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  for (const width of WIDTHS) {
    contexts.set(width, await newContext(browser, { viewport: { width, height: 900 } }));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The page after its load event, hydration and its entrance animations (a card mid-fade has the
 * contrast of a half-transparent one): what axe checks is the settled DOM.
 */
async function open(width: number, url: string): Promise<Page> {
  const page = await contexts.get(width)!.newPage();
  await page.goto(server.url + url);
  await hydrated(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return page;
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

// Two pages at a time: the server and Chromium each have a core to themselves on a 2-CPU CI machine.
describe.concurrent('axe: no serious or critical violation', () => {
  for (const width of WIDTHS) {
    for (const url of screenUrls()) {
      it(`${url} at ${width} px`, async () => {
        const page = await open(width, url);
        const found = await findings(page, `${url} @${width}`);
        await page.close();
        expect(found).toEqual([]);
      });
    }
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
