/**
 * What one request did with the data cache: which entries (and their versions) the page used, how
 * each was served, and whether anything was missing. The render decides cache headers from it, the
 * request log reports it, and a page cache can key stored pages on it.
 */
import type { CacheState, Lookup } from './cache';

export class DataSession {
  readonly used = new Map<string, number>();
  readonly states: Record<CacheState, number> = { hit: 0, stale: 0, miss: 0 };
  /** True when some data a page wanted could not be had (failed and nothing cached). */
  degraded = false;
  /** True when the page depends on something other than versioned data (search results). */
  volatile = false;
  /** True when an image URL was made before the server had seen its source (server/images/pictures.ts). */
  provisional = false;
  /** True when the data the page exists to show failed (server/loaders.ts `settle`): the page is a 503. */
  unavailable = false;

  constructor(readonly signal?: AbortSignal) {}

  record(path: string, lookup: Lookup<unknown>): void {
    if (lookup.kind === 'failed') {
      this.degraded = true;
      return;
    }
    this.used.set(path, lookup.version);
    this.states[lookup.state]++;
  }

  /** One word for the request log: the worst thing that happened. */
  get outcome(): string {
    if (this.degraded) return 'degraded';
    if (this.states.miss) return 'miss';
    if (this.states.stale) return 'stale';
    if (this.states.hit) return 'hit';
    return 'none';
  }
}
