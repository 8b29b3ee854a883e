/**
 * Uzbek text in the uz-cyrl rendition: the transliterator (shared/uz-cyrl) applied to words only,
 * never to what must stay as written: web addresses, e-mail addresses, domain names and @handles.
 * Everything here runs when data or content is loaded, never per request.
 */
import { type ContentLang, type Lang } from './lang';
import { toCyrillic } from './uz-cyrl/transliterate';

/**
 * Uzbek Latin text in Cyrillic script, addresses kept in Latin: the transliterator's own single pass
 * (shared/uz-cyrl/scan.ts) keeps them, so the text is read once, in time linear in its length.
 */
export function cyrillicText(latin: string): string {
  return /[A-Za-z]/.test(latin) ? toCyrillic(latin) : latin;
}

/** A copy of content (strings in objects and arrays, at any depth) with every string in Cyrillic. */
export function cyrillicCopy<T>(value: T): T {
  if (typeof value === 'string') return cyrillicText(value) as T;
  if (Array.isArray(value)) return value.map(cyrillicCopy) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cyrillicCopy(item)])) as T;
  return value;
}

/** Per-rendition content from the site's own texts in the three content languages: uz-cyrl is made from uz. */
export function withCyrillic<T>(byContentLang: Record<ContentLang, T>): Record<Lang, T> {
  return { ...byContentLang, 'uz-cyrl': cyrillicCopy(byContentLang.uz) };
}
