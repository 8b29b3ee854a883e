/**
 * Security headers: helmet with the site's CSP. Scripts come from the site's own origin only. The
 * one inline executable script, React's streaming runtime, is written only into a page streamed there
 * and then: that response alone gets a nonce (`allowInlineScripts`), which goes to React's render call.
 *
 * Every other response (a page rendered whole, a stored page, JSON, files) has no inline script, and
 * its CSP names no nonce at all: `script-src 'self'` and the hash of the page's speculation rules (a JSON
 * block the browser reads, never runs: shared/speculation-rules.ts) is the strictest policy it could
 * carry. The rules are allowed by their hash, not by `'inline-speculation-rules'`, which Chromium ignores
 * once the policy names a nonce, as it does on a streamed page. A nonce no
 * script uses protects nothing, and a stored page must never carry one: replayed, it is either the
 * same nonce for every visitor (which makes it worthless) or a fresh one its bytes cannot match (which
 * refuses its scripts). So stored pages are only pages with no inline script (server/render.tsx); a
 * page whose content arrives by React's reveal scripts is rendered again for each request. Allowing
 * such a page's scripts by hash instead would let it be stored, at the cost of finding React's
 * scripts in the HTML at store time, for a page that only a component suspending with all its data
 * present produces, which the server logs as a fault to mend.
 */
import { createHash } from 'node:crypto';
import { freshNonce } from './nonce';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { INLINE_STYLE_PATH } from '../shared/inline-styles';
import { SPECULATION_RULES_JSON } from '../shared/speculation-rules';

export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
/** The CSP source that allows the inline speculation rules, and nothing else: their text's hash. */
export const SPECULATION_RULES_SOURCE = `'sha256-${createHash('sha256').update(SPECULATION_RULES_JSON).digest('base64')}'`;
export const MAPS_ORIGIN = 'https://www.google.com';

export interface ScriptNonce {
  /** For React's render call. */
  value: string;
  /** Takes the nonce out of the CSP again when `body`, the whole response not yet sent, does not use it. */
  dropIfUnused: (body: Buffer) => void;
}

/** Adds a fresh nonce to this response's script-src. */
export function allowInlineScripts(res: Response): ScriptNonce {
  const nonce = freshNonce();
  const csp = String(res.getHeader('content-security-policy') ?? '');
  res.setHeader(
    'Content-Security-Policy',
    csp.replace(/(^|;)script-src ([^;]*)/, (_match, start: string, sources: string) => `${start}script-src ${sources} 'nonce-${nonce}'`),
  );
  return {
    value: nonce,
    dropIfUnused: (body) => {
      if (!res.headersSent && !body.includes(`nonce="${nonce}"`)) res.setHeader('Content-Security-Policy', csp);
    },
  };
}

export function securityHeaders(options: { imageOrigins: string[] }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", SPECULATION_RULES_SOURCE],
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
    // Either of these makes Chromium skip the 300 ms fade into a page it rendered ahead (the speculation
    // rules prerender every link a visitor rests on), and report the skip as an uncaught error in the
    // page: test/e2e/prerender.test.ts. What they guard is a page's state from a cross-origin window
    // that opens it or that it opens; these pages hold nothing a visitor has not been shown (no sign-in,
    // no personal data), and links that open another site carry rel="noopener".
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
  });
}
