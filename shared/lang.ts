/** Languages and how they appear in URLs: uz is unprefixed, ru and en are path prefixes. */
export const LANGS = ['uz', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'uz';

/** BCP 47 tags used for <html lang>, Intl formatting and og:locale. */
export const LOCALE: Record<Lang, string> = { uz: 'uz-UZ', ru: 'ru-RU', en: 'en-US' };
export const OG_LOCALE: Record<Lang, string> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_US' };

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function langPrefix(lang: Lang): string {
  return lang === DEFAULT_LANG ? '' : `/${lang}`;
}

/** The language a site path belongs to (case-insensitive, as route matching is). */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split('/')[1]?.toLowerCase();
  return first && first !== DEFAULT_LANG && isLang(first) ? first : DEFAULT_LANG;
}

/** The path without its language prefix, always starting with '/'. */
export function stripLang(pathname: string): string {
  const lang = langFromPath(pathname);
  if (lang === DEFAULT_LANG) return pathname || '/';
  const rest = pathname.slice(lang.length + 1);
  return rest === '' ? '/' : rest;
}

/** A site path ('/about', '/news/3?x=1') in the given language. */
export function localePath(lang: Lang, path: string): string {
  const prefix = langPrefix(lang);
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix}${path}`;
}
