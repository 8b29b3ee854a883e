/**
 * Speculation rules: the browser fetches a page the visitor is about to open (a link hovered for a
 * moment, or touched), and renders it ahead on a press, so following a link shows a stored page at
 * once. Written inline in every page's head (shared/components/Root.tsx): a `Speculation-Rules` header
 * would make the browser fetch the rules itself as the page commits, before its parser asks for the
 * stylesheet. The CSP allows them by their text's hash, which lets no other script run
 * (server/security.ts). Only the site's pages are named: not media, documents, images or the operators'
 * endpoints, and never a link that opens elsewhere or downloads.
 */
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

/** The rules as the inline script's text (JSON of constants: nothing in it can close the element). */
export const SPECULATION_RULES_JSON = JSON.stringify(SPECULATION_RULES);
