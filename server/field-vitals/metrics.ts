/**
 * Field Web Vitals on /metrics (server/metrics.ts serves the registry): one histogram per metric,
 * labelled only by bounded fields (the page's route pattern, the rendition, how the view began, mobile
 * or desktop), and the beacons taken and refused. Each histogram has its "good" and "poor" limits
 * (web.dev's, as web-vitals rates them) among its bucket bounds, so a p75 compared with "good" is exact
 * there, not an interpolation across it.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import { mirrored } from '../metrics';
import type { Beacon, VitalName } from '../../shared/field-vitals';
import type { Lang } from '../../shared/lang';

export const REFUSAL_REASONS = ['invalid', 'too-large', 'cross-site', 'rate-limited', 'bot'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

interface VitalHistogram {
  name: string;
  help: string;
  /** The beacon carries milliseconds; seconds are Prometheus's unit. CLS is a score, taken as it is. */
  scale: number;
  buckets: number[];
}

export const VITAL_HISTOGRAMS: Record<VitalName, VitalHistogram> = {
  LCP: {
    name: 'site_field_lcp_seconds',
    help: "Largest Contentful Paint measured by visitors' browsers (good: at most 2.5 s; poor: over 4 s)",
    scale: 1 / 1000,
    buckets: [1, 1.5, 2, 2.5, 3, 4, 6, 10, 20],
  },
  INP: {
    name: 'site_field_inp_seconds',
    help: "Interaction to Next Paint measured by visitors' browsers (good: at most 0.2 s; poor: over 0.5 s)",
    scale: 1 / 1000,
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5],
  },
  CLS: {
    name: 'site_field_cls',
    help: "Cumulative Layout Shift score measured by visitors' browsers (good: at most 0.1; poor: over 0.25)",
    scale: 1,
    buckets: [0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  },
  FCP: {
    name: 'site_field_fcp_seconds',
    help: "First Contentful Paint measured by visitors' browsers (good: at most 1.8 s; poor: over 3 s)",
    scale: 1 / 1000,
    buckets: [0.5, 1, 1.8, 2.5, 3, 4, 6, 10, 20],
  },
  TTFB: {
    name: 'site_field_ttfb_seconds',
    help: "Time to First Byte measured by visitors' browsers, from the start of the navigation (good: at most 0.8 s; poor: over 1.8 s)",
    scale: 1 / 1000,
    buckets: [0.2, 0.4, 0.8, 1.2, 1.8, 3, 5, 10],
  },
};

export const FIELD_LABELS = ['page', 'lang', 'navigation', 'device'] as const;

export interface FieldVitalsMetrics {
  accept(beacon: Beacon, page: { page: string; lang: Lang }): void;
  refuse(reason: RefusalReason): void;
}

export function registerFieldVitalsMetrics(registry: Registry): FieldVitalsMetrics {
  const histograms = Object.entries(VITAL_HISTOGRAMS).map(
    ([vital, { name, help, scale, buckets }]) =>
      [vital as VitalName, scale, new Histogram({ name, help, labelNames: FIELD_LABELS, buckets, registers: [registry] })] as const,
  );
  // Plain counts, read at scrape time: a refusal in a flood costs an addition, not a label lookup. Every
  // reason shows from the start (at 0), so a rate() over it never begins with a missing series.
  const counts = { accepted: 0, refused: Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0])) as Record<RefusalReason, number> };
  mirrored(
    registry,
    'site_field_vitals_beacons_total',
    'Field Web Vitals beacons taken into the site_field_* histograms (one a measured page view)',
    () => counts.accepted,
  );
  new Counter({
    name: 'site_field_vitals_refused_total',
    help: 'Field Web Vitals beacons refused, by reason: invalid (400), too-large (413), cross-site (403), rate-limited (429), bot (dropped, 204)',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const reason of REFUSAL_REASONS) this.inc({ reason }, counts.refused[reason]);
    },
  });
  return {
    accept(beacon, { page, lang }) {
      const labels = { page, lang, navigation: beacon.navigation, device: beacon.device };
      for (const [vital, scale, histogram] of histograms) {
        const value = beacon.metrics[vital];
        if (value !== undefined) histogram.observe(labels, value * scale);
      }
      counts.accepted++;
    },
    refuse(reason) {
      counts.refused[reason]++;
    },
  };
}
