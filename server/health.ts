/**
 * What the site says about its health, and to whom. The public port says only whether the process
 * answers (/healthz, liveness) and whether it has anything to show (/readyz, readiness), by status code:
 * all a load balancer, Docker's HEALTHCHECK or Kubernetes needs. The details (the backend's origin,
 * this replica's id and the build id that names the Redis keys, cache and queue figures) would tell an
 * outsider how the site is built and where to push: they are served as /healthz on the metrics listener
 * (server/metrics.ts), which the public never reaches.
 */
import { Router } from 'express';
import type { DataCache } from './backend/cache';
import type { Source } from './backend/source';
import type { PageCache } from './page-cache';
import { sanitizerPool } from './sanitize';
import type { SiteIndex } from './search';
import type { SharedTier } from './shared-cache';
import type { UpstreamHealth } from './upstream-health';

const startedAt = Date.now();

export interface HealthParts {
  source: Source;
  upstream: UpstreamHealth;
  cache: DataCache;
  pageCache: PageCache;
  search: SiteIndex;
  shared: SharedTier | null;
}

/** The detailed health, made when asked for; the backend's state is learnt from calls pages made anyway. */
export function healthDetails({ source, upstream, cache, pageCache, search, shared }: HealthParts): () => Record<string, unknown> {
  return () => ({
    status: 'ok',
    uptimeS: Math.round((Date.now() - startedAt) / 1000),
    source: source.name,
    upstream: upstream.upstream,
    cache: { keys: cache.size, bytes: cache.bytes, ...cache.stats },
    pageCache: { pages: pageCache.size, bytes: pageCache.bytes, apart: pageCache.apartPages, ...pageCache.stats },
    sanitizer: { running: sanitizerPool().threadRunning, pending: sanitizerPool().pending, ...sanitizerPool().stats },
    search: search.status,
    redis: shared ? shared.health : 'off',
  });
}

/** The public /healthz and /readyz. Neither calls the backend, so a probe can neither load it nor wait on it. */
export function publicHealth(upstream: UpstreamHealth): Router {
  const router = Router();
  // Liveness: 200 while the process can answer, whatever the backend does (restarting the process would
  // not mend the backend).
  router.get('/healthz', (_req, res) => {
    res.locals.route = 'healthz';
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  // Readiness: 503 until the configured backend has answered once (a fresh process on a dead backend has
  // nothing to show); then 200, as the data cache serves stale data through later failures.
  router.get('/readyz', (_req, res) => {
    res.locals.route = 'readyz';
    res.set('Cache-Control', 'no-store');
    if (upstream.ready) res.json({ status: 'ready' });
    else res.status(503).json({ status: 'not ready', reason: 'nothing loaded from the backend yet' });
  });
  return router;
}
