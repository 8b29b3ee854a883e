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
  Uzbek,
  Vacancy,
} from '../../shared/api';
import { cyrillicText } from '../../shared/cyrillic';
import { CONTENT_LANGS, LANGS, type ContentLang } from '../../shared/lang';
import { rememberedWithin } from '../bounded';
import { cyrillicHtml } from '../rich-text/cyrillic';
import { htmlToText, sanitizeHtml } from '../sanitize';

type Obj = Record<string, unknown>;

export interface ParseContext {
  /** Origin relative media URLs are resolved against ('' keeps them site-relative). */
  mediaBase: string;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(v: unknown): string {
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
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

/**
 * The uz-cyrl rendition of a field, made here, with the rest of the parse, once per data change. A
 * refresh mostly brings back the same texts: each is transliterated once while it keeps coming back
 * (up to ~4 MB of text each, inputs and answers, most of it the strings the data cache holds anyway).
 */
const cyrillicField = rememberedWithin(2 * 1024 * 1024, cyrillicText);
const cyrillicRichText = rememberedWithin(2 * 1024 * 1024, cyrillicHtml);

/** Uzbek-only text in both scripts. */
function uzbek(v: unknown): Uzbek {
  const latin = str(v);
  return { uz: latin, 'uz-cyrl': cyrillicField(latin) };
}

/** `title_uz`, `title_ru`, `title_en` → every rendition; an empty language falls back to another one. */
function localized(obj: Obj, field: string): Localized {
  return withFallback(
    CONTENT_LANGS.map((lang) => str(obj[`${field}_${lang}`])),
    cyrillicField,
  );
}

/** The uz-cyrl rendition is made from the Latin text; without one it shows what uz falls back to. */
function withFallback(values: string[], toCyrillic: (latin: string) => string): Localized {
  const byLang = Object.fromEntries(CONTENT_LANGS.map((lang, i) => [lang, values[i] ?? ''])) as Record<ContentLang, string>;
  const fallback = byLang.uz || byLang.ru || byLang.en;
  const cyrillic = byLang.uz ? toCyrillic(byLang.uz) : fallback;
  for (const lang of CONTENT_LANGS) byLang[lang] ||= fallback;
  return { ...byLang, 'uz-cyrl': cyrillic };
}

/** Plain text of each rendition of sanitised HTML (search, feeds, link previews). */
function textsOf(html: Localized): Localized {
  return Object.fromEntries(LANGS.map((lang) => [lang, htmlToText(html[lang])])) as Localized;
}

/** An author's name as plain text on one line, at most 200 characters, in both scripts; anything else is no author. */
function authorName(v: unknown): Uzbek | null {
  const name = str(v).replace(/\s+/g, ' ').trim();
  return name ? uzbek(Array.from(name).slice(0, 200).join('')) : null;
}

function isoDate(v: unknown): string | null {
  const text = str(v);
  return text && !Number.isNaN(Date.parse(text)) ? text : null;
}

/** Stands in for this site when media URLs have no base, so that they stay site-relative. */
const SITE = new URL('http://site.invalid/');

/**
 * http(s) URLs, relative ones resolved against the backend (or kept site-relative); anything else is
 * dropped. The scheme is checked after parsing, as a browser reads the URL: the parser drops tabs and
 * newlines, so "java\nscript:" would be javascript:.
 */
export function mediaUrl(v: unknown, ctx: ParseContext): SafeUrl | null {
  const raw = typeof v === 'string' ? str(v) : '';
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.startsWith('//') ? `https:${raw}` : raw, ctx.mediaBase || SITE);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === SITE.origin ? url.pathname + url.search : url.href;
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

/**
 * A list response: a JSON array, or a DRF page whose `results` is one. Bad items are skipped; `item`
 * gets each entry's position, the key of records the backend gives no id.
 */
async function list<T>(json: unknown, item: (obj: Obj, position: number) => T | Promise<T>): Promise<T[]> {
  const raw = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.results) ? json.results : null;
  if (!raw) throw new Error('expected a list');
  const entries = raw.filter(isObj);
  const settled = await Promise.allSettled(entries.map(async (entry, position) => item(entry, position)));
  // One malformed entry must not cost the visitor the whole list.
  return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

async function one<T>(json: unknown, item: (obj: Obj) => T | Promise<T>): Promise<T> {
  if (!isObj(json)) throw new Error('expected an object');
  return item(json);
}

/** The backend's id when it sends one, else the record's position: for records the API gives no id. */
function keyOf(o: Obj, position: number): string {
  const n = int(o.id);
  return n > 0 ? `id-${n}` : `at-${position}`;
}

export function createParsers(ctx: ParseContext) {
  const media = (v: unknown) => mediaUrl(v, ctx);
  /** A rich-text field in every rendition, sanitised (on the sanitiser thread), uz-cyrl made from the sanitised uz. */
  const html = async (obj: Obj, field: string): Promise<Localized> => {
    return withFallback(
      await Promise.all(
        CONTENT_LANGS.map((lang) => {
          const dirty = obj[`${field}_${lang}`];
          return sanitizeHtml(typeof dirty === 'string' ? dirty : '', ctx.mediaBase, lang);
        }),
      ),
      cyrillicRichText,
    );
  };

  const newsItem = async (o: Obj): Promise<NewsItem<SafeUrl>> => {
    const desc = await html(o, 'desc');
    return {
      id: id(o.id),
      image: media(o.image),
      title: localized(o, 'title'),
      desc,
      text: textsOf(desc),
      createdAt: isoDate(o.created_at),
      updatedAt: isoDate(o.updated_at),
      author: authorName(o.author),
      views: int(o.views),
      category: str(o.category) || null,
    };
  };
  const article = async (o: Obj): Promise<Article> => {
    const desc = await html(o, 'desc');
    return {
      id: id(o.id),
      title: localized(o, 'title'),
      desc,
      // From the sanitised HTML, so the preview holds only text a reader would see (no tags to cut).
      text: textsOf(desc),
      createdAt: isoDate(o.created_at),
      updatedAt: isoDate(o.updated_at),
      author: authorName(o.author),
      viewers: int(o.viewers),
    };
  };
  const galleryImage = (o: Obj, position: number): GalleryImage<SafeUrl> => {
    const image = media(o.image);
    if (!image) throw new Error('gallery item without image');
    return { key: keyOf(o, position), image, title: localized(o, 'title') };
  };

  return {
    homeContent: (json: unknown): Promise<HomeImage<SafeUrl>[]> =>
      list(json, (o, position) => {
        const image = media(o.image);
        if (!image) throw new Error('slide without image');
        return { key: keyOf(o, position), image };
      }),
    partners: (json: unknown): Promise<Partner<SafeUrl>[]> =>
      list(json, (o, position) => ({ key: keyOf(o, position), name: str(o.name), image: media(o.image), url: linkUrl(o.url_link) })),
    newsPage: async (json: unknown): Promise<NewsPage<SafeUrl>> => ({
      items: await list(json, newsItem),
      count: isObj(json) && typeof json.count === 'number' ? int(json.count) : null,
      hasNext: isObj(json) ? Boolean(json.next) : false,
    }),
    newsItem: (json: unknown): Promise<NewsItem<SafeUrl>> => one(json, newsItem),
    articles: (json: unknown): Promise<Article[]> => list(json, article),
    article: (json: unknown): Promise<Article> => one(json, article),
    about: (json: unknown): Promise<AboutEntry[]> => list(json, async (o) => ({ id: int(o.id), title: localized(o, 'title'), desc: await html(o, 'desc') })),
    faculties: async (json: unknown): Promise<Faculty<SafeUrl>[]> =>
      list(json, async (o) => ({
        id: id(o.id),
        image: media(o.image),
        name: localized(o, 'name'),
        children: await list(Array.isArray(o.children_kafedra) ? o.children_kafedra : [], (c) => ({
          id: id(c.id),
          name: localized(c, 'name'),
        })),
      })),
    facultyStaff: (json: unknown): Promise<StaffEntry<SafeUrl>[]> =>
      list(json, async (o) => ({
        id: int(o.id),
        image: media(o.image),
        position: localized(o, 'lavozim'),
        fullName: localized(o, 'full_name'),
        phone: str(o.kontakt),
        email: str(o.pochta),
        details: await html(o, 'kafedra_malumotlari'),
      })),
    departments: (json: unknown): Promise<Department<SafeUrl>[]> =>
      list(json, (o) => ({
        id: int(o.id),
        image: media(o.image),
        name: localized(o, 'otdel_name'),
        head: localized(o, 'name'),
        phone: str(o.cantact),
        email: str(o.email),
      })),
    rectorate: (json: unknown): Promise<RectoratePerson<SafeUrl>[]> =>
      list(json, (o) => ({
        id: int(o.id),
        image: media(o.image),
        name: localized(o, 'name'),
        position: localized(o, 'lavozim'),
        phone: str(o.cantact),
        reception: localized(o, 'uchrashuv_vaqti'),
        email: str(o.email),
      })),
    labourCode: (json: unknown): Promise<RulesEntry[]> => list(json, async (o) => ({ id: int(o.id), html: await html(o, 'descriptions') })),
    codeOfConduct: (json: unknown): Promise<CodeOfConductEntry[]> => list(json, (o) => ({ id: int(o.id), title: localized(o, 'title') })),
    programmes: (json: unknown): Promise<Programme[]> =>
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
    vacancies: (json: unknown): Promise<Vacancy[]> =>
      list(json, (o) => ({
        id: id(o.id),
        title: uzbek(o.title),
        department: uzbek(o.department),
        employmentType: uzbek(o.employmentType),
        description: uzbek(o.description),
        postedDate: str(o.postedDate),
      })),
    legalDocuments: (json: unknown): Promise<LegalDocument[]> =>
      list(json, (o) => ({ id: id(o.id), text: uzbek(o.text), textEn: str(o.text_en), url: linkUrl(o.url) })),
    studyFields: (json: unknown): Promise<StudyField[]> =>
      list(json, (o) => ({ id: id(o.id), code: str(o.code), name: localized(o, 'name'), icon: media(o.icon) })),
    /** The backend shape is a list whose first element carries `contenttable`. */
    studentLife: async (json: unknown): Promise<StudentLife<SafeUrl> | null> => {
      const first = (await list(json, (o) => o))[0];
      if (!first) return null;
      return {
        title: localized(first, 'title'),
        link: linkUrl(first.link),
        images: await list(Array.isArray(first.contenttable) ? first.contenttable : [], galleryImage),
      };
    },
  };
}

export type Parsers = ReturnType<typeof createParsers>;
