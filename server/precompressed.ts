/**
 * Hashed client assets in the encoding build.mjs already made: <file>.br (brotli quality 11) or
 * <file>.gz (gzip level 9) beside each script, stylesheet and SVG, or the file itself when the client
 * takes neither. Sending those costs no CPU per request and is smaller than on-the-fly compression;
 * anything else falls through to express.static.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { pickEncoding, type Coding } from './encoding';
import { entityTag, noneMatchHits } from './etag';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };
const CODINGS: readonly Coding[] = ['br', 'gzip'];

export function servePrecompressed(dir: string, cacheControl: string): RequestHandler {
  // Hashed names never change content, so the listing taken at start stays true until the next build
  // (which restarts the server).
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!type || !files.has(name)) return next();
    const coding = pickEncoding(
      req.headers['accept-encoding'],
      CODINGS.filter((c) => files.has(name + SUFFIX[c])),
    );
    // The name carries the content hash, so it is the tag; the coding is added so that no cache
    // validates one coding's bytes for a client that asked for another (server/etag.ts).
    const etag = entityTag(name, coding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    if (noneMatchHits(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', type);
    if (coding) res.setHeader('Content-Encoding', coding);
    const file = coding ? name + SUFFIX[coding] : name;
    // send keeps the tag set above (no stat-based one) and uses it for If-Match and If-Range.
    res.sendFile(file, { root: dir, dotfiles: 'deny', lastModified: false, etag: false }, (error) => error && next(error));
  };
}
