/**
 * robots.txt, sitemap.xml and the per-language news feeds, mounted before the page handler. The
 * sitemap and feeds come from the search catalogue (made from the data cache, never per request) and
 * are kept per catalogue generation; they are cached at the edge like pages, and never when the
 * catalogue is incomplete (the backend failed), so no edge cache pins a sitemap with holes.
 */
import { Router, type Response } from 'express';
import { langFromPath } from '../../shared/lang';
import type { SiteIndex } from '../search';
import type { Catalogue } from '../search/catalogue';
import { feedXml } from './feed';
import { robotsTxt } from './robots';
import { sitemapXml } from './sitemap';

export interface SeoDeps {
  siteUrl: string;
  index: SiteIndex;
  /** Cache-Control like pages'; `degraded` → no-store. */
  cacheControl: (degraded: boolean) => string;
}

export function seoRouter({ siteUrl, index, cacheControl }: SeoDeps): Router {
  const router = Router();
  const memo = new Map<string, { generation: number; body: string }>();
  const robots = robotsTxt(siteUrl);

  const send = (res: Response, type: string, body: string, degraded: boolean) => {
    res.status(200).type(type).set('Cache-Control', cacheControl(degraded)).set('Vary', 'Accept-Encoding').send(body);
  };

  /** The document for `key`, made once per catalogue generation. */
  const fromCatalogue = async (res: Response, key: string, type: string, make: (catalogue: Catalogue) => string) => {
    const build = await index.current();
    let stored = memo.get(key);
    if (stored?.generation !== build.generation) {
      stored = { generation: build.generation, body: make(build.catalogue) };
      memo.set(key, stored);
    }
    send(res, type, stored.body, !build.catalogue.complete);
  };

  router.get('/robots.txt', (_req, res) => {
    res.locals.route = 'robots';
    send(res, 'text/plain; charset=utf-8', robots, false);
  });
  router.get('/sitemap.xml', async (_req, res) => {
    res.locals.route = 'sitemap';
    await fromCatalogue(res, 'sitemap', 'application/xml; charset=utf-8', (catalogue) => sitemapXml(siteUrl, catalogue));
  });
  router.get(['/rss.xml', '/ru/rss.xml', '/en/rss.xml'], async (req, res) => {
    res.locals.route = 'feed';
    const lang = langFromPath(req.path);
    await fromCatalogue(res, `feed:${lang}`, 'application/rss+xml; charset=utf-8', (catalogue) => feedXml(siteUrl, catalogue, lang));
  });
  return router;
}
