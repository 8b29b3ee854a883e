/**
 * Hashed client assets in the encoding build.mjs already made: <file>.br (brotli quality 11) or
 * <file>.gz (gzip level 9) beside each script, stylesheet and SVG. Sending those costs no CPU per
 * request and is smaller than on-the-fly compression; anything else falls through to express.static.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { pickEncoding } from './encoding';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

export function servePrecompressed(dir: string, cacheControl: string): RequestHandler {
  // Hashed names never change content, so the listing taken at start stays true until the next build
  // (which restarts the server).
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!type || !files.has(name)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const variant = encoding && `${name}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (!variant || !files.has(variant)) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControl);
    res.sendFile(variant, { root: dir, dotfiles: 'deny', lastModified: false }, (error) => error && next(error));
  };
}
