/**
 * Entity tags for the responses this app validates itself (stored pages, pre-compressed assets).
 * A tag names one representation, so each content coding gets its own (RFC 9110 8.8.3.3): a cache
 * that revalidates its gzip copy must never get a 304 that lets it hand that copy to a client that
 * asked for br, or for no coding at all.
 */
import type { Coding } from './encoding';

const SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz' };

/** The strong tag of `opaque` (no quotes) in `coding`: `"x-br"`, `"x-gz"`, or `"x"` for none. */
export function entityTag(opaque: string, coding: Coding | null): string {
  return `"${opaque}${coding ? SUFFIX[coding] : ''}"`;
}

/**
 * Whether If-None-Match names the current representation (RFC 9110 13.1.2): `*`, or a list of tags
 * compared weakly (`W/"x"` matches `"x"`). Quoted tags are taken whole, so a comma inside one is no
 * separator.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const [, tag] of header.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (tag === opaque) return true;
  }
  return false;
}
