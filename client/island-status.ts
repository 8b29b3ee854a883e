/**
 * Where each island stands, written on its element as `data-island-status`, so that a test, a style
 * or a person in the browser's inspector can tell without reading React's internals:
 *  - pending: the runtime watches it and waits for its wake condition (shared/islands/island.tsx);
 *  - hydrating: it has woken, and its code is loading or React is hydrating it;
 *  - hydrated: React has committed it, so its event handlers are live;
 *  - failed: its code did not load, or React could not render it. Its server HTML stays and works as it
 *    does without JavaScript (links and forms go to the server).
 * An element without the attribute has not been seen by the runtime (no JavaScript, or not yet run).
 */
export type IslandStatus = 'pending' | 'hydrating' | 'hydrated' | 'failed';

export function markIsland(element: HTMLElement, status: IslandStatus): void {
  element.dataset.islandStatus = status;
}
