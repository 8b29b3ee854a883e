/**
 * When a page became interactive, on the page's own clock (performance.now(), the clock of its resource
 * timings): the moment the last of its islands that wake by themselves at first (`load`, `idle`) was
 * marked hydrated (client/wake.ts). A script whose request started before it is one the visitor waited
 * for; one started after it was loaded once the page could already be used.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { IslandStatus } from '../../client/island-status';
import { islandHydrated } from './island-hydrated';

const HYDRATED: IslandStatus = 'hydrated';

interface Marked {
  name: string;
  wake: string;
  at: number;
}

/** Records, in every page of the context, when each island is marked hydrated. Call before the pages open. */
export async function recordHydration(context: BrowserContext): Promise<void> {
  await context.addInitScript((hydrated) => {
    const marked: Marked[] = [];
    (window as unknown as { __hydratedAt: Marked[] }).__hydratedAt = marked;
    new MutationObserver((records) => {
      for (const { target } of records) {
        const element = target as HTMLElement;
        if (element.dataset.islandStatus === hydrated)
          marked.push({ name: element.dataset.island ?? '?', wake: element.dataset.wake ?? '?', at: performance.now() });
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-island-status'] });
  }, HYDRATED);
}

/** The page's time (ms) at which it became interactive, once it has (a page recorded by recordHydration). */
export async function interactiveAt(page: Page): Promise<number> {
  const first = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('ztu-island')]
      .filter((e) => ['load', 'idle'].includes(e.dataset.wake ?? ''))
      .map((e) => e.dataset.island ?? '?'),
  );
  for (const name of new Set(first)) await islandHydrated(page, name);
  const marked = await page.evaluate(() => (window as unknown as { __hydratedAt: Marked[] }).__hydratedAt);
  const times = marked.filter(({ wake }) => wake === 'load' || wake === 'idle').map(({ at }) => at);
  if (times.length < first.length)
    throw new Error(`interactiveAt: ${first.length} islands wake at first, ${times.length} were seen hydrating (was recordHydration called?)`);
  return Math.max(0, ...times);
}
