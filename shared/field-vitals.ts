/**
 * The field Web Vitals beacon as the browser (client/field-vitals.ts) sends it and the server
 * (server/field-vitals/) reads it: one small JSON object per page view, of bounded fields only.
 */

/** Same origin, so CSP's `connect-src 'self'` allows the beacon (server/security.ts). */
export const FIELD_VITALS_PATH = '/_vitals';

/** The attribute of the entry's <script> that carries RUM_SAMPLE, the share of page views measured; absent when 0. */
export const RUM_SAMPLE_ATTRIBUTE = 'data-rum-sample';

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** How the page view began; web-vitals' finer kinds are folded into these (client/field-vitals.ts). */
export const NAVIGATIONS = ['navigate', 'prerender', 'back-forward', 'reload'] as const;
export type Navigation = (typeof NAVIGATIONS)[number];

export const DEVICES = ['mobile', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

export interface Beacon {
  /** `location.pathname`, never the query (a search's words are the visitor's); the server keeps only its route pattern. */
  path: string;
  navigation: Navigation;
  device: Device;
  /** Milliseconds, except CLS (a score). */
  metrics: Partial<Record<VitalName, number>>;
}
