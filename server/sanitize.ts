/**
 * Backend rich text is untrusted. It is checked against size and nesting limits first (limits.ts),
 * then DOMPurify on jsdom turns it into a small, safe subset of HTML on the sanitiser thread (pool.ts),
 * once, when the data cache fills, never per request. Over a limit, past the time limit, or when the
 * sanitiser fails, the field becomes escaped plain text: the rest of the item still shows.
 */
import { boundedMap } from './bounded';
import { dict } from '../shared/i18n';
import type { Lang } from '../shared/lang';
import { shownLength } from './images/rich-text';
import { overLimit, RICH_TEXT_LIMITS } from './rich-text/limits';
import { SanitizerPool } from './rich-text/pool';
import { plainTextHtml, textOfHtml } from './rich-text/text';

let pool: SanitizerPool | null = null;

/** The process's one sanitiser thread, started on first use. */
export function sanitizerPool(): SanitizerPool {
  pool ??= new SanitizerPool();
  return pool;
}

/** Told of each field that could not be kept as HTML, so the app can log it. */
let onFallback: (reason: string) => void = () => {};
export function onSanitizeFallback(listener: (reason: string) => void): void {
  onFallback = listener;
}

/** Text with nothing HTML would read as markup or an entity is the same after sanitising. */
const PLAIN = /^[^<>&\u00a0]*$/;

/**
 * Fields sanitised lately, by base and dirty HTML. A refresh of the data cache mostly brings back the
 * same texts, and DOMPurify on jsdom costs time in proportion to the text, milliseconds for a long
 * field (`npm run bench:refresh` shows what refreshes cost): a field seen before is answered from here. Only clean answers are kept (a field that timed out or
 * failed is tried again next time). Bounded in characters, keys and values (server/bounded.ts), at most
 * ~8 MB. The values are the strings the data cache holds anyway.
 */
const RECENT_MAX_CHARS = 4 * 1024 * 1024;
const recent = boundedMap<string, string>({ size: RECENT_MAX_CHARS, sizeOf: (clean, key) => key.length + clean.length });

/**
 * Safe HTML from untrusted HTML. `base` resolves relative links and images (the backend origin; empty
 * for embedded content, whose relative URLs are this site's own); `lang` is the field's language, for
 * the notice shown when nothing of it can be kept.
 */
export async function sanitizeHtml(dirty: string, base = '', lang: Lang = 'uz'): Promise<string> {
  if (!dirty) return '';
  // A base is a URL, which holds no line break: no other base and text can make the same key. Only
  // fields within the limits are kept, so a field found here needs no other look (and one over the
  // size limit is never looked for).
  const key = `${base}\n${dirty}`;
  const known = dirty.length <= RICH_TEXT_LIMITS.maxChars ? recent.get(key) : undefined;
  if (known !== undefined) return known;
  const limit = overLimit(dirty);
  if (limit) {
    onFallback(`rich text over the ${limit} limit`);
    return asPlainText(dirty, lang);
  }
  if (PLAIN.test(dirty)) return dirty;
  try {
    const clean = await sanitizerPool().sanitize(dirty, base);
    recent.set(key, clean);
    return clean;
  } catch (error) {
    onFallback(`rich text not sanitised: ${(error as Error).message}`);
    return asPlainText(dirty, lang);
  }
}

/**
 * Sanitised HTML as it may be shown, and how many characters it shows: itself while that is at most
 * `maxShownChars` (its images' attributes counted), else its text. Sanitising can lengthen a text
 * (each `&` becomes `&amp;`), and a rendition made from it another way (uz-cyrl) can too, so each
 * rendition is checked as it is made (server/backend/rich-text-budget.ts).
 */
export function shownWithin(html: string, lang: Lang): { html: string; shown: number } {
  const shown = shownLength(html);
  if (shown <= RICH_TEXT_LIMITS.maxShownChars) return { html, shown };
  onFallback('rich text over the shown size limit');
  const text = asPlainText(html, lang);
  return { html: text, shown: text.length };
}

/** The notice that stands in for rich text of which nothing can be shown, in its language. */
export function unavailableNotice(lang: Lang): string {
  return `<p class="notice">${dict(lang).common.contentUnavailable}</p>`;
}

/** Its text, or a notice in its language when not even text can be had from it. */
function asPlainText(dirty: string, lang: Lang): string {
  return plainTextHtml(dirty) || unavailableNotice(lang);
}

/** Plain text of sanitised HTML, whitespace collapsed (for previews, descriptions and feeds). */
export function htmlToText(html: string): string {
  return textOfHtml(html);
}
