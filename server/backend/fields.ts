/**
 * What every backend field is read as, and how much of it: each field has a kind (FIELD_BOUNDS) and
 * each list a most number of records (LIST_BOUNDS), enforced once, by parse.ts, before any rendition,
 * sanitiser, search index or page sees the value. The bounds are generous for what editors write and
 * small enough that a page has a size it never exceeds, whatever the backend sends (docs/content.md,
 * "Field kinds and bounds", lists them with what happens past each and the page sizes that follow).
 *
 * Everything here is one linear pass over at most a few times a field's bound of its input: an 8 MB
 * string costs what its first kilobytes do. A field past its bound is told of (`onFieldPastBound`: the
 * app logs a warning with its kind, bound and length, never its content), once a minute per kind at most.
 */

import { oncePerKind } from '../once-per-kind';

/** The bound of each kind of field, in characters (UTF-16 code units, as JavaScript counts them). */
export const FIELD_BOUNDS = {
  /** A headline (news, articles, about entries, gallery pictures): past it, cut at a word with '…'. */
  title: 300,
  /** A name on one line (people, positions, faculties, departments, programmes, partners, hours): as a title. */
  name: 200,
  /** Plain text of several sentences (a vacancy's description, a legal document): as a title. */
  text: 4_000,
  /** An image's URL, as sent and as resolved: past it, none (the default image). Every place writes it several times (srcset). */
  imageUrl: 1_024,
  /** A link's URL, as sent and as resolved: past it, no link. */
  linkUrl: 2_048,
  /** A short value a reader copies (phone, e-mail, code, category): past it, none, since a part of one would be wrong. */
  short: 254,
  /** A date or timestamp (ISO 8601): past it, or not a date, no date. */
  date: 40,
  /** A number sent as a string: past it, none (0, or no price). */
  number: 32,
} as const;

/** How many records of each list are kept, in the backend's order; the rest are dropped. */
export const LIST_BOUNDS = {
  homeSlides: 50,
  partners: 100,
  /** One backend page of news (the backend pages by 10). */
  newsPage: 50,
  articles: 200,
  about: 50,
  faculties: 100,
  /** Departments (kafedra) of one faculty. */
  facultyChildren: 100,
  /** Staff of one faculty. */
  facultyStaff: 200,
  departments: 200,
  rectorate: 50,
  labourCode: 200,
  codeOfConduct: 100,
  /** Programmes of one kind (full-time, correspondence, master's). */
  programmes: 300,
  vacancies: 200,
  legalDocuments: 100,
  studyFields: 100,
  /** Pictures of the student-life gallery. */
  galleryImages: 200,
} as const;

/**
 * How much of a text field is read: its bound this many times over. Dropping control characters and
 * trimming can only shorten a text, and an editor's text is never mostly either, so a text longer
 * than the window is over its bound whatever the rest holds.
 */
const READ_FACTOR = 4;

export const ELLIPSIS = '…';

export type FieldKind = keyof typeof FIELD_BOUNDS;

/** A backend field past its bound, as the warning about it says: no byte of its content. */
export interface FieldPastBound {
  kind: FieldKind;
  bound: number;
  /** Its length as sent (UTF-16 code units). */
  length: number;
  /** A title, name or text is cut at a word; any other kind is dropped. */
  outcome: 'cut' | 'dropped';
  /** Fields of this kind past their bound since the last warning, not warned of one by one. */
  alsoSince: number;
}

/**
 * At most one warning per kind in this long: a hostile or broken backend can send a field past its bound
 * in every record of every answer, and each refresh sends it again.
 */
export const FIELD_WARNING_INTERVAL_MS = 60_000;

/** Each kind by its bound: the bounds are distinct numbers (test/unit/outside-field-warning.test.ts). */
const KIND_OF_BOUND = new Map(Object.entries(FIELD_BOUNDS).map(([kind, bound]) => [bound as number, kind as FieldKind]));

let warn: (field: FieldPastBound) => void = () => {};
let warnings = oncePerKind<FieldKind>(FIELD_WARNING_INTERVAL_MS);

/** Told of a field past its bound, at most once per kind each FIELD_WARNING_INTERVAL_MS, so that the app can log it. */
export function onFieldPastBound(listener: (field: FieldPastBound) => void): void {
  warn = listener;
  warnings = oncePerKind<FieldKind>(FIELD_WARNING_INTERVAL_MS);
}

function pastBound(max: number, length: number, outcome: FieldPastBound['outcome']): void {
  const kind = KIND_OF_BOUND.get(max);
  if (kind) warnings(kind, (alsoSince) => warn({ kind, bound: max, length, outcome, alsoSince }));
}

/** The raw text of a field: a string, or a finite number as written; anything else is none. */
function rawText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** Without control characters (line breaks and tabs stay), trimmed. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const SPACE = /\s/;
/** What a cut text does not end with before its ellipsis. */
const TRAILING = /[\s,.;:!?'"«(\-–—…]/;

/**
 * `text` of at most `max` characters: whole when it fits (and `force` is not set), else cut at the
 * last space of its first `max - 1` characters with '…' after it, or inside its first word when that
 * space would drop more than a fifth of them (one very long word). Never half a surrogate pair.
 */
export function cutAtWord(text: string, max: number, force = false): string {
  if (text.length <= max && !force) return text;
  let end = Math.min(text.length, max - ELLIPSIS.length);
  if (end > 0 && end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  // Looked for over the last fifth only: the work stays proportional to the bound.
  const floor = Math.floor(end * 0.8);
  let cut = end;
  if (end < text.length) {
    for (let at = end; at > floor; at--) {
      if (SPACE.test(text[at]!)) {
        cut = at;
        break;
      }
    }
  }
  while (cut > 0 && TRAILING.test(text[cut - 1]!)) cut--;
  return text.slice(0, cut) + ELLIPSIS;
}

/** A text field (title, name or plain text) within `max` characters: control characters dropped, trimmed, cut at a word. */
export function boundedText(v: unknown, max: number): string {
  const raw = rawText(v);
  const window = READ_FACTOR * max;
  if (raw.length <= window) {
    const text = clean(raw);
    if (text.length > max) pastBound(max, raw.length, 'cut');
    return cutAtWord(text, max);
  }
  const text = clean(raw.slice(0, window));
  if (text) pastBound(max, raw.length, 'cut');
  return text ? cutAtWord(text, max, true) : '';
}

/** A short value (phone, e-mail, code, category), or '' when it is longer than `max` once cleaned. */
export function shortText(v: unknown, max: number = FIELD_BOUNDS.short): string {
  const raw = rawText(v);
  const text = raw.length > READ_FACTOR * max ? null : clean(raw);
  if (text !== null && text.length <= max) return text;
  pastBound(max, raw.length, 'dropped');
  return '';
}

/** The first `max` records of a list. */
export function firstRecords<T>(records: readonly T[], max: number): T[] {
  return records.length > max ? records.slice(0, max) : [...records];
}
