/**
 * Reads a beacon's body strictly: a JSON object with exactly the fields of `Beacon`
 * (shared/field-vitals.ts), each of a known kind and every value finite and within what a browser can
 * measure. Anything else is refused whole, with a reason for the 400's text.
 */
import { DEVICES, NAVIGATIONS, VITAL_NAMES, type Beacon, type VitalName } from '../../shared/field-vitals';

/** Longest path taken: the site's longest route with an id is far shorter. */
export const MAX_PATH_CHARS = 256;

/**
 * The largest value taken for each metric, in its unit (milliseconds; CLS is a score). A page view
 * longer than ten minutes to paint is no measurement of the site, and a score above 10 means the page
 * jumped by ten viewports.
 */
export const MAX_VALUE: Record<VitalName, number> = { LCP: 600_000, FCP: 600_000, TTFB: 600_000, INP: 600_000, CLS: 10 };

const FIELDS = ['path', 'navigation', 'device', 'metrics'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export function readBeacon(text: string): Beacon | { error: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: 'the body is not JSON' };
  }
  if (!isObject(body)) return { error: 'the body must be a JSON object' };
  const fields = Object.keys(body);
  if (fields.length !== FIELDS.length || !FIELDS.every((field) => field in body)) return { error: `the fields must be exactly ${FIELDS.join(', ')}` };
  const { path, navigation, device, metrics } = body;
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > MAX_PATH_CHARS)
    return { error: `path must be a site path of at most ${MAX_PATH_CHARS} characters` };
  if (!oneOf(NAVIGATIONS, navigation)) return { error: `navigation must be one of ${NAVIGATIONS.join(', ')}` };
  if (!oneOf(DEVICES, device)) return { error: `device must be one of ${DEVICES.join(', ')}` };
  if (!isObject(metrics) || Object.keys(metrics).length === 0) return { error: 'metrics must be an object with at least one metric' };
  const values: Beacon['metrics'] = {};
  for (const [name, value] of Object.entries(metrics)) {
    if (!oneOf(VITAL_NAMES, name)) return { error: `metrics may name only ${VITAL_NAMES.join(', ')}` };
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_VALUE[name]) {
      return { error: `${name} must be a number from 0 to ${MAX_VALUE[name]}` };
    }
    values[name] = value;
  }
  return { path, navigation, device, metrics: values };
}
