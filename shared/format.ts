/**
 * Text formatting shared by loaders. Dates and numbers are formatted on the server (full ICU, the
 * university's time zone) and travel to the browser as strings: browsers lack Uzbek month names, so
 * formatting there would break hydration.
 */
import { TIME_ZONE } from './constants';
import { LANGS, LOCALE, uzbekScript, type Lang } from './lang';
import { rememberedPerLang } from './remembered';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: TIME_ZONE });
    dateFormats.set(locale, format);
  }
  return format;
}

/**
 * ICU's uz-Cyrl data writes nine months without the soft sign (15 сентябр, 2024), the uz-cyrl rendition's
 * text with it (сентябрь: the transliterator's spelling, shared/uz-cyrl). Dates take the text's, so that a
 * page spells each month one way; test/unit/uz-cyrl-spelling.test.ts keeps the two in step.
 */
const RENDITION_MONTH: Record<string, string> = {
  январ: 'январь',
  феврал: 'февраль',
  апрел: 'апрель',
  июн: 'июнь',
  июл: 'июль',
  сентябр: 'сентябрь',
  октябр: 'октябрь',
  ноябр: 'ноябрь',
  декабр: 'декабрь',
};

function longDate(date: Date, locale: string): string {
  const format = dateFormat(locale);
  if (locale !== LOCALE['uz-cyrl']) return format.format(date);
  return format
    .formatToParts(date)
    .map(({ type, value }) => (type === 'month' ? (RENDITION_MONTH[value] ?? value) : value))
    .join('');
}

/** Parses an ISO date or timestamp strictly: '2026-13-45' and 'yesterday' are not dates. */
export function parseIsoDate(raw: string | null | undefined): Date | null {
  if (!raw) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(raw);
  if (!match) return null;
  const [, , m, d] = match.map(Number) as [number, number, number, number];
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(raw.length === 10 ? `${raw}T00:00:00+05:00` : raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formatted dates by language and input, remembered: ICU's format costs more than the rest of a news
 * card's render, and a page shows the same few hundred dates render after render.
 */
const dateTexts = rememberedPerLang(LANGS, 5_000, (raw, lang) => {
  const date = parseIsoDate(raw);
  return date ? longDate(date, LOCALE[lang]) : null;
});

/** A long date in the page's language ('15-sentabr, 2024'), or null when the input is not a date. */
export function formatDate(raw: string | null | undefined, lang: Lang): string | null {
  return raw ? dateTexts[lang](raw) : null;
}

/** Always an Uzbek long format, in the page's script, whatever the page language (the vacancy board is Uzbek-only). */
export function formatUzDate(raw: string, lang: Lang): string {
  const date = parseIsoDate(raw);
  return date ? longDate(date, LOCALE[uzbekScript(lang)]) : raw;
}

/**
 * The first `max` code points of `text` (all of it when it has no more), never half a surrogate pair.
 * Only those are looked at, however long the text.
 */
export function firstCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (let count = 0; count < max && end < text.length; count++) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff && end + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, end);
}

/** Cuts text to `max` characters (whole code points, never half a surrogate pair) plus an ellipsis. */
export function truncate(text: string, max: number): string {
  const head = firstCodePoints(text, max);
  return head.length < text.length ? `${head.trimEnd()}...` : text;
}

const CURRENCY: Record<Lang, string> = { uz: "so'm", 'uz-cyrl': 'сўм', ru: 'сум', en: 'uzs' };
const numberFormats = new Map<Lang, Intl.NumberFormat>();

/** A tuition price with thousands grouped the language's way and the currency word ('12 600 000 so'm'). */
export function formatPrice(amount: number, lang: Lang): string {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 0 });
    numberFormats.set(lang, format);
  }
  return `${format.format(amount)} ${CURRENCY[lang]}`;
}

/** Dictionary texts carry `{name}` placeholders for numbers that live in the constants or the data. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * A phone number as one unbreakable word: spaces become no-break spaces and hyphens non-breaking
 * hyphens, so a line never ends inside "+998 66 233-00-00" while the text around it still wraps.
 */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}
