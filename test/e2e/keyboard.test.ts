/**
 * Keyboard only, in Chromium: the skip link, the header dropdowns, the language switch, the home page's
 * side panels, the vacancy filters and the gallery modal open, work and close with Tab, Enter, arrows
 * and Escape; every stop shows a focus ring; closing gives focus back to the control that opened it.
 * No mouse anywhere in this file.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage } from '../helpers/browser';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();

async function open(path: string, width = 1280): Promise<{ page: Page; problems: string[] }> {
  const watched = await openPage(site.browser, { viewport: { width, height: 900 } });
  await watched.page.goto(site.server.url + path);
  await hydrated(watched.page);
  return watched;
}

/** Presses Tab until the focused element matches `selector` (fails after `max` presses). */
async function tabTo(page: Page, selector: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focusedMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
const focusInside = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/** The focused element draws a ring: a visible outline or a box shadow. */
async function showsFocusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}

describe('keyboard paths', () => {
  it('starts with a visible skip link that moves focus to the main content', async () => {
    const { page, problems } = await open('/about');
    await page.keyboard.press('Tab');
    expect(await focusedMatches(page, '.skip-link')).toBe(true);
    expect(await showsFocusRing(page)).toBe(true);
    const box = await page.locator('.skip-link').boundingBox();
    expect(box && box.width > 1 && box.height > 1 && box.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedMatches(page, 'main#main')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'main')).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens a header dropdown with Enter, moves into it with Tab, and Escape closes it back on its button', async () => {
    const { page, problems } = await open('/about');
    const trigger = '#main-nav .dropdown:not(.lang-switch) > .dropdown__trigger';
    await tabTo(page, trigger);
    expect(await showsFocusRing(page)).toBe(true);
    const id = await page.evaluate(() => document.activeElement!.getAttribute('aria-controls'));
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-expanded'))).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focusInside(page, `#${id}`)).toBe(true);
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await focusedMatches(page, `[aria-controls="${id}"]`)).toBe(true);
    expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-expanded'))).toBe('false');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('switches language with the keyboard alone', async () => {
    const { page, problems } = await open('/about');
    await tabTo(page, '.lang-switch > .dropdown__trigger');
    await page.keyboard.press('Enter');
    await tabTo(page, '.lang-switch a[hreflang="ru"]', 5);
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ru\/about$/);
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens a home side panel, keeps focus inside it, and Escape gives focus back to its button', async () => {
    const { page, problems } = await open('/', 1280);
    await tabTo(page, 'button[aria-controls="panel-students"]');
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('#panel-students'));
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(page, '#panel-students')).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(page, '#panel-students')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await focusedMatches(page, 'button[aria-controls="panel-students"]')).toBe(true);
    expect(await page.getAttribute('button[aria-controls="panel-students"]', 'aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('filters vacancies and clears the filters with the keyboard', async () => {
    const { page, problems } = await open('/Vacancies');
    const all = await page.locator('.vac-card').count();
    await tabTo(page, 'select[name="department"]');
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((n) => document.querySelectorAll('.vac-card').length < n, all);
    await tabTo(page, '.vac-button--ghost', 6);
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('.vac-card').length === n, all);
    await page.waitForURL((url) => url.search === '');
    expect(await page.inputValue('select[name="department"]')).toBe('');
    expect(await page.locator('.vac-card').count()).toBe(all);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the gallery modal from a thumbnail, keeps focus in it, and Escape returns to the thumbnail', async () => {
    const { page, problems } = await open('/TTJ');
    await tabTo(page, '.gallery__thumb');
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.gallery__dialog[open]');
    expect(await focusInside(page, 'dialog.gallery__dialog')).toBe(true);
    // A modal <dialog> makes the page behind inert: Tab cycles through the dialog and the browser's
    // own controls (document.body here), never a link behind the backdrop.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement === document.body || Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.gallery__dialog:not([open])', { state: 'attached' });
    expect(await focusedMatches(page, '.gallery__thumb')).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
