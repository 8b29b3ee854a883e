/**
 * Speculation rules: the browser fetches a page the visitor is about to open (a link hovered for a
 * moment, or touched), and renders it ahead on a press, so following a link shows a stored page at
 * once. They travel as a header naming this JSON, not as an inline script, so the CSP stays
 * `script-src 'self'`. Only the site's pages are named: not media, documents, images or the
 * operators' endpoints, and never a link that opens elsewhere or downloads.
 */
import type { RequestHandler } from 'express';

export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/** The header every page carries (stored with it in the page cache). */
export const SPECULATION_RULES_HEADER = `"${SPECULATION_RULES_PATH}"`;

const SITE_PAGES = {
  and: [
    { href_matches: '/*' },
    { not: { href_matches: ['/media/*', '/docs/*', '/_img/*', '/_cache/*', '/assets/*', '/*.xml', '/*.txt'] } },
    { not: { selector_matches: '[download], [target="_blank"], [rel~="nofollow"]' } },
  ],
};

export const SPECULATION_RULES = {
  // Fetched after a short hover (or a touch): the next page's bytes are there before the click.
  prefetch: [{ source: 'document', where: SITE_PAGES, eagerness: 'moderate' }],
  // Rendered ahead from the press on: the page is ready by the time the click completes.
  prerender: [{ source: 'document', where: SITE_PAGES, eagerness: 'conservative' }],
};

const BODY = JSON.stringify(SPECULATION_RULES);

export function serveSpeculationRules(): RequestHandler {
  return (req, res, next) => {
    if (req.path !== SPECULATION_RULES_PATH) return next();
    res.locals.route = 'speculation_rules';
    res.setHeader('Content-Type', 'application/speculationrules+json');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send(BODY);
  };
}
