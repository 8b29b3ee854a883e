/**
 * Speculation rules: the browser renders ahead the page the visitor is about to open (a link hovered
 * for a moment, or touched), so following a link shows a stored page at once. Written inline in every page's head (shared/components/Root.tsx): a `Speculation-Rules` header
 * would make the browser fetch the rules itself as the page commits, before its parser asks for the
 * stylesheet. The CSP allows them by their text's hash, which lets no other script run
 * (server/security.ts). Only the site's pages are named: not media, documents, images, the operators'
 * endpoints or the display settings' endpoint (a request there is an action, never a page to fetch ahead),
 * and never a link that opens elsewhere or downloads.
 */
import { DISPLAY_SETTINGS_PATH } from './display';

const SITE_PAGES = {
  and: [
    { href_matches: '/*' },
    { not: { href_matches: ['/media/*', '/docs/*', '/_img/*', '/_cache/*', '/assets/*', '/*.xml', '/*.txt', `${DISPLAY_SETTINGS_PATH}{/}?`] } },
    { not: { selector_matches: '[download], [target="_blank"], [rel~="nofollow"]' } },
  ],
};

export const SPECULATION_RULES = {
  // Rendered ahead after a short hover (on a touch screen, from the touch): a click then only shows a
  // page that is already drawn (`npm run interactions`). Chromium keeps the two most recent such pages and
  // drops older ones; a stored page costs the server about what its prefetch would.
  prerender: [{ source: 'document', where: SITE_PAGES, eagerness: 'moderate' }],
  // Where the browser will not prerender (data saver, memory pressure, an automated browser), the
  // same hover still fetches the page.
  prefetch: [{ source: 'document', where: SITE_PAGES, eagerness: 'moderate' }],
};

/** The rules as the inline script's text (JSON of constants: nothing in it can close the element). */
export const SPECULATION_RULES_JSON = JSON.stringify(SPECULATION_RULES);
