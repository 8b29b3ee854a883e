/**
 * The boot data the server writes into every page and the client hydrates from. It travels as
 * <script type="application/json">, never as executable script, escaped so that no string from the
 * backend can close the element ('</script>' becomes '\u003c/script>').
 */
import type { Assets } from './app-context';

export interface SerializedError {
  status: number;
  statusText: string;
}

export interface BootData {
  siteUrl: string;
  assets: Assets;
  loaderData: Record<string, unknown>;
  errors: Record<string, SerializedError> | null;
}

/** Marks a loader value the server streams later; the client swaps in the value from DEFERRED_ID. */
export interface DeferredMarker {
  $deferred: string;
}

export const BOOT_ID = '__boot';
export const DEFERRED_ID = '__deferred';

export function isDeferredMarker(value: unknown): value is DeferredMarker {
  return typeof value === 'object' && value !== null && typeof (value as DeferredMarker).$deferred === 'string';
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
