/**
 * Finds the page's islands and hydrates each when its wake condition is met (shared/islands/island.tsx),
 * or at once when a press inside it is held (client/held-press.ts): a press is never lost, it ends in
 * the island's behaviour or, if the island cannot hydrate in time, in the browser's own.
 */
import type { Wake } from '../shared/islands/island';
import { isIslandName } from '../shared/islands/names';
import { holdPresses } from './held-press';
import { hydrateIsland } from './hydrate';
import { markIsland } from './island-status';

/** Events that mean the visitor is about to use a widget: each wakes its island at once. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** How long an idle island waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;
/** Islands start hydrating a little before they scroll into view. */
const VISIBLE_MARGIN = '200px';

export function wakeIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('ztu-island[data-island]')) {
    // Nested islands are their parent's business: never hydrate a node twice.
    if (element.parentElement?.closest('ztu-island')) continue;
    watch(element);
  }
}

function watch(element: HTMLElement): void {
  const name = element.dataset.island;
  if (!isIslandName(name)) {
    markIsland(element, 'failed');
    console.error(`island: unknown island '${String(name)}'`);
    return;
  }
  markIsland(element, 'pending');
  let woken = false;
  const stops: (() => void)[] = [];
  const wake = () => {
    if (woken) return;
    woken = true;
    stops.forEach((stop) => stop());
    hydrateIsland(element, name).then(givePressBack, (error: unknown) => {
      console.error(`island ${name}: not hydrated, its server HTML stays as it is:`, error);
      givePressBack();
    });
  };
  const givePressBack = holdPresses(element, wake);
  for (const type of INTENT_EVENTS) {
    element.addEventListener(type, wake, { passive: true, capture: true });
    stops.push(() => element.removeEventListener(type, wake, { capture: true }));
  }
  stops.push(scheduleWake(element.dataset.wake as Wake, element, wake));
}

/**
 * Fetches an island's chunks (server-named, shared/islands/island.tsx) side by side, so that its import
 * later finds them instead of discovering its module graph one level at a time.
 */
function preloadChunks(chunks: string | undefined): void {
  for (const href of chunks?.split(' ') ?? []) {
    if (!href || document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Starts `wake` when the island's condition is met; returns how to cancel that. */
function scheduleWake(when: Wake, element: HTMLElement, wake: () => void): () => void {
  switch (when) {
    case 'load':
      wake();
      return () => {};
    case 'idle': {
      let cancel = () => {};
      // Not before the first paint: until then the link belongs to the stylesheet that paint waits for.
      const frame = requestAnimationFrame(() => {
        const timer = setTimeout(() => {
          preloadChunks(element.dataset.chunks);
          if (typeof requestIdleCallback === 'function') {
            const handle = requestIdleCallback(wake, { timeout: IDLE_TIMEOUT_MS });
            cancel = () => cancelIdleCallback(handle);
          } else {
            const fallback = setTimeout(wake, 1);
            cancel = () => clearTimeout(fallback);
          }
        });
        cancel = () => clearTimeout(timer);
      });
      cancel = () => cancelAnimationFrame(frame);
      return () => cancel();
    }
    case 'visible': {
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), { rootMargin: VISIBLE_MARGIN });
      // display: contents has no box of its own: watch what it shows.
      for (const child of element.children) observer.observe(child);
      return () => observer.disconnect();
    }
    default:
      return () => {};
  }
}
