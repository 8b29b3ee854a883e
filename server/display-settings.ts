/**
 * The display settings' endpoint. The panel's form (shared/components/AccessibilityPanel.tsx) is POSTed
 * here, with or without JavaScript; the answer stores the settings in the cookie and sends the visitor
 * back (303) to the page they were on. `back` is only ever a path on this site: anything else (another
 * host, a scheme, a backslash, a control character) sends the visitor to the home page.
 *
 * The settings last a year, so only this site's own pages may change them: a link or a form on another
 * site must not set how the site looks to a visitor (tiny text, images hidden) without their knowing.
 * A GET (a link, a prefetch, a bookmark) changes nothing and only goes back; a POST is taken when the
 * browser says it comes from this origin (Sec-Fetch-Site, or Origin where that is not sent) and refused
 * with 403 when it says otherwise.
 */
import express, { Router, type Request, type Response } from 'express';
import { DISPLAY_COOKIE, DISPLAY_SETTINGS_PATH, displayFrom, displayVariant, type DisplayName } from '../shared/display';
import { sendPlainError } from './render';

/** A year: the settings are for this visitor's every later visit. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const MAX_BACK = 2048;
/** The form's fields are a few short words and a path: anything much larger is not the form. */
const FORM_LIMIT = '8kb';
const FORM_FIELDS = 16;

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

type Fields = Record<string, unknown>;

function field(fields: Fields | undefined, name: string): string | undefined {
  const value = fields?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether the browser says this request was made by a page of this site. Browsers send Sec-Fetch-Site on
 * every request (Chromium 76, Firefox 90, Safari 16.4); older ones send Origin on every POST. A request
 * with neither comes from no browser another site could have driven, and changes only its own cookie.
 */
function fromOwnPages(req: Request, siteOrigin: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = req.get('origin');
  if (origin !== undefined) return origin === siteOrigin || origin === `${req.protocol}://${req.get('host') ?? ''}`;
  return true;
}

function settingsCookie(fields: Fields | undefined, secure: boolean): string {
  const variant = field(fields, 'reset') === undefined ? displayVariant(displayFrom((name: DisplayName) => field(fields, name))) : '';
  // Default settings are no cookie at all: the visitor is a default visitor again everywhere.
  return variant === ''
    ? `${DISPLAY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
    : `${DISPLAY_COOKIE}=${variant}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function sendBack(res: Response, back: string | undefined): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.redirect(303, sameSitePath(back));
}

export function displaySettingsRouter({ siteUrl }: { siteUrl: string }): Router {
  const siteOrigin = new URL(siteUrl).origin;
  const router = Router();
  const readForm = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: FORM_FIELDS });
  router.post(DISPLAY_SETTINGS_PATH, readForm, (req, res) => {
    res.locals.route = 'display-settings';
    if (!fromOwnPages(req, siteOrigin)) {
      sendPlainError(res, 403);
      return;
    }
    const fields = req.body as Fields | undefined;
    res.setHeader('Set-Cookie', settingsCookie(fields, req.secure));
    sendBack(res, field(fields, 'back'));
  });
  // Nothing changes on a GET: the visitor goes on to the page, in the settings they had.
  router.get(DISPLAY_SETTINGS_PATH, (req, res) => {
    res.locals.route = 'display-settings';
    sendBack(res, field(req.query, 'back'));
  });
  router.all(DISPLAY_SETTINGS_PATH, (_req, res) => {
    res.locals.route = 'method_not_allowed';
    res.set('Allow', 'GET, HEAD, POST');
    sendPlainError(res, 405);
  });
  return router;
}
