/**
 * Parsers from backend JSON to the site's entities (shared/api.ts). The backend is untrusted: every
 * field is checked and read as its kind within its bound (fields.ts), every list keeps a bounded number
 * of records, missing or odd fields become empty values, rich text is sanitised within its bounds and
 * the answer's budget (rich-text-budget.ts) and URLs are validated here, once, before anything is
 * cached, rendered or indexed.
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
import { boundedText, cutAtWord, FIELD_BOUNDS, firstRecords, LIST_BOUNDS, shortText } from './fields';
import { RichTextBudget } from './rich-text-budget';

type Obj = Record<string, unknown>;

const TITLE = FIELD_BOUNDS.title;
const NAME = FIELD_BOUNDS.name;

export interface ParseContext {
  /** Origin relative media URLs are resolved against ('' keeps them site-relative). */
  mediaBase: string;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A number as JSON gives it, or as a short string of one. */
function numberOf(v: unknown): unknown {
  return typeof v === 'string' ? (v.length <= FIELD_BOUNDS.number ? Number(v) : Number.NaN) : v;
}

function int(v: unknown): number {
  const n = numberOf(v);
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

/** The Cyrillic of bounded Latin text, within the same bound. */
function cyrillicWithin(max: number): (latin: string) => string {
  return (latin) => cutAtWord(cyrillicField(latin), max);
}

/** Uzbek-only text of a kind's bound (`FIELD_BOUNDS`) in both scripts. */
function uzbek(v: unknown, max: number): Uzbek {
  const latin = boundedText(v, max);
  return { uz: latin, 'uz-cyrl': cyrillicWithin(max)(latin) };
}

/**
 * `title_uz`, `title_ru`, `title_en` → every rendition, each within the kind's bound (`FIELD_BOUNDS`);
 * an empty language falls back to another one.
 */
function localized(obj: Obj, field: string, max: number): Localized {
  return withFallback(
    CONTENT_LANGS.map((lang) => boundedText(obj[`${field}_${lang}`], max)),
    cyrillicWithin(max),
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

/** An author's name as plain text on one line, a name's bound, in both scripts; anything else is no author. */
function authorName(v: unknown): Uzbek | null {
  const name = boundedText(v, FIELD_BOUNDS.name).replace(/\s+/g, ' ');
  return name ? uzbek(name, FIELD_BOUNDS.name) : null;
}

function isoDate(v: unknown): string | null {
  const text = shortText(v, FIELD_BOUNDS.date);
  return text && !Number.isNaN(Date.parse(text)) ? text : null;
}

/** Stands in for this site when media URLs have no base, so that they stay site-relative. */
const SITE = new URL('http://site.invalid/');

/**
 * http(s) image URLs, relative ones resolved against the backend (or kept site-relative), within the
 * image URL's bound as sent and as resolved; anything else is dropped. The scheme is checked after
 * parsing, as a browser reads the URL: the parser drops tabs and newlines, so "java\nscript:" would be
 * javascript:.
 */
export function mediaUrl(v: unknown, ctx: ParseContext): SafeUrl | null {
  const raw = typeof v === 'string' ? shortText(v, FIELD_BOUNDS.imageUrl) : '';
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.startsWith('//') ? `https:${raw}` : raw, ctx.mediaBase || SITE);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const safe = url.origin === SITE.origin ? url.pathname + url.search : url.href;
  return safe.length <= FIELD_BOUNDS.imageUrl ? safe : null;
}

/** Only absolute http(s) links within the link's bound survive; `javascript:` and friends become "no link". */
export function linkUrl(v: unknown): SafeUrl | null {
  const raw = typeof v === 'string' ? shortText(v, FIELD_BOUNDS.linkUrl) : '';
  return /^https?:\/\//i.test(raw) ? safeAbsolute(raw) : null;
}

function safeAbsolute(raw: string): SafeUrl | null {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= FIELD_BOUNDS.linkUrl ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A list response: a JSON array, or a DRF page whose `results` is one. Bad items are skipped, and only
 * the first `max` records are read (`LIST_BOUNDS`); `item` gets each entry's position, the key of
 * records the backend gives no id.
 */
async function list<T>(json: unknown, max: number, item: (obj: Obj, position: number) => T | Promise<T>): Promise<T[]> {
  const raw = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.results) ? json.results : null;
  if (!raw) throw new Error('expected a list');
  const entries = firstRecords(raw.filter(isObj), max);
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

/** Parses one answer with a rich-text budget of its own (rich-text-budget.ts). */
function inBudget<T>(parse: (budget: RichTextBudget) => Promise<T>): Promise<T> {
  return parse(new RichTextBudget());
}

export function createParsers(ctx: ParseContext) {
  const media = (v: unknown) => mediaUrl(v, ctx);
  /**
   * A rich-text field in every rendition, sanitised (on the sanitiser thread) within its own bound, uz-cyrl
   * made from the sanitised uz, each rendition kept while the answer's budget has room for it.
   */
  const html = (obj: Obj, field: string, budget: RichTextBudget): Promise<Localized> => {
    const sanitised = Promise.all(
      CONTENT_LANGS.map((lang) => {
        const dirty = obj[`${field}_${lang}`];
        return sanitizeHtml(typeof dirty === 'string' ? dirty : '', ctx.mediaBase, lang);
      }),
    );
    return budget.inTurn(sanitised, (values) =>
      withFallback(
        values.map((value, i) => budget.fit(CONTENT_LANGS[i]!, value)),
        (uz) => budget.fit('uz-cyrl', cyrillicRichText(uz)),
      ),
    );
  };

  const newsItem = async (o: Obj, budget: RichTextBudget): Promise<NewsItem<SafeUrl>> => {
    const desc = await html(o, 'desc', budget);
    return {
      id: id(o.id),
      image: media(o.image),
      title: localized(o, 'title', TITLE),
      desc,
      text: textsOf(desc),
      createdAt: isoDate(o.created_at),
      updatedAt: isoDate(o.updated_at),
      author: authorName(o.author),
      views: int(o.views),
      category: shortText(o.category) || null,
    };
  };
  const article = async (o: Obj, budget: RichTextBudget): Promise<Article> => {
    const desc = await html(o, 'desc', budget);
    return {
      id: id(o.id),
      title: localized(o, 'title', TITLE),
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
    return { key: keyOf(o, position), image, title: localized(o, 'title', TITLE) };
  };

  return {
    homeContent: (json: unknown): Promise<HomeImage<SafeUrl>[]> =>
      list(json, LIST_BOUNDS.homeSlides, (o, position) => {
        const image = media(o.image);
        if (!image) throw new Error('slide without image');
        return { key: keyOf(o, position), image };
      }),
    partners: (json: unknown): Promise<Partner<SafeUrl>[]> =>
      list(json, LIST_BOUNDS.partners, (o, position) => ({
        key: keyOf(o, position),
        name: boundedText(o.name, NAME),
        image: media(o.image),
        url: linkUrl(o.url_link),
      })),
    newsPage: async (json: unknown): Promise<NewsPage<SafeUrl>> => ({
      items: await inBudget((budget) => list(json, LIST_BOUNDS.newsPage, (o) => newsItem(o, budget))),
      count: isObj(json) && typeof json.count === 'number' ? int(json.count) : null,
      hasNext: isObj(json) ? Boolean(json.next) : false,
    }),
    newsItem: (json: unknown): Promise<NewsItem<SafeUrl>> => inBudget((budget) => one(json, (o) => newsItem(o, budget))),
    articles: (json: unknown): Promise<Article[]> => inBudget((budget) => list(json, LIST_BOUNDS.articles, (o) => article(o, budget))),
    article: (json: unknown): Promise<Article> => inBudget((budget) => one(json, (o) => article(o, budget))),
    about: (json: unknown): Promise<AboutEntry[]> =>
      inBudget((budget) =>
        list(json, LIST_BOUNDS.about, async (o) => ({ id: int(o.id), title: localized(o, 'title', TITLE), desc: await html(o, 'desc', budget) })),
      ),
    faculties: async (json: unknown): Promise<Faculty<SafeUrl>[]> =>
      list(json, LIST_BOUNDS.faculties, async (o) => ({
        id: id(o.id),
        image: media(o.image),
        name: localized(o, 'name', NAME),
        children: await list(Array.isArray(o.children_kafedra) ? o.children_kafedra : [], LIST_BOUNDS.facultyChildren, (c) => ({
          id: id(c.id),
          name: localized(c, 'name', NAME),
        })),
      })),
    facultyStaff: (json: unknown): Promise<StaffEntry<SafeUrl>[]> =>
      inBudget((budget) =>
        list(json, LIST_BOUNDS.facultyStaff, async (o) => ({
          id: int(o.id),
          image: media(o.image),
          position: localized(o, 'lavozim', NAME),
          fullName: localized(o, 'full_name', NAME),
          phone: shortText(o.kontakt),
          email: shortText(o.pochta),
          details: await html(o, 'kafedra_malumotlari', budget),
        })),
      ),
    departments: (json: unknown): Promise<Department<SafeUrl>[]> =>
      list(json, LIST_BOUNDS.departments, (o) => ({
        id: int(o.id),
        image: media(o.image),
        name: localized(o, 'otdel_name', NAME),
        head: localized(o, 'name', NAME),
        phone: shortText(o.cantact),
        email: shortText(o.email),
      })),
    rectorate: (json: unknown): Promise<RectoratePerson<SafeUrl>[]> =>
      list(json, LIST_BOUNDS.rectorate, (o) => ({
        id: int(o.id),
        image: media(o.image),
        name: localized(o, 'name', NAME),
        position: localized(o, 'lavozim', NAME),
        phone: shortText(o.cantact),
        reception: localized(o, 'uchrashuv_vaqti', NAME),
        email: shortText(o.email),
      })),
    labourCode: (json: unknown): Promise<RulesEntry[]> =>
      inBudget((budget) => list(json, LIST_BOUNDS.labourCode, async (o) => ({ id: int(o.id), html: await html(o, 'descriptions', budget) }))),
    codeOfConduct: (json: unknown): Promise<CodeOfConductEntry[]> =>
      list(json, LIST_BOUNDS.codeOfConduct, (o) => ({ id: int(o.id), title: localized(o, 'title', TITLE) })),
    programmes: (json: unknown): Promise<Programme[]> =>
      list(json, LIST_BOUNDS.programmes, (o) => {
        const price = numberOf(o.price);
        return {
          id: int(o.id),
          code: shortText(o.code),
          name: localized(o, 'name', NAME),
          price: typeof price === 'number' && Number.isFinite(price) && price >= 0 ? Math.round(price) : null,
          opened: shortText(o.opened) || null,
        };
      }),
    vacancies: (json: unknown): Promise<Vacancy[]> =>
      list(json, LIST_BOUNDS.vacancies, (o) => ({
        id: id(o.id),
        title: uzbek(o.title, TITLE),
        department: uzbek(o.department, NAME),
        employmentType: uzbek(o.employmentType, NAME),
        description: uzbek(o.description, FIELD_BOUNDS.text),
        postedDate: shortText(o.postedDate, FIELD_BOUNDS.date),
      })),
    legalDocuments: (json: unknown): Promise<LegalDocument[]> =>
      list(json, LIST_BOUNDS.legalDocuments, (o) => ({
        id: id(o.id),
        text: uzbek(o.text, FIELD_BOUNDS.text),
        textEn: boundedText(o.text_en, FIELD_BOUNDS.text),
        url: linkUrl(o.url),
      })),
    studyFields: (json: unknown): Promise<StudyField[]> =>
      list(json, LIST_BOUNDS.studyFields, (o) => ({ id: id(o.id), code: shortText(o.code), name: localized(o, 'name', NAME), icon: media(o.icon) })),
    /** The backend shape is a list whose first element carries `contenttable`. */
    studentLife: async (json: unknown): Promise<StudentLife<SafeUrl> | null> => {
      const first = (await list(json, 1, (o) => o))[0];
      if (!first) return null;
      return {
        title: localized(first, 'title', TITLE),
        link: linkUrl(first.link),
        images: await list(Array.isArray(first.contenttable) ? first.contenttable : [], LIST_BOUNDS.galleryImages, galleryImage),
      };
    },
  };
}

export type Parsers = ReturnType<typeof createParsers>;
