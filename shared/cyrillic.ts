/**
 * Uzbek text in the uz-cyrl rendition: the transliterator (shared/uz-cyrl) applied to words only,
 * never to what must stay as written: web addresses, e-mail addresses, domain names and @handles.
 * Everything here runs when data or content is loaded, never per request.
 */
import { type ContentLang, type Lang } from './lang';
import { toCyrillic } from './uz-cyrl/transliterate';

/** Addresses a reader copies or types: kept in Latin letters, exactly as written. */
const ADDRESS =
  /(?:https?:\/\/|www\.)[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|@\w+|\b[\w-]+(?:\.[\w-]+)*\.(?:uz|com|org|net|ru|me|io|edu|gov|info)\b(?:\/[^\s<>"]*)?/gi;

/** Uzbek Latin text in Cyrillic script, addresses kept in Latin. */
export function cyrillicText(latin: string): string {
  if (!/[A-Za-z]/.test(latin)) return latin;
  let out = '';
  let at = 0;
  for (const match of latin.matchAll(ADDRESS)) {
    out += toCyrillic(latin.slice(at, match.index)) + match[0];
    at = match.index + match[0].length;
  }
  return out + toCyrillic(latin.slice(at));
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
