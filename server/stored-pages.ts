/**
 * Answers a request from the page cache, early in the middleware chain: the stored bytes in the
 * encoding the client accepts, the headers prepared when the page was stored, ETag/304, and a CSP
 * header with this response's own nonce. Nothing is rendered and nothing is compressed again.
 */
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pickEncoding } from './encoding';
import { NONCE_PLACEHOLDER, pageKey, type PageCache } from './page-cache';

export function serveStoredPages(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = cache.get(pageKey(req.url));
    if (!page) return next();
    res.locals.pageCache = 'hit';
    res.locals.route = page.route;
    const nonce = randomBytes(16).toString('base64');
    res.locals.nonce = nonce;
    for (const [name, value] of page.headers) {
      res.setHeader(name, name === 'content-security-policy' ? value.replace(NONCE_PLACEHOLDER, nonce) : value);
    }
    res.setHeader('ETag', page.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === page.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.statusCode = page.status;
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
