/**
 * What a screen must show beyond a clean hydration, by its path below the language prefix: the one h1 of
 * the about, study and news groups' pages, the text of the services group's screens in each language
 * (test/helpers/fixtures-services.ts), and on /XQQ the pages of its document, which the viewer draws by
 * itself once the page is interactive.
 */
import type { Page } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { SERVICE_SCREENS, type Lang } from './fixtures-services';

const ONE_H1 = [
  // About group.
  '/department',
  '/department/1',
  '/rules',
  '/rulesEtika',
  '/regulation',
  '/tashkiliytuzilmasi',
  '/qoidalar',
  // Study and news groups.
  '/kunduzgi',
  '/sirtqi',
  '/magistratura',
  '/napravleniya',
  '/publicNews',
  '/newsUnversity',
  '/xalqaroNews',
  '/elonlar',
  '/qqk',
  '/qqk/1',
];

/** The check for `path` in `lang`, or none. `expect`: the test's own (tests of a screen run at once). */
export function screenCheck(lang: Lang, path: string): ((page: Page, expect: ExpectStatic) => Promise<void>) | undefined {
  if (ONE_H1.includes(path)) return async (page, expect) => expect(await page.locator('main h1').count()).toBe(1);
  const screen = SERVICE_SCREENS.find((s) => s.path === path);
  if (!screen) return undefined;
  return async (page, expect) => {
    // The document viewer's work (fetch, chunk, rendering) is part of the page.
    if (path === '/XQQ') await page.waitForSelector('.xqq-document section.docx');
    expect(await page.textContent('main')).toContain(screen.needles[lang]);
  };
}
