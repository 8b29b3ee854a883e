/**
 * Hydrates one island: loads its module and React, then makes the server HTML inside the element a
 * React root with the props the server wrote beside it. A mismatch between the two renders is logged as
 * an error naming the island (the browser suite fails on any), never silently patched over. An island
 * must not call useId: the server numbers ids by the whole page's tree, the browser by the island's.
 * How it goes is marked on the element (client/island-status.ts).
 */
import { startTransition, useEffect, type ReactNode } from 'react';
import type { IslandName } from '../shared/islands/names';
import { markIsland } from './island-status';
import { ISLANDS } from './islands';

/**
 * Resolves once React has committed the hydrated island (its effects have run); rejects when its code
 * does not load or its first render throws, leaving the element marked failed.
 */
export async function hydrateIsland(element: HTMLElement, name: IslandName): Promise<void> {
  markIsland(element, 'hydrating');
  try {
    const [{ hydrateRoot }, module] = await Promise.all([import('./react-root'), ISLANDS[name]()]);
    const { Component } = module.default.island;
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    await new Promise<void>((resolve, reject) => {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding the
      // main thread for a whole island (a long task on a slow phone). A press that comes meanwhile is
      // held by client/held-press.ts and replayed once the island has committed.
      startTransition(() => {
        hydrateRoot(
          element,
          <Committed onCommit={resolve}>
            <Component {...props} />
          </Committed>,
          {
            onRecoverableError: (error) => console.error(`island ${name}: hydration failed, rendered again in the browser:`, error),
            // React has unmounted the island: whatever it showed is gone (after its first commit, too).
            onUncaughtError: (error) => {
              markIsland(element, 'failed');
              console.error(`island ${name}: an error React could not recover from:`, error);
              reject(error instanceof Error ? error : new Error(String(error)));
            },
          },
        );
      });
    });
  } catch (error) {
    markIsland(element, 'failed');
    throw error;
  }
  markIsland(element, 'hydrated');
}

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}
