/**
 * The display settings' endpoint: the panel's form (shared/components/AccessibilityPanel.tsx) is sent
 * here by GET, with or without JavaScript; the answer stores the settings in the cookie and sends the
 * visitor back (303) to the page they were on. `back` is only ever a path on this site: anything else
 * (another host, a scheme, a backslash, a control character) sends the visitor to the home page.
 */
import type { Request, Response } from 'express';
import { DISPLAY_COOKIE, displayFrom, displayVariant, type DisplayName } from '../shared/display';

export const DISPLAY_SETTINGS_PATH = '/accessibility';

/** A year: the settings are for this visitor's every later visit. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const MAX_BACK = 2048;

/**
 * `value` when it is a path on this site (with its query), else '/'. Browsers read `/\host` and
 * `//host` as another host, and drop tabs and newlines anywhere in a URL, so none of these are let
 * through, encoded or not.
 */
export function sameSitePath(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_BACK) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value) || /^\/[/\\]/.test(value)) return '/';
  const base = 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  const path = `${url.pathname}${url.search}`;
  // The URL parser resolves `/./` and `..`: what it made must still be a plain site path.
  return path.startsWith('//') ? '/' : path;
}

function field(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

export function serveDisplaySettings(req: Request, res: Response): void {
  res.locals.route = 'display-settings';
  const variant = field(req, 'reset') === undefined ? displayVariant(displayFrom((name: DisplayName) => field(req, name))) : '';
  // Default settings are no cookie at all: the visitor is a default visitor again everywhere.
  const cookie =
    variant === ''
      ? `${DISPLAY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${DISPLAY_COOKIE}=${variant}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${req.secure ? '; Secure' : ''}`;
  res.setHeader('Set-Cookie', cookie);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.redirect(303, sameSitePath(field(req, 'back')));
}
