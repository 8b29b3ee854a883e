/**
 * Parsers from backend JSON to the site's entities (shared/api.ts). The backend is untrusted: every
 * field is checked, missing or odd fields become empty values, rich text is sanitised and URLs are
 * validated here, once, before anything is cached.
 */
import type {
  AboutEntry,
  Article,
  CodeOfConductEntry,
  Department,
  Faculty,
  GalleryImage,
  LegalDocument,
  HomeImage,
  Localized,
  NewsItem,
  NewsPage,
  Partner,
  Programme,
  RectoratePerson,
  RulesEntry,
  SafeUrl,
  StaffEntry,
  StudentLife,
  StudyField,
  Vacancy,
} from '../../shared/api';
import { LANGS } from '../../shared/lang';
import { htmlToText, sanitizeHtml } from '../sanitize';

type Obj = Record<string, unknown>;

export interface ParseContext {
  /** Origin relative media URLs are resolved against ('' keeps them site-relative). */
  mediaBase: string;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(v: unknown): string {
  if (typeof v === 'string') return v.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

function int(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

function id(v: unknown): number {
  const n = int(v);
  if (n <= 0) throw new Error('missing id');
  return n;
}

/** `title_uz`, `title_ru`, `title_en` → { uz, ru, en }; an empty language falls back to another one. */
function localized(obj: Obj, field: string, convert: (v: unknown) => string = str): Localized {
  const values = Object.fromEntries(LANGS.map((lang) => [lang, convert(obj[`${field}_${lang}`])])) as Localized;
  const fallback = values.uz || values.ru || values.en;
  for (const lang of LANGS) values[lang] ||= fallback;
  return values;
}

function isoDate(v: unknown): string | null {
  const text = str(v);
  return text && !Number.isNaN(Date.parse(text)) ? text : null;
}

/** http(s) URLs as they are, relative ones resolved against the backend; anything else is dropped. */
export function mediaUrl(v: unknown, ctx: ParseContext): SafeUrl | null {
  const raw = typeof v === 'string' ? str(v) : '';
  if (!raw) return null;
  if (/^https?:\/\//i.test(raw)) return safeAbsolute(raw);
  if (/^\/\//.test(raw)) return safeAbsolute(`https:${raw}`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) return null;
  if (!ctx.mediaBase) return raw.startsWith('/') ? encodeURI(decodeURISafe(raw)) : `/${encodeURI(decodeURISafe(raw))}`;
  try {
    return new URL(raw, ctx.mediaBase).href;
  } catch {
    return null;
  }
}

/** Only absolute http(s) links survive; `javascript:` and friends become "no link". */
export function linkUrl(v: unknown): SafeUrl | null {
  const raw = typeof v === 'string' ? str(v) : '';
  return /^https?:\/\//i.test(raw) ? safeAbsolute(raw) : null;
}

function safeAbsolute(raw: string): SafeUrl | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function decodeURISafe(raw: string): string {
  try {
    return decodeURI(raw);
  } catch {
    return raw;
  }
}

/** A list response: a JSON array, or a DRF page whose `results` is one. Bad items are skipped. */
function list<T>(json: unknown, item: (obj: Obj) => T): T[] {
  const raw = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.results) ? json.results : null;
  if (!raw) throw new Error('expected a list');
  const items: T[] = [];
  for (const entry of raw) {
    if (!isObj(entry)) continue;
    try {
      items.push(item(entry));
    } catch {
      // One malformed entry must not cost the visitor the whole list.
    }
  }
  return items;
}

function one<T>(json: unknown, item: (obj: Obj) => T): T {
  if (!isObj(json)) throw new Error('expected an object');
  return item(json);
}

export function createParsers(ctx: ParseContext) {
  const media = (v: unknown) => mediaUrl(v, ctx);
  const html = (v: unknown) => sanitizeHtml(typeof v === 'string' ? v : '', ctx.mediaBase);

  const newsItem = (o: Obj): NewsItem => {
    const desc = localized(o, 'desc', html);
    return {
      id: id(o.id),
      image: media(o.image),
      title: localized(o, 'title'),
      desc,
      text: { uz: htmlToText(desc.uz), ru: htmlToText(desc.ru), en: htmlToText(desc.en) },
      createdAt: isoDate(o.created_at),
      views: int(o.views),
      category: str(o.category) || null,
    };
  };
  const article = (o: Obj): Article => {
    const desc = localized(o, 'desc', html);
    return {
      id: id(o.id),
      title: localized(o, 'title'),
      desc,
      // From the sanitised HTML, so the preview holds only text a reader would see (no tags to cut).
      text: { uz: htmlToText(desc.uz), ru: htmlToText(desc.ru), en: htmlToText(desc.en) },
      createdAt: isoDate(o.created_at),
      viewers: int(o.viewers),
    };
  };
  const galleryImage = (o: Obj): GalleryImage => {
    const image = media(o.image);
    if (!image) throw new Error('gallery item without image');
    return { id: id(o.id), image, title: localized(o, 'title') };
  };

  return {
    homeContent: (json: unknown): HomeImage[] =>
      list(json, (o) => {
        const image = media(o.image);
        if (!image) throw new Error('slide without image');
        return { id: id(o.id), image };
      }),
    partners: (json: unknown): Partner[] =>
      list(json, (o) => ({ id: id(o.id), name: str(o.name), image: media(o.image), url: linkUrl(o.url_link) })),
    newsPage: (json: unknown): NewsPage => ({
      items: list(json, newsItem),
      count: isObj(json) && typeof json.count === 'number' ? int(json.count) : null,
      hasNext: isObj(json) ? Boolean(json.next) : false,
    }),
    newsItem: (json: unknown): NewsItem => one(json, newsItem),
    articles: (json: unknown): Article[] => list(json, article),
    article: (json: unknown): Article => one(json, article),
    about: (json: unknown): AboutEntry[] =>
      list(json, (o) => ({ id: int(o.id), title: localized(o, 'title'), desc: localized(o, 'desc', html) })),
    faculties: (json: unknown): Faculty[] =>
      list(json, (o) => ({
        id: id(o.id),
        image: media(o.image),
        name: localized(o, 'name'),
        children: list(Array.isArray(o.children_kafedra) ? o.children_kafedra : [], (c) => ({
          id: id(c.id),
          name: localized(c, 'name'),
        })),
      })),
    facultyStaff: (json: unknown): StaffEntry[] =>
      list(json, (o) => ({
        id: int(o.id),
        image: media(o.image),
        position: localized(o, 'lavozim'),
        fullName: localized(o, 'full_name'),
        phone: str(o.kontakt),
        email: str(o.pochta),
        details: localized(o, 'kafedra_malumotlari', html),
      })),
    departments: (json: unknown): Department[] =>
      list(json, (o) => ({
        id: int(o.id),
        image: media(o.image),
        name: localized(o, 'otdel_name'),
        head: localized(o, 'name'),
        phone: str(o.cantact),
        email: str(o.email),
      })),
    rectorate: (json: unknown): RectoratePerson[] =>
      list(json, (o) => ({
        id: int(o.id),
        image: media(o.image),
        name: localized(o, 'name'),
        position: localized(o, 'lavozim'),
        phone: str(o.cantact),
        reception: localized(o, 'uchrashuv_vaqti'),
        email: str(o.email),
      })),
    labourCode: (json: unknown): RulesEntry[] =>
      list(json, (o) => ({ id: int(o.id), html: localized(o, 'descriptions', html) })),
    codeOfConduct: (json: unknown): CodeOfConductEntry[] =>
      list(json, (o) => ({ id: int(o.id), title: localized(o, 'title') })),
    programmes: (json: unknown): Programme[] =>
      list(json, (o) => {
        const price = typeof o.price === 'string' ? Number(o.price) : o.price;
        return {
          id: int(o.id),
          code: str(o.code),
          name: localized(o, 'name'),
          price: typeof price === 'number' && Number.isFinite(price) && price >= 0 ? Math.round(price) : null,
          opened: str(o.opened) || null,
        };
      }),
    vacancies: (json: unknown): Vacancy[] =>
      list(json, (o) => ({
        id: id(o.id),
        title: str(o.title),
        department: str(o.department),
        employmentType: str(o.employmentType),
        description: str(o.description),
        postedDate: str(o.postedDate),
      })),
    legalDocuments: (json: unknown): LegalDocument[] =>
      list(json, (o) => ({ id: id(o.id), text: str(o.text), textEn: str(o.text_en), url: linkUrl(o.url) })),
    studyFields: (json: unknown): StudyField[] =>
      list(json, (o) => ({ id: id(o.id), code: str(o.code), name: localized(o, 'name'), icon: media(o.icon) })),
    /** The backend shape is a list whose first element carries `contenttable`. */
    studentLife: (json: unknown): StudentLife | null => {
      const first = list(json, (o) => o)[0];
      if (!first) return null;
      return {
        title: localized(first, 'title'),
        link: linkUrl(first.link),
        images: list(Array.isArray(first.contenttable) ? first.contenttable : [], galleryImage),
      };
    },
  };
}

export type Parsers = ReturnType<typeof createParsers>;
