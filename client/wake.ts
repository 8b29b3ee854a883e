/**
 * Finds the page's islands and hydrates each when its wake condition is met (shared/islands/island.tsx),
 * or at once when a press inside it is held (client/held-press.ts): a press is never lost, it ends in
 * the island's behaviour or, if the island cannot hydrate in time, in the browser's own. The page is
 * interactive once the islands that wake by themselves at first (`load`, `idle`) have hydrated; an island
 * that waits for that (`settled`) loads nothing before it.
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

/** The islands whose hydration makes the page interactive. */
const FIRST_WAKES: readonly Wake[] = ['load', 'idle'];

/** Returns when the page is interactive: its first islands have hydrated (or failed). */
export function wakeIslands(root: ParentNode): Promise<void> {
  // Nested islands are their parent's business: never hydrate a node twice.
  const islands = [...root.querySelectorAll<HTMLElement>('ztu-island[data-island]')].filter((element) => !element.parentElement?.closest('ztu-island'));
  const settled = (element: HTMLElement) => element.dataset.wake === 'settled';
  const first: Promise<void>[] = [];
  for (const element of islands) {
    if (settled(element)) continue;
    const hydrated = watch(element, Promise.resolve());
    if (FIRST_WAKES.includes(element.dataset.wake as Wake)) first.push(hydrated);
  }
  const interactive = Promise.all(first).then(() => undefined);
  for (const element of islands) if (settled(element)) void watch(element, interactive);
  return interactive;
}

/** Watches one island; the result settles once it has hydrated or failed (never, if it never wakes). */
function watch(element: HTMLElement, interactive: Promise<void>): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) {
    markIsland(element, 'failed');
    console.error(`island: unknown island '${String(name)}'`);
    return Promise.resolve();
  }
  markIsland(element, 'pending');
  let woken = false;
  const stops: (() => void)[] = [];
  let done: () => void = () => {};
  const hydrated = new Promise<void>((resolve) => (done = resolve));
  const wake = () => {
    if (woken) return;
    woken = true;
    stops.forEach((stop) => stop());
    hydrateIsland(element, name)
      .then(givePressBack, (error: unknown) => {
        console.error(`island ${name}: not hydrated, its server HTML stays as it is:`, error);
        givePressBack();
      })
      .finally(done);
  };
  const givePressBack = holdPresses(element, wake);
  for (const type of INTENT_EVENTS) {
    element.addEventListener(type, wake, { passive: true, capture: true });
    stops.push(() => element.removeEventListener(type, wake, { capture: true }));
  }
  stops.push(scheduleWake(element.dataset.wake as Wake, element, wake, interactive));
  return hydrated;
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

/** Calls `wake` once the browser is idle, or after IDLE_TIMEOUT_MS at most; returns how to cancel that. */
function whenIdle(wake: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(wake, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const fallback = setTimeout(wake, 1);
  return () => clearTimeout(fallback);
}

/** Calls `wake` once the island comes within VISIBLE_MARGIN of the viewport; returns how to cancel that. */
function whenNear(element: HTMLElement, wake: () => void): () => void {
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), { rootMargin: VISIBLE_MARGIN });
  // display: contents has no box of its own: watch what it shows.
  for (const child of element.children) observer.observe(child);
  return () => observer.disconnect();
}

/** Starts `wake` when the island's condition is met; returns how to cancel that. */
function scheduleWake(when: Wake, element: HTMLElement, wake: () => void, interactive: Promise<void>): () => void {
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
          cancel = whenIdle(wake);
        });
        cancel = () => clearTimeout(timer);
      });
      cancel = () => cancelAnimationFrame(frame);
      return () => cancel();
    }
    case 'visible':
      return whenNear(element, wake);
    case 'settled': {
      let cancelled = false;
      let cancel = () => {};
      void interactive.then(() => {
        if (cancelled) return;
        // Whichever comes first; the island's wake runs once.
        const stops = [whenNear(element, wake), whenIdle(wake)];
        cancel = () => stops.forEach((stop) => stop());
      });
      return () => {
        cancelled = true;
        cancel();
      };
    }
    default:
      return () => {};
  }
}
