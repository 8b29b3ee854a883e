/**
 * Islands in the browser (shared/islands/island.tsx): waking every island of a page, waiting until
 * each has hydrated, and finding React on elements that must stay server HTML.
 */
import type { Page } from 'playwright-core';
import { islandHydrated } from './island-hydrated';

/**
 * Scrolls through the page (islands that wake when visible), points at every island (the rest) and
 * waits until every island has hydrated.
 */
export async function wakeAllIslands(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, 0);
    for (const island of document.querySelectorAll('ztu-island')) island.dispatchEvent(new Event('pointerover', { bubbles: true }));
  });
  await islandHydrated(page);
}

/**
 * Elements of the page that carry a React fiber although they are not an island's own markup: the
 * page outside islands, and the server HTML kept in islands' slots. Described by tag, class and id.
 */
export async function hydratedStaticParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    const islandMarkup = (element: Element) => {
      const island = element.closest('ztu-island');
      const slot = element.closest('ztu-slot');
      return island !== null && (slot === null || !island.contains(slot) || element === slot);
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => hasFiber(element) && !islandMarkup(element))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`,
      );
  });
}
