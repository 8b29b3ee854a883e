/**
 * Field Web Vitals of one page view (LCP, INP, CLS, FCP, TTFB, by Google's web-vitals library), sent to
 * the site's own endpoint with navigator.sendBeacon when the page is hidden: the
 * visitor leaves, switches tab or closes it. The metrics gather in one queue and go in one beacon;
 * a metric is sent once per page view, at the first hiding (a value it reaches after the visitor came
 * back is not sent again, so no view is counted twice). A view the back/forward cache gives back is a
 * page view of its own (web-vitals starts new metrics for it). Loaded by client/field-vitals-start.ts,
 * which hands it the endpoint: a constant both chunks imported would be a chunk of its own, one more
 * request on every page.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';
import type { Beacon, Device, Navigation } from '../shared/field-vitals';

/** web-vitals' kinds of navigation, folded into the four the server counts. */
export function navigationOf(type: MetricType['navigationType']): Navigation {
  switch (type) {
    case 'back-forward':
    case 'back-forward-cache':
      return 'back-forward';
    case 'prerender':
      return 'prerender';
    // A tab the browser discarded to save memory and loaded again when the visitor came back to it.
    case 'reload':
    case 'restore':
      return 'reload';
    default:
      return 'navigate';
  }
}

/**
 * Read on the device itself, never from the user agent string: Chromium's own word (a phone), or a
 * touch screen as the main pointer (phones and tablets in every browser).
 */
function deviceOf(): Device {
  const mobile = (navigator as Navigator & { userAgentData?: { mobile: boolean } }).userAgentData?.mobile === true;
  return mobile || matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop';
}

export function measureFieldVitals(endpoint: string): void {
  const device = deviceOf();
  let queued: Beacon | null = null;
  let queuedIds: string[] = [];
  const sent = new Set<string>();
  const flush = () => {
    if (!queued) return;
    navigator.sendBeacon(endpoint, JSON.stringify(queued));
    for (const id of queuedIds) sent.add(id);
    queued = null;
    queuedIds = [];
  };
  const add = (metric: MetricType) => {
    if (sent.has(metric.id)) return;
    if (queued && queuedIds.includes(metric.id)) {
      queued.metrics[metric.name] = metric.value;
      return;
    }
    const navigation = navigationOf(metric.navigationType);
    // A beacon holds one page view: a metric of another one (after a back/forward restore) starts the next.
    if (queued && (queued.navigation !== navigation || queued.metrics[metric.name] !== undefined)) flush();
    queued ??= { path: location.pathname, navigation, device, metrics: {} };
    queued.metrics[metric.name] = metric.value;
    queuedIds.push(metric.id);
  };
  // Every change is queued as it comes, not only the value web-vitals reports when the page is hidden:
  // it reads an interaction's timing in an idle callback, and one still waiting when the page is hidden
  // (the tap just before leaving) runs after that last report, which then had no INP to give.
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(add, { reportAllChanges: true });
  // web-vitals reports its last values on this same event, in the capturing phase, before this
  // listener runs. pagehide is not listened to: in the steps of leaving a page it comes before the page
  // is hidden, before those last values, and every browser the build targets hides the page then.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
