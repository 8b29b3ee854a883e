/**
 * What the display settings' cookie makes of a request, read in this one place: the settings a page is
 * rendered in (shared/display.ts reads the cookie: the name `a11y` exactly, its first occurrence), the
 * page cache's key for it (server/page-cache.ts) and whether the page is the visitor's own, which decides
 * its Cache-Control (server/render.tsx).
 *
 * A cache in front reads cookies its own way: nginx's `$cookie_a11y` ignores letter case and splits on
 * commas, another reader may decode names or trim other whitespace. Whatever it reads, it must never key a
 * page by it. So every request whose Cookie header names the cookie in any spelling is personal: its page
 * is sent `private` and stored apart from the default pages, and deploy/nginx.conf passes such requests by
 * its cache with the same pattern (test/unit/request-display.test.ts holds the two equal). Only requests
 * whose cookies say nothing about display settings share a page, and that page is the default one.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { DISPLAY_COOKIE, displayFromCookieHeader, displayVariant, type DisplaySettings } from '../shared/display';

/** Each letter of `name` as itself in either case or percent-encoded (`a11y`: `(?:a|%61|%41)(?:1|%31)…`). */
function anySpellingOf(name: string): string {
  return [...name]
    .map((letter) => {
      const codes = new Set([letter.toLowerCase(), letter.toUpperCase()].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
      return `(?:${letter.replace(/[^\w]/g, '\\$&')}|${[...codes].join('|')})`;
    })
    .join('');
}

/**
 * The display cookie's name anywhere in a Cookie header, in any letter case, with any of its letters
 * percent-encoded. Broader than any reading on purpose: a false match costs one visitor a shared cache,
 * a miss could hand their page to everyone.
 */
export const DISPLAY_COOKIE_MENTION = new RegExp(anySpellingOf(DISPLAY_COOKIE), 'i');

export interface RequestDisplay {
  settings: DisplaySettings;
  /** `displayVariant(settings)`: empty for the default settings. */
  variant: string;
  /** The Cookie header names the display cookie in some spelling: the page is never a shared one. */
  personal: boolean;
}

const SHARED: RequestDisplay = Object.freeze({ settings: displayFromCookieHeader(undefined), variant: '', personal: false });

export function displayOfRequest(headers: Pick<IncomingHttpHeaders, 'cookie'>): RequestDisplay {
  const header = headers.cookie;
  if (!header || !DISPLAY_COOKIE_MENTION.test(header)) return SHARED;
  const settings = displayFromCookieHeader(header);
  return { settings, variant: displayVariant(settings), personal: true };
}
