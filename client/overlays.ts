/**
 * The splash and the loading bar (docs/behaviour.md), on server-rendered elements that stay hidden without JavaScript
 * (shared/components/Overlays.tsx):
 *  - the splash, once per visit (browser session), never with reduced motion (the system's or the
 *    accessibility panel's); a click dismisses it;
 *  - the loading bar while the browser loads the next page: from the moment a navigation to another
 *    document starts until this one is replaced (or comes back from the back/forward cache).
 */
import { LOADER_STEP_MS, LOADER_TARGET_PERCENT, SPLASH_MS } from '../shared/constants';
import { motionReduced } from '../shared/display';

const SPLASH_SEEN_KEY = 'splash-seen';

export function startOverlays(document: Document): void {
  const splash = document.querySelector<HTMLElement>('[data-overlay="splash"]');
  if (splash) showSplashOnce(splash);
  const progress = document.querySelector<HTMLElement>('[data-overlay="progress"]');
  if (progress) followNavigations(progress);
}

function showSplashOnce(splash: HTMLElement): void {
  let seen = true;
  try {
    seen = sessionStorage.getItem(SPLASH_SEEN_KEY) === '1';
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // Storage may be blocked; showing no splash is the safe choice then.
  }
  if (seen || motionReduced()) return;
  const hide = () => {
    splash.hidden = true;
    clearTimeout(timer);
  };
  splash.hidden = false;
  splash.addEventListener('click', hide, { once: true });
  const timer = setTimeout(hide, SPLASH_MS);
}

function followNavigations(progress: HTMLElement): void {
  const bar = progress.firstElementChild as HTMLElement | null;
  let timer = 0;
  const set = (percent: number) => {
    progress.setAttribute('aria-valuenow', String(percent));
    if (bar) bar.style.transform = `scaleX(${Math.max(percent, 5) / 100})`;
  };
  const start = () => {
    if (timer) return;
    let percent = 0;
    set(percent);
    progress.hidden = false;
    timer = window.setInterval(() => set((percent = Math.min(percent + 1, LOADER_TARGET_PERCENT))), LOADER_STEP_MS);
  };
  const stop = () => {
    clearInterval(timer);
    timer = 0;
    progress.hidden = true;
  };
  onLeaving(start);
  // A page restored from the back/forward cache, or a download that left this page in place.
  addEventListener('pageshow', stop);
}

/** Calls `start` when this tab begins loading another document of any origin, by link or form. */
function onLeaving(start: () => void): void {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener('navigate', (event) => {
      const navigate = event as Event & { destination: { sameDocument: boolean }; downloadRequest: string | null; hashChange: boolean };
      if (!navigate.destination.sameDocument && navigate.downloadRequest === null && !navigate.hashChange) start();
    });
    return;
  }
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target === '_blank' || link.hasAttribute('download')) return;
    const to = new URL(link.href);
    if (to.origin === location.origin && to.pathname === location.pathname && to.search === location.search && to.hash) return;
    start();
  });
  document.addEventListener('submit', (event) => event.defaultPrevented || start());
}
