/**
 * Security headers: helmet with the CSP of DESIGN.md and a fresh nonce per request. The nonce goes to
 * React's render call, the only place inline executable script (React's streaming runtime) comes from.
 */
import { freshNonce } from './nonce';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { INLINE_STYLE_PATH } from '../shared/inline-styles';

export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
export const MAPS_ORIGIN = 'https://www.google.com';

export function nonceOf(res: Response): string {
  return res.locals.nonce as string;
}

export function securityHeaders(options: { imageOrigins: string[] }): RequestHandler[] {
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.nonce = freshNonce();
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${nonceOf(res as Response)}'`],
        // docx-preview (the /XQQ document viewer) injects <style> elements; only that route allows them.
        styleSrc: [(req) => (INLINE_STYLE_PATH.test((req.url ?? '/').split('?')[0]!) ? "'self' 'unsafe-inline'" : "'self'")],
        // Style attributes in server HTML (image aspect ratios, progress bars) cannot run code.
        styleSrcAttr: ["'unsafe-inline'"],
        // Any https origin: the backend names media hosts and CDNs we cannot list in advance, and an
        // image cannot run code. The backend's own origin is added for a backend on plain http.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...options.imageOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // 'self': /rulesEtika frames the site's own code-of-conduct PDF (public/docs).
        frameSrc: ["'self'", YOUTUBE_ORIGIN, MAPS_ORIGIN],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // YouTube embeds refuse to play with no-referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  return [assignNonce, headers];
}
