/**
 * robots.txt, sitemap.xml and the per-language news feeds, mounted before the page handler. The
 * sitemap and feeds come from the search catalogue (made from the data cache, never per request) and
 * are kept per catalogue generation; they are cached at the edge like pages, and never when the
 * catalogue is incomplete (the backend failed), so no edge cache pins a sitemap with holes.
 */
import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { LANGS, langFromPath, localePath } from '../../shared/lang';
import type { SiteIndex } from '../search';
import type { Catalogue } from '../search/catalogue';
import { noneMatchHits } from '../etag';
import type { Logger } from '../logger';
import type { Stopping } from '../stopping';
import { feedXml } from './feed';
import { robotsTxt } from './robots';
import { sitemapXml } from './sitemap';

export interface SeoDeps {
  siteUrl: string;
  index: SiteIndex;
  /** Cache-Control like pages'; `degraded` → no-store. */
  cacheControl: (degraded: boolean) => string;
  /**
   * Longest a request waits for a new replica's first catalogue (CRAWLER_WAIT_MS): made from the whole
   * backend, it can take longer than the proxy in front waits, which then counts the replica as down.
   */
  waitMs: number;
  /** Cuts that wait short once the process stops (server/stopping.ts). */
  stopping: Stopping;
  logger: Logger;
}

/** When a document not ready yet is worth asking for again. */
const RETRY_AFTER_S = 60;

/** A document as sent, with its validators: both stay the same for as long as its bytes do. */
interface Validated {
  body: string;
  /** Weak: the same tag covers the gzip and br forms compression makes of the one body. */
  etag: string;
  lastModified: string;
}

/** `body` with validators; when it equals `previous`'s body, `previous`'s date, so revalidation still hits. */
function validated(body: string, previous: Validated | undefined, now: number): Validated {
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  if (previous?.etag === etag) return previous;
  return { body, etag, lastModified: new Date(Math.floor(now / 1000) * 1000).toUTCString() };
}

/** RFC 9110 13.2.2: If-None-Match decides when present; otherwise If-Modified-Since. */
function notModified(req: Request, doc: Validated): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch) return noneMatchHits(noneMatch, doc.etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(doc.lastModified) <= since;
}

export function seoRouter({ siteUrl, index, cacheControl, waitMs, stopping, logger }: SeoDeps): Router {
  const router = Router();
  const memo = new Map<string, Validated & { generation: number }>();
  const robots = validated(robotsTxt(siteUrl), undefined, Date.now());

  const send = (req: Request, res: Response, type: string, doc: Validated, degraded: boolean) => {
    res.type(type).set('Cache-Control', cacheControl(degraded)).set('Vary', 'Accept-Encoding');
    // A document made from an incomplete catalogue is not one to revalidate against.
    if (!degraded) res.set('ETag', doc.etag).set('Last-Modified', doc.lastModified);
    if (!degraded && notModified(req, doc)) res.status(304).end();
    else res.status(200).send(doc.body);
  };

  /** The document for `key`, made once per catalogue generation. */
  const fromCatalogue = async (req: Request, res: Response, key: string, type: string, make: (catalogue: Catalogue) => string) => {
    const build = await stopping.within(index.current(), waitMs);
    if (!build) {
      // The build goes on: a later request gets the document.
      logger.warn({ url: req.originalUrl, afterMs: waitMs }, 'document asked before the first search catalogue was made: 503');
      res
        .status(503)
        .set({ 'Retry-After': String(RETRY_AFTER_S), 'Cache-Control': 'no-store' })
        .type('text/plain')
        .send('Being prepared: try again shortly');
      return;
    }
    let stored = memo.get(key);
    if (stored?.generation !== build.generation) {
      stored = { ...validated(make(build.catalogue), stored, Date.now()), generation: build.generation };
      memo.set(key, stored);
    }
    send(req, res, type, stored, !build.catalogue.complete);
  };

  router.get('/robots.txt', (req, res) => {
    res.locals.route = 'robots';
    send(req, res, 'text/plain; charset=utf-8', robots, false);
  });
  router.get('/sitemap.xml', async (req, res) => {
    res.locals.route = 'sitemap';
    await fromCatalogue(req, res, 'sitemap', 'application/xml; charset=utf-8', (catalogue) => sitemapXml(siteUrl, catalogue));
  });
  router.get(
    LANGS.map((lang) => localePath(lang, '/rss.xml')),
    async (req, res) => {
      res.locals.route = 'feed';
      const lang = langFromPath(req.path);
      await fromCatalogue(req, res, `feed:${lang}`, 'application/rss+xml; charset=utf-8', (catalogue) => feedXml(siteUrl, catalogue, lang));
    },
  );
  return router;
}
