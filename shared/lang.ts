/**
 * Renditions and how they appear in URLs: uz (Latin) is unprefixed; uz-cyrl, ru and en are path
 * prefixes. uz-cyrl is Uzbek in Cyrillic script, made from the Latin content: its CONTENT language is
 * uz (the backend's `*_uz` fields), transliterated once when the data is parsed (server/backend/parse.ts).
 */
export const LANGS = ['uz', 'uz-cyrl', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'uz';

/** The languages the backend writes content in (`title_uz`, `title_ru`, `title_en`). */
export const CONTENT_LANGS = ['uz', 'ru', 'en'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

/** The backend language a rendition's content is read from. */
export const CONTENT_LANG: Record<Lang, ContentLang> = { uz: 'uz', 'uz-cyrl': 'uz', ru: 'ru', en: 'en' };

/** The script of Uzbek text a rendition shows: Uzbek-only texts (vacancies, legal documents) carry both. */
export type UzbekScript = 'uz' | 'uz-cyrl';
export function uzbekScript(lang: Lang): UzbekScript {
  return lang === 'uz-cyrl' ? 'uz-cyrl' : 'uz';
}

/** BCP 47 tags for <html lang>, hreflang and lang attributes (the URL segment is lower-case, the tag is not). */
export const LANG_TAG: Record<Lang, string> = { uz: 'uz', 'uz-cyrl': 'uz-Cyrl', ru: 'ru', en: 'en' };

/** Locales for Intl formatting: full ICU writes uz-Cyrl dates in Cyrillic ('15 сентябр, 2024'). */
export const LOCALE: Record<Lang, string> = { uz: 'uz-UZ', 'uz-cyrl': 'uz-Cyrl-UZ', ru: 'ru-RU', en: 'en-US' };

/**
 * og:locale values. Open Graph takes language_TERRITORY and Facebook's list has one Uzbek locale,
 * uz_UZ, with no script subtag: both Uzbek renditions declare it.
 */
export const OG_LOCALE: Record<Lang, string> = { uz: 'uz_UZ', 'uz-cyrl': 'uz_UZ', ru: 'ru_RU', en: 'en_US' };

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
