/**
 * Waiting for islands (shared/islands/island.tsx) to hydrate, by the status the runtime marks on each
 * island's element (`data-island-status`, client/island-status.ts): `hydrated` once React has committed
 * it, so its event handlers are live. An island marked `failed` ends the wait at once with its name.
 */
import type { Page } from 'playwright-core';
import type { IslandStatus } from '../../client/island-status';

const HYDRATED: IslandStatus = 'hydrated';
const FAILED: IslandStatus = 'failed';

/** Resolves once every island called `name` (every island of the page, without a name) has hydrated. */
export async function islandHydrated(page: Page, name?: string): Promise<void> {
  const outcome = await page.waitForFunction(
    ({ island, hydrated, failed }) => {
      const islands = [...document.querySelectorAll<HTMLElement>(island ? `ztu-island[data-island="${island}"]` : 'ztu-island')];
      const broken = islands.filter((element) => element.dataset.islandStatus === failed).map((element) => element.dataset.island ?? '?');
      // An empty list is truthy and ends the wait; null goes on waiting.
      const done = broken.length > 0 || (islands.length > 0 && islands.every((element) => element.dataset.islandStatus === hydrated));
      return done ? broken : null;
    },
    { island: name, hydrated: HYDRATED, failed: FAILED },
  );
  const broken = (await outcome.jsonValue()) ?? [];
  if (broken.length > 0) throw new Error(`island ${broken.join(', ')}: data-island-status="failed" (see the page's console)`);
}

/** Brings an island that wakes when visible into view and waits until it has hydrated. */
export async function scrollToIsland(page: Page, name: string): Promise<void> {
  await page.locator(`ztu-island[data-island="${name}"] > *`).first().scrollIntoViewIfNeeded();
  await islandHydrated(page, name);
}

/** The URLs of an island's own chunk (client/islands.ts: one per island, named after it). */
function islandCode(name: string): RegExp {
  return new RegExp(`/assets/${name}-[^/]*\\.js$`);
}

/** Holds back an island's own chunk until the returned function is called (a press before it wakes). */
export async function holdIslandCode(page: Page, name: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(islandCode(name), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Clicks the element `selector` finds with element.click(), as assistive technology, voice control or a
 * script does (no pointer, focus or scrolling comes first), and returns its island's status just before.
 */
export function clickInIsland(page: Page, selector: string): Promise<string | undefined> {
  return page.evaluate((found) => {
    const target = document.querySelector<HTMLElement>(found);
    if (!target) throw new Error(`nothing matches ${found}`);
    const status = target.closest<HTMLElement>('ztu-island')?.dataset.islandStatus;
    target.click();
    return status;
  }, selector);
}

/** Makes every request for an island's own code fail, as a network error or a blocked script would. */
export async function failIslandCode(page: Page, name: string): Promise<void> {
  await page.route(islandCode(name), (route) => route.abort());
}
