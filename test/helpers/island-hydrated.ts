/**
 * Waiting for one island (shared/islands/island.tsx) to hydrate: React has claimed its server HTML
 * (its first element carries React's props), so its event handlers are live.
 */
import type { Page } from 'playwright-core';

export async function islandHydrated(page: Page, name: string): Promise<void> {
  await page.waitForFunction((island) => {
    const first = document.querySelector(`ztu-island[data-island="${island}"]`)?.firstElementChild;
    return first !== null && first !== undefined && Object.keys(first).some((key) => key.startsWith('__reactProps'));
  }, name);
}

/** Brings an island that wakes when visible into view and waits until it has hydrated. */
export async function scrollToIsland(page: Page, name: string): Promise<void> {
  await page.locator(`ztu-island[data-island="${name}"] > *`).first().scrollIntoViewIfNeeded();
  await islandHydrated(page, name);
}

/** Holds back an island's own chunk until the returned function is called (a press before it wakes). */
export async function holdIslandCode(page: Page, name: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
