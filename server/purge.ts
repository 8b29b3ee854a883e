/**
 * POST /_cache/purge for the backend's editors: drops data and page caches, everything or the backend
 * paths starting with a prefix ({"prefix": "/news/"}). Bearer token compared in constant time; with
 * CACHE_PURGE_TOKEN unset the endpoint does not exist (404).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import type { DataCache } from './backend/cache';
import type { Logger } from './logger';
import type { PageCache } from './page-cache';

/** Equal-length digests, so neither the token's content nor its length leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function purgeRouter(options: { token: string | null; data: DataCache; pages: PageCache; logger: Logger }): Router {
  const router = express.Router();
  router.post('/_cache/purge', express.json({ limit: '4kb', strict: true }), (req, res) => {
    res.locals.route = 'purge';
    if (!options.token) {
      res.status(404).end();
      return;
    }
    const header = req.get('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameToken(given, options.token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').end();
      return;
    }
    const prefix = (req.body as { prefix?: unknown } | undefined)?.prefix;
    if (prefix !== undefined && (typeof prefix !== 'string' || !prefix.startsWith('/') || prefix.length > 512)) {
      res.status(400).json({ error: 'prefix must be a backend path starting with /' });
      return;
    }
    const dropped = options.data.purge(prefix ?? '');
    // Stored pages validate their data versions on every hit; clearing them all frees memory at once.
    options.pages.clear();
    options.logger.info({ prefix: prefix ?? '', dropped }, 'cache purged');
    res.status(204).end();
  });
  return router;
}
