/**
 * POST /_cache/purge for the backend's editors: drops data and page caches, everything (`{}`), the
 * backend paths starting with a prefix (`{"prefix": "/news/"}`), or the entries holding given entities
 * (`{"keys": ["news:5", "faculty:2"]}`, server/backend/entity-keys.ts); with Redis, on every replica
 * (server/shared-cache). Bearer token compared in constant
 * time and checked before the body is read; with CACHE_PURGE_TOKEN unset the endpoint does not exist
 * (404). Purging everything takes an explicit `{}`: an empty, non-JSON or misspelt body purges
 * nothing, so a stray or malformed call cannot empty the caches.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { ENTITY_KEY } from './backend/entity-keys';
import type { Logger } from './logger';
import type { PurgeScope } from './shared-cache';

const PATH = '/_cache/purge';
const BODY_LIMIT = '4kb';

/** Equal-length digests, so neither the token's content nor its length leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function authorised(req: Request, token: string): boolean {
  const header = req.get('authorization') ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  return given !== '' && sameToken(given, token);
}

const MAX_KEYS = 100;

/** What a purge body asks for: a prefix ('' for everything) or entity keys, or why it is refused. */
export function readPurgeBody(text: string): PurgeScope | { error: string } {
  if (text.trim() === '') return { error: 'send {} to purge everything, {"prefix": "/news/"} or {"keys": ["news:5"]}' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: 'the body is not JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { error: 'the body must be a JSON object' };
  const unknown = Object.keys(body).filter((key) => key !== 'prefix' && key !== 'keys');
  if (unknown.length) return { error: `unknown field ${JSON.stringify(unknown[0])}` };
  const { prefix, keys } = body as { prefix?: unknown; keys?: unknown };
  if (prefix !== undefined && keys !== undefined) return { error: 'send either prefix or keys, not both' };
  if (keys !== undefined) {
    if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS) return { error: `keys must be a list of 1 to ${MAX_KEYS} entity keys` };
    const bad = (keys as unknown[]).find((key) => typeof key !== 'string' || !ENTITY_KEY.test(key));
    if (bad !== undefined) return { error: `${JSON.stringify(bad)} is not an entity key such as "news" or "news:5"` };
    return { keys: [...new Set(keys as string[])] };
  }
  if (prefix === undefined) return { prefix: '' };
  if (typeof prefix !== 'string' || !prefix.startsWith('/') || prefix.length > 512) return { error: 'prefix must be a backend path starting with /' };
  return { prefix };
}

export interface PurgeRouterOptions {
  token: string | null;
  /** Purges this replica's caches and, with Redis, every replica's: 'pending' when Redis is away. */
  purge: (scope: PurgeScope) => Promise<'sent' | 'pending' | 'local'>;
  logger: Logger;
}

export function purgeRouter(options: PurgeRouterOptions): Router {
  // Case-sensitive: the endpoint is exactly the documented path, like nginx's refusal of every case
  // variant of /_cache/ (deploy/nginx.conf); Express matches case-insensitively by default.
  const router = express.Router({ caseSensitive: true });
  // Read as text and parsed here, so that an empty body is told apart from `{}`.
  const readText = express.text({ type: 'application/json', limit: BODY_LIMIT });
  router.all(PATH, (req, res, next) => {
    res.locals.route = 'purge';
    const { token } = options;
    if (!token) {
      res.status(404).end();
      return;
    }
    if (req.method !== 'POST') {
      res.status(405).set('Allow', 'POST').end();
      return;
    }
    // Nothing of the body is read for a caller without the token.
    if (!authorised(req, token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').end();
      return;
    }
    const json = req.is('application/json');
    if (json === false && req.get('content-length') !== '0') {
      res.status(415).set('Accept-Post', 'application/json').json({ error: 'the body must be application/json' });
      return;
    }
    readText(req, res, (error?: unknown) => {
      if (error) return next(error);
      const asked = readPurgeBody(typeof req.body === 'string' ? req.body : '');
      if ('error' in asked) {
        res.status(400).json({ error: asked.error });
        return;
      }
      options.purge(asked).then((reach) => {
        options.logger.info({ ...asked, reach }, 'cache purged');
        // 202: done here, and kept for the other replicas until Redis is reachable again.
        if (reach === 'pending') res.status(202).json({ status: 'purged on this replica; other replicas once redis is reachable again' });
        else res.status(204).end();
      }, next);
    });
  });
  return router;
}
