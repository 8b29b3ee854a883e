/**
 * The part of a request URL pages read, and how much of it. Every other query parameter (utm_*,
 * fbclid, anything a visitor adds) changes nothing: pages are rendered, cached and linked from the URL
 * without it, so nothing one request carries can reach the page another visitor is sent. What is kept
 * is bounded, since a page reflects its own URL many times (canonical and hreflang links, the language
 * links, the display panel's way back): a long query is cut before any page reads it, and a path longer
 * than any page of the site has is shortened before it is routed (to a 404, as it was).
 */
import { SEARCH_QUERY_MAX_CHARS } from './constants';
import { firstCodePoints } from './format';

export const PAGE_QUERY_PARAMS = ['page', 'department', 'type', 'q'] as const;

/**
 * The longest path (as sent, percent-encoded) a page is rendered under; a longer one is cut to it and
 * ends in '…', so no page of the site can match and the 404 page reflects at most this much of it.
 * The site's own paths are a few dozen characters.
 */
export const PAGE_PATH_MAX_CHARS = 256;
const CUT_PATH_END = encodeURIComponent('…');
/** How much of a query parameter is read, in code points: room for the longest query kept and the spaces around it. */
const QUERY_READ_CHARS = 4 * SEARCH_QUERY_MAX_CHARS;

/**
 * The search query as pages use it: control characters (a %00 in the URL) become spaces, and it is cut
 * to 200 characters, before the word the limit falls in (a fragment of a word could match nothing and,
 * since every word must match, empty the results).
 */
export function boundedQuery(raw: string): string {
  // Only what the cut can keep is looked at, however long the parameter.
  const read = firstCodePoints(raw, QUERY_READ_CHARS);
  // eslint-disable-next-line no-control-regex -- control characters in a query become spaces
  const chars = Array.from(read.replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ').trim());
  if (chars.length <= SEARCH_QUERY_MAX_CHARS) return chars.join('');
  const cut = chars.slice(0, SEARCH_QUERY_MAX_CHARS).join('');
  const inWord = /\S/.test(chars[SEARCH_QUERY_MAX_CHARS]!);
  const lastSpace = cut.search(/\s\S*$/);
  return (inWord && lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trim();
}

/** A kept parameter's value as pages read it: the query as `boundedQuery` makes it, any other at most as long. */
function boundedValue(name: (typeof PAGE_QUERY_PARAMS)[number], value: string): string {
  if (name === 'q') return boundedQuery(value);
  return firstCodePoints(value, SEARCH_QUERY_MAX_CHARS);
}

/** The part of a query string pages read, in a fixed order and bounded: '?page=2', or '' when none is left. */
export function pageSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = PAGE_QUERY_PARAMS.filter((name) => params.has(name)).map((name) => `${name}=${encodeURIComponent(boundedValue(name, params.get(name)!))}`);
  return kept.length ? `?${kept.join('&')}` : '';
}

/** A request path within PAGE_PATH_MAX_CHARS, never cut inside a percent-escape. */
function boundedPath(path: string): string {
  if (path.length <= PAGE_PATH_MAX_CHARS) return path;
  let end = PAGE_PATH_MAX_CHARS;
  const escape = path.lastIndexOf('%', end - 1);
  if (escape >= 0 && escape > end - 3) end = escape;
  return path.slice(0, end) + CUT_PATH_END;
}

/** A request URL (path and query) reduced to what pages read: the page cache key and the URL rendered. */
export function pageUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? boundedPath(url) : boundedPath(url.slice(0, q)) + pageSearch(url.slice(q + 1));
}
