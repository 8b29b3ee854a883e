/**
 * The query parameters some page reads. Every other parameter (utm_*, fbclid, anything a visitor
 * adds) changes nothing: pages are rendered, cached and linked from the URL without it, so nothing
 * one request carries can reach the page another visitor is sent.
 */
export const PAGE_QUERY_PARAMS = ['page', 'department', 'type', 'q'] as const;

/** The part of a query string pages read, in a fixed order: '?page=2', or '' when none is left. */
export function pageSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = PAGE_QUERY_PARAMS.filter((name) => params.has(name)).map((name) => `${name}=${encodeURIComponent(params.get(name)!)}`);
  return kept.length ? `?${kept.join('&')}` : '';
}

/** A request URL (path and query) reduced to what pages read: the page cache key and the URL rendered. */
export function pageUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q) + pageSearch(url.slice(q + 1));
}
